"""Round robin: FIDE Berger tables, everyone meets everyone once per cycle."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.tournaments.pairing.pairing_helpers import assert_everyone_once
from tournaments.pairing import DrawRequest, DrawUserError, Entrant, History, generate_draw
from tournaments.pairing.round_robin import berger_round


def test_berger_tables_for_six_match_fide():
    assert [berger_round(6, r) for r in range(1, 6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_berger_tables_for_four_and_the_second_cycle():
    assert [berger_round(4, r) for r in range(1, 4)] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert berger_round(4, 4) == [(4, 1), (3, 2)]


def teams(count):
    return [Entrant(10 + i, (100 + 2 * i, 101 + 2 * i)) for i in range(count)]


@pytest.mark.parametrize("count", range(2, 15))
def test_everyone_meets_everyone_exactly_once_per_cycle(count):
    entrants = teams(count)
    rounds = count - 1 if count % 2 == 0 else count
    meetings: Counter = Counter()
    byes: Counter = Counter()
    for number in range(1, rounds + 1):
        draw = generate_draw(DrawRequest("round_robin", entrants, round_number=number, seed=number))
        assert_everyone_once(draw, entrants)
        meetings.update(frozenset((g.side_a, g.side_b)) for g in draw.games)
        byes.update(b.entrant for b in draw.byes)
        assert all(b.flags == ("schedule_bye",) for b in draw.byes)
    ids = [e.id for e in entrants]
    assert meetings == Counter(frozenset(pair) for pair in combinations(ids, 2))
    assert byes == (Counter(ids) if count % 2 else Counter())


def test_return_games_are_not_flagged_but_counted():
    entrants = teams(4)
    first = generate_draw(DrawRequest("round_robin", entrants, round_number=1))
    history = History(opponents={g.side_a: {g.side_b} for g in first.games}, past_rounds=3)
    again = generate_draw(DrawRequest("round_robin", entrants, history, round_number=4))
    assert [(g.side_a, g.side_b) for g in again.games] == [(g.side_b, g.side_a) for g in first.games]
    assert all(g.flags == () for g in again.games)
    assert again.quality.rematches == 2


def test_absent_entrant_leaves_its_opponent_a_bye():
    entrants = teams(6)
    order = [e.id for e in entrants]
    present = [e for e in entrants if e.id != 15]
    draw = generate_draw(DrawRequest("round_robin", present, round_number=1, options={"order": order}))
    # Round 1: 10-15 is the first table; 15 is absent.
    assert [(b.entrant, b.flags) for b in draw.byes] == [(10, ("opponent_absent",))]
    assert [(g.side_a, g.side_b) for g in draw.games] == [(11, 14), (12, 13)]


def test_present_entrant_missing_from_the_order_is_refused():
    entrants = teams(4)
    with pytest.raises(DrawUserError) as caught:
        generate_draw(DrawRequest("round_robin", entrants, options={"order": [10, 11, 12]}))
    assert caught.value.code == "entrant_not_in_order"
    assert caught.value.params == {"entrant": 13}
