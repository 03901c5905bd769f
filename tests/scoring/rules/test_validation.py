"""Validation of a whole deal (scoring/rules/validation.py, spec §5): its shape, a passed-out deal, the
announcements a rule set allows."""

import pytest

from tests.scoring.rules.validation_helpers import deal, game, only_error, where


@pytest.mark.parametrize(
    ("rules", "bad", "expected"),
    [
        ("hoheluft", deal(colour="red"), ("deal", "unknown_field")),
        ("hoheluft", {"tricks": {"A": 92, "B": 70}}, ("contract", "contract_missing")),
        ("hoheluft", {"contract": "A hearts"}, ("contract", "contract_not_object")),
        ("hoheluft", ["not", "a", "deal"], ("deal", "deal_not_object")),
    ],
)
def test_deal_shape(rules, bad, expected):
    assert where(game(rules, bad)) == expected


def test_announcements_must_be_allowed():
    tierce = {"A": [{"type": "tierce", "suit": "clubs", "high": "A"}]}
    error = only_error(game("hoheluft", deal(declarations=tierce)))
    assert (error["field"], error["code"]) == ("declarations", "declarations_not_allowed")
    assert error["message"] == (
        "Deal 1: “Hoheluft tournament rules” is played here with belote only: "
        "no other announcements count; remove them."
    )
    assert where(game("belot", deal(trump="no_trump", a=80, b=50, declarations=tierce))) == (
        "declarations",
        "declarations_no_trump",
    )
    assert game("hoheluft", deal(declarations={"A": [], "B": []}))["valid"]  # empty lists are no announcements


def test_passed_out_deal():
    result = game("hoheluft", {"contract": None})
    assert result["deals"] == [
        {"outcome": "passed", "score": {"A": 0, "B": 0}, "held": 0, "collected": None, "errors": []}
    ]
    assert game("hoheluft", {"contract": None, "tricks": None, "belote": [], "eldest": "A"})["valid"]
    assert game("classic", {"contract": None, "declarations": {"A": [], "B": None}})["valid"]
    assert where(game("classic", {"contract": None, "declarations": {"A": [{"type": "carre", "rank": "J"}]}})) == (
        "declarations",
        "passed_with_play",
    )
    assert where(game("hoheluft", {"contract": None, "tricks": {"A": 92, "B": 70}})) == ("tricks", "passed_with_play")
