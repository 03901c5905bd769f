// Atout.fold(text): a name as search compares it, so that what is typed finds what is written whatever the
// accents, umlauts and case: "Jürgen", "Juergen" and "jurgen" all fold to "jurgen"; "Grünwald" and
// "Gruenwald" to "grunwald"; "Weiß" and "Weiss" to "weiss"; "Hélène" to "helene". Both sides of a comparison
// are folded, so a transliteration inside a name ("Michael") folds the same way on both sides.
// Used by the check-in search (tournaments/checkin.js) and the entry form's player pick (tournaments/pick.js).
(function () {
  "use strict";
  var Atout = window.Atout = window.Atout || {};
  Atout.fold = function (text) {
    return String(text).toLowerCase()
      .replace(/ß/g, "ss")
      .replace(/ae/g, "a").replace(/oe/g, "o").replace(/ue/g, "u")
      .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/\s+/g, " ").trim();
  };
  // Every word of `query` appears in `text` (both folded): "han an" finds "Hansen, Anke".
  Atout.foldMatch = function (text, query) {
    var folded = Atout.fold(text);
    return Atout.fold(query).split(" ").filter(Boolean).every(function (word) {
      return folded.indexOf(word) !== -1;
    });
  };
}());
