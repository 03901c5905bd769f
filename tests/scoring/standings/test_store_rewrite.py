"""The snapshot is rewritten from the first round that changed onward, and always equals a recompute from
scratch; no model instance per row on the way (one INSERT on PostgreSQL)."""

import pytest

from scoring.models import Adjustment, Sheet
from scoring.standings.store import standings_recompute_now
from tests.factories import AdjustmentFactory
from tests.scoring.standings_helpers import bye, make_entries, make_event, make_round, play
from tournaments.models import Round, Standing

pytestmark = pytest.mark.django_db

# Every column of a snapshot row but id and computed_at, read from the model: a new column is checked too.
COLUMNS = tuple(f.attname for f in Standing._meta.concrete_fields if f.name not in ("id", "event", "computed_at"))


def snapshot(event) -> list[tuple]:
    return list(Standing.objects.filter(event=event).order_by("round_number", "entry_id").values_list(*COLUMNS))


def from_scratch(event) -> list[tuple]:
    """The snapshot a recompute writes with nothing stored before (the reference)."""
    Standing.objects.filter(event=event).delete()
    standings_recompute_now(event_id=event.pk)
    return snapshot(event)


def ids_by_round(event) -> dict[int, set[int]]:
    ids: dict[int, set[int]] = {}
    for number, pk in Standing.objects.filter(event=event).values_list("round_number", "pk"):
        ids.setdefault(number, set()).add(pk)
    return ids


@pytest.fixture
def seven_teams():
    """Seven teams, three rounds, one bye a round; head-to-head and Buchholz in the precedence."""
    event = make_event(ranking_precedence=["match_points", "head_to_head", "buchholz", "deals_won", "lots"])
    entries = make_entries(event, 7)
    for number in range(1, 4):
        rnd = make_round(event, number)
        order = entries[number - 1 :] + entries[: number - 1]
        for i in range(0, 6, 2):
            play(rnd, order[i], order[i + 1], [(100 + 40 * i, 62 + 30 * number), (90, 72)], table=i // 2 + 1)
        bye(rnd, order[-1])
    standings_recompute_now(event_id=event.pk)
    return event


def _flip(sheet: Sheet) -> None:
    Sheet.objects.filter(pk=sheet.pk).update(
        total_a=sheet.total_b, total_b=sheet.total_a, winner={"A": "B", "B": "A"}.get(sheet.winner, "")
    )


def test_a_change_in_the_last_round_rewrites_that_round_only(seven_teams):
    before = ids_by_round(seven_teams)
    _flip(Sheet.objects.filter(game__round__event=seven_teams, game__round__number=3).first())
    result = standings_recompute_now(event_id=seven_teams.pk)
    assert result["rows"] == 7
    after = ids_by_round(seven_teams)
    assert after[1] == before[1] and after[2] == before[2]
    assert not after[3] & before[3]
    written = snapshot(seven_teams)
    assert written == from_scratch(seven_teams)


def test_a_change_in_the_first_round_rewrites_every_round(seven_teams):
    _flip(Sheet.objects.filter(game__round__event=seven_teams, game__round__number=1).first())
    result = standings_recompute_now(event_id=seven_teams.pk)
    assert result["rows"] == 21
    written = snapshot(seven_teams)
    assert written == from_scratch(seven_teams)


def test_nothing_changed_writes_nothing_but_bumps_the_version(seven_teams):
    before, ids = snapshot(seven_teams), ids_by_round(seven_teams)
    version = seven_teams.standings_version
    result = standings_recompute_now(event_id=seven_teams.pk)
    assert result["rows"] == 0 and result["version"] > version
    assert snapshot(seven_teams) == before and ids_by_round(seven_teams) == ids


def test_an_adjustment_in_round_two_rewrites_rounds_two_and_three(seven_teams):
    entry = seven_teams.entries.get(number=5)
    AdjustmentFactory(
        event=seven_teams,
        entry=entry,
        kind=Adjustment.Kind.PENALTY,
        match_points=-1,
        points=0,
        round_number=2,
        reason="Zu spät",
    )
    result = standings_recompute_now(event_id=seven_teams.pk)
    assert result["rows"] == 14
    assert snapshot(seven_teams) == from_scratch(seven_teams)


def test_a_round_taken_back_loses_its_snapshot(seven_teams):
    Round.objects.filter(event=seven_teams, number=3).update(status=Round.Status.CONFIRMED)
    result = standings_recompute_now(event_id=seven_teams.pk)
    assert result["rows"] == 0
    assert sorted(ids_by_round(seven_teams)) == [1, 2]
    assert snapshot(seven_teams) == from_scratch(seven_teams)


def test_a_partial_rewrite_stays_within_the_pinned_queries(seven_teams, django_assert_max_num_queries):
    _flip(Sheet.objects.filter(game__round__event=seven_teams, game__round__number=2).first())
    # Lock, rounds, entries with withdrawals, aggregates, games, adjustments, stored snapshot, delete,
    # one INSERT, version (+ the test transaction's savepoint pair).
    with django_assert_max_num_queries(12):
        result = standings_recompute_now(event_id=seven_teams.pk)
    assert result["rows"] == 14
