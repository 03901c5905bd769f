"""Mêlée draws: teams formed from single players, no repeated partner while avoidable, fair sit-outs."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.pairing_helpers import (
    assert_everyone_once,
    assert_fair_byes,
    fair_bye_sets,
    histories,
    partnered,
    perfect_matchings,
    teams,
)
from tournaments.pairing import DrawRequest, Entrant, History, draw_quality, generate_draw

SETTINGS = settings(max_examples=100, deadline=None)


@st.composite
def melee_cases(draw, min_size=4, max_size=8):
    entrants = draw(teams(min_size=min_size, max_size=max_size, players=1))
    history = draw(histories(entrants, partners=True))
    return entrants, history, draw(st.integers(1, 6)), draw(st.integers(0, 2**32))


def fewest_repeated_partners(entrants, history):
    """Exhaustive: over every fair choice of sit-outs and every way to form teams."""
    player = {e.id: e.players[0] for e in entrants}
    return min(
        sum(partnered(history, player[a], player[b]) for a, b in matching)
        for sitting in fair_bye_sets(entrants, len(entrants) % 4)
        for matching in perfect_matchings([e.id for e in entrants if e.id not in sitting])
    )


@SETTINGS
@given(melee_cases())
def test_everyone_plays_once_and_partners_repeat_only_when_unavoidable(case):
    entrants, history, round_number, seed = case
    draw = generate_draw(DrawRequest("melee", entrants, history, None, round_number, seed))
    assert_everyone_once(draw, entrants)
    assert_fair_byes(draw, entrants)
    assert len(draw.byes) == len(entrants) % 4
    assert draw.quality.repeated_partners == fewest_repeated_partners(entrants, history)
    assert draw.quality == draw_quality(draw, history, entrants)


@SETTINGS
@given(melee_cases())
def test_partners_sit_opposite_and_flags_tell_the_truth(case):
    entrants, history, round_number, seed = case
    player = {e.id: e.players[0] for e in entrants}
    draw = generate_draw(DrawRequest("melee", entrants, history, None, round_number, seed))
    for game in draw.games:
        assert len(game.side_a_entrants) == len(game.side_b_entrants) == 2
        assert game.side_a_players == tuple(player[e] for e in game.side_a_entrants)
        assert game.side_b_players == tuple(player[e] for e in game.side_b_entrants)
        assert (game.side_a, game.side_b) == (game.side_a_entrants[0], game.side_b_entrants[0])
        repeated = any(partnered(history, *side) for side in (game.side_a_players, game.side_b_players))
        assert ("repeated_partner_no_alternative" in game.flags) == repeated
        across = any(
            b in history.opponents.get(a, ()) or a in history.opponents.get(b, ())
            for a in game.side_a_entrants
            for b in game.side_b_entrants
        )
        assert ("repeated_opponent" in game.flags) == across
        assert "same_club" not in game.flags


@SETTINGS
@given(melee_cases(max_size=16))
def test_same_seed_same_draw(case):
    entrants, history, round_number, seed = case
    first = generate_draw(DrawRequest("melee", entrants, history, None, round_number, seed))
    shuffled = list(entrants)
    random.Random(seed).shuffle(shuffled)
    assert generate_draw(DrawRequest("melee", shuffled, history, None, round_number, seed)) == first


def test_opponents_are_new_when_possible():
    # Eight players; round 1 was 1+2 v 3+4 and 5+6 v 7+8. Round 2 must mix both partners and opponents.
    entrants = [Entrant(i, (100 + i,)) for i in range(1, 9)]
    history = History(
        opponents={1: {3, 4}, 2: {3, 4}, 5: {7, 8}, 6: {7, 8}},
        partners={101: {102}, 103: {104}, 105: {106}, 107: {108}},
        past_rounds=1,
    )
    for seed in range(10):
        draw = generate_draw(DrawRequest("melee", entrants, history, None, 2, seed))
        assert draw.quality.repeated_partners == 0
        assert draw.quality.rematches == 0


def test_sit_outs_go_to_the_fewest_byes_then_the_lowest():
    entrants = [Entrant(i, (100 + i,), score=float(10 - i), byes=1 if i in (9, 10) else 0) for i in range(1, 11)]
    draw = generate_draw(DrawRequest("melee", entrants, round_number=3, seed=2))
    # Ten players: two sit out; 9 and 10 are lowest but have had a bye, so 8 and 7 sit out.
    assert [(b.entrant, b.flags) for b in draw.byes] == [(7, ()), (8, ())]


def test_large_melee_has_no_repeated_partner_or_opponent():
    rng = random.Random(4)
    count = 160
    entrants = [Entrant(i, (1000 + i,), score=float(rng.randint(0, 4))) for i in range(count)]
    partners = {1000 + i: {1000 + j for j in rng.sample(range(count), 4) if j != i} for i in range(count)}
    opponents = {i: {j for j in rng.sample(range(count), 8) if j != i} for i in range(count)}
    history = History(opponents=opponents, partners=partners, past_rounds=4)
    options = {"window": 8, "exact_limit": 0, "band_limit": 0}
    draw = generate_draw(DrawRequest("melee", entrants, history, None, 5, 9, options))
    assert_everyone_once(draw, entrants)
    assert draw.quality.repeated_partners == 0
    assert draw.quality.rematches == 0
    pairs = [frozenset(g.side_a_players) for g in draw.games] + [frozenset(g.side_b_players) for g in draw.games]
    assert len(set(pairs)) == count // 2
    assert all(len(p) == 2 for p in pairs)
    assert not any(set(combinations(sorted(p), 2)) & {(1, 1)} for p in pairs)
