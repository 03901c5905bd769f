/* Atout's one poller: every live page asks a small JSON address again and again with Atout.poll().
 *
 *   var poller = Atout.poll(url, onData, options);   // poller.stop() stops it, poller.now() asks at once
 *
 * The first ask comes after one wait, and the next one only once the answer has been handled (an ask that
 * comes while one is on its way waits its turn). The wait is `every` while the page is visible, `hidden`
 * while it is not (a phone in a pocket, a tab in the background); after failures (no network, an error
 * status, a JSON that does not parse, an onData that rejects) it is `every` × (1 + failures), at most
 * `every` × `backoff`. A successful answer ends the back-off. When the page becomes visible again, it asks
 * at once (`wake`): a phone just unlocked shows the news without waiting for a timer that may have slept.
 *
 *   onData(data)      each answer's JSON; it may return a promise (the next ask waits for it)
 *   options.every     ms between asks while the page is visible (1500)
 *   options.hidden    ms between asks while it is hidden (15000)
 *   options.backoff   the most the wait is multiplied by after failures (1: no back-off)
 *   options.gone      statuses that stop the poller for good, e.g. [404, 410] for a revoked link
 *   options.onGone(status)  then, e.g. Atout.leaveIfGone: the page makes way for "this link was replaced"
 *   options.onError() after each failure (a page that shows whether it is up to date)
 *   options.cache     "no-store" (default) or "no-cache": a version URL with an ETag is then revalidated
 *                     with If-None-Match and answers 304 while nothing changed; the browser hands over the
 *                     stored body, so onData sees the same version again and does nothing
 *   options.credentials  "same-origin" (default) or "omit"
 *   options.wake      false: no ask when the page becomes visible again
 *   options.stream    false: never follow the event's stream (see below)
 *
 * Push: when an answer names its event's stream ("stream": the address of `live/<key>/`, config/stream.py;
 * offered only by an ASGI server with Redis), the poller opens it with EventSource (one per address,
 * shared by the page's pollers) and, while it is open, asks at once on each message and otherwise only
 * every `options.slow` ms (120000) as a safety net. While the stream is down (reconnecting, refused, a
 * proxy that drops it, offline) the poller polls as before; a stream the server refused (an error status)
 * is not opened again by this page. The server sends a "beat" event every few seconds (its data says how
 * many): a stream silent for BEAT_MISSED of them was dropped without a word (a proxy, a phone that changed
 * networks), so the pollers poll and the stream is opened again. The offline queue
 * (static/scoring/offline-queue.js) is not concerned.
 * A message is the event's new generation, followed by a scope when the change was that part of the event
 * alone ("<generation> game:<id>" for one game's sheet, "<generation> standings"); an answer's "scope" says
 * which messages concern its page: the unscoped ones and those of its own scope ("event": the unscoped ones
 * only; none: all). The other tables' deals then cost a page of another table nothing, not even an ask.
 *
 * Atout.part(url) fetches the HTML of a part of the page to swap in (a table, the live sheet); it
 * resolves to the Response, which the page checks. Atout.leaveIfGone() asks the page's own address and,
 * when that is gone too (404, 410: a revoked card, team link or screen), loads it: the site's page that
 * says the link was replaced and whom to ask. A page whose address still works stays (no reload loop). No library; the CSP forbids inline scripts, so pages
 * name their URLs in data attributes.
 */
