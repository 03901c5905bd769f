"""belot (spec §4.5), worked by hand: scores in tens, hanging, contra/recontra, capot premium, game end."""

import pytest

from scoring.rules import score_game
from scoring.rules.deal import round_belot


def game(*deals, **options):
    result = score_game({"rules": "belot", "options": options, "deals": list(deals)})
    assert result["valid"], result["errors"]
    return result


def deal(a=106, b=56, taker="A", trump="hearts", multiplier=None, **extra):
    contract = {"taker": taker, "trump": trump}
    if multiplier is not None:
        contract["multiplier"] = multiplier
    out = {"contract": contract, "tricks": {"A": a, "B": b}}
    out.update(extra)
    return out


def score(*args, **kwargs):
    [result] = game(deal(*args, **kwargs))["deals"]
    return result["outcome"], result["score"]


# 56 + quarte (50) = 106 against 106: the spec's hanging example.
HANGING = deal(a=56, b=106, declarations={"A": [{"type": "quarte", "suit": "clubs", "high": "K"}], "B": []})


@pytest.mark.parametrize(
    ("points", "kind", "more", "tens"),
    [
        (56, "suit", False, 6),
        (106, "suit", True, 10),  # the spec's 56-106 → 6-10
        (106, "suit", False, 11),
        (65, "suit", False, 6),
        (97, "suit", True, 10),
        (86, "suit", True, 8),
        (76, "suit", False, 8),
        (81, "suit", True, 8),
        (81, "suit", False, 8),
        (154, "all_trump", True, 15),
        (104, "all_trump", False, 11),
        (148, "all_trump", True, 15),
        (110, "all_trump", False, 11),
        (123, "all_trump", True, 12),
        (135, "all_trump", False, 14),
        (156, "no_trump", True, 16),
        (104, "no_trump", False, 10),
        (152, "no_trump", True, 15),
        (108, "no_trump", False, 11),
        (350, "no_trump", True, 35),
    ],
)
def test_rounding_table(points, kind, more, tens):
    assert round_belot(points, kind, more) == tens


def test_made_each_side_writes_its_rounded_points():
    assert score(106, 56) == ("made", {"A": 10, "B": 6})
    assert score(97, 65) == ("made", {"A": 10, "B": 6})
    assert score(taker="B", a=76, b=86) == ("made", {"A": 8, "B": 8})


def test_inside_defenders_write_everything():
    assert score(56, 106) == ("inside", {"A": 0, "B": 16})


def test_hanging_106_106_writes_10_and_holds_11():
    result = game(HANGING)
    assert result["deals"][0] == {
        "outcome": "hanging",
        "score": {"A": 0, "B": 10},
        "held": 11,
        "collected": None,
        "errors": [],
    }
    # The next deal won pays the 11 to its winner (here B as declarer: 97 → 10, A's 65 → 6).
    result = game(HANGING, deal(taker="B", a=65, b=97))
    assert result["deals"][1]["score"] == {"A": 6, "B": 21}
    assert result["deals"][1]["collected"] == "B"
    assert result["totals"] == {"A": 6, "B": 31}


def test_hanging_points_accumulate():
    result = game(HANGING, HANGING, deal(a=106, b=56))
    assert [d["held"] for d in result["deals"]] == [11, 22, 0]
    assert result["deals"][2]["score"] == {"A": 32, "B": 6}


def test_tie_without_litige_is_inside():
    assert game(HANGING, litige=False)["deals"][0]["score"] == {"A": 0, "B": 21}


def test_contra_and_recontra():
    assert score(106, 56, multiplier=2) == ("made", {"A": 32, "B": 0})
    assert score(56, 106, multiplier=4) == ("inside", {"A": 0, "B": 64})
    # A tie under contra holds the whole 21 × 2.
    hanging = {**HANGING, "contract": {"taker": "A", "trump": "hearts", "multiplier": 2}}
    result = game(hanging)
    assert result["deals"][0]["score"] == {"A": 0, "B": 0}
    assert result["held"] == 42
    # A one-deal game returns the held 42 to the two teams it came from, half each.
    result = game(hanging, deals=1)
    assert result["deals"][0]["score"] == {"A": 21, "B": 21}
    assert (result["finished"], result["winner"]) == (True, None)


def test_capot_premium():
    capot = {"contract": {"taker": "A", "trump": "hearts"}, "capot": "A"}
    assert game(capot)["deals"][0]["score"] == {"A": 25, "B": 0}  # 162 + 90 = 252
    # Multiplied under recontra: 25 × 4.
    capot["contract"]["multiplier"] = 4
    assert game(capot)["deals"][0]["score"] == {"A": 100, "B": 0}


