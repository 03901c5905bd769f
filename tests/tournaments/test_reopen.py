"""Reopening the last closed round and a finished event: a reason, an event history row, sheets correctable
again, standings recomputed; every refusal a sentence that says what to do first."""

import pytest

from scoring.models import Sheet, SheetChange
from scoring.sheets.rounds import round_sheets_lock
from scoring.sheets.services import sheet_correct
from scoring.standings.store import standings_recompute_now
from tests.scoring.entry_helpers import HOHELUFT_GAME, organiser_actor
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments import services
from tournaments.exceptions import IllegalTransition, InvalidInput
from tournaments.models import Event, EventLogEntry, Round, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(organiser):
    """Round 1 of two teams closed (its sheet locked through the close), standings computed."""
    event = make_event(club=organiser.club, status=Event.Status.RUNNING)
    t1, t2 = make_entries(event, 2)
    rnd = make_round(event, 1, status=Round.Status.RELEASED)
    play(rnd, t1, t2, won(900, 700))
    services.round_close(round=rnd, pre_check=lambda r: round_sheets_lock(round=r, actor=organiser_actor(organiser)))
    standings_recompute_now(event_id=event.pk)
    return Round.objects.select_related("event").get(pk=rnd.pk)


def test_reopening_gives_the_sheets_back_confirmed_with_a_history_row_each(
    closed, organiser, celery_eager, django_capture_on_commit_callbacks
):
    assert Sheet.objects.get(game__round=closed).status == Sheet.Status.LOCKED
    version = Event.objects.get(pk=closed.event_id).standings_version
    with django_capture_on_commit_callbacks(execute=True):
        reopened = services.round_reopen(round=closed, reason="  Tisch 1 falsch  ", user=organiser.user)
    assert reopened.status == Round.Status.RELEASED and reopened.closed_at is None
    sheet = Sheet.objects.get(game__round=closed)
    assert sheet.status == Sheet.Status.CONFIRMED  # still counts: only the organiser corrects it
    change = SheetChange.objects.filter(sheet=sheet).latest("id")
    assert (change.action, change.reason, change.user) == (SheetChange.Action.REOPEN, "Tisch 1 falsch", organiser.user)
    log = EventLogEntry.objects.get(event=closed.event, action="round_reopened")
    assert (log.round_number, log.reason, log.user, log.details) == (1, "Tisch 1 falsch", organiser.user, {"round": 1})
    event = Event.objects.get(pk=closed.event_id)
    assert event.standings_version > version and not event.standings_dirty
    assert Standing.objects.filter(event=event, round_number=1).count() == 2


def test_a_reopened_round_is_corrected_and_closed_again(closed, organiser):
    services.round_reopen(round=closed, reason="Punkte", user=organiser.user)
    sheet = Sheet.objects.get(game__round=closed)
    actor = organiser_actor(organiser)
    sheet = sheet_correct(sheet=sheet, deals=HOHELUFT_GAME, version=sheet.version, actor=actor, reason="Punkte")
    rnd = Round.objects.get(pk=closed.pk)
    services.round_close(round=rnd, pre_check=lambda r: round_sheets_lock(round=r, actor=actor))
    assert Round.objects.get(pk=closed.pk).status == Round.Status.CLOSED
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.LOCKED


def test_a_reason_is_required(closed):
    for reason in ("", "   ", None):
        with pytest.raises(InvalidInput, match="Give a reason") as info:
            services.round_reopen(round=closed, reason=reason)
        assert info.value.field == "reason"
    with pytest.raises(InvalidInput, match="at most 2000 characters, got 2001"):
        services.round_reopen(round=closed, reason="x" * 2001)
    assert Round.objects.get(pk=closed.pk).status == Round.Status.CLOSED
    assert not EventLogEntry.objects.exists()


def test_only_a_closed_round_reopens(closed):
    Round.objects.filter(pk=closed.pk).update(status=Round.Status.RELEASED)
    with pytest.raises(IllegalTransition, match=r"Round 1 is released; only a closed round can be reopened\."):
        services.round_reopen(round=closed, reason="x")


def test_a_drawn_next_round_is_discarded_first(closed):
    make_round(closed.event, 2, status=Round.Status.CONFIRMED)
    with pytest.raises(IllegalTransition, match="discard the draw of round 2 first, then reopen round 1"):
        services.round_reopen(round=closed, reason="x")
    assert services.round_reopen_refusal(round=closed).startswith("Round 2 is already drawn")


def test_a_released_next_round_keeps_this_one_closed(closed):
    make_round(closed.event, 2, status=Round.Status.RELEASED)
    with pytest.raises(IllegalTransition, match="Round 2 is released: only the last round played can be reopened"):
        services.round_reopen(round=closed, reason="x")
    assert Sheet.objects.get(game__round=closed).status == Sheet.Status.LOCKED


def test_a_finished_event_is_reopened_first(closed):
    Event.objects.filter(pk=closed.event_id).update(status=Event.Status.FINISHED)
    with pytest.raises(IllegalTransition, match=r"The event is finished: reopen the event first, then round 1\."):
        services.round_reopen(round=closed, reason="x")


def test_reopening_the_event_makes_it_run_again_not_final(
    closed, organiser, celery_eager, django_capture_on_commit_callbacks
):
    event = services.event_finish(event=closed.event)
    version = Event.objects.get(pk=event.pk).standings_version
    with django_capture_on_commit_callbacks(execute=True):
        reopened = services.event_reopen(event=event, reason="Einspruch Tisch 1", user=organiser.user)
    assert reopened.status == Event.Status.RUNNING and not reopened.is_finished
    assert not reopened.takes_entries  # entries stay closed: the organiser opens them if need be
    stored = Event.objects.get(pk=event.pk)
    assert stored.standings_version > version and not stored.standings_dirty
    log = EventLogEntry.objects.get(event=event, action="event_reopened")
    assert (log.reason, log.user) == ("Einspruch Tisch 1", organiser.user)
    # Now the last round can be reopened too.
    services.round_reopen(round=Round.objects.get(pk=closed.pk), reason="x")


def test_only_a_finished_event_reopens_and_with_a_reason(closed):
    with pytest.raises(IllegalTransition, match=r"The event is running; only a finished event can be reopened\."):
        services.event_reopen(event=closed.event, reason="x")
    event = services.event_finish(event=closed.event)
    with pytest.raises(InvalidInput, match="Give a reason"):
        services.event_reopen(event=event, reason=" ")
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    assert not EventLogEntry.objects.exists()
