"""Swiss draws: properties against brute force on small fields, flags on hand-made cases, large fields."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.pairing_helpers import (
    assert_everyone_once,
    assert_fair_byes,
    game_met,
    min_rematches,
    team_cases,
)
from tournaments.pairing import DrawRequest, Entrant, History, Table, draw_quality, generate_draw

SETTINGS = settings(max_examples=120, deadline=None)


@SETTINGS
@given(team_cases())
def test_everyone_plays_once_with_the_fewest_rematches_possible(case):
    entrants, history, round_number, seed = case
    draw = generate_draw(DrawRequest("swiss", entrants, history, None, round_number, seed))
    assert_everyone_once(draw, entrants)
    assert_fair_byes(draw, entrants)
    assert len(draw.byes) == len(entrants) % 2
    assert draw.quality.rematches == min_rematches(entrants, history)
    assert draw.quality == draw_quality(draw, history, entrants)


@SETTINGS
@given(team_cases())
def test_flags_tell_the_truth(case):
    entrants, history, round_number, seed = case
    by_id = {e.id: e for e in entrants}
    draw = generate_draw(DrawRequest("swiss", entrants, history, None, round_number, seed))
    for game in draw.games:
        a, b = by_id[game.side_a], by_id[game.side_b]
        assert ("rematch_no_alternative" in game.flags) == game_met(history, game)
        assert ("same_club" in game.flags) == (a.club_id is not None and a.club_id == b.club_id)
        assert ("pulled_up" in game.flags) == (a.score != b.score)
        # Side A is the better placed side.
        assert a.score >= b.score
        if a.score == b.score and a.rank is not None and b.rank is not None:
            assert a.rank < b.rank


@SETTINGS
@given(team_cases())
def test_top_game_is_on_table_one_and_games_follow_the_standings(case):
    entrants, history, round_number, seed = case
    by_id = {e.id: e for e in entrants}
    draw = generate_draw(DrawRequest("swiss", entrants, history, None, round_number, seed))

    def key(entrant_id):
        e = by_id[entrant_id]
        return (-e.score, e.rank if e.rank is not None else 10**9)

    playing = [e for game in draw.games for e in game.entrants]
    assert draw.games[0].table == 1
    assert min(key(e) for e in draw.games[0].entrants) == min(key(e) for e in playing)
    tops = [min(key(e) for e in game.entrants) for game in draw.games]
    assert tops == sorted(tops)
    assert [game.table for game in draw.games] == list(range(1, len(draw.games) + 1))


@SETTINGS
@given(team_cases(), st.data())
def test_fixed_table_is_honoured(case, data):
    entrants, history, round_number, seed = case
    games = len(entrants) // 2
    if games == 0:
        return
    index = data.draw(st.integers(0, len(entrants) - 1))
    table = data.draw(st.integers(1, games))
    fixed = entrants[index]
    entrants = [*entrants[:index], Entrant(**{**fixed.__dict__, "fixed_table": table}), *entrants[index + 1 :]]
    draw = generate_draw(DrawRequest("swiss", entrants, history, None, round_number, seed))
    assert_everyone_once(draw, entrants)
    if any(b.entrant == fixed.id for b in draw.byes):
        return
    game = draw.game_at(table)
    assert game is not None and fixed.id in game.entrants
    assert "fixed_table" in game.flags


@SETTINGS
@given(team_cases())
def test_same_seed_same_draw_whatever_the_input_order(case):
    entrants, history, round_number, seed = case
    first = generate_draw(DrawRequest("swiss", entrants, history, None, round_number, seed))
    shuffled = list(entrants)
    random.Random(seed).shuffle(shuffled)
    assert generate_draw(DrawRequest("swiss", shuffled, history, None, round_number, seed)) == first


def team(entrant_id, score=0.0, club=None, rank=None, byes=0):
    return Entrant(entrant_id, (10 * entrant_id, 10 * entrant_id + 1), club, score, rank, byes)


def test_pulled_up_flags_the_game_across_score_groups():
    entrants = [team(1, 3, rank=1), team(2, 1, rank=2), team(3, 1, rank=3), team(4, 1, rank=4)]
    draw = generate_draw(DrawRequest("swiss", entrants, round_number=2, seed=1))
    assert [(g.table, g.side_a, g.side_b, g.flags) for g in draw.games] == [
        (1, 1, 2, ("pulled_up",)),
        (2, 3, 4, ()),
    ]
    assert draw.quality.max_score_gap == 2.0 and draw.quality.total_score_gap == 2.0


def test_same_club_is_avoided_within_a_score_group_and_flagged_when_not():
    entrants = [team(1, 2, club=7, rank=1), team(2, 2, club=7, rank=2), team(3, 2, club=8, rank=3), team(4, 2, rank=4)]
    draw = generate_draw(DrawRequest("swiss", entrants, round_number=2, seed=1))
    assert draw.quality.same_club == 0
    assert {frozenset((g.side_a, g.side_b)) for g in draw.games} == {frozenset((1, 3)), frozenset((2, 4))}
    # Across score groups the club gives way: a same-club game beats a pull-up.
    entrants = [team(1, 3, club=7, rank=1), team(2, 3, club=7, rank=2), team(3, 0, rank=3), team(4, 0, rank=4)]
    draw = generate_draw(DrawRequest("swiss", entrants, round_number=2, seed=1))
    assert draw.games[0].flags == ("same_club",)
    assert (draw.games[0].side_a, draw.games[0].side_b) == (1, 2)
    plain = generate_draw(DrawRequest("swiss", entrants, round_number=2, seed=1, options={"avoid_same_club": False}))
    assert [(g.side_a, g.side_b) for g in plain.games] == [(1, 2), (3, 4)]


def test_rematch_is_avoided_by_pulling_up_and_flagged_when_unavoidable():
    entrants = [team(1, 2, rank=1), team(2, 2, rank=2), team(3, 1, rank=3), team(4, 1, rank=4)]
    history = History(opponents={1: {2}})
    draw = generate_draw(DrawRequest("swiss", entrants, history, round_number=2, seed=1))
    assert draw.quality.rematches == 0
    assert [(g.side_a, g.side_b, g.flags) for g in draw.games] == [(1, 3, ("pulled_up",)), (2, 4, ("pulled_up",))]
    # Everyone has met everyone: two rematches, and the flags say there was no way round.
    history = History(opponents={1: {2, 3, 4}, 2: {3, 4}, 3: {4}}, past_rounds=3)
    draw = generate_draw(DrawRequest("swiss", entrants, history, round_number=4, seed=1))
    assert draw.quality.rematches == 2
    assert all("rematch_no_alternative" in g.flags for g in draw.games)


def test_bye_goes_to_the_lowest_with_the_fewest_byes():
    entrants = [
        team(1, 3, rank=1),
        team(2, 2, rank=2),
        team(3, 1, rank=3, byes=1),
        team(4, 1, rank=4, byes=1),
        team(5, 0, rank=5, byes=1),
    ]
    draw = generate_draw(DrawRequest("swiss", entrants, round_number=4, seed=1))
    assert [(b.entrant, b.flags) for b in draw.byes] == [(2, ())]
    # Everyone had one: the lowest gets a second, flagged.
    entrants = [team(1, 3, rank=1, byes=1), team(2, 2, rank=2, byes=1), team(3, 1, rank=3, byes=1)]
    draw = generate_draw(DrawRequest("swiss", entrants, round_number=4, seed=1))
    assert [(b.entrant, b.flags) for b in draw.byes] == [(3, ("repeat_bye",))]


def test_bye_moves_up_when_the_lowest_sitting_out_would_force_a_rematch():
    entrants = [team(1, 2, rank=1), team(2, 1, rank=2), team(3, 0, rank=3)]
    # 1 and 2 have met: only a bye for 1 or 2 avoids a rematch; 2 is the lower of the two.
    draw = generate_draw(DrawRequest("swiss", entrants, History(opponents={1: {2}}), round_number=2, seed=1))
    assert [b.entrant for b in draw.byes] == [2]
    assert draw.quality.rematches == 0


def test_step_free_table_and_given_table_numbers():
    entrants = [team(i, 4 - i, rank=i) for i in range(1, 7)]
    entrants[5] = Entrant(6, (60, 61), score=-2.0, rank=6, needs_step_free=True)
    tables = [Table(11), Table(12), Table(13, "hall", step_free=False), Table(14, "ground floor", step_free=True)]
    draw = generate_draw(DrawRequest("swiss", entrants, tables=tables, round_number=2, seed=3))
    assert draw.table_of(1) == 11
    assert draw.table_of(6) == 14
    assert [g.table for g in draw.games] == [11, 12, 14]


@settings(max_examples=8, deadline=None)
@given(st.integers(100, 160), st.integers(0, 2**32))
def test_large_fields_are_drawn_in_windows_without_rematches(count, seed):
    rng = random.Random(seed)
    entrants = [team(i, float(rng.randint(0, 5)), club=rng.randrange(8)) for i in range(count)]
    opponents = {i: set() for i in range(count)}
    for i in range(count):
        for j in rng.sample(range(count), 6):
            if i != j:
                opponents[i].add(j)
    history = History(opponents=opponents, past_rounds=6)
    request = DrawRequest("swiss", entrants, history, None, 7, seed, {"window": 8, "exact_limit": 0, "band_limit": 0})
    draw = generate_draw(request)
    assert_everyone_once(draw, entrants)
    assert_fair_byes(draw, entrants)
    assert draw.quality.rematches == 0
    assert draw.quality == draw_quality(draw, history, entrants)
