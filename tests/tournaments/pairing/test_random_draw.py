"""Random draws: no avoidable rematch or same-club game, fair byes, deterministic by seed."""

from __future__ import annotations

import random

from hypothesis import given, settings

from tests.tournaments.pairing.pairing_helpers import (
    assert_everyone_once,
    assert_fair_byes,
    game_met,
    met,
    min_rematches,
    perfect_matchings,
    team_cases,
)
from tournaments.pairing import DrawRequest, Entrant, History, draw_quality, generate_draw
from tournaments.pairing.random_draw import spread_by_club

SETTINGS = settings(max_examples=120, deadline=None)


def clubs_clash(by_id, a, b):
    return by_id[a].club_id is not None and by_id[a].club_id == by_id[b].club_id


@SETTINGS
@given(team_cases())
def test_everyone_plays_once_with_the_fewest_rematches_possible(case):
    entrants, history, round_number, seed = case
    draw = generate_draw(DrawRequest("random", entrants, history, None, round_number, seed))
    assert_everyone_once(draw, entrants)
    assert_fair_byes(draw, entrants)
    assert draw.quality.rematches == min_rematches(entrants, history)
    assert draw.quality == draw_quality(draw, history, entrants)


@SETTINGS
@given(team_cases().filter(lambda case: len(case[0]) % 2 == 0))
def test_same_club_games_are_the_fewest_possible_after_rematches(case):
    entrants, history, round_number, seed = case
    by_id = {e.id: e for e in entrants}
    draw = generate_draw(DrawRequest("random", entrants, history, None, round_number, seed))
    best = min(
        (sum(met(history, a, b) for a, b in m), sum(clubs_clash(by_id, a, b) for a, b in m))
        for m in perfect_matchings([e.id for e in entrants])
    )
    assert (draw.quality.rematches, draw.quality.same_club) == best
    for game in draw.games:
        assert ("rematch_no_alternative" in game.flags) == game_met(history, game)
        assert ("same_club" in game.flags) == clubs_clash(by_id, game.side_a, game.side_b)
        assert "pulled_up" not in game.flags


@SETTINGS
@given(team_cases())
def test_same_seed_same_draw(case):
    entrants, history, round_number, seed = case
    first = generate_draw(DrawRequest("random", entrants, history, None, round_number, seed))
    shuffled = list(entrants)
    random.Random(seed).shuffle(shuffled)
    assert generate_draw(DrawRequest("random", shuffled, history, None, round_number, seed)) == first


def test_different_seeds_give_different_draws():
    entrants = [Entrant(i, (2 * i, 2 * i + 1)) for i in range(20)]
    draws = {
        tuple((g.side_a, g.side_b) for g in generate_draw(DrawRequest("random", entrants, seed=seed)).games)
        for seed in range(10)
    }
    assert len(draws) == 10


def test_round_one_bye_is_random_and_later_the_lowest_gets_it():
    entrants = [Entrant(i, (2 * i, 2 * i + 1), score=float(i)) for i in range(1, 8)]
    first_round = {generate_draw(DrawRequest("random", entrants, seed=seed)).byes[0].entrant for seed in range(30)}
    assert len(first_round) > 3
    later = {generate_draw(DrawRequest("random", entrants, round_number=3, seed=s)).byes[0].entrant for s in range(10)}
    assert later == {1}


def test_clubs_are_spread_over_the_whole_order():
    rng = random.Random(5)
    entrants = [Entrant(i, (2 * i, 2 * i + 1), club_id=1 if i < 100 else 2 + i % 50) for i in range(300)]
    order = spread_by_club(entrants, rng)
    # A third of the field is club 1: every slice of 30 holds about 10 of them.
    for start in range(0, 300, 30):
        members = sum(1 for e in order[start : start + 30] if e < 100)
        assert 9 <= members <= 11


def test_large_random_draw_avoids_rematches_and_clubs():
    rng = random.Random(11)
    entrants = [Entrant(i, (2 * i, 2 * i + 1), club_id=i % 10) for i in range(240)]
    opponents = {i: set(rng.sample(range(240), 5)) - {i} for i in range(240)}
    history = History(opponents=opponents, past_rounds=5)
    options = {"window": 12, "exact_limit": 0, "band_limit": 0}
    draw = generate_draw(DrawRequest("random", entrants, history, None, 6, 3, options))
    assert_everyone_once(draw, entrants)
    assert draw.quality.rematches == 0
    assert draw.quality.same_club == 0
