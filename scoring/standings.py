"""Standings: computed from confirmed sheets, snapshotted per round, recomputed by a Celery task.

Entry points for other modules:
- `standings_request_recompute(*, event_id)`: call after a sheet is confirmed or corrected (or an adjustment
  changes). Marks the event dirty and queues the recompute after the current transaction commits.
"""

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournaments.models import Event


def standings_request_recompute(*, event_id: int) -> None:
    """Mark the event's standings dirty and queue one recompute after commit.

    Safe to call many times in a burst: the task coalesces (per-event lock + dirty mark), so a burst of
    confirmations gives one or two recomputes, never stale standings. Raises nothing for an unknown event
    (the task finds nothing to do).
    """
    from scoring.tasks import standings_recompute as standings_recompute_task

    Event.objects.filter(pk=event_id, standings_dirty=False).update(standings_dirty=True)
    standings_recompute_task.delay_on_commit(event_id=event_id)


def standings_recompute_if_dirty(*, event_id: int) -> dict:
    """Recompute the event's standings if marked dirty; coalesces a burst into one run.

    Clears the dirty mark *before* computing, under a row lock on the event, so a confirmation that lands
    while we compute marks it dirty again and queues another run. Returns {"event_id", "version", "skipped"}.
    """
    with transaction.atomic():
        event = Event.objects.select_for_update(of=("self",)).filter(pk=event_id).first()
        if event is None:
            return {"event_id": event_id, "version": None, "skipped": True}
        if not event.standings_dirty:
            return {"event_id": event_id, "version": event.standings_version, "skipped": True}
        Event.objects.filter(pk=event_id).update(
            standings_dirty=False, standings_version=F("standings_version") + 1, standings_computed_at=timezone.now()
        )
    event.refresh_from_db(fields=["standings_version"])
    return {"event_id": event_id, "version": event.standings_version, "skipped": False}
