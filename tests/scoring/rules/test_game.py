"""The game result of spec §6: exact shape, stop at the first invalid deal, translated messages; the end of
a game (§5.8) and the game object."""

import json

import pytest

from scoring.rules import MESSAGES, check_game, score_game
from scoring.rules.rendering import Problem, render
from tests.scoring.rules.validation_helpers import deal, game, only_error

MADE = {
    "contract": {"taker": "A", "trump": "hearts"},
    "tricks": {"A": 92, "B": 70},
    "last_trick": "A",
    "capot": None,
    "belote": ["A"],
    "eldest": "B",
}
BAD_SUM = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}}


def test_result_shape_of_the_spec():
    result = score_game({"rules": "hoheluft", "options": {"deals": 4}, "deals": [MADE]})
    assert result == {
        "valid": True,
        "deals": [{"outcome": "made", "score": {"A": 112, "B": 70}, "held": 0, "collected": None, "errors": []}],
        "totals": {"A": 112, "B": 70},
        "held": 0,
        "finished": False,
        "winner": None,
        "errors": [],
    }
    json.dumps(result)


def test_spec_example_deal_in_coinche():
    spec_deal = {
        "contract": {"taker": "A", "trump": "hearts", "bid": 100, "multiplier": 1},
        "tricks": {"A": 92, "B": 70},
        "last_trick": "A",
        "capot": None,
        "belote": ["A"],
        "declarations": {
            "A": [{"type": "tierce", "suit": "spades", "high": "K"}],
            "B": [{"type": "carre", "rank": "J"}],
        },
        "eldest": "B",
    }
    # As printed in §6 the example breaks the deck: the tierce J-Q-K of spades and the carré of jacks both
    # need the J of spades.
    [error] = score_game({"rules": "coinche", "deals": [spec_deal]})["errors"]
    assert (error["code"], error["field"]) == ("card_twice", "declarations.B.0")
    assert "J♠" in error["message"]
    # With the tierce one card lower (8-9-10 of spades) it scores. B's carré of jacks (200)
    # beats the tierce: T = 92 + 20 belote = 112 ≥ 100, but D = 70 + 200 = 270: failed. Defenders:
    # 160 + 100 + 200; the taker keeps its belote.
    spec_deal["declarations"]["A"][0]["high"] = "10"
    result = score_game({"rules": "coinche", "deals": [spec_deal]})
    assert result["deals"][0]["score"] == {"A": 20, "B": 460}


def test_scoring_stops_at_the_first_invalid_deal():
    litige = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 81, "B": 81}}
    result = score_game({"rules": "hoheluft", "deals": [MADE, litige, BAD_SUM, MADE]})
    assert result["valid"] is False
    assert len(result["deals"]) == 3
    assert result["deals"][2] == {
        "outcome": None,
        "score": None,
        "held": None,
        "collected": None,
        "errors": [
            {
                "deal": 2,
                "field": "tricks",
                "code": "sum_mismatch",
                "message": "Deal 3: Trick points must add up to 162; got 92 + 72 = 164.",
            }
        ],
    }
    assert result["errors"] == result["deals"][2]["errors"]
    # Totals, held, finished and winner are those of the valid deals before it.
    assert result["totals"] == {"A": 112, "B": 151}
    assert result["held"] == 81
    assert (result["finished"], result["winner"]) == (False, None)


def test_several_errors_of_one_deal_are_all_reported():
    bad = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}, "belote": ["A", "B"]}
    result = score_game({"rules": "hoheluft", "deals": [bad]})
    assert [(e["field"], e["code"]) for e in result["errors"]] == [
        ("tricks", "sum_mismatch"),
        ("belote", "belote_count_suit"),
    ]


def test_error_objects_have_exactly_the_spec_keys():
    for sheet in ({"rules": "nope", "deals": []}, {"rules": "hoheluft", "deals": [BAD_SUM]}, 42):
        for error in score_game(sheet)["errors"]:
            assert set(error) == {"deal", "field", "code", "message"}
            assert isinstance(error["message"], str) and error["message"]


