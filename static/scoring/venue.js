// The venue screen: show one slide at a time, and reload when the event's version changes
// (a recompute of the standings, a newly released round, the end of the event); Atout.poll (static/poll.js).
// The room part (the message to the room, the tables that called the director) is swapped in by itself
// when the answer's "room" moves, so a call shows within one ask without restarting the slides. A revoked
// link (404, 410) makes way for the site's page that says so (Atout.leaveIfGone).
(function () {
  "use strict";
  var body = document.body;
  var slides = Array.prototype.slice.call(document.querySelectorAll(".slide"));
  var counter = document.querySelector("[data-slide-counter]");
  var current = 0;
  var slideMs = (parseInt(body.dataset.slideSeconds, 10) || 12) * 1000;
  var pollMs = parseInt(body.dataset.pollMs, 10) || 1000;

  function show(index) {
    slides.forEach(function (slide, i) { slide.hidden = i !== index; });
    if (counter) { counter.textContent = (index + 1) + " / " + slides.length; }
    current = index;
  }

  if (slides.length > 1) {
    setInterval(function () { show((current + 1) % slides.length); }, slideMs);
  }

  function swapRoom(room) {
    return window.Atout.part(body.dataset.roomUrl)
      .then(function (r) {
        if (r.status === 404 || r.status === 410) { window.Atout.leaveIfGone(); return null; }
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      })
      .then(function (html) {
        if (html === null) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("venue-room");
        var old = document.getElementById("venue-room");
        if (fresh && old) {
          old.parentNode.replaceChild(document.importNode(fresh, true), old);
          body.dataset.roomVersion = room;
        }
      });
  }

  // The network comes back: a failed ask is simply made again at the next tick.
  window.Atout.poll(body.dataset.versionUrl, function (data) {
    if (!data) return undefined;
    if (data.version !== body.dataset.version) { window.location.reload(); return undefined; }
    if (data.room !== body.dataset.roomVersion) return swapRoom(data.room);
    return undefined;
  }, { every: pollMs, hidden: pollMs, credentials: "omit", wake: false, gone: [404, 410],
       onGone: window.Atout.leaveIfGone });
  window.atoutVenue = { show: show };
})();
