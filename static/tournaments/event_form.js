// Event settings: the game length follows the chosen rule set until the organiser changes it, and the single
// rules show only the settings the chosen rule set uses (each wrapper's data-presets; a hidden one is not sent).
// The select carries each preset's own length (data-lengths); the hidden `length_of` names the preset whose
// length is shown, so the server also treats an untouched length as the preset's (see EventForm).
(function () {
  "use strict";
  var form = document.querySelector("form.event-form");
  if (!form) { return; }
  var preset = form.querySelector("select[name=rules_preset]");
  var length = form.querySelector("input[name=game_length]");
  var unit = form.querySelector("select[name=game_length_unit]");
  var lengthOf = form.querySelector("input[name=length_of]");
  var hint = document.getElementById("preset-length");
  if (!preset || !length || !unit || !lengthOf || !preset.dataset.lengths) { return; }
  var lengths = JSON.parse(preset.dataset.lengths);

  var previous = preset.value;

  function showSettings() {
    form.querySelectorAll("[data-presets]").forEach(function (wrapper) {
      var applies = wrapper.dataset.presets.split(" ").indexOf(preset.value) !== -1;
      wrapper.hidden = !applies;
      wrapper.querySelectorAll("input, select, textarea").forEach(function (input) {
        if (!applies) { input.dataset.offForPreset = "1"; input.disabled = true; }
        else if (input.dataset.offForPreset) { delete input.dataset.offForPreset; input.disabled = false; }
      });
    });
  }

  function isLength(own) {
    return !!own && String(own[0]) === length.value && own[1] === unit.value;
  }

  // Untouched: empty, the length the page filled in, or the previous rule set's own length.
  function untouched() {
    return length.value === "" || isLength(lengths[lengthOf.value]) || isLength(lengths[previous]);
  }

  function showHint() {
    var own = lengths[preset.value];
    if (!hint || !own) { return; }
    var text = own[1] === "deals" ? form.dataset.lengthDeals : form.dataset.lengthTarget;
    hint.textContent = text.replace("__N__", own[0]);
  }

  preset.addEventListener("change", function () {
    var own = lengths[preset.value];
    if (own && untouched() && !length.disabled) {
      length.value = own[0];
      unit.value = own[1];
      lengthOf.value = preset.value;
    }
    previous = preset.value;
    showHint();
    showSettings();
  });
  showHint();
  showSettings();
}());

// The per-round methods follow the number of rounds: the places of rounds the event does not have are hidden
// and disabled (a disabled select posts nothing), so a one-round event never carries "round 2: Swiss".
// Without the script the server drops such methods (EventForm.clean).
(function () {
  "use strict";
  var form = document.querySelector("form.event-form");
  if (!form) { return; }
  var rounds = form.querySelector("input[name=rounds]");
  var selects = Array.prototype.slice.call(form.querySelectorAll("select[name=pairing_methods]"));
  if (!rounds || !selects.length) { return; }
  var frozen = selects.map(function (select) { return select.disabled; });

  function follow() {
    var count = parseInt(rounds.value, 10);
    if (!(count >= 1)) { count = selects.length; }
    selects.forEach(function (select, index) {
      var beyond = index >= count;
      var place = select.closest(".pick-place") || select;
      place.hidden = beyond;
      select.disabled = beyond || frozen[index];
    });
  }

  rounds.addEventListener("input", follow);
  follow();
}());
