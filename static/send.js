/* Atout's one sender: every script that posts to the server and reads a JSON answer uses Atout.send(), and
 * every deal gets its client id from Atout.clientId().
 *
 *   Atout.send(url, body, options) -> Promise of {status, ok, data}
 *
 * body is a FormData (posted as a form, with the page's CSRF field in it) or a plain object (posted as
 * JSON). A FormData without files goes urlencoded: the server reads that in a tenth of the time a multipart
 * body takes, and a phone's deal is a dozen short fields. The answer's JSON is `data`, or null when the answer is not JSON (a 404 page, a proxy's 502). The
 * promise resolves for every answer and rejects only when none came (no network).
 *
 *   options.headers   more headers (Accept: application/json is always sent)
 *   options.retries   how often to try again when no answer came, or a 5xx or 429 did (0). The same body
 *                     goes again, so a deal keeps its client id and the server stores it once. The waits
 *                     are Atout.backoff(0), (1), ...; when the last try fails, the promise rejects.
 *   options.onRetry(attempt)  before each wait (the page says it tries again)
 *
 * Atout.backoff(n): the wait before try n + 1 after n failures, 1 s doubling up to 30 s.
 * Atout.clientId(): a fresh random id (a UUID where the browser makes one, 32 hex digits elsewhere: phones
 * on a club's plain-http network have no crypto.randomUUID).
 */
(function () {
  "use strict";
  var Atout = window.Atout = window.Atout || {};

  Atout.clientId = function () {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  };

  Atout.backoff = function (n) { return Math.min(30000, 1000 * Math.pow(2, n)); };

  Atout.send = function (url, body, options) {
    var o = options || {};
    var retries = o.retries || 0;
    var headers = { Accept: "application/json" };
    Object.keys(o.headers || {}).forEach(function (name) { headers[name] = o.headers[name]; });
    var payload = body;
    if (body instanceof FormData) {
      var files = false;
      body.forEach(function (value) { if (typeof value !== "string") files = true; });
      if (!files) payload = new URLSearchParams(body);
    } else {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }

    function attempt(n) {
      return fetch(url, { method: "POST", body: payload, headers: headers, credentials: "same-origin" })
        .then(function (response) {
          if (retries && (response.status >= 500 || response.status === 429)) {
            throw new Error("server " + response.status);
          }
          return response.json().then(
            function (data) { return { status: response.status, ok: response.ok, data: data }; },
            function () { return { status: response.status, ok: response.ok, data: null }; });
        })
        .catch(function (error) {
          if (n >= retries) throw error;
          if (o.onRetry) o.onRetry(n + 1);
          return new Promise(function (resolve) { setTimeout(resolve, Atout.backoff(n)); })
            .then(function () { return attempt(n + 1); });
        });
    }
    return attempt(0);
  };
})();
