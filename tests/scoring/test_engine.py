"""At the table the engine's teams A and B read as the seats (N/S, E/W; O/W in German), in every part of a
message, the numbers included."""

import re

import pytest
from django.utils import translation

from scoring.engine import sheet_score
from tournaments.models import Event

HOHELUFT = Event(rules_preset="hoheluft", rules_options={})


def capot_message(capot: str, tricks: dict, language: str) -> str:
    deal = {"contract": {"taker": capot, "trump": "hearts"}, "capot": capot, "tricks": tricks}
    with translation.override(language):
        (error,) = sheet_score(event=HOHELUFT, deals=[deal])["errors"]
    return error["message"]


@pytest.mark.parametrize(
    "capot,tricks,language,expected",
    [
        ("A", {"A": 152, "B": 10}, "en", "and team E/W 0; got N/S 152, E/W 10."),
        ("B", {"A": 10, "B": 152}, "en", "and team N/S 0; got E/W 152, N/S 10."),
        ("B", {"A": 10, "B": 152}, "de", "und Team N/S 0; angegeben: O/W 152, N/S 10."),
        ("A", {"A": 152, "B": 10}, "fr", "0 à l'équipe E/O\xa0; reçu\xa0: N/S 152, E/O 10."),
    ],
)
def test_a_wrong_capot_names_each_teams_points_by_its_seats(capot, tricks, language, expected):
    message = capot_message(capot, tricks, language)
    assert message.endswith(expected), message
    assert not re.search(r"\b[AB] \d|[Tt]eam [AB]\b|équipe [AB]\b", message), message


@pytest.mark.parametrize(
    "capot,last_trick,language,expected",
    [
        ("A", "B", "en", "Team N/S made capot, so it also took the last trick, not team E/W."),
        ("B", "A", "de", "Team O/W hat Capot gemacht, also auch den letzten Stich, nicht Team N/S."),
    ],
)
def test_a_capot_with_the_other_teams_last_trick_names_both_by_their_seats(capot, last_trick, language, expected):
    deal = {"contract": {"taker": capot, "trump": "hearts"}, "capot": capot, "last_trick": last_trick}
    with translation.override(language):
        (error,) = sheet_score(event=HOHELUFT, deals=[deal])["errors"]
    assert error["message"].endswith(expected), error["message"]


@pytest.mark.parametrize(
    "language,expected",
    [
        ("en", 'Deal 1: The capot team must be N/S or E/W; got "N/S".'),
        ("de", "muss N/S oder O/W sein"),
        ("fr", "doit être N/S ou E/O"),
    ],
)
def test_a_team_named_wrongly_is_refused_in_the_seats_names(language, expected):
    """Issue 19: "The capot team must be team A or B; got "N/S"" on the seat-named path."""
    deal = {"contract": {"taker": "A", "trump": "hearts"}, "capot": "N/S"}
    with translation.override(language):
        (error,) = sheet_score(event=HOHELUFT, deals=[deal])["errors"]
    assert error["code"] == "team_invalid" and expected in error["message"], error["message"]
    assert not re.search(r"[Tt]eam [AB]\b|équipe [AB]\b|\bA (or|oder|ou) B\b", error["message"])


@pytest.mark.parametrize("field", [{"tricks": {"A": 80, "B": 82}}, {"belote": ["A"]}])
@pytest.mark.parametrize(
    "language,wrong,said",
    [
        ("en", "remove it", "clear the field or enter the contract"),
        ("de", "entfernen Sie sie", "leeren Sie das Feld oder geben Sie den Kontrakt ein"),
        ("fr", "retirez-le", "videz ce champ ou saisissez le contrat"),
    ],
)
def test_a_passed_deal_with_play_says_what_to_do_without_a_pronoun(field, language, wrong, said):
    """Issue 19: "remove it" / "retirez-le" stood for plural or feminine fields ("points de plis", "belote")."""
    with translation.override(language):
        (error,) = sheet_score(event=HOHELUFT, deals=[{"contract": None, **field}])["errors"]
    assert error["code"] == "passed_with_play"
    assert said in error["message"] and wrong not in error["message"], error["message"]


CLASSIC = Event(rules_preset="classic", rules_options={})


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_wrong_rank_lists_the_values_the_field_takes_not_the_readers_letters(language):
    """Issue 19: "… (7, 8, 9, 10, B, D, K oder A); angegeben: "B"" listed the German letters, then refused one."""
    deal = {
        "contract": {"taker": "A", "trump": "hearts"},
        "tricks": {"A": 80, "B": 82},
        "declarations": {"A": [{"type": "carre", "rank": "B"}, {"type": "tierce", "suit": "clubs", "high": "V"}]},
    }
    with translation.override(language):
        carre, tierce = sheet_score(event=CLASSIC, deals=[deal])["errors"]
    for error, given in ((carre, '"B"'), (tierce, '"V"')):
        listed = error["message"][error["message"].index("(") : error["message"].index(")")]
        assert '"J"' in listed and '"Q"' in listed and given not in listed, error["message"]


@pytest.mark.parametrize(
    "language,expected",
    [
        ("en", 'use "taker", "trump", "bid" or "multiplier".'),
        ("de", 'verwenden Sie "taker", "trump", "bid" oder "multiplier".'),
        ("fr", 'utilisez "taker", "trump", "bid" ou "multiplier".'),
    ],
)
def test_an_unknown_field_lists_the_keys_to_send_quoted_not_as_words(language, expected):
    """Issue 19: the unknown-field message listed bare JSON names ("the fields are taker, trump, ...") inside a
    German or French sentence; they are keys to send, so they are quoted and joined in the reader's words."""
    deal = {"contract": {"taker": "A", "trump": "hearts", "colour": 1}, "tricks": {"A": 80, "B": 82}}
    with translation.override(language):
        (error,) = sheet_score(event=CLASSIC, deals=[deal])["errors"]
    assert error["code"] == "unknown_field" and error["message"].endswith(expected), error["message"]
