"""Golden tests for the standings: every number below was worked out by hand from the games typed here."""

from decimal import Decimal

import pytest

from scoring.models import Adjustment, Sheet
from scoring.standings.compute import standings_compute
from scoring.standings.store import standings_recompute_now
from tests.factories import AdjustmentFactory, CheckInFactory
from tests.scoring.standings_helpers import (
    by_number,
    bye,
    four_teams_event,
    make_entries,
    make_event,
    make_round,
    play,
    table,
    won,
)
from tournaments.models import CheckIn, Round, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def four_teams():
    return four_teams_event()


def test_match_points_totals_and_difference_after_each_round(four_teams):
    standings_recompute_now(event_id=four_teams.pk)
    # After round 1, teams 3 and 4 tie on everything and share rank 2; team 2 is 4th.
    assert table(four_teams, 1) == [
        (1, 1, Decimal(2), 1200, 900, 300),
        (3, 2, Decimal(1), 1000, 1000, 0),
        (4, 2, Decimal(1), 1000, 1000, 0),
        (2, 4, Decimal(0), 900, 1200, -300),
    ]
    # After round 2: 3 has 3 MP; 1 and 2 have 2 MP each, 1 ahead on total points (2000 > 1850).
    assert table(four_teams, 2) == [
        (3, 1, Decimal(3), 2100, 1800, 300),
        (1, 2, Decimal(2), 2000, 2000, 0),
        (2, 3, Decimal(2), 1850, 1900, -50),
        (4, 4, Decimal(1), 1700, 1950, -250),
    ]


def test_games_wins_draws_losses_and_deals_won(four_teams):
    standings_recompute_now(event_id=four_teams.pk)
    after = by_number(four_teams, 2)
    assert [(n, s.games, s.wins, s.draws, s.losses, s.byes) for n, s in sorted(after.items())] == [
        (1, 2, 1, 0, 1, 0),
        (2, 2, 1, 0, 1, 0),
        (3, 2, 1, 1, 0, 0),
        (4, 2, 0, 1, 1, 0),
    ]
    # Deals won: 1 → 2 + 1, 2 → 1 + 2, 3 → 1 + 2, 4 → 1 + 0 (the passed deal is nobody's).
    assert {n: s.deals_won for n, s in after.items()} == {1: 3, 2: 3, 3: 3, 4: 1}


def test_buchholz_is_the_sum_of_the_opponents_match_points(four_teams):
    four_teams.ranking_precedence = ["match_points", "buchholz"]
    four_teams.save()
    standings_recompute_now(event_id=four_teams.pk)
    after = by_number(four_teams, 2)
    # 1 met 2 (2) and 3 (3); 2 met 1 (2) and 4 (1); 3 met 4 (1) and 1 (2); 4 met 3 (3) and 2 (2).
    assert {n: s.metrics["buchholz"] for n, s in after.items()} == {1: 5, 2: 3, 3: 3, 4: 5}
    # 1 and 2 tie on 2 MP: Buchholz 5 against 3 puts 1 first.
    assert [row[:2] for row in table(four_teams, 2)] == [(3, 1), (1, 2), (2, 3), (4, 4)]


def test_only_confirmed_and_locked_sheets_count(four_teams):
    sheet = Sheet.objects.get(game__round__number=2, game__entry_a__number=2)
    sheet.status = Sheet.Status.SUBMITTED
    sheet.save()
    Sheet.objects.filter(game__round__number=2, game__entry_a__number=1).update(status=Sheet.Status.LOCKED)
    standings_recompute_now(event_id=four_teams.pk)
    after = by_number(four_teams, 2)
    assert (after[2].games, after[2].match_points, after[2].total_points) == (1, Decimal(0), 900)
    assert (after[4].games, after[4].match_points, after[4].total_points) == (1, Decimal(1), 1000)
    assert (after[1].games, after[1].total_points) == (2, 2000)


def test_a_bye_scores_as_a_win_with_the_events_bye_points():
    event = make_event(bye_points=1100)
    t1, t2, t3 = make_entries(event, 3)
    r1 = make_round(event, 1)
    play(r1, t1, t2, won(1200, 800))
    bye(r1, t3)
    # A bye in a round that is not released yet does not count.
    r2 = make_round(event, 2, status=Round.Status.DRAFT)
    bye(r2, t1)
    event.ranking_precedence = ["match_points", "total_points", "wins", "buchholz"]
    event.save()
    standings_recompute_now(event_id=event.pk)
    assert table(event, 1) == [
        (1, 1, Decimal(2), 1200, 800, 400),
        (3, 2, Decimal(2), 1100, 0, 1100),
        (2, 3, Decimal(0), 800, 1200, -400),
    ]
    after = by_number(event, 1)
    assert (after[3].games, after[3].wins, after[3].byes) == (0, 0, 1)
    assert after[3].metrics["wins"] == 1  # the bye counts as a win
    assert after[3].metrics["buchholz"] == 0  # and has no opponent
    assert not Standing.objects.filter(event=event, round_number=2).exists()


