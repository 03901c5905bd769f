/* Atout score calculator: deals typed in a form that fits the rule set, scored by the public rules API as you
 * type. All wording comes from the page (translated templates and the json_script config); this file holds
 * no user-facing text. The game typed so far is kept in localStorage, so a reload loses nothing.
 */
(function () {
  "use strict";

  var root = document.getElementById("calculator");
  if (!root) return;
  var config = JSON.parse(document.getElementById("calc-config").textContent);
  var S = config.strings;
  var presets = {};
  config.presets.forEach(function (p) { presets[p.name] = p; });
  var dealTemplate = document.getElementById("calc-deal-template");
  var annTemplate = document.getElementById("calc-announcement-template");
  var list = document.getElementById("calc-deals");
  var rulesSelect = document.getElementById("calc-rules");
  var STORE = "atout-calculator-v1";
  var seq = 0;
  var timer = null;
  var counter = 0;

  function fmt(text, params) {
    return text.replace(/%\((\w+)\)s/g, function (m, key) { return key in params ? params[key] : m; });
  }
  function $(sel, el) { return (el || document).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }
  function field(deal, name) { return $('[data-field="' + name + '"]', deal); }
  function preset() { return presets[rulesSelect.value]; }
  function kindOf(trump) { return trump === "no_trump" || trump === "all_trump" ? trump : "suit"; }
  function show(el, on) { el.hidden = !on; }
  function deals() { return $$(".calc-deal", list); }

  /* --- the form fits the rule set and the contract ----------------------------------------------------- */

  function fitDeal(deal) {
    var p = preset();
    var settings = p.settings;
    var trumpSelect = field(deal, "trump");
    $$("option", trumpSelect).forEach(function (o) { o.hidden = o.disabled = p.trumps.indexOf(o.value) < 0; });
    if (p.trumps.indexOf(trumpSelect.value) < 0) trumpSelect.value = p.trumps[0];
    var trump = trumpSelect.value;
    var kind = kindOf(trump);
    var passed = field(deal, "passed").checked;
    show($('[data-when="played"]', deal), !passed);

    show($('[data-when="bid"]', deal), p.family === "coinche");
    $$("option", field(deal, "bid")).forEach(function (o) {
      o.hidden = o.disabled = o.value !== "capot" && parseInt(o.value, 10) > (settings.bid_max || 160);
    });
    var multipliers = settings.multipliers || [1];
    show($('[data-when="multiplier"]', deal), multipliers.length > 1);
    $$("option", field(deal, "multiplier")).forEach(function (o) {
      var label = o.getAttribute("data-" + p.family);
      if (label) o.textContent = label;
      o.hidden = o.disabled = multipliers.indexOf(parseInt(o.value, 10)) < 0;
    });

    var capot = field(deal, "capot").value;
    show($('[data-when="tricks"]', deal), !capot);
    $('[data-total]', deal).textContent = fmt(S.deal_total, {total: p.deal_totals[kind]});

    var belote = settings.announcements !== "none" && kind !== "no_trump";
    $$('[data-when="belote"]', deal).forEach(function (el) { show(el, belote); });
    ["belote-a", "belote-b"].forEach(function (name) {
      $$("option", field(deal, name)).forEach(function (o) {
        o.hidden = o.disabled = parseInt(o.value, 10) > (kind === "all_trump" ? 4 : 1);
      });
      if (field(deal, name).selectedOptions[0].disabled) field(deal, name).value = "0";
    });
    var announcements = settings.announcements === "all" && !(p.family === "belot" && kind === "no_trump");
    show($('[data-when="announcements"]', deal), announcements);
    $$(".calc-ann", deal).forEach(fitAnnouncement);
  }

  function fitAnnouncement(row) {
    var carre = $('[data-a="type"]', row).value === "carre";
    show($('[data-a="rank"]', row), carre);
    show($('[data-a="suit"]', row), !carre);
    show($('[data-a="high"]', row), !carre);
    show($('[data-a="length"]', row), $('[data-a="type"]', row).value === "quinte");
  }

  /* Trick points of one team typed: the other team's are the rest of the deal total, but only while that
     field holds no number of the person's own (data-typed); a wrong pair is the engine's to name. */
  function fillOther(deal, typed) {
    var total = preset().deal_totals[kindOf(field(deal, "trump").value)];
    var mine = field(deal, typed);
    var other = field(deal, typed === "tricks-a" ? "tricks-b" : "tricks-a");
    if (other.hasAttribute("data-typed")) return;
    var text = mine.value.trim();
    if (/^\d+$/.test(text) && parseInt(text, 10) <= total) other.value = String(total - parseInt(text, 10));
  }

  function markTyped(input) {
    if (input.value.trim()) input.setAttribute("data-typed", "");
    else input.removeAttribute("data-typed");
  }

  /* --- deals in and out of the form -------------------------------------------------------------------- */

  function numberOrText(text) {
    text = text.trim();
    return /^\d+$/.test(text) ? parseInt(text, 10) : text;
  }

  function readAnnouncement(row) {
    var type = $('[data-a="type"]', row).value;
    if (type === "carre") return {type: type, rank: $('[data-a="rank"]', row).value};
    var out = {type: type, suit: $('[data-a="suit"]', row).value, high: $('[data-a="high"]', row).value};
    var length = parseInt($('[data-a="length"]', row).value, 10);
    if (type === "quinte" && length > 5) out.length = length;
    return out;
  }

  function readDeal(deal) {
    if (field(deal, "passed").checked) return {contract: null};
    var p = preset();
    var contract = {taker: field(deal, "taker").value, trump: field(deal, "trump").value};
    if (p.family === "coinche") contract.bid = numberOrText(field(deal, "bid").value);
    if ((p.settings.multipliers || [1]).length > 1) contract.multiplier = parseInt(field(deal, "multiplier").value, 10);
    var out = {contract: contract};
    var capot = field(deal, "capot").value;
    if (capot) {
      out.capot = capot;
    } else {
      var a = field(deal, "tricks-a").value, b = field(deal, "tricks-b").value;
      if (a.trim() !== "" || b.trim() !== "") out.tricks = {A: numberOrText(a), B: numberOrText(b)};
    }
    if (field(deal, "last-trick").value) out.last_trick = field(deal, "last-trick").value;
    if (!$('[data-when="belote"]', deal).hidden) {
      var belote = [];
      ["A", "B"].forEach(function (team) {
        for (var n = parseInt(field(deal, "belote-" + team.toLowerCase()).value, 10); n > 0; n--) belote.push(team);
      });
      if (belote.length) out.belote = belote;
    }
    if (!$('[data-when="announcements"]', deal).hidden) {
      var declarations = {A: [], B: []};
      $$("[data-team]", deal).forEach(function (box) {
        declarations[box.getAttribute("data-team")] = $$(".calc-ann", box).map(readAnnouncement);
      });
      if (declarations.A.length || declarations.B.length) out.declarations = declarations;
    }
    return out;
  }

  function addAnnouncement(box, data) {
    var row = annTemplate.content.firstElementChild.cloneNode(true);
    $("[data-list]", box).appendChild(row);
    if (data) {
      $('[data-a="type"]', row).value = data.type;
      if (data.rank) $('[data-a="rank"]', row).value = data.rank;
      if (data.suit) $('[data-a="suit"]', row).value = data.suit;
      if (data.high) $('[data-a="high"]', row).value = data.high;
      if (data.length) $('[data-a="length"]', row).value = String(data.length);
    }
    fitAnnouncement(row);
  }

  function addDeal(data) {
    var deal = dealTemplate.content.firstElementChild.cloneNode(true);
    counter += 1;
    $$("[data-field]", deal).forEach(function (el) { el.id = "d" + counter + "-" + el.getAttribute("data-field"); });
    $$("[data-for]", deal).forEach(function (el) { el.htmlFor = "d" + counter + "-" + el.getAttribute("data-for"); });
    list.appendChild(deal);
    if (data) fillDeal(deal, data);
    fitDeal(deal);
    number();
    return deal;
  }

  function fillDeal(deal, data) {
    if (data.contract === null) { field(deal, "passed").checked = true; return; }
    if (!data.contract) return;
    field(deal, "taker").value = data.contract.taker || "A";
    field(deal, "trump").value = data.contract.trump || "hearts";
    if (data.contract.bid !== undefined) field(deal, "bid").value = String(data.contract.bid);
    if (data.contract.multiplier) field(deal, "multiplier").value = String(data.contract.multiplier);
    field(deal, "capot").value = data.capot || "";
    if (data.tricks) {
      field(deal, "tricks-a").value = data.tricks.A === undefined ? "" : String(data.tricks.A);
      field(deal, "tricks-b").value = data.tricks.B === undefined ? "" : String(data.tricks.B);
      markTyped(field(deal, "tricks-a"));  // a kept deal's numbers were typed by the person
      markTyped(field(deal, "tricks-b"));
    }
    field(deal, "last-trick").value = data.last_trick || "";
    (data.belote || []).forEach(function (team) {
      var select = field(deal, "belote-" + String(team).toLowerCase());
      if (select) select.value = String(parseInt(select.value, 10) + 1);
    });
    var declarations = data.declarations || {};
    $$("[data-team]", deal).forEach(function (box) {
      (declarations[box.getAttribute("data-team")] || []).forEach(function (d) { addAnnouncement(box, d); });
    });
  }

  function number() {
    deals().forEach(function (deal, i) { $("[data-title]", deal).textContent = fmt(S.deal, {n: i + 1}); });
  }

  /* --- scoring ----------------------------------------------------------------------------------------- */

  // A deal counts once something was typed or chosen in it: a fresh deal is not an error, so the page
  // opens clean and asks the server nothing until there is a deal to score.
  function typed(deal) {
    return deal.hasAttribute("data-touched") || field(deal, "passed").checked || !!field(deal, "capot").value ||
      !!field(deal, "tricks-a").value.trim() || !!field(deal, "tricks-b").value.trim();
  }

  function game() {
    return {rules: rulesSelect.value, deals: deals().filter(typed).map(readDeal)};
  }

  var EMPTY = {deals: [], totals: {A: 0, B: 0}, held: 0, finished: false, winner: null, errors: []};

  function schedule() {
    var current = game();
    try { localStorage.setItem(STORE, JSON.stringify(current)); } catch (e) { /* private mode: no memory */ }
    clearTimeout(timer);
    if (!current.deals.length) { seq += 1; render(EMPTY); return; }
    $("#calc-status").textContent = S.checking;
    timer = setTimeout(function () { send(current); }, 250);
  }

  function send(current) {
    var mine = ++seq;
    window.Atout.send(config.score_url, current, {
      headers: {"Accept-Language": document.documentElement.lang || "de"},
    }).then(function (answer) {
      if (!answer.data) throw new Error(String(answer.status));
      if (mine === seq) render(answer.data);
    }).catch(function () {
      if (mine === seq) $("#calc-status").textContent = S.offline;
    });
  }

  var FIELD_WRAPS = {
    "contract.taker": ["taker"], "contract.trump": ["trump"], "contract.bid": ["bid"],
    "contract.multiplier": ["multiplier"], "capot": ["capot"], "tricks": ["tricks"], "tricks.A": ["tricks-a"],
    "tricks.B": ["tricks-b"], "last_trick": ["last-trick"],
  };

  function wrapsFor(name) {
    if (FIELD_WRAPS[name]) return FIELD_WRAPS[name];
    if (name.indexOf("belote") === 0) return ["belote-a", "belote-b"];
    if (name.indexOf("declarations.A") === 0) return ["declarations-A"];
    if (name.indexOf("declarations.B") === 0) return ["declarations-B"];
    if (name.indexOf("declarations") === 0) return ["declarations-A", "declarations-B"];
    return [];
  }

  function describe(item, running) {
    if (item.score === null) return "";
    var text = S[item.outcome] + " · A " + item.score.A + " · B " + item.score.B;
    if (item.held) text += " · " + fmt(S.held, {points: item.held});
    if (item.collected) text += " · " + fmt(S.collected, {side: S["side_" + item.collected]});
    return text + " · " + fmt(S.running, {side_a: S.side_A, a: running.A, side_b: S.side_B, b: running.B});
  }

  function cell(row, value, runningValue) {
    var td = document.createElement("td");
    td.className = "num";
    td.textContent = value;
    if (runningValue !== undefined) {
      var small = document.createElement("small");
      small.className = "muted calc-running";
      small.textContent = "Σ " + runningValue;
      td.appendChild(small);
    }
    row.appendChild(td);
  }

  function render(result) {
    var rows = $("#calc-rows");
    var running = {A: 0, B: 0};
    var next = 0;
    rows.textContent = "";
    deals().forEach(function (deal, i) {
      var item = typed(deal) ? result.deals[next++] : undefined;
      if (item && item.score) {
        running.A += item.score.A;
        running.B += item.score.B;
      }
      var errors = $("[data-errors]", deal);
      errors.textContent = "";
      $$(".has-error", deal).forEach(function (el) { el.classList.remove("has-error"); });
      $("[data-result]", deal).textContent = item ? describe(item, running) : (typed(deal) ? S.not_scored : "");
      if (!item) return;
      (item.errors || []).forEach(function (error) {
        var li = document.createElement("li");
        li.textContent = error.message;
        errors.appendChild(li);
        wrapsFor(error.field).forEach(function (name) {
          var wrap = $('[data-wrap="' + name + '"]', deal);
          if (wrap) wrap.classList.add("has-error");
        });
      });
      var tr = document.createElement("tr");
      cell(tr, String(i + 1));
      var outcome = document.createElement("td");
      outcome.textContent = item.outcome ? S[item.outcome] : "—";
      tr.appendChild(outcome);
      cell(tr, item.score ? item.score.A : "—", item.score ? running.A : undefined);
      cell(tr, item.score ? item.score.B : "—", item.score ? running.B : undefined);
      cell(tr, item.held === null ? "—" : item.held);
      if (item.errors && item.errors.length) tr.className = "error";
      rows.appendChild(tr);
    });
    $("#calc-total-a").textContent = result.totals.A;
    $("#calc-total-b").textContent = result.totals.B;
    $("#calc-total-held").textContent = result.held;
    var status = result.finished ? (result.winner ? fmt(S.won, {side: S["side_" + result.winner]}) : S.draw) : S.in_progress;
    var general = (result.errors || []).filter(function (e) { return e.deal === null; });
    if (general.length) status = general.map(function (e) { return e.message; }).join(" ");
    else if (result.held) status += " " + fmt(S.held_total, {points: result.held});
    $("#calc-status").textContent = status;
  }

  /* --- events ------------------------------------------------------------------------------------------ */

  function summary() {
    var p = preset();
    $("#calc-rules-summary").textContent = p.summary + " " + p.length_text;
  }

  list.addEventListener("input", function (event) {
    var deal = event.target.closest(".calc-deal");
    deal.setAttribute("data-touched", "");
    var name = event.target.getAttribute("data-field");
    if (name === "tricks-a" || name === "tricks-b") {
      markTyped(event.target);
      fillOther(deal, name);
    }
    schedule();
  });
  list.addEventListener("change", function (event) {
    var deal = event.target.closest(".calc-deal");
    deal.setAttribute("data-touched", "");
    if (event.target.getAttribute("data-a") === "type") fitAnnouncement(event.target.closest(".calc-ann"));
    if (event.target.getAttribute("data-field") === "trump") {
      var typed = field(deal, "tricks-a").value.trim() ? "tricks-a" : "tricks-b";
      fillOther(deal, typed);
    }
    fitDeal(deal);
    schedule();
  });
  list.addEventListener("click", function (event) {
    var target = event.target;
    var deal = target.closest(".calc-deal");
    if (target.hasAttribute("data-remove")) {
      deal.remove();
      number();
      schedule();
    } else if (target.hasAttribute("data-add")) {
      addAnnouncement(target.closest("[data-team]"));
      schedule();
    } else if (target.hasAttribute("data-remove-announcement")) {
      target.closest(".calc-ann").remove();
      schedule();
    }
  });
  rulesSelect.addEventListener("change", function () {
    summary();
    deals().forEach(fitDeal);
    schedule();
  });
  $("#calc-add").addEventListener("click", function () {
    var deal = addDeal();
    field(deal, "tricks-a").focus();
    schedule();
  });
  $("#calc-clear").addEventListener("click", function () {
    if (!window.confirm(S.confirm_clear)) return;
    list.textContent = "";
    addDeal();
    schedule();
  });

  var saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE) || "null"); } catch (e) { saved = null; }
  if (saved && presets[saved.rules] && Array.isArray(saved.deals) && saved.deals.length) {
    rulesSelect.value = saved.rules;
    saved.deals.forEach(function (d) { addDeal(d && typeof d === "object" ? d : undefined); });
  } else {
    addDeal();
  }
  summary();
  schedule();
})();
