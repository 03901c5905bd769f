"""Queueing: the one place where `scoring` hands work to Celery.

Work is sent after the current transaction commits, and sending never fails or slows the request that asked
for it: the work itself is stored, and what is still owed is stored too (`Event.standings_dirty`, an Export
still pending). When the broker is down or restarting, the send gives up at once (short connection
timeouts and no publish retries, see `config/settings.py`), the failure is logged, and the beat-scheduled
sweep (`sweep_owed`, every `ATOUT_SWEEP_SECONDS`) queues it again once the broker is back.

The requests that store owed work and queue it live here too (`standings_request_recompute`,
`export_request`), so the modules whose work the tasks run (`scoring.standings.store`, `scoring.exports`) queue
nothing and the tasks import them at module level. This is the one module that imports the tasks.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from celery import Task
from celery.result import AsyncResult
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from config.celery import app
from scoring.exports import EXPORTERS, ExportError
from scoring.models import Export
from scoring.tasks import export_run as export_run_task
from scoring.tasks import standings_recompute as standings_recompute_task
from tournaments.models import Event

logger = logging.getLogger(__name__)


def _send(task: Task[..., Any], *, kwargs: dict[str, Any], **options: Any) -> AsyncResult[Any] | None:
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


def standings_recompute_queue(*, event_id: int) -> None:
    """Queue the coalesced standings recompute of an event after commit. The caller marks the event dirty
    in the same transaction, so a lost message only delays the standings until the next sweep."""
    # ignore_result: nothing reads a recompute's result, and the Redis result backend would otherwise
    # subscribe to every task id from the web process.
    transaction.on_commit(partial(_send, standings_recompute_task, kwargs={"event_id": event_id}, ignore_result=True))


def standings_request_recompute(*, event_id: int) -> None:
    """Mark the event's standings dirty and queue one recompute after commit.

    Safe to call many times in a burst: the task coalesces, so a burst of confirmations gives one or two
    recomputes and never leaves stale standings. Call it inside the transaction that changed the sheet (or
    right after); the task is sent only when that transaction commits, and a broker outage never fails the
    caller: the dirty mark stays, and the beat sweep queues the recompute again.
    """
    # Unconditional on purpose: while a recompute holds the event row, this waits and lands after it,
    # so the mark is never lost (a `WHERE standings_dirty = false` would skip the row and lose it).
    Event.objects.filter(pk=event_id).update(standings_dirty=True)
    standings_recompute_queue(event_id=event_id)


def standings_recompute_later(*, event_id: int, countdown: float) -> None:
    """Queue the event's recompute now, to run after `countdown` seconds (a worker's coalescing, outside
    any transaction). If the broker is down the event stays dirty and the sweep queues it."""
    _send(standings_recompute_task, kwargs={"event_id": event_id}, countdown=countdown, ignore_result=True)


def export_run_queue(*, export_id: int, task_id: str) -> None:
    """Queue an export's task after commit, under the task id kept on its row."""
    transaction.on_commit(partial(_send, export_run_task, kwargs={"export_id": export_id}, task_id=task_id))


def export_request(*, event: Event, kind: str, user: User | AnonymousUser | None = None) -> Export:
    """Create an Export row for `event` and queue its task after commit. The row keeps the task id.

    Raises ExportError for an unknown kind."""
    if kind not in EXPORTERS:
        raise ExportError(
            _("Unknown export “%(kind)s”; choose one of: %(kinds)s.") % {"kind": kind, "kinds": ", ".join(EXPORTERS)}
        )
    task_id = str(uuid.uuid4())
    with transaction.atomic():
        export = Export.objects.create(
            event=event,
            kind=kind,
            task_id=task_id,
            created_by=user if user is not None and user.is_authenticated else None,
        )
        export_run_queue(export_id=export.pk, task_id=task_id)
    return export


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
        _send(standings_recompute_task, kwargs={"event_id": event_id}, expires=period, ignore_result=True)
    pending_since = now - timedelta(seconds=settings.ATOUT_EXPORT_PENDING_SECONDS)
    running_since = now - timedelta(seconds=settings.ATOUT_EXPORT_RUNNING_SECONDS)
    stale = (
        Export.objects.annotate(last_queued=Coalesce(F("queued_at"), F("created_at")))
        .filter(
            Q(status=Export.Status.PENDING, last_queued__lt=pending_since)
            | Q(status=Export.Status.RUNNING, last_queued__lt=running_since)
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    exports = []
    for export_id in stale:
        # A new task id: the row follows the latest run; an older message that still arrives runs the same
        # export again, which rewrites its file (export_execute is safe to repeat).
        task_id = str(uuid.uuid4())
        if _send(export_run_task, kwargs={"export_id": export_id}, task_id=task_id) is not None:
            Export.objects.filter(pk=export_id).update(queued_at=now, task_id=task_id)
            exports.append(export_id)
    if events or exports:
        logger.info("Sweep queued the standings of events %s and exports %s", events, exports)
    return {"events": events, "exports": exports}
