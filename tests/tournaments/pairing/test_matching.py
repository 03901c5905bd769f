"""The matching engine: exact against brute force, windows conflict-free when Dirac says they can be."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.pairing_helpers import perfect_matchings
from tournaments.pairing.byes import ByeChoice
from tournaments.pairing.matching import dirac_window, exact_matching, pair_up, windowed_matching


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 5).map(lambda k: 2 * k), st.integers(0, 10**6), st.integers(1, 3))
def test_exact_matching_is_the_lexicographic_minimum(size, seed, levels):
    rng = random.Random(seed)
    table = {
        (i, j): tuple(rng.choice([0, 0, 1, 2, 5, 40]) for _ in range(levels))
        for i in range(size)
        for j in range(i + 1, size)
    }
    pairs = exact_matching(size, lambda i, j: table[(i, j)])

    def total(matching):
        return tuple(sum(table[p][k] for p in matching) for k in range(levels))

    assert sorted(x for p in pairs for x in p) == list(range(size))
    assert total(pairs) == min((total(m) for m in perfect_matchings(list(range(size)))), default=())


def test_exact_matching_respects_forbidden_pairs():
    # 0-1 and 2-3 are cheapest but forbidden; the only other choices cost more.
    costs = {(0, 1): None, (2, 3): None, (0, 2): (5,), (1, 3): (5,), (0, 3): (1,), (1, 2): (1,)}
    assert exact_matching(4, lambda i, j: costs[(i, j)]) == [(0, 3), (1, 2)]


@settings(max_examples=40, deadline=None)
@given(st.integers(10, 60).map(lambda k: 2 * k), st.integers(0, 6), st.integers(0, 10**6))
def test_windows_are_conflict_free_when_dirac_allows(size, max_conflicts, seed):
    rng = random.Random(seed)
    conflicts: dict[int, set[int]] = {i: set() for i in range(size)}
    for i in range(size):
        for _ in range(max_conflicts):
            j = rng.randrange(size)
            if j != i and len(conflicts[i]) < max_conflicts and len(conflicts[j]) < max_conflicts:
                conflicts[i].add(j)
                conflicts[j].add(i)
    window = dirac_window(4, max_conflicts)
    pairs = windowed_matching(size, lambda i, j: (int(j in conflicts[i]), j - i), window)
    assert sorted(x for p in pairs for x in p) == list(range(size))
    assert not any(j in conflicts[i] for i, j in pairs)


def test_pair_up_chooses_the_bye_inside_the_exact_matching():
    # 3 and 4 have both met 1 and 2: the bye must go where it keeps the draw conflict-free.
    met = {(1, 3), (2, 3), (1, 4), (2, 4)}

    def cost(a, b):
        return (int((a, b) in met or (b, a) in met), 0)

    result = pair_up([1, 2, 3], cost, byes=ByeChoice(1, (), (3, 1, 2)), max_conflicts=2, window=4, exact_limit=10)
    assert result.exact
    # Bye to 3 pairs 1-2 (no conflict): 3 is the most preferred, so it gets it.
    assert result.byes == (3,) and result.pairs == ((1, 2),)
    result = pair_up(
        [1, 2, 3, 4, 5],
        cost,
        byes=ByeChoice(1, (), (4, 3, 1, 2, 5)),
        max_conflicts=2,
        window=4,
        exact_limit=10,
    )
    # Bye to 4 would leave 3 to play 1, 2 or 5; 3-5 is allowed, so 4 keeps the bye.
    assert result.byes == (4,)
    assert not any(cost(a, b)[0] for a, b in result.pairs)


def test_pair_up_windowed_gives_the_bye_to_the_most_preferred():
    keys = list(range(200))
    result = pair_up(
        keys,
        lambda a, b: (0, b - a),
        byes=ByeChoice(2, (7,), (150, 3)),
        max_conflicts=0,
        window=8,
        exact_limit=10,
    )
    assert not result.exact
    assert result.byes == (7, 150)
    playing = [k for k in keys if k not in (7, 150)]
    assert sorted(x for p in result.pairs for x in p) == playing
    # With distance in the order as the only cost, windows pair neighbours: first with second, ...
    assert sorted(result.pairs) == [(playing[i], playing[i + 1]) for i in range(0, len(playing), 2)]
