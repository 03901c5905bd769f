"""coinche (spec §4.4), worked by hand."""

import pytest

from scoring.rules import score_game


def game(*deals, **options):
    result = score_game({"rules": "coinche", "options": options, "deals": list(deals)})
    assert result["valid"], result["errors"]
    return result


def deal(bid, a=100, b=62, taker="A", trump="hearts", multiplier=None, **extra):
    contract = {"taker": taker, "trump": trump, "bid": bid}
    if multiplier is not None:
        contract["multiplier"] = multiplier
    out = {"contract": contract, "tricks": {"A": a, "B": b}}
    out.update(extra)
    return out


def score(*args, options=None, **kwargs):
    [result] = game(deal(*args, **kwargs), **(options or {}))["deals"]
    return result["outcome"], result["score"]


def test_made_taker_scores_tricks_plus_bid():
    assert score(80) == ("made", {"A": 180, "B": 62})
    assert score(100, taker="B", a=62, b=100) == ("made", {"A": 62, "B": 200})


def test_failed_bid_defenders_take_160_plus_bid():
    assert score(110) == ("inside", {"A": 0, "B": 270})
    assert score(110, options={"failed_base": 162}) == ("inside", {"A": 0, "B": 272})


def test_tie_fails_unless_bid_only():
    assert score(80, a=81, b=81) == ("inside", {"A": 0, "B": 240})
    # bid_only drops the majority test: 81 ≥ 80 makes.
    assert score(80, a=81, b=81, options={"coinche_make_rule": "bid_only"}) == ("made", {"A": 161, "B": 81})
    # bid_only: even less than the defenders makes, as long as the bid is reached.
    assert score(80, a=80, b=82, options={"coinche_make_rule": "bid_only"}) == ("made", {"A": 160, "B": 82})


def test_announcements_and_belote_count_towards_the_bid():
    tierce = {"A": [{"type": "tierce", "suit": "clubs", "high": "A"}], "B": []}
    # 80 + 20 = 100 ≥ 90 and > 82.
    assert score(90, a=80, b=82, declarations=tierce) == ("made", {"A": 190, "B": 82})
    # 100 < 110: failed; the defenders take 160 + 110 + the counted 20.
    assert score(110, a=80, b=82, declarations=tierce) == ("inside", {"A": 0, "B": 290})
    # Belote: 80 + 20 = 100 ≥ 100 > 82.
    assert score(100, a=80, b=82, belote=["A"]) == ("made", {"A": 200, "B": 82})
    # Failed with the taker's belote: it keeps its 20, the defenders 160 + 120.
    assert score(120, a=80, b=82, belote=["A"]) == ("inside", {"A": 20, "B": 280})
    # Failed with the defenders' belote: 160 + 120 + 20.
    assert score(120, a=80, b=82, belote=["B"]) == ("inside", {"A": 0, "B": 300})


def test_coinche_doubles_the_pot_for_the_winner():
    # (160 + 100) × 2 = 520 for the taker; the defenders 0.
    assert score(100, a=110, b=52, multiplier=2) == ("made", {"A": 520, "B": 0})
    # Belotes stay with their holders, outside the multiplier.
    assert score(100, a=110, b=52, multiplier=2, belote=["B"]) == ("made", {"A": 520, "B": 20})
    assert score(100, a=110, b=52, multiplier=2, belote=["A"]) == ("made", {"A": 540, "B": 0})
    # Failed coinche: (160 + 120) × 2 = 560 for the defenders.
    assert score(120, a=110, b=52, multiplier=2) == ("inside", {"A": 0, "B": 560})


def test_surcoinche_factor():
    assert score(100, a=110, b=52, multiplier=4) == ("made", {"A": 1040, "B": 0})
    assert score(100, a=110, b=52, multiplier=4, options={"surcoinche_factor": 3}) == ("made", {"A": 780, "B": 0})
    # failed_base 162 with surcoinche: (162 + 100) × 4.
    assert score(100, a=110, b=52, multiplier=4, options={"failed_base": 162}) == ("made", {"A": 1048, "B": 0})


def test_counted_announcements_enter_the_multiplied_pot():
    carre = {"A": [], "B": [{"type": "carre", "rank": "9"}]}
    # T = 110 ≥ 100 but D = 52 + 150 = 202 > 110: failed. Pot (160 + 100 + 150) × 2 = 820.
    assert score(100, a=110, b=52, multiplier=2, declarations=carre) == ("inside", {"A": 0, "B": 820})


def test_capot_bids():
    capot = {"contract": {"taker": "A", "trump": "spades", "bid": "capot"}, "capot": "A"}
    # Made: tricks 250 + bid 250.
    assert game(capot)["deals"][0]["score"] == {"A": 500, "B": 0}
    capot["contract"]["multiplier"] = 2
    assert game(capot)["deals"][0]["score"] == {"A": 820, "B": 0}  # (160 + 250) × 2
    # Failed capot bid: 152 + 10 is no capot; defenders 160 + 250.
    assert score("capot", a=152, b=10) == ("inside", {"A": 0, "B": 410})


def test_unbid_capot_is_worth_250_in_tricks():
    capot = {"contract": {"taker": "A", "trump": "spades", "bid": 80}, "capot": "A"}
    assert game(capot)["deals"][0]["score"] == {"A": 330, "B": 0}
    # Counted at the table as 162-0 it is the same capot.
    capot["tricks"] = {"A": 162, "B": 0}
    assert game(capot)["deals"][0]["score"] == {"A": 330, "B": 0}


def test_all_trumps_with_several_belotes():
    belotes = [{"team": "A", "suit": "hearts"}, {"team": "A", "suit": "spades"}]
    # 90 + 40 = 130 ≥ 100 and > 72.
    assert score(100, a=90, b=72, trump="all_trump", belote=belotes) == ("made", {"A": 230, "B": 72})


def test_no_trumps():
    assert score(80, trump="no_trump") == ("made", {"A": 180, "B": 62})
    # Runs and carrés still count in coinche no-trumps.
    carre = {"A": [{"type": "carre", "rank": "A"}], "B": []}
    # 60 + 100 = 160 ≥ 150 and > 102: made, 160 + 150.
    assert score(150, a=60, b=102, trump="no_trump", declarations=carre) == ("made", {"A": 310, "B": 102})
    # 40 + 100 = 140 < 160: failed, 160 + 160 + the counted 100.
    assert score(160, a=40, b=122, trump="no_trump", declarations=carre) == ("inside", {"A": 0, "B": 420})


@pytest.mark.parametrize(
    ("rounding", "expected"), [("nearest_ten_5_up", {"A": 180, "B": 70}), ("nearest_ten_6_up", {"A": 170, "B": 70})]
)
def test_rounding_each_score(rounding, expected):
    # 95 + 80 = 175 and 67.
    assert score(80, a=95, b=67, options={"rounding": rounding}) == ("made", expected)


def test_no_litige_nothing_is_held():
    result = game(deal(80, a=81, b=81))
    assert result["held"] == 0
    assert result["deals"][0]["collected"] is None


def test_game_to_2000():
    result = game(*[deal(100, a=110, b=52, multiplier=2)] * 4)  # 520 per deal
    assert result["totals"] == {"A": 2080, "B": 0}
    assert (result["finished"], result["winner"]) == (True, "A")
    assert game(*[deal(100, a=110, b=52, multiplier=2)] * 3)["finished"] is False
