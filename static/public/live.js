/* Live standings: poll the tiny version endpoint with Atout.poll (static/poll.js); when the version
   changes, fetch the table fragment and swap it in. Slows down while the tab is hidden; stops on a pinned
   (?round=N) page. */
(function () {
  "use strict";
  var box = document.getElementById("standings");
  if (!box || box.hasAttribute("data-pinned") || !window.fetch || !window.Atout) { return; }
  var version = box.getAttribute("data-version");
  var tableUrl = box.getAttribute("data-table-url");
  var every = Math.max(parseInt(box.getAttribute("data-poll-seconds"), 10) || 4, 1) * 1000;
  var updated = document.querySelector("[data-live-updated]");
  var state = document.querySelector("[data-live-state]");

  function swap() {
    return window.Atout.part(tableUrl)
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

  window.Atout.poll(box.getAttribute("data-version-url"), function (data) {
    if (state) { state.classList.remove("warn"); state.classList.add("ok"); }
    if (String(data.version) !== String(version)) {
      version = String(data.version);
      return swap();
    }
    return undefined;
  }, {
    every: every,
    hidden: every * 5,
    backoff: 6,
    onError: function () {
      if (state) { state.classList.remove("ok"); state.classList.add("warn"); }
    },
  });
})();
