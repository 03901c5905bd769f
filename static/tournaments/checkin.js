// Fast check-in: filter by name as you type; a tap posts in the background and updates the row in place,
// so an organiser with a room full of waiting players never waits for a page load. Without JS the forms
// still post and the page comes back at the same entry. Posts go through Atout.send (static/send.js).
(function () {
  "use strict";
  var list = document.getElementById("checkin-list");
  var search = document.getElementById("checkin-search");
  var labels = JSON.parse(document.getElementById("checkin-labels").textContent);

  if (search && list) {
    search.addEventListener("input", function () {
      // data-search is folded on the server (tournaments/names.search_text); the words typed are folded alike.
      var words = window.Atout.fold(search.value).split(" ").filter(Boolean);
      list.querySelectorAll(".checkin-row").forEach(function (row) {
        var text = row.dataset.search;
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

  if (!window.Atout) { return; }  // the forms post as they are
  document.querySelectorAll("form[data-checkin]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = new FormData(form);
      if (event.submitter && event.submitter.name) { data.set(event.submitter.name, event.submitter.value); }
      if (event.submitter) { event.submitter.disabled = true; }
      window.Atout.send(form.action || window.location.href, data, {headers: {"X-Requested-With": "fetch"}})
        .then(function (answer) {
          if (!answer.data) { throw new Error(String(answer.status)); }
          var body = answer.data;
          if (!answer.ok) { window.alert(body.error || list.getAttribute("data-msg-error")); return; }
          body.entries.forEach(function (id) { setRow(id, body.status); });
          Object.keys(body.counts).forEach(function (key) {
            var el = document.querySelector("[data-count='" + key + "']");
            if (el) { el.textContent = body.counts[key]; }
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
