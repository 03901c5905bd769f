/* The desk's paper-sheet grid (templates/organiser/grid.html): a whole paper score sheet typed from the
 * keyboard. A one-key field (taker, trump, belote, capot) moves on once its key is typed; a digit typed in
 * an empty belote, announcements or capot field goes on to the taker's trick points (a plain deal skips
 * what it does not have); trick points move on to the next deal once no further digit fits the deal's
 * total. Enter goes to the next deal, and to the save button after the last one (Enter there saves);
 * Ctrl+Enter saves from anywhere. Each
 * change is checked by the rules engine on the server (grid/check/, through Atout.send, debounced): every
 * row shows the engine's message, its outcome and the running totals. Without this script the grid is a
 * plain form the server checks the same way.
 */
(function () {
  "use strict";
  var form = document.getElementById("paper-grid");
  var data = document.getElementById("grid-keys-data");
  if (!form || !data || !window.Atout) return;
  var keys = JSON.parse(data.textContent);
  var save = document.getElementById("grid-save");
  var deals = parseInt(form.getAttribute("data-deals"), 10) || 0;
  var tbody = form.querySelector("table.grid tbody");
  var timer = null;
  var sent = 0;

  function rows() { return Array.prototype.slice.call(tbody.querySelectorAll("tr.grid-row")); }
  function inputs(row) { return Array.prototype.slice.call(row.querySelectorAll("input")); }
  function field(row, name) { return row.querySelector("input[data-field='" + name + "']"); }
  function value(input) { return input ? input.value.trim().toLowerCase() : ""; }
  function empty(row) { return inputs(row).every(function (i) { return !i.value.trim(); }); }
  function focus(input) { if (input) { input.focus(); if (input.select) input.select(); } }

  function takerSide(row) { return keys.sides[value(field(row, "taker"))] || "A"; }
  function pointsField(row) { return field(row, "tricks_" + takerSide(row).toLowerCase()); }
  function total(row) { return keys.totals[keys.trumps[value(field(row, "trump"))]] || keys.max; }

  function played(upTo) {
    var count = 0;
    rows().slice(0, upTo + 1).forEach(function (row) {
      var taker = value(field(row, "taker"));
      if (taker && taker !== keys.pass) count += 1;
    });
    return count;
  }

  function addRow() {
    // A points game has no last deal: a new row whenever the last one is done.
    var last = rows()[rows().length - 1];
    var number = rows().length;
    var copy = last.cloneNode(true);
    var message = tbody.querySelector("[data-message-for='" + (number - 1) + "']").cloneNode(true);
    copy.setAttribute("data-row", number);
    copy.classList.remove("has-error");
    copy.querySelector("th").textContent = number + 1;
    inputs(copy).forEach(function (input) {
      input.value = "";
      input.removeAttribute("aria-invalid");
      input.classList.remove("has-error");
      input.name = input.name.replace(/^r\d+-/, "r" + number + "-");
      input.setAttribute("aria-label", input.getAttribute("aria-label").replace(/\d+/, String(number + 1)));
    });
    copy.querySelectorAll("[data-outcome], [data-running]").forEach(function (cell) { cell.textContent = ""; });
    message.setAttribute("data-message-for", number);
    message.hidden = true;
    message.lastElementChild.textContent = "";
    tbody.appendChild(copy);
    tbody.appendChild(message);
    return copy;
  }

  function nextRow(row) {
    var index = rows().indexOf(row);
    if (deals && played(index) >= deals) return focus(save);
    var next = rows()[index + 1];
    if (!next) {
      if (deals) return focus(save);
      next = addRow();
    }
    focus(field(next, "taker"));
  }

  function nextField(input) {
    var row = input.closest("tr");
    var list = inputs(row);
    var next = list[list.indexOf(input) + 1];
    if (next) focus(next); else nextRow(row);
  }

  function complete(text, max) {
    // No further digit fits: "92" of 162 is whole, "16" may still become 162.
    return /^\d+$/.test(text) && (text === "0" || parseInt(text, 10) * 10 > max);
  }

  function toPoints(input, digit) {
    var row = input.closest("tr");
    input.value = "";
    var points = pointsField(row);
    points.value = digit;
    points.focus();
    points.setSelectionRange(digit.length, digit.length);  // after the digit: focusing selected it
    moved(points);
  }

  function moved(input) {
    var row = input.closest("tr");
    var name = input.getAttribute("data-field");
    var text = value(input);
    if (name === "taker") {
      if (text === keys.pass) return nextRow(row);
      if (keys.sides[text]) return nextField(input);
    } else if (name === "trump") {
      if (keys.trumps[text]) return nextField(input);
    } else if (name === "bid") {
      if (complete(text, keys.bidMax || 160)) return nextField(input);
    } else if (name === "multiplier") {
      if (keys.multipliers.indexOf(text) >= 0) return nextField(input);
      if (/^\d$/.test(text)) return toPoints(input, text);
    } else if (name === "belote" || name === "capot" || name === "announcements") {
      if (/^\d$/.test(text)) return toPoints(input, text);
      if (name === "capot" && keys.sides[text]) return nextRow(row);
      if (name === "belote" && keys.sides[text] && !keys.allTrump) return nextField(input);
    } else if (name === "tricks_a" || name === "tricks_b") {
      otherPoints(row, input);
      if (complete(text, total(row))) return nextRow(row);
    }
  }

  function otherPoints(row, input) {
    // The other side's points are the deal's total minus these: shown, and sent empty (the server fills them).
    var other = field(row, input.getAttribute("data-field") === "tricks_a" ? "tricks_b" : "tricks_a");
    var text = value(input);
    other.placeholder = /^\d+$/.test(text) && parseInt(text, 10) <= total(row) ? String(total(row) - parseInt(text, 10)) : "";
  }

  form.addEventListener("input", function (event) {
    if (event.target.matches("input[data-field]")) moved(event.target);
    schedule();
  });

  form.addEventListener("focusin", function (event) {
    if (event.target.matches("input[data-field]")) event.target.select();
  });

  form.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      // Ctrl+Enter saves from anywhere: a correction of one deal needs no walk to the button.
      event.preventDefault();
      return form.requestSubmit ? form.requestSubmit(save) : save.click();
    }
    if (event.key !== "Enter" || !event.target.matches("input[data-field]")) return;
    event.preventDefault();
    var row = event.target.closest("tr");
    if (empty(row)) return focus(save);
    nextRow(row);
  });

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  }

  function check() {
    var mine = ++sent;
    window.Atout.send(form.getAttribute("data-check-url"), new FormData(form)).then(function (answer) {
      if (mine !== sent || !answer.data || !answer.data.rows) return;
      show(answer.data);
    }, function () { /* offline: the save checks again */ });
  }

  function show(result) {
    var list = rows();
    list.forEach(function (row, index) {
      var checked = result.rows[index];
      var message = tbody.querySelector("[data-message-for='" + index + "']");
      var texts = [];
      inputs(row).forEach(function (input) {
        var errors = checked && checked.errors[input.getAttribute("data-field")];
        input.classList.toggle("has-error", !!errors);
        if (errors) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
      });
      if (checked) {
        Object.keys(checked.errors).forEach(function (name) { texts = texts.concat(checked.errors[name]); });
      }
      row.classList.toggle("has-error", texts.length > 0);
      message.hidden = texts.length === 0;
      message.lastElementChild.textContent = texts.join(" ");
      row.querySelector("[data-outcome]").textContent = checked ? checked.outcome : "";
      ["A", "B"].forEach(function (side) {
        var cell = row.querySelector("[data-running='" + side + "']");
        cell.textContent = checked && checked.running ? checked.running[side] : "";
      });
    });
    document.getElementById("grid-total-a").textContent = result.totals.A;
    document.getElementById("grid-total-b").textContent = result.totals.B;
    form.classList.toggle("grid-finished", !!result.finished);
  }

  // A stored sheet opens with the other sides' points, the outcomes and the running totals of its deals.
  rows().forEach(function (row) {
    var points = pointsField(row);
    if (value(points)) otherPoints(row, points);
  });
  if (!rows().every(empty)) check();

  // A correction starts with its reason; a new sheet with its first deal.
  var reason = document.getElementById("grid-reason");
  var first = rows().filter(empty)[0] || rows()[0];
  if (reason && reason.required && !reason.value) reason.focus();
  else if (first) focus(field(first, "taker"));
})();
