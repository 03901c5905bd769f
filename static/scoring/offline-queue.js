/* Atout referee page: deals typed without a network are kept on the phone and sent in order.
 *
 * Every new deal saved from the form goes into a queue kept in IndexedDB (idb-keyval), one queue per
 * sheet (the form's create address), with a client id made once, when the deal is typed. The queue is
 * sent in order, one deal at a time, each with its client id: the server stores a deal once whatever the
 * number of tries, so a retry after a lost answer, a reconnect or a reload never stores it twice, and
 * nothing typed is lost, since a deal leaves the queue only when the server has answered for it.
 *
 * - A deal not sent yet is listed as "not yet checked".
 * - A stale sheet version (409) takes the server's version and sends the same deal again; but when someone
 *   else (the desk, the other link) changed the sheet's deals after the version the phone saw when the deal
 *   was typed ("seen"), the server answers "deal_changed" with what changed: the queue stops and shows both,
 *   and the referee keeps both (the deal is sent again with "keep") or drops the typed one.
 * - A deal just typed, sent at once and refused, stays in the form with its errors, as without a queue.
 *   A deal refused later (it was typed offline) stops the queue and is shown with its error, to fix (it
 *   goes back into the form and keeps its place in the queue) or to drop.
 * - The box above the form says plainly whether everything is saved.
 *
 * Deals go out with Atout.send() (static/send.js), each with its Atout.clientId(); the queue itself
 * retries, with Atout.backoff().
 * The page's own script (referee.js) hands new deals to AtoutQueue.add() and gives it, through
 * AtoutQueue.attach(), the ways to show the sheet, errors and a deal in the form.
 * The service worker (/t/sw.js, Workbox) keeps the page and its assets for a reload without a network;
 * it is registered here with workbox-window.
 */
