"""Standings: the recompute the task runs, and the snapshot rows it stores per round.

Entry points:
- `standings_recompute_if_dirty(*, event_id)`: what the task runs: coalesced and crash-safe (see there).
- `standings_recompute_now(*, event_id)`: the same recompute, dirty or not, in the caller's process.
- `standings_status(*, event_id)`: small JSON for the organiser's status panel.

The rows come from `scoring.standings.compute.standings_compute` (aggregates and ranking); the season
ranking is `scoring.standings.season`. Asking for a recompute (mark the event dirty, queue the task) is
`scoring.queueing.standings_request_recompute`; penalties and adjustments are `scoring.results.adjustments`.
This module queues nothing, so the task can import it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from operator import itemgetter

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config import live
from scoring.standings.compute import compute_rows
from tournaments.models import Event, Standing


class StandingsError(ValueError):
    """A user error in a standings request (translated message)."""


# --- the recompute service --------------------------------------------------------------------------


#: A worker's recompute waits until this long after the previous one (seconds): a burst of confirmations
#: then gives one recompute at once and one that takes in the rest of the burst, not one per confirmation.
COALESCE_SECONDS = 1.0


def standings_recompute_if_dirty(*, event_id: int, min_interval: float = 0.0) -> dict:
    """Recompute and store the event's standings if they are marked dirty.

    Coalescing and crash safety come from one transaction that locks the event row, clears the dirty mark,
    recomputes everything from the stored sheets and overwrites the snapshot:
    - a concurrent recompute of the same event skips (row locked: the lock holder's reads start after the
      lock, so they already include every confirmation whose task could see the lock);
    - a confirmation during the recompute waits for the row, marks it dirty again and queues a new task;
    - a worker that dies mid-way rolls back: the event stays dirty and the redelivered task recomputes;
    - with `min_interval` (seconds), a dirty event whose last recompute finished less than that ago is
      left dirty and skipped as "too_soon" with "retry_in" (seconds): the caller queues itself again then.

    Returns {"event_id", "version", "skipped", "rows"} (plus "retry_in" when skipped as "too_soon").
    """
    with transaction.atomic():
        event = Event.objects.select_for_update(of=("self",), skip_locked=True).filter(pk=event_id).first()
        if event is None:
            busy = Event.objects.filter(pk=event_id).exists()
            return {"event_id": event_id, "version": None, "skipped": "busy" if busy else "missing", "rows": 0}
        if not event.standings_dirty:
            return {"event_id": event_id, "version": event.standings_version, "skipped": "clean", "rows": 0}
        if min_interval > 0 and event.standings_computed_at is not None:
            since = (timezone.now() - event.standings_computed_at).total_seconds()
            if 0 <= since < min_interval:
                return {
                    "event_id": event_id,
                    "version": event.standings_version,
                    "skipped": "too_soon",
                    "rows": 0,
                    "retry_in": round(min_interval - since, 3),
                }
        rows = _store(event)
    return {"event_id": event_id, "version": event.standings_version, "skipped": False, "rows": rows}


def standings_recompute_now(*, event_id: int) -> dict:
    """Recompute and store the event's standings now, dirty or not (organiser's button, tests, import)."""
    with transaction.atomic():
        event = Event.objects.select_for_update(of=("self",)).get(pk=event_id)
        rows = _store(event)
    return {"event_id": event_id, "version": event.standings_version, "skipped": False, "rows": rows}


def _store(event: Event) -> int:
    """Inside the caller's transaction, with the event row locked: compute, rewrite the snapshot rounds from
    the first one that changed onward, bump the version. Returns the number of rows written.

    Earlier rounds whose stored rows equal the fresh ones (every column but `computed_at`) are left alone,
    so a confirmation in tonight's last round rewrites that round only. Rows are written without a model
    instance each: on PostgreSQL one `INSERT ... SELECT FROM jsonb_to_recordset(...)` with the rows as one
    JSON parameter (quoting one string instead of 17 values a row), elsewhere `bulk_create`."""
    fresh = compute_rows(event)
    by_round: dict[int, list[dict]] = defaultdict(list)
    for row in fresh:
        by_round[row["round_number"]].append(row)
    first_changed = _first_changed_round(event, by_round)
    if first_changed is not None:
        Standing.objects.filter(event=event, round_number__gte=first_changed).delete()
        rows = [row for number in sorted(by_round) if number >= first_changed for row in by_round[number]]
        _insert_rows(rows)
    else:
        rows = []
    now = timezone.now()
    event.standings_dirty = False
    event.standings_version += 1
    event.standings_computed_at = now
    Event.objects.filter(pk=event.pk).update(
        standings_dirty=False, standings_version=event.standings_version, standings_computed_at=now
    )
    live.changed(event.pk, scope=live.STANDINGS)  # the public pages' kept answers give way, their streams hear it
    return len(rows)


#: The columns compared to tell whether a stored snapshot round is still right: every column of a row but id
#: and computed_at (event and round_number group the rows), so a new column is compared too. entry_id comes
#: first, the order the stored rows are read in.
_COMPARED = tuple(
    field.attname
    for field in Standing._meta.concrete_fields
    if field.name not in ("id", "event", "round_number", "computed_at")
)


def _first_changed_round(event: Event, by_round: dict[int, list[dict]]) -> int | None:
    """The lowest round whose stored rows differ from `by_round` (or that is stored but no longer
    computed, or computed but not stored); None when the stored snapshot is already right. One query."""
    stored: dict[int, list[tuple]] = defaultdict(list)
    snapshot = Standing.objects.filter(event=event).order_by("round_number", "entry_id")
    for number, *values in snapshot.values_list("round_number", *_COMPARED):
        stored[number].append(tuple(values))
    changed = set(stored) ^ set(by_round)
    compared = itemgetter(*_COMPARED)
    for number, rows in sorted(by_round.items()):
        if number in changed:
            continue
        if stored[number] != sorted(map(compared, rows)):
            changed.add(number)
            break  # every later round is rewritten anyway
    return min(changed, default=None)


_INSERT_SQL = """
INSERT INTO {table} (event_id, round_number, entry_id, rank, games, wins, draws, losses, byes, match_points,
                     total_points, points_against, deals_won, penalties, metrics, computed_at)
