/* Atout: a page that follows a table card or a team link to the next round by itself.
 *
 * The element with data-follow-url polls that (cheap) address with Atout.poll (static/poll.js); when the
 * state it answers differs from data-follow-state (a round released or closed, the team moved), the page
 * goes to data-follow-target. Offline or on a server error it simply asks again later. A revoked card or
 * team link (404, 410) makes way for the site's page that says so (Atout.leaveIfGone).
 */
(function () {
  "use strict";

  var el = document.querySelector("[data-follow-url]");
  if (!el || !window.fetch || !window.Atout) return;
  var known = el.getAttribute("data-follow-state");
  var target = el.getAttribute("data-follow-target") || window.location.href;
  var every = parseInt(el.getAttribute("data-follow-every") || "5000", 10);

  var poller = window.Atout.poll(el.getAttribute("data-follow-url"), function (data) {
    if (data && data.state && data.state !== known) {
      // A page with deals waiting to be sent stays: they must reach the game they were typed for.
      if (window.AtoutQueue && window.AtoutQueue.pending() > 0) return;
      poller.stop();
      window.location.assign(target);
    }
  }, { every: every, hidden: every * 3, gone: [404, 410], onGone: window.Atout.leaveIfGone });
})();