def test_a_withdrawn_team_keeps_its_results_and_counts_for_its_opponents():
    event = make_event(ranking_precedence=["match_points", "buchholz", "total_points"])
    t1, t2, t3, t4 = make_entries(event, 4)
    r1, r2 = make_round(event, 1), make_round(event, 2)
    play(r1, t1, t2, won(900, 700))
    play(r1, t4, t3, won(1000, 800))
    CheckInFactory(entry=t4, round_number=2, status=CheckIn.Status.WITHDRAWN)
    play(r2, t1, t3, won(600, 900))
    bye(r2, t2)
    standings_recompute_now(event_id=event.pk)
    # Withdrawn from round 2 on: the snapshot after round 1 already says so ("withdrawn after round 1").
    first = by_number(event, 1)
    assert first[4].metrics["withdrawn"] is True and first[4].metrics["withdrawn_after"] == 1
    assert first[1].metrics["withdrawn"] is False and "withdrawn_after" not in first[1].metrics
    after = by_number(event, 2)
    assert after[4].metrics["withdrawn"] is True
    assert (after[4].games, after[4].match_points, after[4].total_points) == (1, Decimal(2), 1000)
    # MP after 2: 1 → 2, 2 → 2 (bye), 3 → 2, 4 → 2. Buchholz: 1 met 2, 3 → 4; 2 met 1 → 2 (bye adds nothing);
    # 3 met 4 and 1 → 4; 4 met 3 → 2. Ties on Buchholz go to total points: 3 (1700) > 1 (1500); 4 (1000) > 2 (700).
    assert {n: s.metrics["buchholz"] for n, s in after.items()} == {1: 4, 2: 2, 3: 4, 4: 2}
    assert [row[:2] for row in table(event, 2)] == [(3, 1), (1, 2), (4, 3), (2, 4)]


def test_penalties_and_adjustments_are_applied_and_kept_apart():
    event = make_event(ranking_precedence=["match_points", "fewest_penalties", "total_points"])
    t1, t2, t3, t4 = make_entries(event, 4)
    r1, r2 = make_round(event, 1), make_round(event, 2)
    play(r1, t1, t2, won(1300, 700))
    play(r1, t3, t4, won(1000, 900))
    play(r2, t1, t4, won(800, 900))
    play(r2, t3, t2, won(700, 1000))
    # After round 2 every team has 2 MP.  Penalties: 1 loses 20 game points in round 2 (its only penalty);
    # 4 is given +0.5 MP by the organiser for round 2; 2 gets a -1 MP penalty without a round (from round 1).
    AdjustmentFactory(
        event=event,
        entry=t1,
        kind=Adjustment.Kind.PENALTY,
        match_points=0,
        points=-20,
        round_number=2,
        reason="Handy am Tisch",
    )
    AdjustmentFactory(
        event=event,
        entry=t4,
        kind=Adjustment.Kind.ADJUSTMENT,
        match_points=Decimal("0.5"),
        points=0,
        round_number=2,
        reason="Tisch 2 ohne Karten begonnen",
    )
    AdjustmentFactory(
        event=event,
        entry=t2,
        kind=Adjustment.Kind.PENALTY,
        match_points=-1,
        points=0,
        round_number=None,
        reason="Falsch gemischt",
    )
    standings_recompute_now(event_id=event.pk)
    # After round 1: 2 already has its -1 MP penalty.
    assert table(event, 1) == [
        (1, 1, Decimal(2), 1300, 700, 600),
        (3, 2, Decimal(2), 1000, 900, 100),
        (4, 3, Decimal(0), 900, 1000, -100),
        (2, 4, Decimal(-1), 700, 1300, -600),
    ]
    # After round 2: 4 → 2.5 MP; 1 and 3 tie on 2 MP; 1 has a penalty, so 3 is ahead despite fewer points.
    assert table(event, 2) == [
        (4, 1, Decimal("2.5"), 1800, 1800, 0),
        (3, 2, Decimal(2), 1700, 1900, -200),
        (1, 3, Decimal(2), 2080, 1600, 480),
        (2, 4, Decimal(1), 1700, 2000, -300),
    ]
    after = by_number(event, 2)
    assert (after[1].penalties, after[1].metrics["adjustment_points"]) == (1, -20)
    assert after[1].metrics["fewest_penalties"] == 1
    assert (after[4].penalties, after[4].metrics["adjustment_match_points"]) == (0, 0.5)
    assert after[2].metrics["adjustment_match_points"] == -1


