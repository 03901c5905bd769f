// Fast check-in: filter by name as you type; a tap posts in the background and updates the row in place,
// so an organiser with a room full of waiting players never waits for a page load. Without JS the forms
// still post and the page comes back at the same entry.
(function () {
  "use strict";
  var list = document.getElementById("checkin-list");
  var search = document.getElementById("checkin-search");
  var labels = JSON.parse(document.getElementById("checkin-labels").textContent);
  var fold = function (s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); };

  if (search && list) {
    search.addEventListener("input", function () {
      var words = fold(search.value).split(/\s+/).filter(Boolean);
      list.querySelectorAll(".checkin-row").forEach(function (row) {
        var text = fold(row.dataset.search);
        row.hidden = !words.every(function (w) { return text.indexOf(w) !== -1; });
      });
    });
  }

  function setRow(id, status) {
    var row = document.getElementById("entry-" + id);
    if (!row) { return; }
    row.className = row.className.replace(/status-\S+/, "status-" + status);
    var state = row.querySelector("[data-state]");
    if (state) { state.textContent = labels[status] || status; }
    var tap = row.querySelector(".checkin-tap");
    if (tap) { tap.value = status === "present" ? "absent" : "present"; }
    var action = row.querySelector("[data-action]");
    if (action) { action.textContent = list.getAttribute(status === "present" ? "data-mark-absent" : "data-mark-present"); }
  }

  document.querySelectorAll("form[data-checkin]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = new FormData(form);
      if (event.submitter && event.submitter.name) { data.set(event.submitter.name, event.submitter.value); }
      if (event.submitter) { event.submitter.disabled = true; }
      fetch(form.action || window.location.href, {
        method: "POST", body: data, credentials: "same-origin",
        headers: {"Accept": "application/json", "X-Requested-With": "fetch"}
      }).then(function (response) {
        return response.json().then(function (body) { return {ok: response.ok, body: body}; });
      }).then(function (result) {
        if (!result.ok) { window.alert(result.body.error || list.getAttribute("data-msg-error")); return; }
        result.body.entries.forEach(function (id) { setRow(id, result.body.status); });
        Object.keys(result.body.counts).forEach(function (key) {
          var el = document.querySelector("[data-count='" + key + "']");
          if (el) { el.textContent = result.body.counts[key]; }
        });
        if (search && search.value) { search.select(); }
      }).catch(function () {
        form.submit();
      }).finally(function () {
        if (event.submitter) { event.submitter.disabled = false; }
      });
    });
  });
})();
