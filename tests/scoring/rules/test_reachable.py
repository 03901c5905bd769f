"""Reachable trick totals (spec §2): computed from the value tables, checked against the spec's list."""

import pytest

from scoring.rules import build_ruleset
from scoring.rules.cards import contract_card_values
from scoring.rules.reachable import reachable


@pytest.mark.parametrize(
    ("rules", "kind", "deal_total", "excluded"),
    [
        ("hoheluft", "suit", 162, [1, 161]),
        ("dertele", "suit", 162, [1, 161]),
        ("classic", "suit", 162, [1, 161]),
        ("coinche", "suit", 162, [1, 161]),
        ("coinche", "no_trump", 162, [1, 161]),
        ("coinche", "all_trump", 162, []),  # the seed's table has Q = 1
        ("belot", "suit", 162, [1, 161]),
        ("belot", "no_trump", 130, [1, 129]),  # raw, before doubling
        ("belot", "all_trump", 258, [1, 2, 5, 253, 256, 257]),
    ],
)
def test_spec_exclusions(rules, kind, deal_total, excluded):
    info = build_ruleset(rules).contract_info[kind]
    assert info.deal_total == deal_total
    assert info.reach.excluded() == excluded


def test_custom_all_trump_tables_are_recomputed():
    # FFB table (A 6, Q 2): no card is worth 1 any more, so 1 and 161 drop out; Pagat's (J 14, A 6, Q 1)
    # keeps Q = 1 and excludes nothing.
    ffb = build_ruleset("coinche", {"values": {"all_trump": {"J": 13, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 2}}})
    pagat = build_ruleset("coinche", {"values": {"all_trump": {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1}}})
    assert ffb.contract_info["all_trump"].deal_total == 162
    assert ffb.contract_info["all_trump"].reach.excluded() == [1, 161]
    assert pagat.contract_info["all_trump"].reach.excluded() == []


def test_small_table_by_hand():
    # Only four aces worth 11, everything else 0: a team's cards are 0, 11, 22, 33 or 44 (k tricks of 4
    # cards with 1..7 tricks can hold any number of aces), plus 10 with the last trick.
    values = tuple(sorted([11] * 4 + [0] * 28))
    r = reachable(values)
    assert r.card_total == 44
    assert sorted(r.card_sums) == [0, 11, 22, 33, 44]
    assert sorted(r.totals) == [0, 10, 11, 21, 22, 32, 33, 43, 44, 54]


def test_four_card_tricks_matter():
    # 32 cards worth 1 each: k tricks hold exactly 4k cards, so card sums are multiples of 4 from 4 to 28.
    r = reachable(tuple([1] * 32))
    assert sorted(r.card_sums) == [4, 8, 12, 16, 20, 24, 28]


def test_symmetry_of_totals():
    for kind in ("suit", "no_trump", "all_trump"):
        info = build_ruleset("belot").contract_info[kind]
        assert all((info.deal_total - t in info.reach.totals) for t in info.reach.totals)


def test_contract_card_values_suit_layout():
    tables = {
        "trump": {"7": 0, "8": 0, "9": 14, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11},
        "plain": {"7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11},
    }
    values = contract_card_values("suit", tables)
    assert len(values) == 32
    assert sum(values) == 62 + 3 * 30


def test_bad_deck_is_refused():
    with pytest.raises(ValueError):
        reachable((1, 2, 3))
