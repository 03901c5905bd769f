/* Live updates of the referee pages, the organiser's sheet page and the round view, without a reload.
 *
 * The page names what to poll in a hidden [data-live-poll] element: a tiny version URL (one indexed query,
 * answered 304 while nothing changed, thanks to its ETag) and the URL of the part to swap in. When the
 * version or status there differs from the one shown (data-version / data-status on the target element),
 * the part is fetched and swapped in, and "atout:live" is fired on the document so that the deal form can
 * follow (new version, game over). Polls every 1.5 s while the page is visible (a change shows within 2 s),
 * every 15 s while it is hidden, slower after failures. No library.
 */
(function () {
  "use strict";
  var spec = document.querySelector("[data-live-poll]");
  if (!spec || !window.fetch || !window.DOMParser) return;
  var versionUrl = spec.getAttribute("data-version-url");
  var liveUrl = spec.getAttribute("data-live-url");
  var targetId = spec.getAttribute("data-target");
  var every = 1500;
  var failures = 0;
  var timer = null;
  var busy = false;
  var stopped = false;

  function target() { return document.getElementById(targetId); }

  function schedule() {
    clearTimeout(timer);
    var wait = document.hidden ? 15000 : every * Math.min(1 + failures, 8);
    timer = setTimeout(poll, wait);
  }

  function swap() {
    return fetch(liveUrl, { credentials: "same-origin", cache: "no-store",
                            headers: { "X-Requested-With": "fetch" } })
      .then(function (r) {
        // A closed round or a revoked link: the page itself says so.
        if (r.status === 403 || r.status === 404) { window.location.reload(); return null; }
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      })
      .then(function (html) {
        if (html === null) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById(targetId);
        var current = target();
        if (!fresh || !current) return;
        current.parentNode.replaceChild(document.importNode(fresh, true), current);
        if (fresh.getAttribute("data-form") === "1" && !document.getElementById("deal-form")) {
          // This side may type now (the organiser switched sides, a deal was deleted): get the form.
          window.location.reload();
          return;
        }
        document.dispatchEvent(new CustomEvent("atout:live", { detail: { element: target() } }));
      });
  }

  function poll() {
    if (busy) { schedule(); return; }
    busy = true;
    // no-cache: the browser revalidates with If-None-Match, and a 304 costs neither side a body.
    fetch(versionUrl, { credentials: "same-origin", cache: "no-cache" })
      .then(function (r) {
        // Gone (a revoked link): stop asking; the next action on the page says why. No reload here, so
        // that a page whose address outlives its version URL can never reload in a loop.
        if (r.status === 404) { stopped = true; return null; }
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then(function (data) {
        failures = 0;
        var current = target();
        if (!data || !current) return;
        if (data.open === false) { window.location.reload(); return; }
        if (String(data.version) !== current.getAttribute("data-version") ||
            String(data.status) !== current.getAttribute("data-status")) {
          return swap();
        }
      })
      .catch(function () { failures += 1; })
      .then(function () { busy = false; if (!stopped) schedule(); });
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden && !stopped) poll(); });
  schedule();
})();
