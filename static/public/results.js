/* Organiser results page: refresh the standings status panel and the export progress bars by polling
   small JSON (Atout.poll, static/poll.js); start exports without leaving the page (Atout.send). */
(function () {
  "use strict";
  var panel = document.getElementById("standings-status");
  if (!panel || !window.fetch || !window.Atout) { return; }
  var statusUrl = panel.getAttribute("data-status-url");
  var list = document.querySelector("[data-export-list]");
  var form = document.querySelector("[data-export-form]");

  function text(el, value) { if (el) { el.textContent = value; } }

  function renderExport(x) {
    var li = list.querySelector('[data-export="' + x.id + '"]');
    if (!li) {
      var empty = list.querySelector("[data-empty]");
      if (empty) { empty.remove(); }
      li = document.createElement("li");
      li.setAttribute("data-export", x.id);
      li.innerHTML = "<strong></strong> <progress max=\"100\"></progress> <span data-field=\"status\"></span>";
      li.querySelector("strong").textContent = x.label;
      list.insertBefore(li, list.firstChild);
    }
    li.setAttribute("data-status", x.status);
    li.querySelector("progress").value = x.progress;
    text(li.querySelector('[data-field="status"]'), x.status_label + (x.error ? ": " + x.error : ""));
    if (x.download && !li.querySelector('[data-field="download"]')) {
      var a = document.createElement("a");
      a.href = x.download;
      a.setAttribute("data-field", "download");
      a.textContent = "⬇";
      a.setAttribute("aria-label", x.label);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(a);
    }
  }

  window.Atout.poll(statusUrl, function (data) {
    var dirty = panel.querySelector('[data-field="dirty"] .badge');
    if (dirty) { dirty.className = "badge " + (data.dirty ? "warn" : "ok"); }
    text(panel.querySelector('[data-field="version"]'), data.version);
    var t = panel.querySelector('[data-field="computed_at"]');
    if (t && data.computed_at) { t.setAttribute("datetime", data.computed_at); t.textContent = new Date(data.computed_at).toLocaleString(document.documentElement.lang || undefined); }
    (data.exports || []).slice().reverse().forEach(renderExport);
  }, { every: 2000, hidden: 10000, wake: false });

  if (form) {
    form.addEventListener("submit", function (ev) {
      var kind = ev.submitter ? ev.submitter.value : null;
      if (!kind) { return; }
      ev.preventDefault();
      var body = new FormData(form);
      body.set("kind", kind);
      window.Atout.send(form.action, body)
        .then(function (answer) {
          if (!answer.data) { throw new Error(String(answer.status)); }
          if (answer.data.id) { renderExport(answer.data); }
        })
        .catch(function () { form.submit(); });
    });
  }
})();
