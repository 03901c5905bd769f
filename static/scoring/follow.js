/* Atout: a page that follows a table card or a team link to the next round by itself.
 *
 * The element with data-follow-url polls that (cheap) address; when the state it answers differs from
 * data-follow-state (a round released or closed, the team moved), the page goes to data-follow-target.
 * Offline or on a server error it simply asks again later.
 */
(function () {
  "use strict";

  var el = document.querySelector("[data-follow-url]");
  if (!el || !window.fetch) return;
  var url = el.getAttribute("data-follow-url");
  var known = el.getAttribute("data-follow-state");
  var target = el.getAttribute("data-follow-target") || window.location.href;
  var every = parseInt(el.getAttribute("data-follow-every") || "5000", 10);
  var timer = null;

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(ask, document.hidden ? every * 3 : every);
  }

  function ask() {
    fetch(url, { headers: { Accept: "application/json" }, cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (data && data.state && data.state !== known) {
          // A page with deals waiting to be sent stays: they must reach the game they were typed for.
          if (window.AtoutQueue && window.AtoutQueue.pending() > 0) { schedule(); return; }
          window.location.assign(target);
          return;
        }
        schedule();
      })
      .catch(schedule);
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) ask(); });
  schedule();
})();
