"""season_quality: the season's draw figures counted from the games, on a season small enough to count by hand."""

from __future__ import annotations

from tournaments.pairing.season_quality import season_quality

# Four players, three rounds: evening 1 has every pair partner once; evening 2 repeats 1-2 and 3-4. With 1-2
# forbidden the floor leaves it out (it cannot partner even once): 8 partnerships - 5 pairs = 3.
ALL_PAIRS = [((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3))]


def test_a_season_of_two_evenings_counted_by_hand():
    figures = season_quality([ALL_PAIRS, [((2, 1), (4, 3))]], players=4, rounds=3, never_partners=[(2, 1)])
    assert figures["partnerships"] == 8 and figures["partner_repeats"] == 2 and figures["partner_floor"] == 3
    assert figures["most_often"] == 2 and figures["first_repeat"] == 2
    assert figures["avoidable"] == 1 and figures["early_repeats"] == 0
    assert figures["within_partners"] == 0 and figures["within_opponents"] == 6  # each pair met twice on evening 1
    assert figures["meetings"] == 16 and figures["opponent_repeats"] == 10 and figures["opponent_floor"] == 10
    assert figures["opponents_most"] == 3 and figures["forbidden_partnerships"] == 2
    assert "median_s" not in figures


def test_repeats_within_an_evening_and_while_avoidable_and_the_times():
    again = [((1, 2), (3, 4)), ((1, 2), (3, 4))]
    figures = season_quality([again], players=8, rounds=2, seconds=[0.3, 0.1, 0.2])
    assert figures["avoidable"] == 3 and figures["within_partners"] == 2 and figures["within_opponents"] == 4
    assert figures["first_repeat"] is None and figures["early_repeats"] == 0 and figures["partner_floor"] == 0
    assert figures["median_s"] == 0.2 and figures["max_s"] == 0.3
    later = season_quality([[((1, 2), (3, 4))], [((1, 2), (5, 6))]], players=8, rounds=2)
    assert later["first_repeat"] == 2 and later["early_repeats"] == 1 and later["partner_repeats"] == 1
