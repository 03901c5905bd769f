/* Live updates of the referee pages, the organiser's sheet page and the round view, without a reload.
 *
 * The page names what to poll in a hidden [data-live-poll] element: a tiny version URL (one indexed query,
 * answered 304 while nothing changed, thanks to its ETag) and the URL of the part to swap in. When the
 * version or status there differs from the one shown (data-version / data-status on the target element),
 * the part is fetched and swapped in, and "atout:live" is fired on the document so that the deal form can
 * follow (new version, game over). Atout.poll (static/poll.js) asks every 1.5 s while the page is visible
 * (a change shows within 2 s; `data-every` on [data-live-poll] asks more often), every 15 s while it is
 * hidden, slower after failures.
 *
 * Smaller parts follow a key of the same answer: an element with data-live-part, data-live-key (e.g.
 * "call", the table's open call to the director), data-live-value and data-live-url is fetched from its URL
 * and swapped in (by its id) when the answer's value at that key differs from the one it shows.
 *
 * A revoked link (the version URL answers 404 or 410): the page makes way for the site's page saying so
 * (Atout.leaveIfGone, only once the page's own address is gone too).
 */
(function () {
  "use strict";
  var spec = document.querySelector("[data-live-poll]");
  if (!spec || !window.fetch || !window.DOMParser || !window.Atout) return;
  var liveUrl = spec.getAttribute("data-live-url");
  var targetId = spec.getAttribute("data-target");

  function target() { return document.getElementById(targetId); }

  function swap() {
    return window.Atout.part(liveUrl)
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

  function swapPart(el) {
    var id = el.id;
    return window.Atout.part(el.getAttribute("data-live-url"))
      .then(function (r) {
        if (r.status === 403 || r.status === 404) { window.Atout.leaveIfGone(); return null; }
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      })
      .then(function (html) {
        if (html === null) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(id);
        var current = document.getElementById(id);
        if (current && fresh) current.parentNode.replaceChild(document.importNode(fresh, true), current);
        else if (current && !fresh) current.parentNode.removeChild(current);
      });
  }

  function followParts(data) {
    var waits = Array.prototype.slice.call(document.querySelectorAll("[data-live-part]"))
      .filter(function (el) {
        var key = el.getAttribute("data-live-key");
        return key in data && String(data[key]) !== el.getAttribute("data-live-value");
      })
      .map(swapPart);
    return waits.length ? Promise.all(waits) : undefined;
  }

  // The page's own write answered with a patch made for another version than the one shown: the whole part.
  document.addEventListener("atout:stale", function () { swap().catch(function () { /* the poll catches up */ }); });

  window.Atout.poll(spec.getAttribute("data-version-url"), function (data) {
    // Others on the page follow the same answer (the round clock: static/clock.js), with no poll of their own.
    document.dispatchEvent(new CustomEvent("atout:version", { detail: data }));
    var current = target();
    if (!current) return undefined;
    if (data.open === false) { window.location.reload(); return undefined; }
    var parts = followParts(data);
    if (String(data.version) !== current.getAttribute("data-version") ||
        String(data.status) !== current.getAttribute("data-status")) {
      return parts ? Promise.all([parts, swap()]) : swap();
    }
    return parts;
  }, {
    every: parseInt(spec.getAttribute("data-every"), 10) || 1500,
    hidden: 15000,
    backoff: 8,
    // no-cache: the browser revalidates with If-None-Match, and a 304 costs neither side a body.
    cache: "no-cache",
    // Gone (a revoked link): stop asking, and make way for the page that says so, once the page's own
    // address is gone too (a page whose address outlives its version URL never reloads in a loop).
    gone: [404, 410],
    onGone: window.Atout.leaveIfGone,
  });
})();
