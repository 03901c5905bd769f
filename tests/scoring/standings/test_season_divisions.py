"""Who is ranked and the divisions' promotion and relegation, pure (no Django)."""

from decimal import Decimal

from scoring.standings.season_divisions import division_of, next_divisions, rankings_shown
from scoring.standings.season_rules import Evening, PlayerSeason, SeasonRules, season_table


def test_auto_ranks_pairs_for_fixed_pairs_and_players_when_partners_change():
    assert rankings_shown("auto", pair_evenings=True, partners_change=False) == ("pairs",)
    assert rankings_shown("auto", pair_evenings=True, partners_change=True) == ("players", "pairs")
    assert rankings_shown("auto", pair_evenings=False, partners_change=True) == ("players",)
    assert rankings_shown("players", pair_evenings=True, partners_change=False) == ("players",)
    assert rankings_shown("pairs", pair_evenings=True, partners_change=True) == ("pairs",)
    assert rankings_shown("both", pair_evenings=False, partners_change=True) == ("players", "pairs")


def test_a_player_without_a_division_plays_in_the_lowest():
    assert division_of(7, {}, 3) == 3
    assert division_of(7, {7: 1}, 3) == 1
    assert division_of(7, {7: 4}, 2) == 2  # fewer divisions than before: the lowest


def table(scores, *, min_evenings=0, played=None):
    players = [
        PlayerSeason(pid, f"P{pid}", False, [Evening(Decimal(s), 0, 1)] * (played or {}).get(pid, 1))
        for pid, s in scores.items()
    ]
    return season_table(players, 3, SeasonRules(min_evenings=min_evenings))


def test_the_top_and_bottom_k_move_up_and_down():
    tables = {
        1: table({1: 9, 2: 8, 3: 7, 4: 6}),
        2: table({5: 9, 6: 8, 7: 7, 8: 6}),
        3: table({9: 9, 10: 8}),
    }
    assigned = {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2}
    members = [*range(1, 11), 11]  # 11 played nothing and has no division: the lowest, and stays there
    result, up, down = next_divisions(tables, divisions=3, promotion=1, assigned=assigned, members=members)
    assert result == {1: 1, 2: 1, 3: 1, 4: 2, 5: 1, 6: 2, 7: 2, 8: 3, 9: 2, 10: 3, 11: 3}
    assert up == [5, 9] and down == [4, 8]


def test_the_not_yet_ranked_are_the_bottom_of_their_division_and_a_small_division_only_goes_up():
    tables = {1: table({1: 9, 2: 1, 3: 5}, min_evenings=2, played={1: 2, 3: 2}), 2: table({4: 3})}
    result, up, down = next_divisions(
        tables, divisions=2, promotion=1, assigned={1: 1, 2: 1, 3: 1}, members=[1, 2, 3, 4]
    )
    # Player 2 played once (not yet ranked): the bottom of A, down. Player 4, alone in B, goes up.
    assert down == [2] and up == [4]
    assert result == {1: 1, 2: 2, 3: 1, 4: 1}
    assert next_divisions(tables, divisions=2, promotion=0, assigned={1: 1}, members=[1, 4])[0] == {1: 1, 4: 2}
