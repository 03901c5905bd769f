"""hoheluft (spec §4.1) and dertele (§4.2): worked deals, numbers typed by hand from the spec and seeds."""

import pytest

from tests.scoring.rules.rules_helpers import deal, game


def capot(taker, team, **extra):
    return {"contract": {"taker": taker, "trump": "spades"}, "capot": team, **extra}


def one(rules, d, **options):
    [result] = game(rules, d, **options)["deals"]
    return result["outcome"], result["score"], result["held"], result["collected"]


# --- hoheluft -------------------------------------------------------------------------------------------


def test_made_each_team_scores_tricks_and_belote():
    assert one("hoheluft", deal(a=92, b=70, belote=["A"])) == ("made", {"A": 112, "B": 70}, 0, None)
    assert one("hoheluft", deal(taker="B", a=62, b=100, belote=["A"])) == ("made", {"A": 82, "B": 100}, 0, None)


def test_inside_defenders_take_162():
    assert one("hoheluft", deal(a=70, b=92)) == ("inside", {"A": 0, "B": 162}, 0, None)
    # A belote cannot be taken: 60 + 20 = 80 < 102, the taker keeps its 20.
    assert one("hoheluft", deal(a=60, b=102, belote=["A"])) == ("inside", {"A": 20, "B": 162}, 0, None)
    # The defenders' belote comes on top of the 162: 80 < 82 + 20.
    assert one("hoheluft", deal(a=80, b=82, belote=["B"])) == ("inside", {"A": 0, "B": 182}, 0, None)


def test_belote_decides_the_contract():
    # Majority rule: 85 against 77 + 20 = 97 is inside, although 85 ≥ 82 would make it in dertele.
    assert one("hoheluft", deal(a=85, b=77, belote=["B"])) == ("inside", {"A": 0, "B": 182}, 0, None)


def test_capot():
    assert one("hoheluft", capot("A", "A")) == ("made", {"A": 252, "B": 0}, 0, None)
    assert one("hoheluft", capot("A", "A", belote=["B"])) == ("made", {"A": 252, "B": 20}, 0, None)
    # Defenders' capot: the taker keeps only its belote.
    assert one("hoheluft", capot("A", "B", belote=["A"])) == ("inside", {"A": 20, "B": 252}, 0, None)
    assert one("hoheluft", capot("A", "A"), capot_total=262) == ("made", {"A": 262, "B": 0}, 0, None)


def test_litige_holds_the_takers_tricks():
    assert one("hoheluft", deal(a=81, b=81), deals=3) == ("litige", {"A": 0, "B": 81}, 81, None)
    # 71 + 20 belote against 91: the belote is paid now, the 71 held.
    assert one("hoheluft", deal(a=71, b=91, belote=["A"]), deals=3) == ("litige", {"A": 20, "B": 91}, 71, None)


def test_litige_paid_to_the_next_deals_winner():
    made_by_b = deal(taker="B", a=62, b=100)
    result = game("hoheluft", deal(a=81, b=81), made_by_b)
    assert [d["score"] for d in result["deals"]] == [{"A": 0, "B": 81}, {"A": 62, "B": 181}]
    assert [(d["held"], d["collected"]) for d in result["deals"]] == [(81, None), (0, "B")]
    assert result["totals"] == {"A": 62, "B": 262}
    assert result["held"] == 0

    # The taker of the litige deal wins the next one: it gets its 81 back with its new points.
    result = game("hoheluft", deal(a=81, b=81), deal(a=100, b=62))
    assert result["deals"][1]["score"] == {"A": 181, "B": 62}
    assert result["deals"][1]["collected"] == "A"

    # Next deal inside: the defenders collect.
    result = game("hoheluft", deal(a=81, b=81), deal(a=62, b=100))
    assert result["deals"][1]["outcome"] == "inside"
    assert result["deals"][1]["score"] == {"A": 0, "B": 243}
    assert result["deals"][1]["collected"] == "B"


def test_litige_chain_and_passed_out_deals():
    result = game("hoheluft", deal(a=81, b=81), {"contract": None}, deal(taker="B", a=81, b=81), deal(a=100, b=62))
    assert [d["outcome"] for d in result["deals"]] == ["litige", "passed", "litige", "made"]
    assert [d["held"] for d in result["deals"]] == [81, 81, 162, 0]
    assert [d["collected"] for d in result["deals"]] == [None, None, None, "A"]
    assert [d["score"] for d in result["deals"]] == [
        {"A": 0, "B": 81},
        {"A": 0, "B": 0},
        {"A": 81, "B": 0},
        {"A": 262, "B": 62},
    ]
    assert result["totals"] == {"A": 343, "B": 143}


