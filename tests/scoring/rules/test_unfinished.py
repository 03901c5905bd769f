"""What an unfinished game counts at the round's close (scoring.rules.unfinished, pure): the issue's 3-of-12
sheet (300 : 186) under each rule, rounding as the rule set rounds, games to a target, no deal played."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.unfinished import (
    UnfinishedRuleError,
    prorate,
    round_average,
    rule_unfinished,
)


def rule(name, **kwargs):
    values = {"total_a": 300, "total_b": 186, "deals_played": 3, "deals": 12}
    values.update(kwargs)
    ruling = rule_unfinished(rule=name, **values)
    return ruling.total_a, ruling.total_b


def test_played_counts_as_it_stands():
    assert rule("played") == (300, 186)


def test_prorate_scales_to_the_full_length():
    assert rule("prorate") == (1200, 744)
    assert rule("prorate", deals_played=7, total_a=500, total_b=333) == (857, 571)  # 857.14, 570.86


def test_prorate_rounds_to_tens_where_the_rule_set_does():
    assert rule("prorate", deals_played=7, total_a=500, total_b=333, rounding="nearest_ten_5_up") == (860, 570)


def test_prorate_in_a_game_to_a_target_brings_the_leader_to_it():
    assert rule("prorate", deals=None, target=1000) == (1000, 620)


def test_prorate_with_no_deal_played_is_nothing():
    assert rule("prorate", total_a=0, total_b=0, deals_played=0) == (0, 0)
    assert rule("prorate", total_a=0, total_b=0, deals_played=0, deals=None, target=1000) == (0, 0)


def test_average_gives_both_the_rounds_mean_side_score():
    finished = [(1069, 1005), (900, 1100)]
    average = round_average(finished)
    assert average == Fraction(1069 + 1005 + 900 + 1100, 4)
    assert rule("average", average=average) == (1019, 1019)  # 1018.5 rounds half up


def test_average_without_finished_games_is_half_the_tables_total():
    assert round_average([]) is None
    assert rule("average") == (243, 243)


def test_an_unknown_rule_is_a_bug():
    with pytest.raises(UnfinishedRuleError):
        rule("coin_toss")


@given(st.integers(0, 3000), st.integers(1, 40), st.integers(1, 40))
def test_prorate_never_shrinks_a_score_and_keeps_a_full_game(points, played, extra):
    full = played + extra
    assert prorate(points, played=played, full=full) >= points
    assert prorate(points, played=full, full=full) == points
