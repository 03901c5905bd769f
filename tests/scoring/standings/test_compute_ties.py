"""Golden tests for the standings' tie-breaks (head-to-head within the tied group, Buchholz, the drawing of
lots): every number was worked out by hand from the games typed here."""

import pytest

from scoring.standings.metrics import lots_value
from scoring.standings.store import standings_recompute_now
from tests.scoring.standings_helpers import (
    by_number,
    make_entries,
    make_event,
    make_round,
    play,
    table,
    won,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def six_teams():
    """Six teams, four rounds (win 2, draw 1, loss 0), every pair at most once.

    R1: A–B 810:800, C–D 900:700, E–F 700:900   R2: A–C 805:800, B–E 1000:600, D–F 700:900
    R3: B–C 800:800, A–F 600:1000, D–E 800:800  R4: A–D 500:1100, B–F 850:850, C–E 800:800
    MP: A 4, B 4, C 4, D 3, E 2, F 7.  Totals: A 2715, B 3450, C 3300, D 3300, E 2900, F 3650.
    Among A, B, C: A beat B and C (4), B drew C (1 each).
    """
    event = make_event()
    a, b, c, d, e, f = make_entries(event, 6)
    r1, r2, r3, r4 = (make_round(event, n) for n in (1, 2, 3, 4))
    for rnd, games in (
        (r1, [(a, b, 810, 800), (c, d, 900, 700), (e, f, 700, 900)]),
        (r2, [(a, c, 805, 800), (b, e, 1000, 600), (d, f, 700, 900)]),
        (r3, [(b, c, 800, 800), (a, f, 600, 1000), (d, e, 800, 800)]),
        (r4, [(a, d, 500, 1100), (b, f, 850, 850), (c, e, 800, 800)]),
    ):
        for x, y, pa, pb in games:
            play(rnd, x, y, won(pa, pb))
    return event


def ranking(event, after=4) -> list[tuple[int, int]]:
    return [row[:2] for row in table(event, after)]


def test_head_to_head_counts_only_games_within_the_tied_group(six_teams):
    six_teams.ranking_precedence = ["match_points", "head_to_head", "total_points"]
    six_teams.save()
    standings_recompute_now(event_id=six_teams.pk)
    # F (7) first; A, B, C tie on 4: head-to-head A 4, B 1, C 1 (B's win over E does not count);
    # B and C then go by total points (3450 > 3300); D (3) and E (2) follow.
    assert ranking(six_teams) == [(6, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]
    after = by_number(six_teams, 4)
    assert {n: after[n].metrics["head_to_head"] for n in (1, 2, 3)} == {1: 4, 2: 1, 3: 1}
    # Head-to-head is computed only inside a tied group; F, D and E were never tied.
    assert {n: after[n].metrics["head_to_head"] for n in (4, 5, 6)} == {4: None, 5: None, 6: None}


def test_without_head_to_head_total_points_order_the_three(six_teams):
    standings_recompute_now(event_id=six_teams.pk)
    assert ranking(six_teams) == [(6, 1), (2, 2), (3, 3), (1, 4), (4, 5), (5, 6)]


def test_buchholz_on_the_six_teams(six_teams):
    six_teams.ranking_precedence = ["match_points", "buchholz"]
    six_teams.save()
    standings_recompute_now(event_id=six_teams.pk)
    after = by_number(six_teams, 4)
    # A: B4 + C4 + F7 + D3; B: A4 + E2 + C4 + F7; C: D3 + A4 + B4 + E2; ...
    assert {n: s.metrics["buchholz"] for n, s in after.items()} == {1: 18, 2: 17, 3: 13, 4: 17, 5: 18, 6: 13}
    assert ranking(six_teams) == [(6, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]


def test_head_to_head_in_a_cycle_leaves_the_tie_to_the_next_metric():
    event = make_event(ranking_precedence=["match_points", "head_to_head", "point_difference"])
    a, b, c, d = make_entries(event, 4)
    r1, r2, r3 = (make_round(event, n) for n in (1, 2, 3))
    # A beats B, B beats C, C beats A; all beat D: A, B, C have 4 MP and 2 head-to-head each.
    play(r1, a, b, won(900, 800))
    play(r1, c, d, won(1000, 500))
    play(r2, b, c, won(950, 700))
    play(r2, a, d, won(800, 790))
    play(r3, c, a, won(820, 700))
    play(r3, b, d, won(900, 600))
    standings_recompute_now(event_id=event.pk)
    after = by_number(event, 3)
    assert {n: after[n].metrics["head_to_head"] for n in (1, 2, 3)} == {1: 2, 2: 2, 3: 2}
    # Differences: A 100 + 10 - 120 = -10; B -100 + 250 + 300 = 450; C 500 - 250 + 120 = 370.
    assert ranking(event, 3) == [(2, 1), (3, 2), (1, 3), (4, 4)]


def test_drawing_of_lots_is_seeded_and_independent_of_ids():
    event = make_event(ranking_precedence=["match_points", "lots"])
    entries = make_entries(event, 4)
    rnd = make_round(event, 1, seed=7000)  # the lots seed is round 1's draw seed: 7001
    play(rnd, entries[0], entries[1], won(800, 800))
    play(rnd, entries[2], entries[3], won(800, 800))
    standings_recompute_now(event_id=event.pk)
    lots = {n: lots_value("7001", n) for n in (1, 2, 3, 4)}
    # Lower lot first: sha256 of "7001:1", "7001:3", "7001:2", "7001:4" in rising order (checked in a shell).
    assert [n for n, rank in ranking(event, 1)] == [1, 3, 2, 4]
    assert [rank for n, rank in ranking(event, 1)] == [1, 2, 3, 4]
    assert {n: s.metrics["lots"] for n, s in by_number(event, 1).items()} == lots
    # The hash is the contract: the first 8 bytes of sha256("7001:1"), big-endian.
    assert lots_value("7001", 1) == 0x51AE17FA894C31E0
