"""`mirror_deal`: a deal seen from the other side of the table. Scoring mirrored deals gives the mirrored
result, deal by deal, in every preset (the sheet's "N/S and E/W swapped" relies on it)."""

import random

import pytest

from scoring.rules import random_game, score_game
from scoring.rules.mirror import mirror_deal


def _flip(score):
    return None if score is None else {"A": score["B"], "B": score["A"]}


def test_every_team_letter_is_swapped_and_nothing_else():
    deal = {
        "contract": {"taker": "A", "trump": "all_trump", "bid": 110, "multiplier": 2},
        "tricks": {"A": 92, "B": 70},
        "last_trick": "A",
        "capot": None,
        "belote": ["A", {"team": "B", "suit": "hearts"}],
        "declarations": {"A": [{"type": "tierce", "suit": "spades", "high": "K"}], "B": []},
        "eldest": "B",
    }
    mirrored = mirror_deal(deal)
    assert mirrored == {
        "contract": {"taker": "B", "trump": "all_trump", "bid": 110, "multiplier": 2},
        "tricks": {"B": 92, "A": 70},
        "last_trick": "B",
        "capot": None,
        "belote": ["B", {"team": "A", "suit": "hearts"}],
        "declarations": {"B": [{"type": "tierce", "suit": "spades", "high": "K"}], "A": []},
        "eldest": "A",
    }
    assert deal["contract"]["taker"] == "A"  # the argument is not changed
    assert mirror_deal(mirrored) == deal
    assert mirror_deal({"contract": None}) == {"contract": None}


@pytest.mark.parametrize("rules", ["hoheluft", "dertele", "classic", "coinche", "belot"])
def test_scoring_mirrored_deals_gives_the_mirrored_result(rules):
    rng = random.Random(20)
    for _ in range(40):
        game = random_game(rng, rules)
        result = score_game(game)
        mirrored = score_game({**game, "deals": [mirror_deal(d) for d in game["deals"]]})
        assert mirrored["valid"] and result["valid"]
        assert mirrored["totals"] == _flip(result["totals"])
        assert mirrored["held"] == result["held"] and mirrored["finished"] == result["finished"]
        assert mirrored["winner"] == {"A": "B", "B": "A"}.get(result["winner"])
        for mine, theirs in zip(mirrored["deals"], result["deals"], strict=True):
            assert (mine["outcome"], mine["held"]) == (theirs["outcome"], theirs["held"])
            assert mine["score"] == _flip(theirs["score"])
            assert mine["collected"] == {"A": "B", "B": "A"}.get(theirs["collected"])
