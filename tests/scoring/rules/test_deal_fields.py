"""The checks of one deal's fields (scoring/rules/deal_fields.py, spec §5): teams, trumps, bids and multipliers,
trick points, capot, belotes; each with the field, code and message it gives."""

import pytest

from tests.scoring.rules.validation_helpers import deal, game, only_error, where

# --- 1. allowed sets -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "bad", "expected"),
    [
        ("hoheluft", deal(taker="C"), ("contract.taker", "team_invalid")),
        ("hoheluft", deal(taker=None), ("contract.taker", "team_invalid")),
        ("hoheluft", deal(trump="no_trump"), ("contract.trump", "trump_invalid")),
        ("hoheluft", deal(trump="Hearts"), ("contract.trump", "trump_invalid")),
        ("hoheluft", deal(bid=80), ("contract.bid", "bid_not_allowed")),
        ("hoheluft", deal(multiplier=2), ("contract.multiplier", "multiplier_invalid")),
        ("belot", deal(multiplier=3), ("contract.multiplier", "multiplier_invalid")),
        ("belot", deal(bid=100), ("contract.bid", "bid_not_allowed")),
        ("hoheluft", deal(last_trick="C"), ("last_trick", "team_invalid")),
        ("hoheluft", deal(eldest=1), ("eldest", "team_invalid")),
        ("hoheluft", deal(capot="both"), ("capot", "team_invalid")),
        ("hoheluft", deal(belote=["C"]), ("belote.0", "belote_entry_invalid")),
        ("hoheluft", deal(belote="A"), ("belote", "belote_not_list")),
        (
            "hoheluft",
            {"contract": {"taker": "A", "trump": "hearts", "who": 1}, "tricks": {"A": 92, "B": 70}},
            ("contract", "unknown_field"),
        ),
    ],
)
def test_allowed_sets(rules, bad, expected):
    assert where(game(rules, bad)) == expected


def test_taker_message():
    error = only_error(game("hoheluft", deal(taker="C")))
    assert error == {
        "deal": 0,
        "field": "contract.taker",
        "code": "team_invalid",
        "message": 'Deal 1: The taker must be A or B; got "C".',
    }


def test_trump_message_lists_the_rule_sets_trumps():
    error = only_error(game("hoheluft", deal(trump="all_trump")))
    assert error["message"] == (
        'Deal 1: In “Hoheluft tournament rules” the trump is one of ♣, ♦, ♥ or ♠; got "all_trump".'
    )


# --- 2. trick points: integers ≥ 0 adding up to the deal total -----------------------------------------


@pytest.mark.parametrize("bad", ["92", 92.0, -1, True, None, [92]])
def test_trick_points_are_whole_numbers(bad):
    assert where(game("hoheluft", deal(a=bad, b=70))) == ("tricks.A", "tricks_not_integer")


def test_sum_mismatch_message_of_the_spec():
    error = only_error(game("hoheluft", deal(a=92, b=72)))
    assert error == {
        "deal": 0,
        "field": "tricks",
        "code": "sum_mismatch",
        "message": "Deal 1: Trick points must add up to 162; got 92 + 72 = 164.",
    }


@pytest.mark.parametrize(
    ("rules", "trump", "a", "b", "total"),
    [
        ("belot", "no_trump", 100, 62, 130),  # belot no-trumps are entered raw
        ("belot", "all_trump", 100, 62, 258),
        ("coinche", "all_trump", 100, 72, 162),
    ],
)
def test_deal_total_depends_on_contract(rules, trump, a, b, total):
    bid = {"bid": 80} if rules == "coinche" else {}
    error = only_error(game(rules, deal(trump=trump, a=a, b=b, **bid)))
    assert error["code"] == "sum_mismatch"
    assert error["message"] == f"Deal 1: Trick points must add up to {total}; got {a} + {b} = {a + b}."


def test_tricks_shape():
    assert where(game("hoheluft", {"contract": {"taker": "A", "trump": "hearts"}, "tricks": [92, 70]})) == (
        "tricks",
        "tricks_not_object",
    )
    assert where(
        game("hoheluft", {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70, "C": 0}})
    ) == ("tricks", "unknown_field")
    assert where(game("hoheluft", {"contract": {"taker": "A", "trump": "hearts"}})) == ("tricks", "tricks_missing")


# --- 3. reachable totals and the last trick -------------------------------------------------------------


def test_unreachable_totals_name_the_team():
    error = only_error(game("hoheluft", deal(a=161, b=1)))
    assert (error["field"], error["code"]) == ("tricks.B", "unreachable")
    assert error["message"] == (
        "Deal 1: Team B cannot have 1 trick point: no set of whole tricks, with or without the 10 for the last "
        "trick, is worth exactly 1."
    )
    assert where(game("belot", deal(trump="all_trump", a=5, b=253))) == ("tricks.A", "unreachable")
    assert where(game("belot", deal(trump="no_trump", a=129, b=1))) == ("tricks.B", "unreachable")


def test_reachable_edge_totals_are_accepted():
    assert game("hoheluft", deal(a=162, b=0))["valid"]  # zero-point tricks, no capot
    assert game("hoheluft", deal(a=2, b=160))["valid"]  # a plain jack and three zero cards
    assert game("coinche", deal(trump="all_trump", a=1, b=161, bid=80))["valid"]  # Q = 1 in all-trumps
    assert game("belot", deal(trump="all_trump", a=3, b=255))["valid"]


