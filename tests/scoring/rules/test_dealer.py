"""The random dealer: real, reproducible, varied deals within what the rule set allows."""

import random
from collections import Counter

import pytest

from scoring.rules import RuleSetError, random_deal, random_game, score_game


def test_same_seed_same_deal():
    assert random_deal(random.Random(7), "coinche") == random_deal(random.Random(7), "coinche")
    assert random_game(random.Random(7), "belot") == random_game(random.Random(7), "belot")


def test_forced_fields():
    deal = random_deal(random.Random(1), "belot", taker="B", trump="no_trump", multiplier=4, passed=False)
    assert deal["contract"] == {"taker": "B", "trump": "no_trump", "multiplier": 4}
    assert deal["belote"] == [] and "declarations" not in deal  # nothing announced in belot no-trumps
    assert random_deal(random.Random(1), "hoheluft", passed=True) == {"contract": None}


@pytest.mark.parametrize("rules", ["hoheluft", "dertele", "classic", "coinche", "belot"])
def test_many_deals_are_valid_and_varied(rules):
    rng = random.Random(2024)
    deals = [random_deal(rng, rules) for _ in range(1500)]
    outcomes, trumps, features = Counter(), Counter(), Counter()
    for deal in deals:
        result = score_game({"rules": rules, "options": {"deals": 1}, "deals": [deal]})
        assert result["valid"], (deal, result["errors"])
        outcomes[result["deals"][0]["outcome"]] += 1
        if deal["contract"]:
            trumps[deal["contract"]["trump"]] += 1
            features["capot"] += deal["capot"] is not None
            features["belote"] += bool(deal["belote"])
            features["declarations"] += "declarations" in deal
            features["multiplier"] += deal["contract"].get("multiplier", 1) > 1
    assert {"made", "inside", "passed"} <= set(outcomes)
    assert features["capot"] > 0 and features["belote"] > 0
    assert len(trumps) >= 4
    if rules in ("classic", "coinche", "belot"):
        assert features["declarations"] > 0
    else:
        assert features["declarations"] == 0
    if rules in ("coinche", "belot"):
        assert features["multiplier"] > 0
        assert {"no_trump", "all_trump"} <= set(trumps)


def test_cards_add_up():
    # Tricks come from the cards: with the trick totals of each deal equal to the contract's deal total.
    rng = random.Random(3)
    for _ in range(300):
        deal = random_deal(rng, "coinche", passed=False)
        if deal["capot"] is None:
            assert deal["tricks"]["A"] + deal["tricks"]["B"] == 162


def test_random_game_respects_a_deal_count_and_stops_at_the_end():
    sheet = random_game(random.Random(5), "coinche", deals=4)
    assert len(sheet["deals"]) == 4
    assert sheet["rules"] == "coinche" and sheet["options"] == {}
    sheet = random_game(random.Random(5), "hoheluft", {"deals": 3}, deals=50)
    played = [d for d in sheet["deals"] if d["contract"]]
    assert len(played) == 3
    assert score_game(sheet)["finished"] is True


def test_invalid_rule_set_raises():
    with pytest.raises(RuleSetError):
        random_deal(random.Random(1), "hoheluft", {"bid_max": 120})