(function () {
  "use strict";
  var Atout = window.Atout = window.Atout || {};
  var streams = {};  // address → {source, open, pollers, heard, silence}: one EventSource per address
  var BEAT_MISSED = 2.5;  // heartbeats a live stream never misses in a row

  function connect(stream, address) {
    var source = stream.source = new window.EventSource(address);
    stream.heard = Date.now();
    source.onopen = function () {
      stream.open = true;
      stream.heard = Date.now();
      stream.pollers.forEach(function (p) { p.pushed(); });  // what changed while it was down
    };
    source.onmessage = function (message) {
      stream.heard = Date.now();
      var part = String(message.data || "").split(" ")[1];
      stream.pollers.forEach(function (p) { p.pushed(part); });
    };
    source.addEventListener("beat", function (beat) {
      stream.heard = Date.now();
      var seconds = parseFloat(beat.data);
      if (seconds > 0) stream.silence = seconds * 1000 * BEAT_MISSED;
    });
    source.onerror = function () {
      stream.open = false;
      if (source.readyState === window.EventSource.CLOSED) {
        stream.refused = true;  // an error status or a wrong type: polling from now on
        clearInterval(stream.watchdog);
      }
      stream.pollers.forEach(function (p) { p.dropped(); });
    };
  }

  function follow(address, poller) {
    var stream = streams[address];
    if (stream && stream.refused) return;
    if (!stream) {
      stream = streams[address] = { open: false, pollers: [], silence: 60000 };
      connect(stream, address);
      stream.watchdog = setInterval(function () {
        if (!stream.open || Date.now() - stream.heard <= stream.silence) return;
        // Silent too long: dropped without a word. Poll meanwhile, and open it again.
        stream.source.close();
        stream.open = false;
        stream.pollers.forEach(function (p) { p.dropped(); });
        connect(stream, address);
      }, 5000);
    }
    if (stream.pollers.indexOf(poller) === -1) stream.pollers.push(poller);
  }

  function unfollow(address, poller) {
    var stream = streams[address];
    if (!stream) return;
    stream.pollers = stream.pollers.filter(function (p) { return p !== poller; });
    if (!stream.pollers.length) {
      clearInterval(stream.watchdog);
      stream.source.close();
      delete streams[address];
    }
  }

  Atout.poll = function (url, onData, options) {
    var o = options || {};
    var every = o.every || 1500;
    var hidden = o.hidden || 15000;
    var backoff = o.backoff || 1;
    var gone = o.gone || [];
    var failures = 0;
    var timer = null;
    var busy = false;
    var stopped = false;
    var again = false;
    var slow = o.slow || 120000;
    var following = null;  // the stream's address, once an answer named it
    var scope = null;  // which of the stream's messages concern this page (the last answer's "scope")
    var self = {
      pushed: function (part) {
        if (part && scope && scope !== part) return;  // another table's sheet, or the standings for a phone
        ask();
      },
      dropped: function () { schedule(); },
    };

    function pushing() {
      var stream = following && streams[following];
      return Boolean(stream && stream.open);
    }

    function schedule() {
      clearTimeout(timer);
      if (stopped) return;
      var wait = document.hidden ? hidden : every * Math.min(1 + failures, backoff);
      timer = setTimeout(ask, pushing() ? Math.max(wait, slow) : wait);
    }

    function stop() {
      stopped = true;
      clearTimeout(timer);
      if (following) unfollow(following, self);
    }

    function ask() {
      if (stopped) return;
      if (busy) { again = true; return; }  // asked again once this answer is handled
      busy = true;
      again = false;
      fetch(url, { headers: { Accept: "application/json" }, cache: o.cache || "no-store",
                   credentials: o.credentials || "same-origin" })
        .then(function (response) {
          if (gone.indexOf(response.status) !== -1) {
            stop();
            return o.onGone ? o.onGone(response.status) : undefined;
          }
          if (!response.ok) throw new Error(String(response.status));
          return response.json().then(function (data) {
            failures = 0;
            if (data && typeof data.scope === "string") scope = data.scope;
            if (data && typeof data.stream === "string" && !following && o.stream !== false && window.EventSource) {
              following = data.stream;
              follow(following, self);
            }
            return onData(data);
          });
        })
        .catch(function () {
          failures += 1;
          if (o.onError) o.onError();
        })
        .then(function () {
          busy = false;
          if (again) ask(); else schedule();
        });
    }

    if (o.wake !== false) {
      document.addEventListener("visibilitychange", function () { if (!document.hidden) ask(); });
    }
    schedule();
    return {
      now: ask,
      stop: stop,
      pushing: pushing,
    };
  };

  Atout.part = function (url) {
    return fetch(url, { headers: { "X-Requested-With": "fetch" }, cache: "no-store", credentials: "same-origin" });
  };

  Atout.leaveIfGone = function () {
    var here = window.location.href;
    return Atout.part(here).then(function (response) {
      if (response.status === 404 || response.status === 410) window.location.replace(here);
    }, function () { /* offline: the page stays until the network says more */ });
  };
})();
