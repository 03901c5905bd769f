// The venue screen: show one slide at a time, and reload when the event's version changes
// (a recompute of the standings, a newly released round, the end of the event); Atout.poll (static/poll.js).
(function () {
  "use strict";
  var body = document.body;
  var slides = Array.prototype.slice.call(document.querySelectorAll(".slide"));
  var counter = document.querySelector("[data-slide-counter]");
  var current = 0;
  var slideMs = (parseInt(body.dataset.slideSeconds, 10) || 12) * 1000;
  var pollMs = (parseInt(body.dataset.pollSeconds, 10) || 10) * 1000;

  function show(index) {
    slides.forEach(function (slide, i) { slide.hidden = i !== index; });
    if (counter) { counter.textContent = (index + 1) + " / " + slides.length; }
    current = index;
  }

  if (slides.length > 1) {
    setInterval(function () { show((current + 1) % slides.length); }, slideMs);
  }

  // The network comes back: a failed ask is simply made again at the next tick.
  window.Atout.poll(body.dataset.versionUrl, function (data) {
    if (data && data.version !== body.dataset.version) { window.location.reload(); }
  }, { every: pollMs, hidden: pollMs, credentials: "omit", wake: false });
  window.atoutVenue = { show: show };
})();
