"""Queueing: the one place where `scoring` hands work to Celery.

Work is sent after the current transaction commits, and sending never fails or slows the request that asked
for it: the work itself is stored, and what is still owed is stored too (`Event.standings_dirty`, an Export
still pending). When the broker is down or restarting, the send gives up at once (short connection
timeouts and no publish retries, see `config/settings.py`), the failure is logged, and the beat-scheduled
sweep (`scoring.tasks.sweep_owed`, every `ATOUT_SWEEP_SECONDS`) queues it again once the broker is back.

The requests that store owed work and queue it live here too (`standings_request_recompute`,
`export_request`), so the modules whose work the tasks run (`scoring.standings.store`, `scoring.exports`) queue
nothing and the tasks import them at module level. The publish itself (`scoring.tasks.send`) and what tasks
send again (the coalescing re-queue, the sweep) live in `scoring.tasks`: this module imports the tasks, never
the other way round.
"""

from __future__ import annotations

import uuid
from functools import partial

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from config import live
from scoring.exports import EXPORTERS, ExportError
from scoring.models import Export
from scoring.tasks import export_run as export_run_task
from scoring.tasks import rating_recompute as rating_recompute_task
from scoring.tasks import results_mail_send as results_mail_send_task
from scoring.tasks import send
from scoring.tasks import standings_recompute as standings_recompute_task
from tournaments.models import Club, Event, ResultsMailing
from tournaments.services.base import signed_in


def standings_recompute_queue(*, event_id: int) -> None:
    """Queue the coalesced standings recompute of an event after commit. The caller marks the event dirty
    in the same transaction, so a lost message only delays the standings until the next sweep."""
    # ignore_result: nothing reads a recompute's result, and the Redis result backend would otherwise
    # subscribe to every task id from the web process.
    transaction.on_commit(partial(send, standings_recompute_task, kwargs={"event_id": event_id}, ignore_result=True))


def standings_request_recompute(*, event_id: int) -> None:
    """Mark the event's standings dirty and queue one recompute after commit.

    Safe to call many times in a burst: the task coalesces, so a burst of confirmations gives one or two
    recomputes and never leaves stale standings. Call it inside the transaction that changed the sheet (or
    right after); the task is sent only when that transaction commits, and a broker outage never fails the
    caller: the dirty mark stays, and the beat sweep queues the recompute again.
    """
    # Unconditional on purpose: while a recompute holds the event row, this waits and lands after it,
    # so the mark is never lost (a `WHERE standings_dirty = false` would skip the row and lose it). The mark
    # read under the same lock says whether the kept answers change: in a burst of confirmations only the
    # first one moves the standings' answers. Their streams are not told: no page that follows one shows the
    # mark (the public standings and the venue screen wait for the recompute, which tells them; the results
    # page polls its own status), and 40 viewers would each ask for nothing.
    with transaction.atomic(savepoint=False):  # in the caller's transaction when there is one
        was_dirty = Event.objects.select_for_update().filter(pk=event_id).values_list("standings_dirty", flat=True)
        if was_dirty.first() is False:
            live.changed(event_id, scope=live.STANDINGS, tell=False)  # the phones do not show the standings
        Event.objects.filter(pk=event_id).update(standings_dirty=True)
    standings_recompute_queue(event_id=event_id)


def event_standings_changed(event: Event) -> None:
    """The event hook `standings_changed` (tournaments.services.events): a setting the standings are computed
    from changed, and the event is marked dirty in that transaction; the recompute goes out after commit."""
    standings_recompute_queue(event_id=event.pk)


def export_run_queue(*, export_id: int, task_id: str) -> None:
    """Queue an export's task after commit, under the task id kept on its row."""
    transaction.on_commit(partial(send, export_run_task, kwargs={"export_id": export_id}, task_id=task_id))


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
            created_by=signed_in(user),
        )
        export_run_queue(export_id=export.pk, task_id=task_id)
    return export


class MailingError(Exception):
    """A results mail that cannot be started now; the message is a sentence for the organiser."""


def results_mail_request(
    *, event: Event, user: User | AnonymousUser | None = None, language: str = "", base_url: str = ""
) -> ResultsMailing:
    """Create a ResultsMailing for the finished `event` and queue its task after commit (the row keeps the
    task id). Raises MailingError while the event is not finished or another mailing of it is still sending."""
    with transaction.atomic():
        locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        if not locked.is_finished:
            raise MailingError(_("The results mail goes out once the event is finished; finish it first."))
        busy = ResultsMailing.Status.PENDING, ResultsMailing.Status.RUNNING
        if ResultsMailing.objects.filter(event=locked, status__in=busy).exists():
            raise MailingError(_("The results mail of this event is being sent; wait until it is done."))
        task_id = str(uuid.uuid4())
        mailing = ResultsMailing.objects.create(
            event=locked,
            task_id=task_id,
            language=language[:10],
            base_url=base_url[:200],
            created_by=signed_in(user),
        )
        transaction.on_commit(partial(send, results_mail_send_task, kwargs={"mailing_id": mailing.pk}, task_id=task_id))
    return mailing


def club_rating_changed(club: Club) -> None:
    """The club hook `rating_changed` (tournaments.services.clubs): the club turned its rating on or off, and
    the club's ratings are rebuilt (or removed) after commit."""
    transaction.on_commit(partial(send, rating_recompute_task, kwargs={"club_id": club.pk}, ignore_result=True))