SELECT event_id, round_number, entry_id, rank, games, wins, draws, losses, byes, match_points,
       total_points, points_against, deals_won, penalties, metrics, computed_at
  FROM jsonb_to_recordset(%s::jsonb) AS r(
       event_id bigint, round_number smallint, entry_id bigint, rank integer, games smallint, wins smallint,
       draws smallint, losses smallint, byes smallint, match_points numeric, total_points integer,
       points_against integer, deals_won integer, penalties numeric, metrics jsonb, computed_at timestamptz)
"""


def _insert_rows(rows: list[dict]) -> None:
    """Insert snapshot rows (dicts of Standing attnames) in one statement, whatever their number."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        Standing.objects.bulk_create([Standing(**row) for row in rows])
        return
    payload = json.dumps(
        [
            {
                **row,
                "match_points": str(row["match_points"]),
                "penalties": str(row["penalties"]),
                "computed_at": row["computed_at"].isoformat(),
            }
            for row in rows
        ],
        separators=(",", ":"),
    )
    with connection.cursor() as cursor:
        cursor.execute(_INSERT_SQL.format(table=connection.ops.quote_name(Standing._meta.db_table)), [payload])


# --- status -------------------------------------------------------------------------------------------


def standings_status(*, event_id: int) -> dict:
    """The organiser's status panel: {"dirty", "version", "computed_at" (ISO or None), "rows"}."""
    event = (
        Event.objects.filter(pk=event_id)
        .values("standings_dirty", "standings_version", "standings_computed_at")
        .first()
    )
    if event is None:
        raise StandingsError(_("Event %(id)s does not exist.") % {"id": event_id})
    computed_at = event["standings_computed_at"]
    return {
        "dirty": event["standings_dirty"],
        "version": event["standings_version"],
        "computed_at": computed_at.isoformat() if computed_at else None,
    }
