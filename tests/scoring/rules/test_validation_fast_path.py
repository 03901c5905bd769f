"""The fast path of validation (issue 13) agrees with the full one: on every deal it accepts, it gives the same
parsed deal, and it accepts nothing the full path refuses. Deals are really dealt, then bent in the ways
referees and importers get them wrong."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import build_ruleset, random_deal
from scoring.rules.validation import parse_fully, parse_plain
from scoring.rules.words import PASSED

RULE_SETS = [
    ("hoheluft", {}),
    ("dertele", {"litige": True}),
    ("classic", {}),
    ("classic", {"announcement_tie": "eldest"}),
    ("classic", {"announcements": "belote_only"}),
    ("hoheluft", {"announcements": "none"}),
    ("coinche", {}),
    ("coinche", {"coinche_make_rule": "bid_only", "bid_max": 120}),
    ("belot", {}),
    ("belot", {"values": {"plain": {"J": 3}}}),
]


def bend(rng: random.Random, deal: dict) -> dict:
    """One small change of the kind a sheet really gets: a wrong number, a swapped team, an extra field."""
    deal = copy.deepcopy(deal)
    contract = deal.get("contract") or {}
    choice = rng.randrange(16)
    if choice == 0 and "tricks" in deal:
        deal["tricks"]["A"] += rng.choice([-10, -1, 1, 10])
    elif choice == 1 and "tricks" in deal:
        deal["tricks"] = {"A": deal["tricks"]["A"], "B": deal["tricks"]["B"], "C": 0}
    elif choice == 2:
        deal["last_trick"] = rng.choice(["A", "B", "C", None, 1])
    elif choice == 3:
        deal["belote"] = rng.choice([["A"], ["A", "B"], ["B", "B", "A", "A"], [{"team": "A"}], "A", ["C"], None])
    elif choice == 4:
        deal["declarations"] = rng.choice(
            [
                {"A": [{"type": "tierce", "suit": "hearts", "high": "K"}], "B": [{"type": "carre", "rank": "K"}]},
                {"A": [{"type": "quinte", "suit": "spades", "high": "A", "length": 8}]},
                {"A": [{"type": "quinte", "suit": "spades", "high": "A", "length": True}]},
                {"B": [{"type": "carre", "rank": "8"}]},
                {
                    "A": [{"type": "tierce", "suit": "hearts", "high": "9"}],
                    "B": [{"type": "tierce", "suit": "clubs", "high": "9"}],
                },
                {"A": [], "B": None},
                {"A": [{"type": "tierce", "suit": "clubs", "high": "K"}] * 2},
                {"C": []},
                [],
            ]
        )
    elif choice == 5:
        contract["multiplier"] = rng.choice([1, 2, 3, 4, True, "2", None])
    elif choice == 6:
        contract["bid"] = rng.choice([80, 85, 160, 170, "capot", True, None])
    elif choice == 7:
        contract["trump"] = rng.choice(["all_trump", "no_trump", "heart", None, "spades"])
    elif choice == 8:
        deal["capot"] = rng.choice(["A", "B", None])
    elif choice == 9:
        deal["eldest"] = rng.choice(["A", "B", None, "C"])
    elif choice == 10:
        contract["taker"] = rng.choice(["A", "B", "C", None])
    elif choice == 11:
        deal["colour"] = "red"
    elif choice == 12 and "tricks" in deal:
        deal["tricks"]["B"] = float(deal["tricks"]["B"])
    elif choice == 13:
        deal["belote"] = [{"team": "A", "suit": "hearts"}]
    return deal


@pytest.mark.parametrize(("rules", "options"), RULE_SETS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_fast_path_agrees_with_the_full_path(rules, options, seed):
    rng = random.Random(seed)
    rs = build_ruleset(rules, options)
    accepted = 0
    for _ in range(12):
        deal = random_deal(rng, rules, options)
        for candidate in (deal, bend(rng, deal), bend(rng, bend(rng, deal))):
            fast = parse_plain(rs, candidate)
            full, problems = parse_fully(rs, candidate, 0)
            if fast is not None:
                accepted += 1
                assert problems == [] and full == fast, (candidate, fast, full, problems)
            else:
                assert full is PASSED or problems or full is not None  # the full path always answers
    assert accepted  # most real deals take the fast path


def test_most_real_deals_take_the_fast_path():
    rng = random.Random(7)
    for rules in ("hoheluft", "classic", "coinche", "belot"):
        rs = build_ruleset(rules)
        deals = [random_deal(rng, rules, passed=False) for _ in range(200)]
        fast = sum(parse_plain(rs, deal) is not None for deal in deals)
        assert fast >= 150, (rules, fast)
