"""Table assignment: fixed tables, step-free needs, the draw's order, given table numbers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import DrawRequest, DrawUserError, Entrant, Table, generate_draw
from tournaments.pairing.tables import assign_tables, table_flags, table_list


def team(i, **kw):
    return Entrant(i, (10 * i, 10 * i + 1), **kw)


def test_games_fill_the_tables_in_order():
    entrants = {i: team(i) for i in range(1, 7)}
    tables = [Table(5), Table(3), Table(9)]
    assert assign_tables([(1, 2), (3, 4), (5, 6)], entrants, tables) == [5, 3, 9]


def test_fixed_table_wins_and_the_others_close_up():
    entrants = {i: team(i) for i in range(1, 7)} | {6: team(6, fixed_table=1)}
    numbers = assign_tables([(1, 2), (3, 4), (5, 6)], entrants, table_list(None, 3, list(entrants.values())))
    assert numbers == [2, 3, 1]


def test_clashing_fixed_tables_first_game_wins_and_the_other_is_flagged():
    entrants = {1: team(1, fixed_table=2), 2: team(2), 3: team(3, fixed_table=2), 4: team(4)}
    tables = table_list(None, 2, list(entrants.values()))
    numbers = assign_tables([(1, 2), (3, 4)], entrants, tables)
    assert numbers == [2, 1]
    by_number = {t.number: t for t in tables}
    assert table_flags((1, 2), 2, entrants, by_number) == ("fixed_table",)
    assert table_flags((3, 4), 1, entrants, by_number) == ("fixed_table_unmet",)


def test_fixed_table_beyond_the_games_is_kept():
    entrants = [team(1, fixed_table=12), team(2), team(3), team(4)]
    draw = generate_draw(DrawRequest("random", entrants, seed=3))
    assert sorted(g.table for g in draw.games) == [1, 12]
    assert draw.table_of(1) == 12


def test_step_free_swaps_with_the_nearest_game_that_needs_none():
    entrants = {i: team(i) for i in range(1, 9)} | {7: team(7, needs_step_free=True)}
    tables = [Table(1, step_free=True), Table(2), Table(3, step_free=True), Table(4)]
    numbers = assign_tables([(1, 2), (3, 4), (5, 6), (7, 8)], entrants, tables)
    assert numbers == [1, 2, 4, 3]


def test_not_enough_tables_is_a_user_error():
    entrants = [team(i) for i in range(1, 7)]
    try:
        generate_draw(DrawRequest("random", entrants, tables=[Table(1), Table(2)]))
    except DrawUserError as error:
        assert (error.code, error.params) == ("not_enough_tables", {"games": 3, "tables": 2})
    else:
        raise AssertionError("expected not_enough_tables")


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 14), st.data())
def test_step_free_needs_are_met_when_there_are_enough_step_free_tables(count, data):
    games = count // 2
    needy = data.draw(st.sets(st.integers(0, count - 1), max_size=games))
    entrants = [team(i, score=float(i % 3), needs_step_free=i in needy) for i in range(count)]
    spare = data.draw(st.integers(0, 3))
    total = games + spare
    step_free = data.draw(st.sets(st.integers(1, total), min_size=min(len(needy), total), max_size=total))
    tables = [Table(n, step_free=n in step_free) for n in range(1, total + 1)]
    method = data.draw(st.sampled_from(["swiss", "random", "round_robin"]))
    draw = generate_draw(
        DrawRequest(method, entrants, tables=tables, round_number=2, seed=data.draw(st.integers(0, 99)))
    )
    needing_games = [g for g in draw.games if any(e in needy for e in g.entrants)]
    if len(needing_games) <= len(step_free):
        assert all(g.table in step_free for g in needing_games)
        assert not any("step_free_unmet" in g.flags for g in draw.games)
