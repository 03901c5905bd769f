/* Live standings: poll the tiny version endpoint; when the version changes, fetch the table fragment and
   swap it in. No library. Slows down while the tab is hidden; stops on a pinned (?round=N) page. */
(function () {
  "use strict";
  var box = document.getElementById("standings");
  if (!box || box.hasAttribute("data-pinned") || !window.fetch) { return; }
  var version = box.getAttribute("data-version");
  var versionUrl = box.getAttribute("data-version-url");
  var tableUrl = box.getAttribute("data-table-url");
  var every = Math.max(parseInt(box.getAttribute("data-poll-seconds"), 10) || 4, 1) * 1000;
  var updated = document.querySelector("[data-live-updated]");
  var state = document.querySelector("[data-live-state]");
  var timer = null;
  var failures = 0;

  function schedule() {
    clearTimeout(timer);
    var wait = document.hidden ? every * 5 : every * Math.min(1 + failures, 6);
    timer = setTimeout(poll, wait);
  }

  function swap() {
    return fetch(tableUrl, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" })
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.text().then(function (html) {
        box.innerHTML = html;
        box.setAttribute("data-version", version);
        if (updated) {
          updated.hidden = false;
          var t = updated.querySelector("time");
          var now = new Date();
          t.setAttribute("datetime", now.toISOString());
          t.textContent = now.toLocaleTimeString(document.documentElement.lang || undefined);
        }
      }); });
  }

  function poll() {
    fetch(versionUrl, { cache: "no-store" })
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(function (data) {
        failures = 0;
        if (state) { state.classList.remove("warn"); state.classList.add("ok"); }
        if (String(data.version) !== String(version)) {
          version = String(data.version);
          return swap();
        }
      })
      .catch(function () {
        failures += 1;
        if (state) { state.classList.remove("ok"); state.classList.add("warn"); }
      })
      .then(schedule);
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });
  schedule();
})();