(function () {
  "use strict";

  var box = document.getElementById("offline-queue");
  if (!box || !window.idbKeyval || !window.Promise || !window.Atout) return;

  var idb = window.idbKeyval;
  var store = idb.createStore("atout-offline", "queues");
  var key = "deals:" + box.getAttribute("data-queue-key");
  var msg = function (name) { return box.getAttribute("data-msg-" + name) || ""; };

  var items = [];           // {id, url, fields: [[name, value]], refused: [messages] | null, seen, clash, keep}
  var waiting = {};         // client id → the form's promise, while the form waits for that deal's answer
  var FORM_WAIT = 8000;     // after this, the form is free again and the deal stays queued
  var hooks = null;
  var sending = false;
  var fixing = null;        // client id of the refused deal now in the form: the fixed deal takes its place
  var retryTimer = null;
  var failures = 0;
  var conflicts = 0;
  var online = navigator.onLine !== false;

  var ready = idb.get(key, store).then(function (stored) {
    items = stored || [];
  }).catch(function () { items = []; });

  function persist() {
    var plain = items.map(function (i) {
      return { id: i.id, url: i.url, fields: i.fields, refused: i.refused, seen: i.seen, clash: i.clash, keep: i.keep };
    });
    return (plain.length ? idb.set(key, plain, store) : idb.del(key, store)).catch(function () { /* kept in memory */ });
  }

  /* --- what the page shows ---------------------------------------------------------------------- */

  function serverCount() {
    return document.querySelectorAll("#sheet-live tbody tr[data-position]").length;
  }

  function labelOf(form, name, value) {
    var input = form && form.querySelector('[name="' + name + '"][value="' + (window.CSS && CSS.escape ? CSS.escape(value) : value) + '"]');
    var label = input && input.closest("label");
    return label ? label.textContent.trim() : value;
  }

  function describe(item) {
    var form = hooks && hooks.form;
    var get = function (name) {
      for (var i = 0; i < item.fields.length; i++) if (item.fields[i][0] === name) return item.fields[i][1];
      return "";
    };
    var parts = [];
    var taker = get("taker");
    if (taker) parts.push(labelOf(form, "taker", taker));
    if (taker && taker !== "pass") {
      if (get("trump")) parts.push(labelOf(form, "trump", get("trump")));
      if (get("capot")) parts.push(msg("capot") + " " + labelOf(form, "capot", get("capot")));
      else if (get("tricks_a") || get("tricks_b")) parts.push(get("tricks_a") + " : " + get("tricks_b"));
    }
    return parts.join(" · ");
  }

  function button(text, action, id) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "button small secondary";
    b.textContent = text;
    b.setAttribute("data-queue-action", action);
    b.setAttribute("data-queue-id", id);
    return b;
  }

  function render() {
    var state = box.querySelector("[data-queue-state]");
    var list = box.querySelector("[data-queue-list]");
    var refused = items.filter(function (i) { return i.refused; }).length;
    var clashes = items.filter(function (i) { return i.clash; }).length;
    var text;
    if (!items.length) {
      text = msg("saved");
    } else if (clashes) {
      text = msg("clash-state");
    } else if (refused) {
      text = msg("refused");
    } else {
      text = (items.length === 1 ? msg("waiting-one") : msg("waiting-many")).replace("%s", items.length) +
        " " + (online ? msg("sending") : msg("offline"));
    }
    state.textContent = text;
    box.setAttribute("data-saved", items.length ? "no" : "yes");
    box.setAttribute("data-pending", String(items.length));
    list.innerHTML = "";
    var first = serverCount() + 1;
    items.forEach(function (item, index) {
      var li = document.createElement("li");
      li.setAttribute("data-queued", item.id);
      var head = document.createElement("strong");
      head.textContent = msg("deal").replace("%s", first + index);
      li.appendChild(head);
      li.appendChild(document.createTextNode(" · " + describe(item) + " · "));
      var tag = document.createElement("em");
      tag.textContent = item.refused ? msg("refused-one") : item.clash ? msg("clash") : msg("unchecked");
      li.appendChild(tag);
      if (item.clash) {
        li.setAttribute("data-clash", "");
        var theirs = document.createElement("ul");
        item.clash.forEach(function (m) {
          var e = document.createElement("li");
          e.textContent = m;
          theirs.appendChild(e);
        });
        li.appendChild(theirs);
        li.appendChild(button(msg("keep-both"), "keep", item.id));
        li.appendChild(button(msg("drop"), "drop", item.id));
      }
      if (item.refused) {
        li.setAttribute("data-refused", "");
        var errors = document.createElement("ul");
        errors.className = "errorlist";
        item.refused.forEach(function (m) {
          var e = document.createElement("li");
          e.textContent = m;
          errors.appendChild(e);
        });
        li.appendChild(errors);
        li.appendChild(button(msg("fix"), "fix", item.id));
        li.appendChild(button(msg("drop"), "drop", item.id));
      }
      list.appendChild(li);
    });
    var title = document.getElementById("deal-form-title");
    if (title && title.getAttribute("data-new") && hooks && !hooks.editing) {
      title.textContent = title.getAttribute("data-new").replace(/\d+/, String(first + items.length));
    }
  }

  /* --- sending, in order, one at a time ------------------------------------------------------------ */

  function flatErrors(errors) {
    var out = [];
    Object.keys(errors || {}).forEach(function (k) { (errors[k] || []).forEach(function (m) { out.push(m); }); });
    return out.length ? out : [msg("refused-one")];
  }

  function later() {
    clearTimeout(retryTimer);
    failures += 1;
    retryTimer = setTimeout(flush, window.Atout.backoff(failures));
  }

  function send(item) {
    var form = hooks.form;
    var body = new FormData();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("client_id", item.id);
    body.set("version", form.elements.version.value);
    if (item.seen) body.set("seen", item.seen);
    if (item.keep) body.set("keep", "1");
    body.set("patch", "1");  // the answer may carry only what the deal changed (referee.js applies it)
    if (form.elements.csrfmiddlewaretoken) body.set("csrfmiddlewaretoken", form.elements.csrfmiddlewaretoken.value);
    return window.Atout.send(item.url, body);
  }

  function flush() {
    if (sending || !hooks || !items.length || items[0].refused || items[0].clash) { render(); return; }
    // The phone knows it has no network: keep the deals; the "online" event sends them.
    if (navigator.onLine === false) { online = false; render(); return; }
    sending = true;
    var item = items[0];
    render();
    send(item).then(function (answer) {
      var data = answer.data;
      online = true;
      if (answer.status >= 500 || answer.status === 429) { sending = false; render(); later(); return; }
      // Not JSON: a link revoked since (404) or a form the server no longer takes (403). Not to retry.
      if (!data) data = { errors: { __all__: [msg("gone")] } };
      failures = 0;
      if (data.patch) hooks.patch(data.patch, data.version);
      else if (data.live) hooks.live(data.live);
      if (data.ok) {
        refreshCopy();
        conflicts = 0;
        items.shift();
        answerForm(item.id, { saved: true });
        if (data.message) hooks.status(data.message);
      } else if (answer.status === 409 && data.code === "deal_changed" && data.theirs) {
        conflicts = 0;
        answerForm(item.id, { queued: true });
        item.clash = data.theirs;  // someone else changed the deals meanwhile: the referee chooses
      } else if (answer.status === 409 && data.version !== undefined && data.code === "version_conflict" && conflicts < 3) {
        conflicts += 1;  // the sheet moved on (another phone, or this page was old): same deal, new version
      } else {
        conflicts = 0;
        if (waiting[item.id]) {
          items.shift();  // the form still holds it: it is fixed there, as without a queue
          answerForm(item.id, { refused: true, errors: data.errors || {} });
        } else {
          item.refused = flatErrors(data.errors);
        }
      }
      sending = false;
      return persist().then(flush);
    }, function () {
      online = false;     // no network: the deal stays queued; "online" or the timer sends it
      answerForm(item.id, { queued: true });
      sending = false;
      render();
      later();
    });
  }

  function answerForm(id, outcome) {
    var resolve = waiting[id];
    if (!resolve) return;
    delete waiting[id];
    resolve(outcome);
  }

  /* --- the page's hooks --------------------------------------------------------------------------- */

  box.addEventListener("click", function (event) {
    var target = event.target.closest("[data-queue-action]");
    if (!target) return;
    var id = target.getAttribute("data-queue-id");
    var index = items.findIndex(function (i) { return i.id === id; });
    if (index < 0) return;
    var item = items[index];
    if (target.getAttribute("data-queue-action") === "keep") {
      item.clash = null;
      item.keep = true;
      persist().then(flush);
    } else if (target.getAttribute("data-queue-action") === "drop") {
      if (!window.confirm(msg("drop-confirm"))) return;
      items.splice(index, 1);
      if (fixing === id) fixing = null;
      persist().then(flush);
    } else {
      // It stays queued (and the queue paused) until the fixed deal replaces it: a reload loses nothing.
      fixing = id;
      hooks.fill(item.fields, {});
      hooks.form.scrollIntoView();
    }
  });

  // The poll saw the sheet change (the other phone, the organiser): the worker's copy follows too.
  document.addEventListener("atout:live", function () { refreshCopy(); });
  window.addEventListener("online", function () { online = true; failures = 0; flush(); });
  window.addEventListener("offline", function () { online = false; render(); });
  // A phone unlocked again: timers may have slept, so try at once rather than at the next back-off.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && items.length) { failures = 0; clearTimeout(retryTimer); flush(); }
  });

  window.AtoutQueue = {
    /* referee.js: the form and how to show things: {form, editing, live(html), patch(patch, version),
     * status(text), fill(fields, errors)}. */
    attach: function (pageHooks) {
      hooks = pageHooks;
      ready.then(flush);
    },
    /* A new deal from the form: queued with a fresh client id, then sent in order. Resolves, for the
     * form, to {saved}, {refused, errors} (the deal left the queue: the form keeps it, to fix) or
     * {queued} (kept on the phone: no network, deals before it, or no answer yet). */
    add: function (url, formData) {
      var fields = [];
      formData.forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken" && name !== "version" && name !== "client_id" && typeof value === "string") {
          fields.push([name, value]);
        }
      });
      // The version the phone saw when the deal was typed: the server tells a clash from a stale page by it.
      var seen = formData.get("version");
      var item = { id: window.Atout.clientId(), url: url, fields: fields, refused: null, seen: seen || "" };
      return ready.then(function () {
        var fixed = items.findIndex(function (i) { return i.id === fixing; });
        if (fixed >= 0) items.splice(fixed, 1, item);
        else items.push(item);
        fixing = null;
        failures = 0;
        return persist();
      }).then(function () {
        var first = items[0] === item && !sending && navigator.onLine !== false;
        if (!first) { flush(); return { queued: true }; }
        var answer = new Promise(function (resolve) { waiting[item.id] = resolve; });
        setTimeout(function () { answerForm(item.id, { queued: true }); }, FORM_WAIT);
        flush();
        return answer;
      });
    },
    pending: function () { return items.length; },
  };

  /* --- the service worker: the page and its assets for a reload without a network --------------------- */

  var worker = null;      // the Workbox window object, once its worker is active and holds this page
  var copies = 0;

  /* The worker's copy of this page follows the sheet: after each change the page sees (a deal of its own
     stored, or the poll's news of another), it asks the worker to fetch the page again. A reload without a
     network then shows every deal stored so far, the queue after them (numbered from there), and the
     sheet's version they are typed on; with the first copy only, it showed the sheet as it was when the
     page opened, renumbered the queue and sent it on an old version. data-copy says "stale" while the
     fresh copy is on its way, "fresh" once the worker holds it. */
  function refreshCopy() {
    if (!worker || navigator.onLine === false) return;
    var mine = ++copies;
    box.setAttribute("data-copy", "stale");
    worker.messageSW({ type: "CACHE_URLS", payload: { urlsToCache: [location.href] } }).then(function () {
      if (mine === copies) box.setAttribute("data-copy", "fresh");
    }).catch(function () { /* offline again: the older copy stays */ });
  }

  var swUrl = box.getAttribute("data-sw-url");
  if (swUrl && "serviceWorker" in navigator && window.workbox && window.workbox.Workbox) {
    var wb = new window.workbox.Workbox(swUrl, { scope: box.getAttribute("data-sw-scope") || "/t/" });
    wb.register().then(function () { return wb.active; }).then(function () {
      var assets = performance.getEntriesByType("resource").map(function (r) { return r.name; })
        .filter(function (url) { return url.indexOf(location.origin + box.getAttribute("data-static")) === 0; });
      return wb.messageSW({ type: "CACHE_URLS", payload: { urlsToCache: [location.href].concat(assets) } });
    }).then(function () {
      worker = wb;
      box.setAttribute("data-copy", "fresh");
      box.setAttribute("data-offline-ready", "yes");
    }).catch(function () { /* no service worker: the queue still keeps deals while the page stays open */ });
  }
})();
