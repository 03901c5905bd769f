"""Announcements read from a deal (scoring/rules/announcements.py, spec §3 and §5.1, §5.6): the kinds,
suits, ranks and lengths an announcement may have, each with the field, code and message it gives."""

import pytest

from tests.scoring.rules.validation_helpers import deal, game, only_error, where


@pytest.mark.parametrize(
    ("rules", "bad", "expected"),
    [
        (
            "classic",
            deal(declarations={"A": [{"type": "sixte", "suit": "clubs", "high": "A"}]}),
            ("declarations.A.0.type", "declaration_type"),
        ),
        (
            "classic",
            deal(declarations={"A": [{"type": "tierce", "suit": "stars", "high": "A"}]}),
            ("declarations.A.0.suit", "declaration_suit"),
        ),
        (
            "classic",
            deal(declarations={"A": [{"type": "tierce", "suit": "clubs", "high": "B"}]}),
            ("declarations.A.0.high", "declaration_high"),
        ),
        (
            "classic",
            deal(declarations={"B": [{"type": "carre", "rank": "X"}]}),
            ("declarations.B.0.rank", "carre_rank_invalid"),
        ),
        ("classic", deal(declarations={"C": []}), ("declarations", "unknown_field")),
    ],
)
def test_announcement_allowed_sets(rules, bad, expected):
    assert where(game(rules, bad)) == expected


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ({"type": "tierce", "suit": "clubs", "high": "8"}, ("declarations.A.0.high", "declaration_run_too_low")),
        (
            {"type": "quinte", "suit": "clubs", "high": "A", "length": 9},
            ("declarations.A.0.length", "declaration_length"),
        ),
        (
            {"type": "tierce", "suit": "clubs", "high": "A", "length": 4},
            ("declarations.A.0.length", "declaration_length"),
        ),
        ({"type": "carre", "rank": "8"}, ("declarations.A.0.rank", "carre_not_announcement")),
        ({"type": "carre", "rank": "J", "suit": "clubs"}, ("declarations.A.0", "unknown_field")),
        ("tierce", ("declarations.A.0", "declaration_not_object")),
    ],
)
def test_announcement_shapes(item, expected):
    assert where(game("classic", deal(declarations={"A": [item]}))) == expected


def test_carre_of_sevens_message():
    error = only_error(game("classic", deal(declarations={"A": [{"type": "carre", "rank": "7"}]})))
    assert error["message"] == "Deal 1: Four 7s are not an announcement: carrés of eights and sevens do not count."


def test_run_too_low_message():
    error = only_error(game("classic", deal(declarations={"A": [{"type": "quarte", "suit": "clubs", "high": "9"}]})))
    assert error["message"] == "Deal 1: A run of 4 cards in the order 7 8 9 10 J Q K A ends at 10 or higher; got 9."
