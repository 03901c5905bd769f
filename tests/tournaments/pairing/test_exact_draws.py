"""Exact matching of the whole field (rustworkx): same optimum as networkx, the band graph's minimum,
conflict-free bands, exact where windows keep a conflict, and the same draw for the same seed and input."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.pairing_helpers import (
    assert_everyone_once,
    assert_fair_byes,
    perfect_matchings,
    swiss_field,
)
from tournaments.pairing import DrawRequest, Entrant, History, draw_quality, generate_draw, matching, melee
from tournaments.pairing.byes import ByeChoice
from tournaments.pairing.matching import band_width, banded_matching, exact_matching, pair_up, windowed_matching


def _random_costs(size: int, rng: random.Random, levels: int) -> dict[tuple[int, int], tuple[int, ...]]:
    return {
        (i, j): tuple(rng.choice([0, 0, 1, 2, 5, 40]) for _ in range(levels))
        for i in range(size)
        for j in range(i + 1, size)
    }


def _total(costs, pairs, levels):
    return tuple(sum(costs[p][k] for p in pairs) for k in range(levels))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30).map(lambda k: 2 * k), st.integers(0, 10**6), st.integers(1, 3))
def test_rustworkx_finds_the_same_optimum_as_networkx(size, seed, levels):
    costs = _random_costs(size, random.Random(seed), levels)
    fast = exact_matching(size, lambda i, j: costs[(i, j)], solver="rustworkx")
    slow = exact_matching(size, lambda i, j: costs[(i, j)], solver="networkx")
    assert sorted(x for p in fast for x in p) == list(range(size))
    assert _total(costs, fast, levels) == _total(costs, slow, levels)


def test_weights_beyond_rustworkx_range_fall_back_to_networkx():
    # Twelve levels over 30 pairs give weights far beyond 128 bits: still exact, no OverflowError.
    rng = random.Random(3)
    costs = _random_costs(60, rng, 12)
    pairs = exact_matching(60, lambda i, j: costs[(i, j)])
    assert _total(costs, pairs, 12) == _total(
        costs, exact_matching(60, lambda i, j: costs[(i, j)], solver="networkx"), 12
    )


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 5).map(lambda k: 2 * k), st.integers(1, 4), st.integers(0, 10**6))
def test_banded_matching_is_the_minimum_over_the_band(size, width, seed):
    rng = random.Random(seed)
    costs = _random_costs(size, rng, 2)
    pairs = banded_matching(size, lambda i, j: costs[(i, j)], width)
    assert all(j - i <= width for i, j in pairs)
    allowed = [m for m in perfect_matchings(list(range(size))) if all(abs(j - i) <= width for i, j in m)]
    best = min(_total(costs, [tuple(sorted(p)) for p in m], 2) for m in allowed)
    assert _total(costs, pairs, 2) == best


def _conflicts(size: int, most: int, rng: random.Random) -> dict[int, set[int]]:
    conflicts: dict[int, set[int]] = {i: set() for i in range(size)}
    for i in range(size):
        for _ in range(most):
            j = rng.randrange(size)
            if j != i and len(conflicts[i]) < most and len(conflicts[j]) < most:
                conflicts[i].add(j)
                conflicts[j].add(i)
    return conflicts


@settings(max_examples=40, deadline=None)
@given(st.integers(10, 120).map(lambda k: 2 * k), st.integers(0, 8), st.integers(0, 10**6))
def test_bands_are_conflict_free_and_the_whole_field_bounds_both(size, max_conflicts, seed):
    conflicts = _conflicts(size, max_conflicts, random.Random(seed))

    # Conflicts first, then distance in the order (as Swiss: neighbours in the standings).
    def cost(i, j):
        return (int(j in conflicts[i]), (j - i) ** 2)

    banded = banded_matching(size, cost, band_width(4, max_conflicts))
    windowed = windowed_matching(size, cost, matching.dirac_window(4, max_conflicts))
    assert sorted(x for p in banded for x in p) == list(range(size))
    assert not any(j in conflicts[i] for i, j in banded)
    whole = exact_matching(size, cost)
    # The whole field's minimum is a lower bound for both; a band as wide as the field is the whole field.
    assert _total({p: cost(*p) for p in whole}, whole, 2) <= _total({p: cost(*p) for p in banded}, banded, 2)
    assert _total({p: cost(*p) for p in whole}, whole, 2) <= _total({p: cost(*p) for p in windowed}, windowed, 2)
    assert banded_matching(size, cost, size) == whole


def test_exact_avoids_the_conflict_that_windows_too_small_keep():
    # 0-1, 0-2, 1-3 and 2-3 are forbidden in practice (conflicts); a window of 4 nodes at a time sees
    # 0..3 first, where a perfect matching needs one conflict, while the whole field has none.
    conflicts = {(0, 1), (0, 2), (1, 3), (2, 3), (0, 3)}

    def cost(i, j):
        return (int((i, j) in conflicts), j - i)

    windowed = windowed_matching(8, cost, 4)
    exact = exact_matching(8, cost)
    assert sum(cost(*p)[0] for p in windowed) >= 1
    assert sum(cost(*p)[0] for p in exact) == 0


def test_pair_up_uses_the_band_up_to_band_limit_then_windows():
    keys = list(range(300))
    common = {"byes": ByeChoice(0, (), ()), "max_conflicts": 3, "window": 8, "exact_limit": 10}
    band = pair_up(keys, lambda a, b: (0, (b - a) ** 2), band_limit=300, **common)
    windows = pair_up(keys, lambda a, b: (0, (b - a) ** 2), band_limit=299, **common)
    assert (band.scope, band.exact) == ("band", True)
    assert (windows.scope, windows.exact) == ("windows", False)
    assert band.pairs == tuple((i, i + 1) for i in range(0, 300, 2))


@settings(max_examples=6, deadline=None)
@given(st.integers(150, 260), st.integers(0, 2**32))
def test_swiss_large_fields_are_exact_over_the_band_without_rematches(count, seed):
    entrants, history = swiss_field(count, 6, seed)
    exact = generate_draw(DrawRequest("swiss", entrants, history, None, 7, seed))
    windowed = generate_draw(DrawRequest("swiss", entrants, history, None, 7, seed, {"band_limit": 0}))
    assert_everyone_once(exact, entrants)
    assert_fair_byes(exact, entrants)
    assert exact.quality.rematches == 0
    assert exact.quality == draw_quality(exact, history, entrants)
    # Rematches are absolute: no flag claims a rematch had no alternative.
    assert not any("rematch_no_alternative" in g.flags for g in exact.games)
    assert windowed.quality.rematches == 0


def test_same_seed_and_input_give_the_same_draw():
    entrants, history = swiss_field(400, 8, 5)
    first = generate_draw(DrawRequest("swiss", entrants, history, None, 9, 77))
    shuffled = list(reversed(entrants))
    again = generate_draw(DrawRequest("swiss", shuffled, history, None, 9, 77))
    assert first == again
    players = [Entrant(i, (1000 + i,), score=float(i % 5)) for i in range(240)]
    partners = {1000 + i: {1000 + (i + 7) % 240} for i in range(240)}
    opponents = {i: {(i + 3) % 240, (i + 11) % 240} for i in range(240)}
    melee_history = History(opponents=opponents, partners=partners, past_rounds=2)
    one = generate_draw(DrawRequest("melee", players, melee_history, None, 3, 5))
    two = generate_draw(DrawRequest("melee", players[::-1], melee_history, None, 3, 5))
    assert one == two
    assert one.quality.repeated_partners == 0


def test_melee_games_alone_repeat_no_opponent_in_a_dense_field(monkeypatch):
    # Without the swaps, the exact matching of all 120 teams must find the games that repeat no opponent
    # although every player has met 14 of the 239 others (a team's rivals: up to 28 teams).
    monkeypatch.setattr(melee, "improve", lambda tables, field: tables)
    rng = random.Random(11)
    count = 240
    players = [Entrant(i, (1000 + i,), score=float(rng.randint(0, 4))) for i in range(count)]
    opponents = {i: {j for j in rng.sample(range(count), 14) if j != i} for i in range(count)}
    partners = {1000 + i: {1000 + j for j in rng.sample(range(count), 4) if j != i} for i in range(count)}
    history = History(opponents=opponents, partners=partners, past_rounds=5)
    draw = generate_draw(DrawRequest("melee", players, history, None, 6, 3))
    assert_everyone_once(draw, players)
    assert draw.quality.repeated_partners == 0
    assert draw.quality.rematches == 0


_DRAW_IN_A_NEW_PROCESS = """
import sys
sys.path.insert(0, {root!r})
from tests.tournaments.pairing.pairing_helpers import swiss_field
from tournaments.pairing import DrawRequest, generate_draw
entrants, history = swiss_field(300, 6, 8)
print(repr(generate_draw(DrawRequest("swiss", entrants, history, None, 7, 21))))
"""


def test_the_same_draw_in_another_process_with_another_hash_seed():
    # The solver is native code: its answer must not depend on per-process hashing or memory layout.
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[3])
    entrants, history = swiss_field(300, 6, 8)
    here = repr(generate_draw(DrawRequest("swiss", entrants, history, None, 7, 21)))
    for seed in ("1", "2"):
        there = subprocess.run(
            [sys.executable, "-c", _DRAW_IN_A_NEW_PROCESS.format(root=root)],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
        ).stdout.strip()
        assert there == here
