// The penalty form: picking a penalty of the catalogue shows what it does and fills its effect and amount
// (both stay editable). Without the script both stay empty and the server takes the catalogue's.
(function () {
  "use strict";
  var pick = document.querySelector("[data-penalty-pick]");
  if (!pick) return;
  var form = pick.form;
  function show() {
    var option = pick.options[pick.selectedIndex];
    if (!option) return;
    form.querySelectorAll("[data-penalty-about]").forEach(function (about) {
      about.hidden = about.getAttribute("data-penalty-about") !== pick.value;
    });
    if (form.elements.effect) form.elements.effect.value = option.getAttribute("data-effect") || "";
    if (form.elements.amount) form.elements.amount.value = option.getAttribute("data-amount") || "";
  }
  pick.addEventListener("change", show);
  // On a fresh form fill in the first penalty's; a form sent back with errors keeps what was typed.
  if (form.elements.effect && !form.elements.effect.value && form.elements.amount && !form.elements.amount.value) show();
})();
