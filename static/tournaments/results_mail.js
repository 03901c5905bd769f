/* The event page's results mail: while a sending runs, poll its status (Atout.poll, static/poll.js) and move
   the progress bar; the words come from the server (status_label), the count's sentence is rebuilt from the
   page's own template in data-count-text. */
(function () {
  "use strict";
  var box = document.querySelector("[data-mailing][data-status-url]");
  if (!box || !window.fetch || !window.Atout) { return; }
  var bar = box.querySelector("progress");
  var status = box.querySelector('[data-field="status"]');
  var count = box.querySelector('[data-field="count"]');
  var template = box.getAttribute("data-count-text") || "";
  var poller = window.Atout.poll(box.getAttribute("data-status-url"), function (data) {
    box.setAttribute("data-status", data.status);
    bar.value = data.progress;
    bar.textContent = data.progress + "%";
    status.textContent = data.status_label + (data.error ? ": " + data.error : "");
    if (template) { count.textContent = template.replace("SENT", data.sent).replace("TOTAL", data.total); }
    if (data.status === "done" || data.status === "failed") { poller.stop(); }
  }, { every: 1500, hidden: 10000 });
})();
