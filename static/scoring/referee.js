/* Atout referee page: the deal form checked as you type, saved without losing anything.
 *
 * The page works without this script (plain form posts). With it:
 * - the other team's trick points are filled in from the deal total of the chosen trump, but only while
 *   that field is empty or was filled in here: a number the referee typed is never overwritten (a pair
 *   that does not add up gets the rules engine's error instead);
 * - an announcement takes three taps on buttons (kind, suit, high card) that select it in the list;
 * - the number fields move on by themselves: once the trick points cannot take another digit (92, 102),
 *   or on the pad's Enter key, to the next empty field or the save button; a trump chosen (or, in
 *   coinche, a bid) puts the cursor in N/S's trick points while both are empty;
 * - the rarer choices stay folded (details[data-fold]) until one holds a value or an error; after a
 *   save they fold again and the page scrolls to show the new total and the next deal's taker row;
 * - the page follows live updates (sheet-live.js): new version, game over, form shown or not;
 * - every change is checked by the server (the form and the rules engine) and errors appear next to
 *   the field they name;
 * - a deal is saved with a client id (Atout.clientId, static/send.js), so a retry on a poor connection
 *   never stores it twice; failed sends are retried with back-off (Atout.send), and the form is kept in
 *   localStorage until the server has it. New deals go through the offline queue when the page has one.
 */
