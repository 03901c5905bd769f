/* Atout.fold(text): a name or a search box's words folded as tournaments/names.py fold_name does, so that
 * the page's filter and the server agree (tests/tournaments/test_names.py runs both on one table of cases):
 * lower case; ä ö ü spelled out as ae oe ue, ß as ss, æ œ ø as ae oe oe (DIN 5007-2: "Jürgen" and "Juergen"
 * are "juergen", "Manuel" stays "manuel"); other accents dropped; punctuation inside a word dropped; one
 * space between words. The lists' data-search texts are folded on the server (names.search_text).
 * Atout.searchText(text) is what names.search_text makes of a name in the page (the folded name, and once more
 * with the umlauts as plain letters, so "Jurgen" finds Jürgen too); Atout.foldMatch(text, query) is true when
 * every word of the query is in it: the check-in search and the entry form's player pick (tournaments/pick.js). */
(function () {
  "use strict";
  var Atout = window.Atout = window.Atout || {};
  var SPELLED_OUT = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "oe"};
  var PLAIN = {"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o"};

  function fold(text, table) {
    return String(text).normalize("NFC").toLowerCase()
      .replace(/[äöüßæœø]/g, function (c) { return table[c]; })
      .normalize("NFKD").replace(/\p{M}/gu, "")
      .split(/\s+/)
      .map(function (word) { return word.replace(/[^\p{L}\p{N}]/gu, ""); })
      .filter(Boolean)
      .join(" ");
  }

  Atout.fold = function (text) { return fold(text, SPELLED_OUT); };

  Atout.searchText = function (text) {
    var folded = fold(text, SPELLED_OUT), plain = fold(text, PLAIN);
    return plain === folded ? folded : folded + " " + plain;
  };

  Atout.foldMatch = function (text, query) {
    var haystack = Atout.searchText(text);
    return Atout.fold(query).split(" ").filter(Boolean).every(function (word) {
      return haystack.indexOf(word) !== -1;
    });
  };
})();
