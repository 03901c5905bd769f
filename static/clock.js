/* The round clock (templates/components/round_clock.html): counts the server's time left down, once a
 * second, and says a warning, the last deal and the end in words. The server's figure is the truth: the page
 * counts from the moment it got it (not from the phone's own clock, which may be wrong). When the page's poll
 * (static/scoring/sheet-live.js fires "atout:version" with each answer) carries another clock stamp, the fresh
 * clock is fetched from data-clock-url (Atout.part) and swapped in. No clock state is sent anywhere. */
(function () {
  "use strict";
  if (window.atoutClock) return;  // the component may be on a page twice; one script runs them all

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function words(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  function start(el) {
    if (el.atoutClock) return;
    var remaining = parseInt(el.getAttribute("data-remaining"), 10) || 0;
    var state = el.getAttribute("data-state");
    var warnings = (el.getAttribute("data-warnings") || "").split(",").map(Number).filter(Boolean);
    var time = el.querySelector("[data-clock-time]");
    var call = el.querySelector("[data-clock-call]");
    var from = Date.now();
    var runs = state === "running" || state === "last_deal";
    el.atoutClock = true;
    if (state !== "ready") time.textContent = words(remaining);
    if (!runs) return;
    var timer = setInterval(function () {
      var left = Math.max(0, remaining - Math.floor((Date.now() - from) / 1000));
      time.textContent = words(left);
      if (left === 0) {
        clearInterval(timer);
        el.className = el.className.replace(/clock-(running|last_deal)/, "clock-over");
        el.setAttribute("data-state", "over");
        call.textContent = el.getAttribute("data-over-text");
        return;
      }
      if (state !== "running") return;
      var passed = warnings.filter(function (w) { return left <= w * 60; });
      if (passed.length) {
        var w = Math.min.apply(null, passed);
        var text = w === 1 ? el.getAttribute("data-warning-one") : el.getAttribute("data-warning-text").replace("__N__", w);
        if (call.textContent !== text) { call.textContent = text; el.classList.add("clock-warned"); }
      }
    }, 1000);
    el.atoutStop = function () { clearInterval(timer); };
  }

  function all() { Array.prototype.forEach.call(document.querySelectorAll("[data-round-clock]"), start); }

  function refresh(el) {
    var url = el.getAttribute("data-clock-url");
    if (!url || !window.Atout || !window.Atout.part || el.atoutFetching) return;
    el.atoutFetching = true;
    window.Atout.part(url).then(function (r) { return r.ok ? r.text() : null; }).then(function (html) {
      el.atoutFetching = false;
      if (!html) return;
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-round-clock]");
      if (!fresh) return;
      if (el.atoutStop) el.atoutStop();
      var node = document.importNode(fresh, true);
      node.setAttribute("data-clock-url", url);
      el.parentNode.replaceChild(node, el);
      start(node);
    }, function () { el.atoutFetching = false; });
  }

  document.addEventListener("atout:version", function (event) {
    var stamp = event.detail && event.detail.clock;
    if (!stamp) return;
    Array.prototype.forEach.call(document.querySelectorAll("[data-round-clock]"), function (el) {
      if (el.getAttribute("data-stamp") !== stamp) refresh(el);
    });
  });
  window.atoutClock = { words: words };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all); else all();
})();
