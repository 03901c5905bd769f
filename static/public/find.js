/* Find your table: filter the draw list as you type (name, team name or start number). No library. */
(function () {
  "use strict";
  var input = document.querySelector("[data-find-table]");
  var list = document.querySelector("[data-find-list]");
  if (!input || !list) { return; }
  var items = Array.prototype.slice.call(list.querySelectorAll("[data-search]"));
  var empty = document.querySelector("[data-find-empty]");

  // data-search is folded on the server (tournaments/names.search_text); the words typed are folded alike.
  var haystacks = items.map(function (li) { return li.getAttribute("data-search"); });

  function filter() {
    var words = window.Atout.fold(input.value).split(" ").filter(Boolean);
    var shown = 0;
    items.forEach(function (li, i) {
      var hit = words.every(function (w) { return haystacks[i].indexOf(w) !== -1; });
      li.hidden = !hit;
      if (hit) { shown += 1; }
    });
    if (empty) { empty.hidden = shown !== 0; }
  }
  input.addEventListener("input", filter);
  // The server already filtered on ?q=; from here on the browser does it, over every table.
  if (input.value) { filter(); }
})();
