"""The draw edge (tournaments/draws/, its words in tournaments/labels.py) and the pairing core agree: message
tables keyed by the core's codes, event settings reaching the generator's options through one mapping. No
database needed."""

import re
from collections import Counter

import pytest
from django.utils import translation

from tournaments import labels
from tournaments.draws import OPTIONS_TO_CONFIG_MAPPING, DrawInputs, DrawManager
from tournaments.labels import DRAW_ERROR_MESSAGES, FLAG_LABELS, draw_error, flag_label
from tournaments.models import Event
from tournaments.pairing import FLAG_CODES, METHODS, OPTION_RULES, USER_ERROR_CODES, DrawUserError, History


def _core_placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", text))


def _edge_placeholders(text) -> set[str]:
    return set(re.findall(r"%\((\w+)\)s", str(text)))


def test_error_messages_translate_exactly_the_cores_user_error_codes():
    assert set(labels._DRAW_ERROR_MESSAGES) == set(USER_ERROR_CODES)
    assert list(DRAW_ERROR_MESSAGES) == list(USER_ERROR_CODES)


def test_flag_labels_translate_exactly_the_cores_flag_codes():
    assert set(labels._FLAG_LABELS) == set(FLAG_CODES)
    assert list(FLAG_LABELS) == list(FLAG_CODES)


@pytest.mark.parametrize("code", sorted(USER_ERROR_CODES))
def test_each_error_message_uses_only_the_numbers_the_core_gives(code):
    core = _core_placeholders(USER_ERROR_CODES[code])
    for language in ("en", "de", "fr"):
        with translation.override(language):
            assert _edge_placeholders(DRAW_ERROR_MESSAGES[code]) <= core, (code, language)


@pytest.mark.parametrize("code", sorted(USER_ERROR_CODES))
def test_every_core_error_becomes_a_translated_sentence_with_start_numbers(code):
    params = {name: 7 for name in _core_placeholders(USER_ERROR_CODES[code])}
    with translation.override("de"):
        error = draw_error(DrawUserError(code, **params), numbers={7: 3})
    assert error.code == code and "%(" not in str(error.message) and "{" not in str(error.message)
    if {"entrant", "other"} & set(params) and {"entrant", "other"} & _edge_placeholders(DRAW_ERROR_MESSAGES[code]):
        assert "3" in str(error.message)


def test_every_flag_has_a_german_label():
    with translation.override("de"):
        for code in FLAG_CODES:
            assert flag_label(code) != code and flag_label(code) != FLAG_CODES[code]


def test_the_mapping_names_only_options_the_core_knows():
    assert set(OPTIONS_TO_CONFIG_MAPPING) <= set(OPTION_RULES)
    for method, generator in METHODS.items():
        assert set(generator.DEFAULT_OPTIONS) <= set(OPTION_RULES), method


def _manager(numbers: dict[int, int]) -> DrawManager:
    manager = DrawManager(Event(team_mode=Event.TeamMode.PAIRS), 2)
    entries = {entry_id: {"id": entry_id, "number": number} for entry_id, number in numbers.items()}
    manager.inputs = DrawInputs(entries, {}, [], History(), Counter(), {})
    return manager


def test_options_pass_only_what_the_method_knows_through_the_mapping():
    manager = _manager({10: 3, 11: 1, 12: 2})
    assert manager.options("round_robin") == {"order": [11, 12, 10]}  # by start number
    assert manager.options("swiss") == {}
    assert manager.options("melee") == {}
    assert manager.options("no_such_method") == {}


def test_a_setting_added_to_the_mapping_reaches_the_methods_that_know_it(monkeypatch):
    monkeypatch.setitem(OPTIONS_TO_CONFIG_MAPPING, "avoid_same_club", lambda manager: False)
    manager = _manager({10: 1})
    assert manager.options("swiss") == {"avoid_same_club": False}
    assert manager.options("random") == {"avoid_same_club": False}
    assert manager.options("round_robin") == {"order": [10]}
