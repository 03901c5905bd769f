"""Readings the spec makes explicit (issue 11): ties before make_rule (§4), value overrides that follow
through (§2), capot written as 162 or 252 (§5.4), a deal limit ends the game whatever is held ("Game end"),
and held points held as rounded (§4.1). Numbers typed by hand from shared/spec/rules.md."""

import pytest

from scoring.rules import build_ruleset
from tests.scoring.rules.rules_helpers import deal, game


def one(rules, d, **options):
    [result] = game(rules, d, **options)["deals"]
    return result["outcome"], result["score"], result["held"]


# --- §4, the paragraph after the presets table: equal totals are a tie whatever make_rule says -----------


def test_tie_at_threshold_81_is_a_litige_not_made():
    # make_rule 81 would call 81 made; the tie comes first and litige holds the taker's 81.
    assert one("hoheluft", deal(a=81, b=81), make_rule=81) == ("litige", {"A": 0, "B": 81}, 81)


def test_tie_at_threshold_without_litige_fails():
    # "with litige off it fails": the defenders write 162.
    assert one("hoheluft", deal(a=81, b=81), make_rule=81, litige=False) == ("inside", {"A": 0, "B": 162}, 0)


def test_tie_above_dertele_threshold_fails():
    # dertele (make_rule 82, no litige): 71 + 20 belote = 91 ≥ 82, but 91 against 91 is a tie, which fails.
    assert one("dertele", deal(a=71, b=91, belote=["A"])) == ("inside", {"A": 20, "B": 162}, 0)


def test_dertele_with_litige_holds_the_tie():
    # "71 + 20 belote against 91 is a litige": defenders 91, taker its belote, its 71 held.
    assert one("dertele", deal(a=71, b=91, belote=["A"]), litige=True) == ("litige", {"A": 20, "B": 91}, 71)


def test_unequal_totals_still_go_to_make_rule():
    assert one("dertele", deal(a=82, b=80)) == ("made", {"A": 82, "B": 80}, 0)
    assert one("dertele", deal(a=80, b=82)) == ("inside", {"A": 0, "B": 162}, 0)
    assert one("hoheluft", deal(a=70, b=92), make_rule=70) == ("made", {"A": 70, "B": 92}, 0)


# --- §2: a values override follows through to the tables defined from it ---------------------------------


def test_belot_plain_override_changes_no_trumps():
    # J 3 instead of 2: 31 per suit, no-trumps 4 × 31 + 10 = 134 raw (not 130).
    rs = build_ruleset("belot", {"values": {"plain": {"J": 3}}})
    assert rs.values["no_trump"]["J"] == 3
    assert rs.contract_info["no_trump"].deal_total == 134
    result = game("belot", deal(a=66, b=68, trump="no_trump"), values={"plain": {"J": 3}})
    assert result["deals"][0]["outcome"] == "inside"


def test_belot_trump_override_changes_all_trumps():
    rs = build_ruleset("belot", {"values": {"trump": {"A": 12}}})
    assert rs.values["all_trump"]["A"] == 12
    assert rs.contract_info["all_trump"].deal_total == 262


def test_named_derived_table_wins():
    rs = build_ruleset("belot", {"values": {"plain": {"J": 3}, "no_trump": {"A": 12}}})
    assert rs.values["no_trump"]["J"] == 2  # given explicitly: only its own override applies
    assert rs.values["no_trump"]["A"] == 12
    assert rs.contract_info["no_trump"].deal_total == 134


def test_coinche_tables_are_independent():
    # Coinche no-trumps has its own table (A 19): a plain override leaves it alone.
    rs = build_ruleset("coinche", {"values": {"plain": {"J": 3}}})
    assert rs.values["no_trump"]["J"] == 2
    assert rs.contract_info["no_trump"].deal_total == 162


def test_override_round_trips_through_as_dict():
    rs = build_ruleset("belot", {"values": {"plain": {"J": 3}}})
    assert build_ruleset("belot", rs.as_dict()) == rs