def test_translate_hook():
    german = {MESSAGES["sum_mismatch"]: "Die Stichpunkte müssen {total} ergeben; erhalten {a} + {b} = {sum}."}
    result = score_game({"rules": "hoheluft", "deals": [BAD_SUM]}, translate=lambda s: german.get(s, s))
    assert result["errors"][0]["message"] == "Deal 1: Die Stichpunkte müssen 162 ergeben; erhalten 92 + 72 = 164."
    assert result["deals"][0]["errors"][0]["message"] == result["errors"][0]["message"]


def test_broken_translations_fall_back_to_english():
    def raising(_):
        raise RuntimeError("catalogue broken")

    for translate in (lambda s: "{missing} placeholder", raising, lambda s: None):
        result = score_game({"rules": "hoheluft", "deals": [BAD_SUM]}, translate=translate)
        assert result["errors"][0]["message"] == "Deal 1: Trick points must add up to 162; got 92 + 72 = 164."


def test_check_game_gives_codes_and_params():
    result = check_game({"rules": "hoheluft", "deals": [BAD_SUM]})
    assert result["errors"] == [Problem(2 - 2, "tricks", "sum_mismatch", {"total": 162, "a": 92, "b": 72, "sum": 164})]
    assert render(result["errors"][0])["message"] == "Deal 1: Trick points must add up to 162; got 92 + 72 = 164."


def test_every_message_template_formats_with_its_codes_params():
    # Each template only uses named placeholders; a translation catalogue keeps them.
    import string

    for code, template in MESSAGES.items():
        for text in template[:2] if isinstance(template, tuple) else (template,):
            names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
            assert all(name.isidentifier() for name in names), code


def test_deep_junk_does_not_raise():
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    result = score_game({"rules": "hoheluft", "deals": [nested]})
    assert result["valid"] is False
    deep: dict = {}
    node = deep
    for _ in range(5000):
        node["options"] = {}
        node = node["options"]
    assert score_game({"rules": "hoheluft", "options": deep, "deals": []})["valid"] is False


def test_the_input_is_not_modified():
    sheet = {"rules": "hoheluft", "options": {"deals": 2}, "deals": [dict(MADE)]}
    before = json.dumps(sheet, sort_keys=True)
    score_game(sheet)
    assert json.dumps(sheet, sort_keys=True) == before


# --- the end of the game (§5.8) and the game object -----------------------------------------------------


def test_passed_deals_do_not_count_towards_the_deal_limit():
    deals = [{"contract": None}, deal(), {"contract": None}, deal()]
    result = game("hoheluft", *deals, deals=2)
    assert result["valid"] and result["finished"]
    assert result["totals"] == {"A": 184, "B": 140}


def test_no_deal_after_the_game_ended():
    result = game("hoheluft", deal(), deal(), deal(), deals=2)
    error = only_error(result)
    assert error == {
        "deal": 2,
        "field": "deals",
        "code": "game_over",
        "message": "Deal 3: The game already ended after deal 2; no further deal can be scored.",
    }
    assert result["finished"] is True and result["totals"] == {"A": 184, "B": 140}
    assert game("hoheluft", deal(), deal(), {"contract": None}, deals=2)["errors"][0]["code"] == "game_over"


# --- the game object -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sheet", "expected"),
    [
        ([], [("game", "game_not_object")]),
        ("hoheluft", [("game", "game_not_object")]),
        (None, [("game", "game_not_object")]),
        ({"rules": "hoheluft"}, [("deals", "deals_not_list")]),
        ({"rules": "hoheluft", "deals": {}}, [("deals", "deals_not_list")]),
        ({"rules": "skat", "deals": []}, [("rules", "unknown_rules")]),
        ({"rules": "hoheluft", "deals": [], "round": 1}, [("game", "unknown_field")]),
        ({"rules": "hoheluft", "options": {"deals": "12"}, "deals": []}, [("options.deals", "setting_not_integer")]),
    ],
)
def test_game_shape(sheet, expected):
    result = score_game(sheet)
    assert result["valid"] is False
    assert [(e["field"], e["code"]) for e in result["errors"]] == expected
    assert all(e["deal"] is None for e in result["errors"])
    assert result["deals"] == []
    assert result["totals"] == {"A": 0, "B": 0}


def test_options_may_be_missing_or_null():
    assert score_game({"rules": "hoheluft", "deals": []})["valid"]
    assert score_game({"rules": "hoheluft", "options": None, "deals": []})["valid"]
