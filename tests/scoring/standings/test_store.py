"""Golden tests for the standings: every number below was worked out by hand from the games typed here."""

from decimal import Decimal

import pytest

from scoring.models import Adjustment, Sheet
from scoring.results.adjustments import adjustment_create
from scoring.standings.compute import standings_compute
from scoring.standings.metrics import lots_value
from scoring.standings.store import StandingsError, standings_recompute_now
from tests.factories import AdjustmentFactory, CheckInFactory
from tests.scoring.standings_helpers import bye, make_entries, make_event, make_round, play, won
from tournaments.models import CheckIn, Round, Standing

pytestmark = pytest.mark.django_db


def table(event, after: int) -> list[tuple]:
    """(start number, rank, MP, total, against, diff) of the snapshot after round `after`, best first."""
    rows = (
        Standing.objects.filter(event=event, round_number=after)
        .select_related("entry")
        .order_by("rank", "entry__number")
    )
    return [
        (s.entry.number, s.rank, s.match_points, s.total_points, s.points_against, s.total_points - s.points_against)
        for s in rows
    ]


def by_number(event, after: int) -> dict[int, Standing]:
    return {s.entry.number: s for s in Standing.objects.filter(event=event, round_number=after).select_related("entry")}


@pytest.fixture
def four_teams():
    """Four teams, two rounds (win 2, draw 1, loss 0).

    R1: 1–2 1200:900 (deals 500:200, 300:400, 400:300), 3–4 1000:1000 (600:400, 400:600)
    R2: 1–3 800:1100 (300:500, 500:300, 0:300), 2–4 950:700 (450:250, 500:450, passed 0:0)
    """
    event = make_event()
    t1, t2, t3, t4 = make_entries(event, 4)
    r1, r2 = make_round(event, 1), make_round(event, 2)
    play(r1, t1, t2, [(500, 200), (300, 400), (400, 300)])
    play(r1, t3, t4, [(600, 400), (400, 600)])
    play(r2, t1, t3, [(300, 500), (500, 300), (0, 300)])
    play(r2, t2, t4, [(450, 250), (500, 450), (0, 0)])
    return event


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
    first = by_number(event, 1)
    assert first[4].metrics["withdrawn"] is False
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


def test_adjustment_create_checks_its_input_and_requests_a_recompute(four_teams, django_capture_on_commit_callbacks):
    entry = four_teams.entries.get(number=1)
    with pytest.raises(StandingsError, match="reason"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason=" ", match_points=-1)
    with pytest.raises(StandingsError, match="both 0"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x")
    with pytest.raises(StandingsError, match="between 1 and 4; got 9"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x", points=-5, round_number=9)
    with pytest.raises(StandingsError, match="not a number"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x", match_points="eins")
    for special in ("NaN", "-Infinity", "sNaN"):  # they parse as Decimals; the form refuses them, so must the service
        with pytest.raises(StandingsError, match=f"“{special}” is not a number"):
            adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x", match_points=special)
    other = make_event()
    (stranger,) = make_entries(other, 1)
    with pytest.raises(StandingsError, match="not in this event"):
        adjustment_create(event=four_teams, entry=stranger, kind="penalty", reason="x", points=-5)
    assert not Adjustment.objects.exists()
    with django_capture_on_commit_callbacks() as callbacks:
        adjustment = adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="Handy", match_points=-1)
    assert adjustment.match_points == Decimal(-1)
    four_teams.refresh_from_db()
    assert four_teams.standings_dirty
    assert len(callbacks) == 1


@pytest.mark.parametrize(
    "field,value,message",
    [
        # 2^31 overflowed the database's integer: a DataError, a 500 to any caller without the form's bounds.
        ("points", 2**31, "Game points: a whole number from -1000000 to 1000000; got 2147483648."),
        ("points", -(2**63), f"Game points: a whole number from -1000000 to 1000000; got {-(2**63)}."),
        # A float was cut to a whole number as it was stored, a string or True stored as a number.
        ("points", 2.5, "Game points: a whole number from -1000000 to 1000000; got 2.5."),
        ("points", "5", "Game points: a whole number from -1000000 to 1000000; got 5."),
        ("points", True, "Game points: a whole number from -1000000 to 1000000; got True."),
        # A string was a TypeError (a 500) in the range check, True stored as round 1.
        ("round_number", "2", "Round: must be between 1 and 4; got 2."),
        ("round_number", 2.0, "Round: must be between 1 and 4; got 2.0."),
        ("round_number", True, "Round: must be between 1 and 4; got True."),
    ],
)
def test_adjustment_create_refuses_numbers_of_the_wrong_type_or_size_naming_the_field(
    four_teams, field, value, message
):
    entry = four_teams.entries.get(number=1)
    good = {"kind": "penalty", "reason": "Handy", "match_points": -1, "points": -5, "round_number": 2}
    with pytest.raises(StandingsError) as refused:
        adjustment_create(event=four_teams, entry=entry, **{**good, field: value})
    assert str(refused.value) == message
    assert not Adjustment.objects.exists()
    four_teams.refresh_from_db()
    assert not four_teams.standings_dirty
    # The largest amounts and a round in range are taken.
    adjustment_create(event=four_teams, entry=entry, **{**good, "points": -1_000_000, "round_number": 4})
    assert Adjustment.objects.get().points == -1_000_000
