// Type-to-search pick for the entry form's players (select[data-pick]): the select is hidden and a text field
// with a list takes its place (the ARIA combobox pattern). Typing filters the members by every word, folded
// like the check-in search (Atout.fold, static/fold.js: "juergen" finds Jürgen); the member picked in the
// other select of the form is left out, as the server already left out those entered tonight. Arrow keys
// move, Enter or Tab takes the highlighted member, Escape closes. The choice is written into the hidden
// select, so the form posts as it does without JavaScript.
(function () {
  "use strict";
  var Atout = window.Atout;
  if (!Atout || !Atout.foldMatch) { return; }

  function pickedElsewhere(select) {
    var form = select.form;
    if (!form) { return []; }
    return Array.prototype.filter.call(form.querySelectorAll("select[data-pick]"), function (other) {
      return other !== select && other.value;
    }).map(function (other) { return other.value; });
  }

  function enhance(select) {
    var options = Array.prototype.filter.call(select.options, function (o) { return o.value; })
      .map(function (o) { return {value: o.value, text: o.text}; });
    var listId = select.id + "-options";
    var input = document.createElement("input");
    input.type = "text";
    input.id = select.id + "-search";
    input.className = "pick-input";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.placeholder = select.dataset.pickPlaceholder || "";
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);
    ["aria-describedby", "aria-invalid", "required"].forEach(function (name) {
      if (select.hasAttribute(name)) { input.setAttribute(name, select.getAttribute(name)); }
    });
    var label = document.querySelector("label[for='" + select.id + "']");
    if (label) { label.htmlFor = input.id; }
    var list = document.createElement("ul");
    list.id = listId;
    list.className = "pick-list";
    list.setAttribute("role", "listbox");
    if (label) { list.setAttribute("aria-label", label.textContent.trim()); }
    list.hidden = true;
    var box = document.createElement("div");
    box.className = "pick";
    box.appendChild(input);
    box.appendChild(list);
    select.parentNode.insertBefore(box, select);
    select.hidden = true;
    select.tabIndex = -1;
    if (select.selectedIndex > 0) { input.value = select.options[select.selectedIndex].text; }

    var shown = [];
    var active = -1;

    function highlight(index) {
      active = index;
      Array.prototype.forEach.call(list.children, function (item, i) {
        item.setAttribute("aria-selected", i === index ? "true" : "false");
      });
      if (index >= 0 && list.children[index]) {
        input.setAttribute("aria-activedescendant", list.children[index].id);
        list.children[index].scrollIntoView({block: "nearest"});
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      highlight(-1);
    }

    function choose(option) {
      select.value = option.value;
      input.value = option.text;
      close();
      select.dispatchEvent(new Event("change", {bubbles: true}));
    }

    function render() {
      var elsewhere = pickedElsewhere(select);
      shown = options.filter(function (o) {
        return elsewhere.indexOf(o.value) === -1 && Atout.foldMatch(o.text, input.value);
      });
      list.textContent = "";
      shown.forEach(function (option, i) {
        var item = document.createElement("li");
        item.id = listId + "-" + i;
        item.setAttribute("role", "option");
        item.textContent = option.text;
        item.addEventListener("mousedown", function (event) { event.preventDefault(); });
        item.addEventListener("click", function () { choose(option); });
        list.appendChild(item);
      });
      if (!shown.length) {
        var empty = document.createElement("li");
        empty.className = "pick-empty";
        empty.setAttribute("role", "option");
        empty.setAttribute("aria-disabled", "true");
        empty.textContent = select.dataset.pickEmpty || "";
        list.appendChild(empty);
      }
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      highlight(shown.length ? 0 : -1);
    }

    input.addEventListener("input", function () {
      select.value = "";
      render();
    });
    input.addEventListener("keydown", function (event) {
      var open = !list.hidden;
      if (event.key === "ArrowDown") {
        event.preventDefault();
        if (!open) { render(); } else if (shown.length) { highlight(Math.min(active + 1, shown.length - 1)); }
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        if (open && shown.length) { highlight(Math.max(active - 1, 0)); }
      } else if (event.key === "Enter") {
        if (open && active >= 0) { event.preventDefault(); choose(shown[active]); }
      } else if (event.key === "Tab") {
        if (open && active >= 0) { choose(shown[active]); }
      } else if (event.key === "Escape") {
        if (open) { event.preventDefault(); close(); }
      }
    });
    input.addEventListener("blur", function () {
      if (!select.value && input.value && shown.length === 1) { choose(shown[0]); }
      close();
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("select[data-pick]"), enhance);
}());
