"""Celery tasks of `scoring`: interfaces only. Each takes ids, calls one service, returns small JSON.

The requests that queue these after commit are in `scoring.queueing`, e.g.
`scoring.queueing.standings_request_recompute(event_id=...)` marks the event dirty and queues the recompute.
This module holds what sends tasks from inside a task too, so that it imports nothing of `scoring.queueing`
(queueing imports the tasks, never the other way round): `send` (the one publish that never fails its
caller), the coalescing re-queue (the recompute task's own `apply_async`) and the sweep's `sweep_owed`.
The work each task runs is imported here at module level; `scoring.standings.store` and `scoring.exports`
queue nothing.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from typing import Any

from celery import Task
from celery.result import AsyncResult
from django.conf import settings
from django.db import DatabaseError, InterfaceError
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from config.celery import app
from scoring.exports import export_execute
from scoring.mailing.send import results_mail_execute
from scoring.models import Export
from scoring.rating.store import club_ratings_recompute, rated_club_of
from scoring.standings.store import COALESCE_SECONDS, standings_recompute_if_dirty
from tournaments.models import Event

logger = logging.getLogger(__name__)

# A recompute rebuilds the snapshot from the stored deals and overwrites it, so running it twice is harmless:
# acks_late lets a recompute interrupted by a dying worker be delivered again.
_RETRY = {
    "autoretry_for": (DatabaseError, InterfaceError),
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": True,
    "max_retries": 8,
}


def send(task: Task[..., Any], *, kwargs: dict[str, Any], **options: Any) -> AsyncResult[Any] | None:
    """Publish `task` now; its result handle, or None when the broker did not take it. Eager mode (demo,
    unit runs) runs the task in-process and lets its errors through, as before."""
    if app.conf.task_always_eager:
        return task.apply_async(kwargs=kwargs, **options)
    try:
        # retry=False: kombu would otherwise reconnect and retry the publish inside the request.
        return task.apply_async(kwargs=kwargs, retry=False, **options)
    except Exception:  # kombu, redis-py and socket errors alike: none may reach a request that succeeded
        logger.warning("Could not queue %s %s; the sweep queues it again", task.name, kwargs, exc_info=True)
        return None


@app.task(name="scoring.standings_recompute", bind=True, acks_late=True, **_RETRY)
def standings_recompute(self: Task[..., Any], *, event_id: int) -> dict:
    """Recompute an event's standings if they are dirty (coalesced per event); see
    `scoring.standings.store.standings_recompute_if_dirty`. In a worker, a recompute asked for within
    `COALESCE_SECONDS` of the previous one is queued again (this task's own `apply_async`, through `send`)
    for when that time is up, so a burst of confirmations gives at most two recomputes. Outside any
    transaction; if the broker is down the event stays dirty and the sweep queues it.
    Returns {"event_id", "version", "skipped", "rows"}."""
    # Only a worker waits between recomputes; run in-process (eager, apply, direct call) it never defers.
    in_worker = not (self.request.is_eager or self.request.called_directly)
    result = standings_recompute_if_dirty(event_id=event_id, min_interval=COALESCE_SECONDS if in_worker else 0.0)
    if result["skipped"] == "too_soon":
        send(self, kwargs={"event_id": event_id}, countdown=result["retry_in"], ignore_result=True)
    elif not result["skipped"]:
        # The event's results changed: a club that rates its players rates its whole history again.
        club_id = rated_club_of(event_id)
        if club_id is not None:
            send(rating_recompute, kwargs={"club_id": club_id}, ignore_result=True)
    return result


@app.task(name="scoring.rating_recompute", acks_late=True, **_RETRY)
def rating_recompute(*, club_id: int) -> dict:
    """Rate the club's counted games again, in date order, and overwrite its players' ratings (or remove
    them when the club's rating is off); `scoring.rating.store.club_ratings_recompute`. Safe to run twice.
    Returns {"club_id", "enabled", "games", "players"}."""
    return dict(club_ratings_recompute(club_id=club_id))


@app.task(name="scoring.results_mail_send", bind=True, acks_late=True, max_retries=2, default_retry_delay=5)
def results_mail_send(self, *, mailing_id: int) -> dict:
    """Send one event's results mail to every member who opted in (`scoring.mailing.send`); the members
    already mailed by an earlier run of the same mailing are skipped, so a second delivery mails nobody twice.
    Progress goes to the row (what the event page polls) and the task state. Returns {"mailing_id",
    "status", "sent", "total"}."""

    def progress(pct: int) -> None:
        if not self.request.called_directly:
            self.update_state(state="PROGRESS", meta={"value": pct, "mailing_id": mailing_id})

    return results_mail_execute(mailing_id=mailing_id, progress=progress)


@app.task(name="scoring.export_run", bind=True, acks_late=True, max_retries=2, default_retry_delay=5)
def export_run(self, *, export_id: int) -> dict:
    """Write the export file of one Export row; progress goes to Export.progress and the task state.

    Returns {"export_id", "status", "file"}; a failed export is recorded on the row (status, error)."""

    def progress(pct: int) -> None:
        if not self.request.called_directly:
            self.update_state(state="PROGRESS", meta={"value": pct, "export_id": export_id})

    in_worker = not (self.request.called_directly or self.request.is_eager)
    return export_execute(export_id=export_id, progress=progress, heartbeat=in_worker)


@app.task(name="scoring.sweep", ignore_result=True)
def sweep() -> dict:
    """Beat's catch-up every `ATOUT_SWEEP_SECONDS`: queue again the recompute of every dirty event and the
    exports pending or running too long (`sweep_owed`). Returns {"events", "exports"}."""
    return sweep_owed()


def sweep_owed(*, now: datetime | None = None) -> dict[str, list[int]]:
    """Queue again what is owed and may have been lost (a send during a broker outage, a worker that died
    with the message): the recompute of every dirty event, and every export still pending after
    `ATOUT_EXPORT_PENDING_SECONDS` or running after `ATOUT_EXPORT_RUNNING_SECONDS` since it was last queued.

    Idempotent with the coalesced recompute: a clean event is skipped by the task, a busy one is being
    recomputed. Sweep messages expire after one sweep period, so an outage of the worker does not pile
    them up. Returns {"events": [ids], "exports": [ids]}."""
    now = now or timezone.now()
    period = settings.ATOUT_SWEEP_SECONDS
    events = list(Event.objects.filter(standings_dirty=True).order_by("pk").values_list("pk", flat=True))
    for event_id in events:
        send(standings_recompute, kwargs={"event_id": event_id}, expires=period, ignore_result=True)
    pending_since = now - timedelta(seconds=settings.ATOUT_EXPORT_PENDING_SECONDS)
    running_since = now - timedelta(seconds=settings.ATOUT_EXPORT_RUNNING_SECONDS)
    # Three missed heartbeats: the worker writing it died (a row without heartbeat falls back to the age).
    beat_since = now - timedelta(seconds=3 * settings.ATOUT_EXPORT_HEARTBEAT_SECONDS)
    stale = (
        Export.objects.annotate(last_queued=Coalesce(F("queued_at"), F("created_at")))
        .filter(
            Q(status=Export.Status.PENDING, last_queued__lt=pending_since)
            | Q(status=Export.Status.RUNNING, heartbeat_at__lt=beat_since, last_queued__lt=beat_since)
            | Q(status=Export.Status.RUNNING, heartbeat_at__isnull=True, last_queued__lt=running_since)
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    exports = []
    for export_id in stale:
        # A new task id: the row follows the latest run; an older message that still arrives runs the same
        # export again, which rewrites its file (export_execute is safe to repeat). The row is pending again
        # before the message goes (an eager run would finish first): the page says "restarting".
        task_id = str(uuid.uuid4())
        Export.objects.filter(pk=export_id).update(
            status=Export.Status.PENDING, progress=0, queued_at=now, task_id=task_id
        )
        if send(export_run, kwargs={"export_id": export_id}, task_id=task_id) is not None:
            exports.append(export_id)
    if events or exports:
        logger.info("Sweep queued the standings of events %s and exports %s", events, exports)
    return {"events": events, "exports": exports}