def test_litige_on_the_last_deal_scores_81_81():
    result = game("hoheluft", deal(a=81, b=81), deals=1)
    assert result["deals"][0] == {
        "outcome": "litige",
        "score": {"A": 81, "B": 81},
        "held": 0,
        "collected": None,
        "errors": [],
    }
    assert (result["totals"], result["held"], result["finished"], result["winner"]) == (
        {"A": 81, "B": 81},
        0,
        True,
        None,
    )


def test_held_points_return_to_the_teams_they_were_taken_from():
    # Two litiges in a row on a 2-deal game: 81 taken from A, then 81 from B; both go back at the end.
    result = game("hoheluft", deal(a=81, b=81), deal(taker="B", a=81, b=81), deals=2)
    assert result["deals"][1]["score"] == {"A": 162, "B": 81}
    assert result["totals"] == {"A": 162, "B": 162}
    assert (result["finished"], result["winner"], result["held"]) == (True, None, 0)
    result = game("hoheluft", deal(a=100, b=62), deal(taker="B", a=81, b=81), deals=2)
    assert result["deals"][1]["score"] == {"A": 81, "B": 81}
    assert result["totals"] == {"A": 181, "B": 143}
    assert result["winner"] == "A"


def test_twelve_deals_end_the_game():
    result = game("hoheluft", *[deal(a=92, b=70)] * 12)
    assert result["totals"] == {"A": 1104, "B": 840}
    assert (result["finished"], result["winner"]) == (True, "A")
    assert game("hoheluft", *[deal(a=92, b=70)] * 11)["finished"] is False


@pytest.mark.parametrize(
    ("rounding", "expected"),
    [("none", {"A": 85, "B": 77}), ("nearest_ten_5_up", {"A": 90, "B": 80}), ("nearest_ten_6_up", {"A": 80, "B": 80})],
)
def test_rounding_each_team_on_its_own(rounding, expected):
    assert one("hoheluft", deal(a=85, b=77), rounding=rounding)[1] == expected


def test_rounding_86_and_84():
    assert one("hoheluft", deal(a=86, b=76), rounding="nearest_ten_6_up")[1] == {"A": 90, "B": 80}
    assert one("hoheluft", deal(a=84, b=78), rounding="nearest_ten_5_up")[1] == {"A": 80, "B": 80}


def test_rounding_never_turns_made_into_inside():
    # 84 - 78 is made; rounded the sheet shows 80 - 80, still made.
    assert one("hoheluft", deal(a=84, b=78), rounding="nearest_ten_5_up")[0] == "made"


# --- dertele --------------------------------------------------------------------------------------------


def test_dertele_82_makes():
    assert one("dertele", deal(a=82, b=80)) == ("made", {"A": 82, "B": 80}, 0, None)
    assert one("dertele", deal(a=85, b=77, belote=["B"])) == ("made", {"A": 85, "B": 97}, 0, None)
    # "count all cards and the Bolinn": 62 + 20 = 82.
    assert one("dertele", deal(a=62, b=100, belote=["A"])) == ("made", {"A": 82, "B": 100}, 0, None)


def test_dertele_below_82_is_inside_and_81_81_has_no_litige():
    assert one("dertele", deal(a=81, b=81)) == ("inside", {"A": 0, "B": 162}, 0, None)
    assert one("dertele", deal(a=61, b=101, belote=["A"])) == ("inside", {"A": 20, "B": 162}, 0, None)
    assert one("dertele", deal(a=70, b=92, belote=["B"])) == ("inside", {"A": 0, "B": 182}, 0, None)


def test_dertele_capot_writes_162():
    assert one("dertele", capot("A", "A")) == ("made", {"A": 162, "B": 0}, 0, None)
    assert one("dertele", capot("B", "A", belote=["B"])) == ("inside", {"A": 162, "B": 20}, 0, None)


def test_threshold_with_litige_switched_on():
    # make_rule 82 with litige: an 81-81 tie is held instead of inside.
    assert one("hoheluft", deal(a=81, b=81), make_rule=82, deals=2)[0] == "litige"
    assert one("dertele", deal(a=81, b=81), litige=True, deals=2) == ("litige", {"A": 0, "B": 81}, 81, None)