# --- §5.4: a capot written as the deal total (162) or the capot total (252) scores the same --------------


@pytest.mark.parametrize("rules", ["hoheluft", "classic", "dertele"])
@pytest.mark.parametrize("taker", ["A", "B"])
def test_capot_as_162_or_252_scores_the_same(rules, taker):
    capot_total = build_ruleset(rules).capot_total
    written = {"contract": {"taker": taker, "trump": "spades"}, "capot": "A"}
    as_counted = {**written, "tricks": {"A": 162, "B": 0}}
    as_written = {**written, "tricks": {"A": capot_total, "B": 0}}
    results = [game(rules, d)["deals"][0] for d in (written, as_counted, as_written)]
    assert results[0] == results[1] == results[2]
    assert results[0]["score"]["A"] == capot_total if taker == "A" else results[0]["outcome"] == "inside"


def test_capot_in_coinche_as_162_or_250():
    base = {"contract": {"taker": "A", "trump": "hearts", "bid": 120}, "capot": "A"}
    counted = game("coinche", {**base, "tricks": {"A": 162, "B": 0}})["deals"][0]
    written = game("coinche", {**base, "tricks": {"A": 250, "B": 0}})["deals"][0]
    assert counted == written
    assert counted["score"] == {"A": 250 + 120, "B": 0}


# --- "Game end": a deal limit ends the game whatever is held; held points return ------------------------


def test_deal_limit_ends_while_held_and_returns_the_held_points():
    # end_while_held false applies to points targets only.
    result = game("hoheluft", deal(a=92, b=70), deal(a=81, b=81), deals=2, end_while_held=False)
    assert result["finished"] is True
    assert result["held"] == 0
    assert result["deals"][1]["score"] == {"A": 81, "B": 81}  # "a litige on the last deal scores 81–81"
    assert result["totals"] == {"A": 173, "B": 151}
    assert result["winner"] == "A"


def test_held_points_return_to_the_team_they_were_taken_from():
    # B takes and ties: B's 81 is held, then the game ends on the limit and B gets it back.
    result = game("hoheluft", deal(taker="B", a=81, b=81), deals=1)
    assert result["deals"][0]["score"] == {"A": 81, "B": 81}
    assert result["deals"][0]["collected"] is None
    assert result["finished"] is True and result["winner"] is None


def test_passed_deals_do_not_count_towards_the_limit():
    result = game("hoheluft", deal(a=81, b=81), {"contract": None}, deals=2)
    assert result["finished"] is False
    assert result["held"] == 81


# --- §4.1: held points are held as rounded --------------------------------------------------------------


def test_held_as_rounded_5_up():
    # 81 held as 80 under nearest_ten_5_up; the defenders' 81 is written as 80.
    assert one("hoheluft", deal(a=81, b=81, trump="clubs"), rounding="nearest_ten_5_up", deals=12) == (
        "litige",
        {"A": 0, "B": 80},
        80,
    )


def test_held_as_rounded_then_collected_as_held():
    result = game(
        "hoheluft",
        deal(a=71, b=91, belote=["A"]),  # litige: A's 71 held as 70, A writes 20, B 90
        deal(taker="B", a=62, b=100),  # made by B: B collects the 70 as held
        rounding="nearest_ten_5_up",
    )
    first, second = result["deals"]
    assert (first["outcome"], first["score"], first["held"]) == ("litige", {"A": 20, "B": 90}, 70)
    assert (second["outcome"], second["score"], second["collected"]) == ("made", {"A": 60, "B": 170}, "B")


def test_held_as_rounded_returns_as_rounded_at_the_end():
    # A litige on the last deal: the 81 held as 80 comes back as 80, so the deal scores 80–80, not 81–81.
    result = game("hoheluft", deal(a=81, b=81), rounding="nearest_ten_5_up", deals=1)
    assert result["deals"][0]["score"] == {"A": 80, "B": 80}
    assert result["finished"] is True and result["winner"] is None
