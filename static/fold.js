/* Atout.fold(text): a name or a search box's words folded as tournaments/names.py fold_name does, so that
 * the page's filter and the server agree (tests/tournaments/test_names.py runs both on one table of cases):
 * lower case; ä ö ü spelled out as ae oe ue, ß as ss, æ œ ø as ae oe oe (DIN 5007-2: "Jürgen" and "Juergen"
 * are "juergen", "Manuel" stays "manuel"); other accents dropped; punctuation inside a word dropped; one
 * space between words. The lists' data-search texts are folded on the server (names.search_text). */
(function () {
  "use strict";
  var Atout = window.Atout = window.Atout || {};
  var SPELLED_OUT = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "oe"};

  Atout.fold = function (text) {
    return String(text).normalize("NFC").toLowerCase()
      .replace(/[äöüßæœø]/g, function (c) { return SPELLED_OUT[c]; })
      .normalize("NFKD").replace(/\p{M}/gu, "")
      .split(/\s+/)
      .map(function (word) { return word.replace(/[^\p{L}\p{N}]/gu, ""); })
      .filter(Boolean)
      .join(" ");
  };
})();
