"""Announcements and belotes against one deck (scoring/rules/deck.py, spec §3 and §5.6): a card in two
announcements, a belote's card in the other team's, two hands of eight; each named by its card."""

from tests.scoring.rules.validation_helpers import deal, game, only_error


def test_card_in_two_announcements_is_named():
    both = {"A": [{"type": "tierce", "suit": "spades", "high": "K"}], "B": [{"type": "carre", "rank": "Q"}]}
    error = only_error(game("classic", deal(declarations=both)))
    assert (error["field"], error["code"]) == ("declarations.B.0", "card_twice")
    assert error["message"] == "Deal 1: Q♠ cannot be in two announcements: team A's tierce K♠ and team B's carré Q."


def test_belote_card_in_the_other_teams_announcement():
    runs = {"B": [{"type": "quarte", "suit": "hearts", "high": "A"}]}  # J Q K A of hearts
    error = only_error(game("classic", deal(belote=["A"], declarations=runs)))
    assert (error["field"], error["code"]) == ("belote.0", "belote_card_conflict")
    assert error["message"] == "Deal 1: Team A's belote needs K♥, but K♥ is in team B's quarte A♥."
    # The same team's run may hold the belote's K and Q.
    assert game("classic", deal(belote=["B"], declarations=runs))["valid"]


def test_all_trump_short_belote_finds_a_free_suit():
    carres = {"B": [{"type": "carre", "rank": "K"}]}
    # Every king is team B's: a team A belote cannot exist in any suit.
    error = only_error(game("coinche", deal(trump="all_trump", a=100, b=62, bid=80, belote=["A"], declarations=carres)))
    assert error["code"] == "belote_card_conflict"
    assert game("coinche", deal(trump="all_trump", a=100, b=62, bid=80, belote=["B"], declarations=carres))["valid"]


def test_announcements_must_fit_two_hands_of_eight():
    runs = {
        "A": [{"type": "quinte", "suit": s, "high": "A", "length": 6} for s in ("clubs", "hearts")]
        + [{"type": "tierce", "suit": "spades", "high": "A"}]
    }
    error = only_error(game("classic", deal(declarations=runs)))
    assert (error["field"], error["code"]) == ("declarations.A", "hand_overflow")
    assert error["message"] == (
        "Deal 1: Team A's announcements and belotes use 15 cards that cannot be split between two hands of 8 cards."
    )
    # 6 + 8 cards split fine.
    fits = {
        "A": [
            {"type": "quinte", "suit": "clubs", "high": "A", "length": 8},
            {"type": "quinte", "suit": "hearts", "high": "A", "length": 6},
        ]
    }
    assert game("classic", deal(declarations=fits))["valid"]
