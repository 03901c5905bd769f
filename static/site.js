// Behaviour every page shares, wired from data- attributes (the Content-Security-Policy forbids inline
// scripts and on*= attributes): a select that submits its form on change, a button that prints the page.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field.matches && field.matches("[data-autosubmit]") && field.form) {
      field.form.submit();
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) {
      window.print();
    }
  });
})();