def test_melee_ranks_players_each_with_its_sides_result():
    event = make_event(team_mode="melee", ranking_precedence=["match_points", "total_points", "buchholz"])
    p1, p2, p3, p4 = make_entries(event, 4, melee=True)
    r1, r2 = make_round(event, 1), make_round(event, 2)
    play(r1, (p1, p2), (p3, p4), won(1000, 700))
    play(r2, (p1, p3), (p2, p4), won(600, 900))
    standings_recompute_now(event_id=event.pk)
    # P1: 2 + 0 MP, 1600 pts; P2: 2 + 2, 1900; P3: 0 + 0, 1300; P4: 0 + 2, 1600.
    # P1 and P4 tie on 2 MP and 1600; Buchholz: P1 met P3, P4, P2, P4 → 0+2+4+2 = 8; P4 met P1, P2, P1, P3 → 8.
    assert table(event, 2) == [
        (2, 1, Decimal(4), 1900, 1300, 600),
        (1, 2, Decimal(2), 1600, 1600, 0),
        (4, 2, Decimal(2), 1600, 1600, 0),
        (3, 4, Decimal(0), 1300, 1900, -600),
    ]
    assert by_number(event, 2)[1].metrics["buchholz"] == 8


def test_explicit_winner_on_the_sheet_decides_the_game():
    event = make_event()
    t1, t2 = make_entries(event, 2)
    rnd = make_round(event, 1)
    # A points-target game the sheet says B won (e.g. B reached the target first with fewer points overall).
    play(rnd, t1, t2, won(1010, 1000), winner="B")
    standings_recompute_now(event_id=event.pk)
    assert [(n, mp) for n, _rank, mp, *_ in table(event, 1)] == [(2, Decimal(2)), (1, Decimal(0))]


def test_no_released_round_means_no_snapshot_and_unknown_keys_are_ignored():
    event = make_event(ranking_precedence=["no_such_metric", "total_points"])
    t1, t2 = make_entries(event, 2)
    rnd = make_round(event, 1, status=Round.Status.CONFIRMED)
    assert standings_compute(event=event) == []
    rnd.status = Round.Status.RELEASED
    rnd.save()
    play(rnd, t1, t2, won(700, 900))
    rows = standings_compute(event=event)
    assert [(r.entry_id, r.rank) for r in rows] == [(t2.pk, 1), (t1.pk, 2)]
    assert set(rows[0].metrics) == {"total_points", "adjustment_match_points", "adjustment_points", "withdrawn"}


def test_recompute_overwrites_and_bumps_the_version(four_teams):
    first = standings_recompute_now(event_id=four_teams.pk)
    second = standings_recompute_now(event_id=four_teams.pk)
    assert second["version"] == first["version"] + 1
    assert Standing.objects.filter(event=four_teams).count() == 8
    four_teams.refresh_from_db()
    assert four_teams.standings_version == second["version"] and not four_teams.standings_dirty
    assert four_teams.standings_computed_at is not None


def _big_event(teams: int, rounds: int):
    event = make_event(ranking_precedence=["match_points", "head_to_head", "buchholz", "deals_won", "lots"])
    entries = make_entries(event, teams)
    for number in range(1, rounds + 1):
        rnd = make_round(event, number)
        order = entries[number - 1 :] + entries[: number - 1]
        for i in range(0, teams - 1, 2):
            play(rnd, order[i], order[i + 1], [(100 + i, 62), (90, 72 + number)], table=i // 2 + 1)
        if teams % 2:
            bye(rnd, order[-1])
    return event


@pytest.mark.parametrize("teams,rounds", [(4, 1), (13, 4)])
def test_recompute_runs_in_a_fixed_number_of_queries(teams, rounds, django_assert_max_num_queries):
    event = _big_event(teams, rounds)
    AdjustmentFactory(event=event, entry=event.entries.first(), reason="Verspätet")
    with django_assert_max_num_queries(12):
        standings_recompute_now(event_id=event.pk)
    assert Standing.objects.filter(event=event).count() == teams * rounds