def test_last_trick_needs_ten_and_reachable_card_points():
    error = only_error(game("hoheluft", deal(a=11, b=151, last_trick="A")))
    assert (error["field"], error["code"]) == ("tricks.A", "last_trick_unreachable")
    assert error["message"] == (
        "Deal 1: Team A took the last trick: its 11 trick points leave 1 card point, and no set of whole tricks "
        "is worth 1."
    )
    error = only_error(game("hoheluft", deal(a=157, b=5, last_trick="B")))
    assert (error["field"], error["code"]) == ("tricks.B", "last_trick_below_ten")
    assert (
        error["message"] == "Deal 1: Team B took the last trick, worth 10, so it has at least 10 trick points; got 5."
    )
    # 0 points with the last trick is impossible even though 162-0 is fine without it.
    assert where(game("hoheluft", deal(a=162, b=0, last_trick="B"))) == ("tricks.B", "last_trick_below_ten")
    assert game("hoheluft", deal(a=12, b=150, last_trick="A"))["valid"]  # 2 card points: a plain jack
    assert game("hoheluft", deal(a=162, b=0, last_trick="A"))["valid"]


# --- 4. capot -----------------------------------------------------------------------------------------


def test_capot_tricks_may_be_omitted_or_given_in_full():
    omitted = {"contract": {"taker": "A", "trump": "hearts"}, "capot": "A"}
    assert game("hoheluft", omitted)["deals"][0]["score"] == {"A": 252, "B": 0}
    counted = {**omitted, "tricks": {"A": 162, "B": 0}}  # as counted at the table
    assert game("hoheluft", counted)["deals"][0]["score"] == {"A": 252, "B": 0}
    written = {**omitted, "tricks": {"A": 252, "B": 0}}
    assert game("hoheluft", written)["deals"][0]["score"] == {"A": 252, "B": 0}


def test_capot_tricks_must_give_everything_to_the_capot_team():
    bad = {"contract": {"taker": "A", "trump": "hearts"}, "capot": "A", "tricks": {"A": 152, "B": 10}}
    error = only_error(game("hoheluft", bad))
    assert (error["field"], error["code"]) == ("tricks", "capot_tricks")
    assert error["message"] == (
        "Deal 1: A capot gives team A all the trick points (162 as counted, or 252 as written) and team B 0; "
        "got A 152, B 10."
    )


def test_capot_last_trick_names_the_capot_team():
    bad = {"contract": {"taker": "A", "trump": "hearts"}, "capot": "B", "last_trick": "A"}
    error = only_error(game("hoheluft", bad))
    assert (error["field"], error["code"]) == ("last_trick", "capot_last_trick")
    assert error["message"] == "Deal 1: Team B made capot, so it also took the last trick, not team A."


# --- 5. belote count fits the contract ------------------------------------------------------------------


def test_belote_counts():
    assert where(game("hoheluft", deal(belote=["A", "B"]))) == ("belote", "belote_count_suit")
    five = [{"team": "A", "suit": s} for s in ("clubs", "diamonds", "hearts", "spades")] + ["B"]
    assert where(game("coinche", deal(trump="all_trump", a=100, b=62, bid=80, belote=five))) == (
        "belote",
        "belote_count_all_trump",
    )
    assert where(game("coinche", deal(trump="no_trump", a=100, b=62, bid=80, belote=["A"]))) == (
        "belote",
        "belote_no_trump",
    )
    assert where(game("hoheluft", deal(belote=[{"team": "A", "suit": "clubs"}]))) == (
        "belote.0.suit",
        "belote_suit_mismatch",
    )
    twice = [{"team": "A", "suit": "clubs"}, {"team": "B", "suit": "clubs"}]
    assert where(game("coinche", deal(trump="all_trump", a=100, b=62, bid=80, belote=twice))) == (
        "belote.1",
        "belote_suit_twice",
    )
    assert where(game("hoheluft", deal(belote=["A"]), announcements="none")) == ("belote", "belote_not_allowed")


def test_belote_long_form_is_accepted():
    result = game("hoheluft", deal(belote=[{"team": "A", "suit": "hearts"}]))
    assert result["deals"][0]["score"] == {"A": 112, "B": 70}
    four = [{"team": t, "suit": s} for t, s in (("A", "clubs"), ("A", "hearts"), ("B", "spades"), ("B", None))]
    assert game("coinche", deal(trump="all_trump", a=100, b=62, bid=80, belote=four))["valid"]


# --- 7. coinche bids and multipliers --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract_extra", "options", "expected"),
    [
        ({}, {}, ("contract.bid", "bid_missing")),
        ({"multiplier": 2}, {}, ("contract.bid", "bid_missing")),  # 2 only after a bid
        ({"bid": 85}, {}, ("contract.bid", "bid_invalid")),
        ({"bid": 70}, {}, ("contract.bid", "bid_invalid")),
        ({"bid": 170}, {}, ("contract.bid", "bid_invalid")),
        ({"bid": "100"}, {}, ("contract.bid", "bid_invalid")),
        ({"bid": 130}, {"bid_max": 120}, ("contract.bid", "bid_invalid")),
        ({"bid": 100, "multiplier": 4}, {"multipliers": [1, 2]}, ("contract.multiplier", "multiplier_invalid")),
        ({"bid": 100, "multiplier": 3}, {}, ("contract.multiplier", "multiplier_invalid")),
    ],
)
def test_coinche_bids(contract_extra, options, expected):
    assert where(game("coinche", deal(**contract_extra), **options)) == expected


def test_bid_messages():
    error = only_error(game("coinche", deal(bid=85)))
    assert error["message"] == "Deal 1: The bid is 80 to 160 in steps of 10, or capot; got 85."
    error = only_error(game("hoheluft", deal(bid=80)))
    assert error["message"] == (
        "Deal 1: Only coinche has bids; “Hoheluft tournament rules” has none, so remove the bid 80."
    )


def test_missing_multiplier_is_one():
    result = game("coinche", deal(bid=80, a=100, b=62))
    assert result["deals"][0]["score"] == {"A": 180, "B": 62}