(function () {
  "use strict";

  var form = document.getElementById("deal-form");
  if (!form || !window.Atout) return;

  var i18n = {
    saving: form.getAttribute("data-msg-saving") || "…",
  };
  var totalsEl = document.getElementById("deal-totals");
  var totals = totalsEl ? JSON.parse(totalsEl.textContent) : {};
  var inserting = form.getAttribute("data-inserting") !== "";
  var editing = form.getAttribute("data-editing") !== "" || inserting;
  var draftKey = form.getAttribute("data-draft-key") + (editing ? "-edit" : "");
  var touched = {};
  var typedInto = {};  // trick fields the referee typed into: never filled in by the script
  var showAll = false;
  var lastTyped = null;
  var checkTimer = null;
  var checkSeq = 0;
  var sending = false;

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $$(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  function value(name) {
    var checked = $('[name="' + name + '"]:checked', form);
    if (checked) return checked.value;
    var el = form.elements[name];
    return el && el.value !== undefined && !(el instanceof RadioNodeList) ? el.value : "";
  }
  function status(text) { $("#net-status").textContent = text || ""; }

  /* --- what is shown depends on what is chosen ------------------------------------------------------ */

  function setShown(el, shown) {
    el.hidden = !shown;
    $$("input, select, textarea", el).forEach(function (input) { input.disabled = !shown; });
  }

  function updateVisibility() {
    var played = value("taker") !== "pass";
    $$("[data-when-played]", form).forEach(function (el) { setShown(el, played); });
    if (!played) return;
    var capot = value("capot");
    $$("[data-when-no-capot]", form).forEach(function (el) { setShown(el, !capot); });
    var allTrump = value("trump") === "all_trump";
    // Belot counts no announcements in a no-trumps contract: no buttons for them then.
    var annPicker = document.getElementById("ann-picker");
    if (annPicker && annPicker.hasAttribute("data-none-in")) {
      annPicker.hidden = annPicker.getAttribute("data-none-in") === value("trump");
    }
    $$(".all-trump-only", form).forEach(function (el) { setShown(el, allTrump); });
    $$(".suit-only", form).forEach(function (el) { setShown(el, !allTrump); });
  }

  /* Before a trump is chosen, the deal total is known when every contract has the same one (162). */
  function commonTotal() {
    var values = Object.keys(totals).map(function (k) { return totals[k]; });
    return values.length && values.every(function (v) { return v === values[0]; }) ? values[0] : null;
  }

  /* Trick points of one team typed: the other team's are the rest of the deal total. */
  function fillOther(typed) {
    var total = totals[value("trump")] || commonTotal();
    if (!total) return;
    var mine = form.elements[typed === "a" ? "tricks_a" : "tricks_b"];
    var other = form.elements[typed === "a" ? "tricks_b" : "tricks_a"];
    if (typedInto[other.name]) return;  // the referee's own number stays; the engine says if it is wrong
    var n = parseInt(mine.value, 10);
    if (String(n) === mine.value.trim() && n >= 0 && n <= total) {
      other.value = String(total - n);
    } else if (mine.value.trim() === "") {
      other.value = "";
    }
  }

  /* --- errors next to the fields ------------------------------------------------------------------ */

  function showErrors(errors) {
    $$("[data-errors-for]", form).forEach(function (list) {
      var name = list.getAttribute("data-errors-for");
      var messages = errors[name] || [];
      var visible = showAll || touched[name] || (name === "__all__" && (touched.tricks_a || touched.tricks_b));
      list.innerHTML = "";
      if (!visible) return;
      messages.forEach(function (m) {
        var li = document.createElement("li");
        li.textContent = m;
        list.appendChild(li);
      });
      var field = list.closest("[data-field]");
      if (field) field.classList.toggle("has-error", messages.length > 0);
      if (messages.length) openFolds(list);
    });
  }

  /* --- folded choices, moving on, and what is in sight after a save ------------------------------- */

  /* Every fold around `el` opens: an error or a value is never hidden. */
  function openFolds(el) {
    for (var fold = el.closest("details"); fold && form.contains(fold); fold = fold.parentElement.closest("details")) {
      fold.open = true;
    }
  }

  /* A fold holding a value (a draft brought back, a queued deal to fix) opens. */
  function openFoldsWithValues() {
    $$("details[data-fold]", form).forEach(function (fold) {
      var given = $$("input:checked, option:checked", fold).some(function (el) {
        return el.value !== "" && !(el.name === "multiplier" && el.value === "1");
      });
      if (given) fold.open = true;
    });
  }

  function closeFolds() {
    $$("details[data-fold], details[data-fold] details", form).forEach(function (fold) { fold.open = false; });
  }

  function shown(el) { return el && !el.disabled && el.offsetParent !== null; }

  /* A trick field is complete when one more digit would pass the deal's highest total (92, 102, 0). */
  function complete(input) {
    var text = input.value.trim();
    if (!/^\d+$/.test(text)) return false;
    var top = parseInt(input.getAttribute("max"), 10) || 0;
    return text === "0" || parseInt(text, 10) * 10 > top;
  }

  /* From a number field to what comes next: the other trick field while it is empty, the reason (the
     organiser's), else the save button (the phone's keyboard closes). */
  function moveOn(from) {
    var order = ["tricks_a", "tricks_b", "reason"].map(function (n) { return form.elements[n]; });
    for (var i = order.indexOf(from) + 1; i < order.length; i++) {
      if (shown(order[i]) && order[i].value.trim() === "") { order[i].focus(); return; }
    }
    $("#save-deal").focus();
  }

  /* After the trump (or the bid, which comes after it in coinche): the cursor waits in N/S's points. */
  function toTricks() {
    var a = form.elements.tricks_a, b = form.elements.tricks_b;
    if (form.elements.bid && !form.elements.bid.value) return;
    if (shown(a) && a.value === "" && b.value === "") a.focus();
  }

  /* After a save: the new total at the top of the screen and the next deal below it, from the taker row
     to the save button (a plain deal fits a 360 × 740 phone). */
  function showNext() {
    var total = $("#sheet-live tr.totals");
    if (!total) return;
    var top = total.getBoundingClientRect().top;
    var bottom = (form.hidden ? total : $("#save-deal")).getBoundingClientRect().bottom;
    if (top >= 0 && bottom <= window.innerHeight) return;
    window.scrollTo({ top: Math.max(0, window.scrollY + top - 6), behavior: "instant" });
  }

  function showPreview(preview) {
    var el = $("#deal-preview");
    if (!preview) { el.textContent = ""; return; }
    el.textContent = preview.text;
  }

  function checkUrl() {
    var url = form.getAttribute("data-check-url");
    if (inserting) return url + "?insert=" + form.getAttribute("data-inserting");
    return editing ? url + "?position=" + form.getAttribute("data-editing") : url;
  }

  function check() {
    var seq = ++checkSeq;
    window.Atout.send(checkUrl(), new FormData(form))
      .then(function (answer) { return answer.ok ? answer.data : null; })
      .then(function (data) {
        if (!data || seq !== checkSeq) return;  // an older answer arriving late must not win
        showErrors(data.errors || {});
        showPreview(data.valid ? data.preview : null);
      })
      .catch(function () { /* offline: the check waits for the next change; saving retries on its own */ });
  }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 250);
  }

  /* --- the draft: kept on the phone until the server has it ------------------------------------------ */

  function saveDraft() {
    try {
      var entries = [];
      new FormData(form).forEach(function (v, k) {
        if (k !== "csrfmiddlewaretoken" && k !== "version") entries.push([k, v]);
      });
      localStorage.setItem(draftKey, JSON.stringify(entries));
    } catch (e) { /* private mode: no draft, the form still works */ }
  }

  function clearDraft() {
    try { localStorage.removeItem(draftKey); } catch (e) { /* nothing kept */ }
  }

  function restoreDraft() {
    var raw = null;
    try { raw = localStorage.getItem(draftKey); } catch (e) { return; }
    if (!raw) return;
    var entries;
    try { entries = JSON.parse(raw); } catch (e) { clearDraft(); return; }
    fill(entries);
  }

  /* Put [name, value] pairs into the form (a draft, or a queued deal brought back to be fixed). */
  function fill(entries) {
    var byName = {};
    entries.forEach(function (pair) { (byName[pair[0]] = byName[pair[0]] || []).push(pair[1]); });
    $$("input, select", form).forEach(function (el) {
      if (!el.name || el.name === "csrfmiddlewaretoken" || el.name === "version") return;
      var values = byName[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = values.indexOf(el.value) !== -1;
      } else if (el.multiple) {
        Array.prototype.forEach.call(el.options, function (o) { o.selected = values.indexOf(o.value) !== -1; });
      } else if (values.length) {
        el.value = values[0];
      }
    });
  }

  function resetForm() {
    $$("input, select", form).forEach(function (el) {
      if (el.type === "hidden") return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === "" && el.type === "radio";
      else if (el.multiple) Array.prototype.forEach.call(el.options, function (o) { o.selected = false; });
      else if (el.tagName === "SELECT") el.selectedIndex = 0;
      else el.value = "";
    });
    form.elements.client_id.value = "";
    touched = {};
    typedInto = {};
    clearAnnouncements();
    showAll = false;
    lastTyped = null;
    checkSeq += 1;  // a check still on its way belongs to the deal just saved
    showErrors({});
    showPreview(null);
    closeFolds();
    updateVisibility();
  }

  /* --- saving, with retries that never store a deal twice ------------------------------------------ */

  function replaceLive(html) {
    var current = document.getElementById("sheet-live");
    if (!current || !html) return;
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    current.parentNode.replaceChild(fresh, current);
    followLive(fresh);
  }

  /* A new deal of this phone's at the end of the sheet: the answer carries only what it changed (the row,
     the count, the totals, the deal's data; scoring/sheets/views/live_patch.py), made from the version
     this page shows. On any other version the whole part is fetched instead (sheet-live.js). */
  function patchLive(patch, version) {
    var live = document.getElementById("sheet-live");
    if (!live || !patch || live.getAttribute("data-version") !== String(patch.from)) {
      document.dispatchEvent(new CustomEvent("atout:stale"));
      return;
    }
    var rows = $("tbody", live);
    $$("tr:not([data-position])", rows).forEach(function (empty) { rows.removeChild(empty); });  // "No deals yet."
    rows.insertAdjacentHTML("beforeend", patch.row);
    $("tfoot", live).innerHTML = patch.totals;
    $("[data-deal-count]", live).textContent = patch.count;
    var data = $("#deals-data", live);
    if (data) data.textContent = JSON.stringify(JSON.parse(data.textContent).concat([patch.deal]));
    $$('input[name="version"]', live).forEach(function (input) { input.value = String(version); });
    live.setAttribute("data-version", String(version));
    followLive(live);
  }

  /* The live part changed (own save, or sheet-live.js saw the other phone or the organiser): take its
     version, renumber the new deal, and show the form only while a deal can still be added. */
  function followLive(live) {
    form.elements.version.value = live.getAttribute("data-version");
    var title = $("#deal-form-title");
    if (!editing && title) {
      var count = $$("tbody tr[data-position]", live).length;
      title.textContent = title.getAttribute("data-new").replace(/\d+/, String(count + 1));
    }
    if (!editing) form.hidden = live.getAttribute("data-form") !== "1";
  }
  document.addEventListener("atout:live", function (event) { followLive(event.detail.element); });

  function save(event) {
    event.preventDefault();
    if (sending) return;
    if (!editing && window.AtoutQueue) {
      // offline-queue.js keeps the deal on the phone (IndexedDB) and sends it in order, online or not;
      // a deal refused at once stays here with its errors.
      clearTimeout(checkTimer);
      checkSeq += 1;
      showAll = true;
      sending = true;
      $("#save-deal").disabled = true;
      status(i18n.saving);
      window.AtoutQueue.add(form.action, new FormData(form)).then(function (outcome) {
        sending = false;
        $("#save-deal").disabled = false;
        if (outcome.refused) { status(""); showErrors(outcome.errors); return; }
        if (outcome.queued) status("");
        clearDraft();
        resetForm();
        showNext();
      });
      return;
    }
    clearTimeout(checkTimer);
    checkSeq += 1;
    showAll = true;
    if ((!editing || inserting) && !form.elements.client_id.value) form.elements.client_id.value = window.Atout.clientId();
    saveDraft();
    var body = new FormData(form);
    if (!editing) body.set("patch", "1");  // a new deal: the answer may carry only what changed
    sending = true;
    $("#save-deal").disabled = true;
    status(i18n.saving);
    // Poor connection or a busy server: the same body (same client id) goes again, later, up to 8 times.
    window.Atout.send(form.action, body, {
      retries: 8,
      onRetry: function () { status(form.getAttribute("data-msg-retry") || "…"); },
    })
      .then(function (answer) {
        var data = answer.data;
        if (!data) throw new Error(String(answer.status));
        if (data.patch) patchLive(data.patch, data.version);
        else if (data.live) replaceLive(data.live);
        if (data.ok) {
          clearDraft();
          status(data.message);
          if (editing) { window.location.assign(form.getAttribute("data-page-url")); return; }
          resetForm();
          showNext();
          return;
        }
        status("");
        showErrors(data.errors || {});
        if (answer.status === 409) saveDraft();
      })
      .catch(function () {
        status(form.getAttribute("data-msg-offline"));
      })
      .then(function () {
        sending = false;
        $("#save-deal").disabled = false;
      });
  }

  /* --- wiring ------------------------------------------------------------------------------------------ */

  form.addEventListener("input", function (event) {
    var name = event.target.name;
    if (!name) return;
    touched[name] = true;
    if (name === "tricks_a" || name === "tricks_b") {
      typedInto[name] = event.target.value.trim() !== "";
      lastTyped = name === "tricks_a" ? "a" : "b";
      fillOther(lastTyped);
      touched.tricks_a = touched.tricks_b = true;
    }
    if (name === "trump" && lastTyped) fillOther(lastTyped);
    updateVisibility();
    if (name === "trump" || name === "bid") toTricks();
    if ((name === "tricks_a" || name === "tricks_b") && complete(event.target)) moveOn(event.target);
    if (!editing) saveDraft();
    scheduleCheck();
  });
  form.addEventListener("change", function (event) {
    if (event.target.name) touched[event.target.name] = true;
    updateVisibility();
  });
  form.addEventListener("submit", save);
  // The number pad's Enter key ("next", "done") moves on instead of sending a half-typed deal.
  form.addEventListener("keydown", function (event) {
    var name = event.target.name;
    if (event.key !== "Enter" || (name !== "tricks_a" && name !== "tricks_b" && name !== "reason")) return;
    event.preventDefault();
    moveOn(event.target);
  });

  document.addEventListener("submit", function (event) {
    var target = event.target;
    if (target.hasAttribute("data-delete")) {
      var row = target.closest("tr[data-position]");
      var number = row ? parseInt(row.getAttribute("data-position"), 10) + 1 : "";
      var question = (form.getAttribute("data-msg-delete") || "?").replace("%s", number);
      if (!window.confirm(question)) event.preventDefault();
    }
  });
  window.addEventListener("online", function () {
    // With the offline queue, queued deals go on their own; the form holds only what is being typed.
    if (window.AtoutQueue) return;
    if (!sending && form.elements.client_id.value && !editing) $("#save-deal").click();
  });

  if (window.AtoutQueue) {
    window.AtoutQueue.attach({
      form: form,
      editing: editing,
      live: replaceLive,
      patch: patchLive,
      status: status,
      fill: function (entries, errors) {
        fill(entries);
        openFoldsWithValues();
        showAll = true;
        showErrors(errors);
        updateVisibility();
      },
    });
  }

  /* --- announcements: kind, suit, high card as buttons; the list (select) stays the form's value ------ */

  var picker = document.getElementById("ann-picker");

  function announcementSelect(field) { return form.elements[field]; }

  function optionOf(field, code) {
    var select = announcementSelect(field);
    return select ? $('option[value="' + code + '"]', select) : null;
  }

  function renderChosen(team) {
    var field = team.getAttribute("data-ann-team");
    var list = $("[data-ann-chosen]", team);
    list.innerHTML = "";
    $$("option:checked", announcementSelect(field)).forEach(function (option) {
      var li = document.createElement("li");
      li.textContent = option.textContent + " ";
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "ann-remove";
      remove.textContent = "×";
      remove.setAttribute("aria-label", (form.getAttribute("data-msg-remove") || "×") + ": " + option.textContent);
      remove.addEventListener("click", function () {
        option.selected = false;
        announcementsChanged(field);
        renderChosen(team);
      });
      li.appendChild(remove);
      list.appendChild(li);
    });
  }

  function showStep(team, step) {
    $$("[data-ann-step]", team).forEach(function (el) {
      var name = el.getAttribute("data-ann-step");
      // The chosen suit stays in sight while its high card is picked.
      el.hidden = name !== "kind" && name !== step && !(step === "high" && name === "suit");
    });
  }

  function announcementsChanged(field) {
    touched[field] = true;
    if (!editing) saveDraft();
    scheduleCheck();
  }

  function clearAnnouncements() {
    if (!picker) return;
    $$("[data-ann-team]", picker).forEach(function (team) {
      team.removeAttribute("data-kind");
      team.removeAttribute("data-suit");
      showStep(team, null);
      renderChosen(team);
    });
    $$(".ann-button", picker).forEach(function (b) { b.classList.remove("picked"); });
  }

  function pick(team, code) {
    var field = team.getAttribute("data-ann-team");
    var option = optionOf(field, code);
    if (option) option.selected = true;
    team.removeAttribute("data-kind");
    team.removeAttribute("data-suit");
    $$(".ann-button", team).forEach(function (b) { b.classList.remove("picked"); });
    showStep(team, null);
    renderChosen(team);
    announcementsChanged(field);
  }

  if (picker) {
    picker.hidden = false;
    var runLength = { tierce: 3, quarte: 4, quinte: 5 };
    $$("[data-ann-team]", picker).forEach(function (team) {
      team.addEventListener("click", function (event) {
        var button = event.target.closest(".ann-button");
        if (!button) return;
        var step = button.closest("[data-ann-step]").getAttribute("data-ann-step");
        $$(".ann-button", button.parentNode).forEach(function (b) { b.classList.toggle("picked", b === button); });
        if (step === "kind") {
          var kind = button.getAttribute("data-kind");
          team.setAttribute("data-kind", kind);
          showStep(team, kind === "carre" ? "rank" : "suit");
        } else if (step === "suit") {
          team.setAttribute("data-suit", button.getAttribute("data-suit"));
          var lowest = runLength[team.getAttribute("data-kind")] - 1;
          // Only the high cards a run of this length can end on (a tierce ends on 9 or higher).
          $$("[data-high]", team).forEach(function (b) {
            b.hidden = parseInt(b.getAttribute("data-index"), 10) < lowest;
          });
          showStep(team, "high");
        } else if (step === "high") {
          pick(team, team.getAttribute("data-kind") + ":" + team.getAttribute("data-suit") + ":" +
               button.getAttribute("data-high"));
        } else if (step === "rank") {
          pick(team, "carre:" + button.getAttribute("data-rank"));
        }
      });
    });
    form.addEventListener("change", function (event) {
      var team = event.target.name && $('[data-ann-team="' + event.target.name + '"]', picker);
      if (team) renderChosen(team);
    });
  }

  var hasServerErrors = $$("[data-errors-for] li", form).length > 0;
  if (!editing && !hasServerErrors) { restoreDraft(); openFoldsWithValues(); }
  if (hasServerErrors) showAll = true;
  updateVisibility();
  if (picker) $$("[data-ann-team]", picker).forEach(renderChosen);
})();