def test_no_trumps_are_doubled_but_not_the_capot_premium():
    assert score(78, 52, trump="no_trump") == ("made", {"A": 16, "B": 10})  # 156 - 104
    assert score(78, 52, trump="no_trump", multiplier=2) == ("made", {"A": 52, "B": 0})  # 26 × 2
    capot = {"contract": {"taker": "B", "trump": "no_trump"}, "capot": "B"}
    assert game(capot)["deals"][0]["score"] == {"A": 0, "B": 35}  # 130 × 2 + 90 = 350
    capot["tricks"] = {"A": 0, "B": 130}
    assert game(capot)["deals"][0]["score"] == {"A": 0, "B": 35}


def test_all_trumps():
    assert score(154, 104, trump="all_trump") == ("made", {"A": 15, "B": 11})
    assert score(148, 110, trump="all_trump") == ("made", {"A": 15, "B": 11})
    belots = [{"team": "A", "suit": "hearts"}, {"team": "A", "suit": "spades"}]
    assert score(154, 104, trump="all_trump", belote=belots) == ("made", {"A": 19, "B": 11})  # 194 - 104


def test_runs_and_carres_are_compared_separately():
    # A's tierce is the only run, B's carré of nines the only carré: both count.
    # 100 + 20 = 120 against 62 + 150 = 212: inside, B writes 332 → 33.
    both = {"A": [{"type": "tierce", "suit": "spades", "high": "K"}], "B": [{"type": "carre", "rank": "9"}]}
    assert score(100, 62, declarations=both) == ("inside", {"A": 0, "B": 33})
    # B's quarte beats A's tierce (runs), A's carré of aces counts (carrés): 200 against 112.
    split = {
        "A": [{"type": "tierce", "suit": "spades", "high": "K"}, {"type": "carre", "rank": "A"}],
        "B": [{"type": "quarte", "suit": "hearts", "high": "K"}],
    }
    assert score(100, 62, declarations=split) == ("made", {"A": 20, "B": 11})


def test_run_ties_cancel_regardless_of_trumps():
    # Tierce to K in spades against tierce to K in hearts (trumps): belot ignores trumps, all runs cancel.
    tied = {
        "A": [{"type": "tierce", "suit": "spades", "high": "K"}],
        "B": [{"type": "tierce", "suit": "hearts", "high": "K"}],
    }
    assert score(100, 62, declarations=tied) == ("made", {"A": 10, "B": 6})
    longer = {
        "A": [{"type": "quarte", "suit": "spades", "high": "10"}],
        "B": [{"type": "tierce", "suit": "hearts", "high": "A"}],
    }
    assert score(100, 62, declarations=longer) == ("made", {"A": 15, "B": 6})


def test_void_declarations_after_capot():
    # B makes capot; A's carré of jacks is void. 162 + 90 = 252 → 25; A's belot still counts.
    capot = {
        "contract": {"taker": "B", "trump": "hearts"},
        "capot": "B",
        "belote": ["A"],
        "declarations": {"A": [{"type": "carre", "rank": "J"}], "B": []},
    }
    assert game(capot)["deals"][0]["score"] == {"A": 2, "B": 25}


def test_game_to_151():
    result = game(*[deal(106, 56)] * 16)
    assert result["totals"] == {"A": 160, "B": 96}
    assert (result["finished"], result["winner"]) == (True, "A")
    assert game(*[deal(106, 56)] * 15)["finished"] is False


def test_no_game_end_on_a_capot_deal():
    capot = {"contract": {"taker": "A", "trump": "hearts"}, "capot": "A"}
    result = game(deal(106, 56), capot, target=20)
    assert result["totals"] == {"A": 35, "B": 6}
    assert result["finished"] is False
    assert game(deal(106, 56), capot, deal(106, 56), target=20)["winner"] == "A"


def test_no_game_end_while_points_are_held():
    result = game(HANGING, HANGING, target=20)
    assert result["totals"] == {"A": 0, "B": 20}
    assert (result["finished"], result["held"]) == (False, 22)
    result = game(HANGING, HANGING, deal(106, 56), target=20)
    assert result["totals"] == {"A": 32, "B": 26}
    assert (result["finished"], result["winner"]) == (True, "A")


def test_level_past_the_target_plays_on():
    result = game(deal(106, 56), deal(taker="B", a=56, b=106), target=16)
    assert result["totals"] == {"A": 16, "B": 16}
    assert result["finished"] is False
    assert game(deal(106, 56), deal(taker="B", a=56, b=106), deal(106, 56), target=16)["winner"] == "A"
