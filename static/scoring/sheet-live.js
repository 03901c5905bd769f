/* Live updates of the referee pages, the organiser's sheet page and the round view, without a reload.
 *
 * The page names what to poll in a hidden [data-live-poll] element: a tiny version URL (one indexed query,
 * answered 304 while nothing changed, thanks to its ETag) and the URL of the part to swap in. When the
 * version or status there differs from the one shown (data-version / data-status on the target element),
 * the part is fetched and swapped in, and "atout:live" is fired on the document so that the deal form can
 * follow (new version, game over). Atout.poll (static/poll.js) asks every 1.5 s while the page is visible
 * (a change shows within 2 s), every 15 s while it is hidden, slower after failures.
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

  window.Atout.poll(spec.getAttribute("data-version-url"), function (data) {
    // Others on the page follow the same answer (the round clock: static/clock.js), with no poll of their own.
    document.dispatchEvent(new CustomEvent("atout:version", { detail: data }));
    var current = target();
    if (!current) return undefined;
    if (data.open === false) { window.location.reload(); return undefined; }
    if (String(data.version) !== current.getAttribute("data-version") ||
        String(data.status) !== current.getAttribute("data-status")) {
      return swap();
    }
    return undefined;
  }, {
    every: 1500,
    hidden: 15000,
    backoff: 8,
    // no-cache: the browser revalidates with If-None-Match, and a 304 costs neither side a body.
    cache: "no-cache",
    // Gone (a revoked link): stop asking; the next action on the page says why. No reload here, so that a
    // page whose address outlives its version URL can never reload in a loop.
    gone: [404],
  });
})();
