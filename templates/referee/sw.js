{% load static %}/* Atout's service worker for the referee pages: served at /t/sw.js, so its scope is /t/.
 *
 * Workbox (vendored in static/vendor/workbox, no CDN) keeps a copy of each referee page (network first:
 * the live sheet when the network answers, the last copy when it does not) and of the page's scripts and
 * styles (served from the copy, refreshed in the background). A page asks for itself and its assets to be
 * cached on the first visit (a CACHE_URLS message), and itself again after each change it sees, so a reload
 * without a network opens it with the deals stored so far. Deals
 * are never cached here: the page queues them in IndexedDB and sends them itself.
 */
importScripts("{% static 'vendor/workbox/workbox-sw.js' %}");
workbox.setConfig({ modulePathPrefix: "{% get_static_prefix %}vendor/workbox/", debug: false });

var PAGES = /^\/t\/[A-Za-z0-9_-]{16,64}\/(game\/\d+\/)?$/;
var STATIC = "{% get_static_prefix %}";

workbox.core.skipWaiting();
workbox.core.clientsClaim();

workbox.routing.registerRoute(
  function (options) { return options.url.origin === self.location.origin && PAGES.test(options.url.pathname); },
  new workbox.strategies.NetworkFirst({
    cacheName: "atout-referee-pages",
    networkTimeoutSeconds: 6,
    matchOptions: { ignoreVary: true, ignoreSearch: true },
  })
);

workbox.routing.registerRoute(
  function (options) { return options.url.origin === self.location.origin && options.url.pathname.indexOf(STATIC) === 0; },
  new workbox.strategies.StaleWhileRevalidate({ cacheName: "atout-referee-assets", matchOptions: { ignoreVary: true } })
);
