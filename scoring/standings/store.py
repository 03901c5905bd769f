"""Standings: computed from confirmed sheets, snapshotted per round, recomputed by a Celery task.

Entry points:
- `standings_recompute_if_dirty(*, event_id)`: what the task runs: coalesced and crash-safe (see there).
- `standings_recompute_now(*, event_id)`: the same recompute, dirty or not, in the caller's process.
- `standings_compute(*, event)`: the unsaved snapshot rows for every released round, in a fixed number
  of queries (per-entry aggregates in SQL, pairwise metrics in Python via `scoring.standings.metrics`).
- `standings_status(*, event_id)`: small JSON for the organiser's status panel.
- `season_ranking(*, season)`: a club's players across the season's evenings.

Asking for a recompute (mark the event dirty, queue the task) is `scoring.queueing.standings_request_recompute`;
penalties and adjustments are `scoring.results.adjustments`. This module queues nothing, so the task can import it.

What counts: games whose sheet is confirmed or locked; byes of released or closed rounds (scored as a win
with `Event.bye_points` game points); adjustments of rounds up to the snapshot's round (an adjustment with
no round counts from round 1). In mêlée every single-player entry gets its side's result.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from decimal import Decimal
from operator import itemgetter

from django.db import connection, transaction
from django.db.models import Max, Min, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Adjustment, Sheet
from scoring.standings import metrics
from tournaments.models import CheckIn, Entry, Event, Game, Round, Season, Standing

logger = logging.getLogger(__name__)


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
    fresh = _compute_rows(event)
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


# --- computing --------------------------------------------------------------------------------------

_AGGREGATES_SQL = """
WITH part AS (
    SELECT g.id AS game_id, r.number AS round_number, r.status AS round_status, g.is_bye AS is_bye,
           g.entry_a_id AS entry_id, 'A' AS side, 'B' AS other
      FROM {game} g JOIN {round} r ON r.id = g.round_id WHERE r.event_id = %(event)s
    UNION ALL
    SELECT g.id, r.number, r.status, g.is_bye, g.entry_a_partner_id, 'A', 'B'
      FROM {game} g JOIN {round} r ON r.id = g.round_id
     WHERE r.event_id = %(event)s AND g.entry_a_partner_id IS NOT NULL
    UNION ALL
    SELECT g.id, r.number, r.status, g.is_bye, g.entry_b_id, 'B', 'A'
      FROM {game} g JOIN {round} r ON r.id = g.round_id
     WHERE r.event_id = %(event)s AND g.entry_b_id IS NOT NULL
    UNION ALL
    SELECT g.id, r.number, r.status, g.is_bye, g.entry_b_partner_id, 'B', 'A'
      FROM {game} g JOIN {round} r ON r.id = g.round_id
     WHERE r.event_id = %(event)s AND g.entry_b_partner_id IS NOT NULL
),{won_cte}
played AS (
    SELECT p.entry_id, p.round_number, p.is_bye, p.round_status,
           (s.status IN ('confirmed', 'locked')) AS counted,
           CASE WHEN p.side = 'A' THEN s.total_a ELSE s.total_b END AS own,
           CASE WHEN p.side = 'A' THEN s.total_b ELSE s.total_a END AS opp,
           CASE WHEN s.winner = p.side THEN 'W'
                WHEN s.winner = p.other THEN 'L'
                WHEN (CASE WHEN p.side = 'A' THEN s.total_a - s.total_b ELSE s.total_b - s.total_a END) > 0
                    THEN 'W'
                WHEN s.total_a = s.total_b THEN 'D'
                ELSE 'L' END AS outcome,
           {deals_won} AS deals_won
      FROM part p LEFT JOIN {sheet} s ON s.game_id = p.game_id{won_join}
),
per_round AS (
    SELECT entry_id, round_number,
           COUNT(*) FILTER (WHERE counted AND NOT is_bye) AS games,
           COUNT(*) FILTER (WHERE counted AND NOT is_bye AND outcome = 'W') AS wins,
           COUNT(*) FILTER (WHERE counted AND NOT is_bye AND outcome = 'D') AS draws,
           COUNT(*) FILTER (WHERE counted AND NOT is_bye AND outcome = 'L') AS losses,
           COUNT(*) FILTER (WHERE is_bye AND round_status IN ('released', 'closed')) AS byes,
           COALESCE(SUM(own) FILTER (WHERE counted AND NOT is_bye), 0) AS points_for,
           COALESCE(SUM(opp) FILTER (WHERE counted AND NOT is_bye), 0) AS points_against,
           COALESCE(SUM(deals_won) FILTER (WHERE counted AND NOT is_bye), 0) AS deals_won
      FROM played GROUP BY entry_id, round_number
)
SELECT entry_id, round_number,
       SUM(games) OVER w, SUM(wins) OVER w, SUM(draws) OVER w, SUM(losses) OVER w, SUM(byes) OVER w,
       SUM(points_for) OVER w, SUM(points_against) OVER w, SUM(deals_won) OVER w
  FROM per_round
WINDOW w AS (PARTITION BY entry_id ORDER BY round_number ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
ORDER BY entry_id, round_number
"""

# Deals a side won on one sheet: deal scores come from the rules engine's result cached on the sheet.
# PostgreSQL reads each counted sheet's deals once, for both sides, in a CTE (reading them once per side
# and entry took four fifths of the query); SQLite counts per side inline.
_WON_CTE = """
won AS (
    SELECT s.id AS sheet_id,
           COUNT(*) FILTER (WHERE (d.deal #>> '{{score,A}}')::numeric > (d.deal #>> '{{score,B}}')::numeric) AS a,
           COUNT(*) FILTER (WHERE (d.deal #>> '{{score,B}}')::numeric > (d.deal #>> '{{score,A}}')::numeric) AS b
      FROM {sheet} s JOIN {game} g ON g.id = s.game_id JOIN {round} r ON r.id = g.round_id
     CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s.result -> 'deals') = 'array'
                                             THEN s.result -> 'deals' ELSE '[]'::jsonb END) AS d(deal)
     WHERE r.event_id = %(event)s AND s.status IN ('confirmed', 'locked')
       AND jsonb_typeof(d.deal -> 'score') = 'object'
     GROUP BY s.id
),"""
_DEALS_WON = {
    "postgresql": "COALESCE(CASE WHEN p.side = 'A' THEN w.a ELSE w.b END, 0)",
    "sqlite": (
        "(SELECT COUNT(*) FROM json_each(s.result, '$.deals') AS d "
        "WHERE json_type(d.value, '$.score') = 'object' "
        "AND json_extract(d.value, '$.score.' || p.side) > json_extract(d.value, '$.score.' || p.other))"
    ),
}


def _aggregate_rows(event_id: int) -> list[tuple]:
    """Cumulative per-(entry, round) figures, one query: (entry, round, games, wins, draws, losses, byes,
    points for, points against, deals won), only for rounds in which the entry has a game."""
    tables = {"game": Game._meta.db_table, "round": Round._meta.db_table, "sheet": Sheet._meta.db_table}
    postgres = connection.vendor == "postgresql"
    sql = _AGGREGATES_SQL.format(
        **tables,
        deals_won=_DEALS_WON[connection.vendor],
        won_cte=_WON_CTE.format(**tables) if postgres else "",
        won_join=" LEFT JOIN won w ON w.sheet_id = s.id" if postgres else "",
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, {"event": event_id})
        return cursor.fetchall()


def lots_seed(event: Event, rounds: list[dict]) -> str:
    """The seed for drawing lots: the first round's draw seed (kept by export/import), else the date."""
    first = min(rounds, key=lambda r: r["number"], default=None)
    return str(first["seed"]) if first else event.date.isoformat()


def standings_compute(*, event: Event) -> list[Standing]:
    """Unsaved Standing rows for every released or closed round of `event` (cumulative after each round).

    Reads in a fixed number of queries (rounds, entries, withdrawals, aggregates in SQL, counted games for
    pairwise metrics, adjustments), whatever the event's size. Ranked by `Event.ranking_precedence`
    (unknown keys ignored; the registry default when empty)."""
    return [Standing(**row) for row in _compute_rows(event)]


def _compute_rows(event: Event) -> list[dict]:
    """What `standings_compute` returns, as dicts of Standing attnames (no id): no model instance per row."""
    precedence = metrics.effective_precedence(event.ranking_precedence)
    rounds = list(Round.objects.filter(event=event).values("number", "status", "seed"))
    snapshot_rounds = sorted(r["number"] for r in rounds if r["status"] in Round.PUBLIC_STATUSES)
    if not snapshot_rounds:
        return []
    # Entries with the first round they are withdrawn from, in one query.
    numbers, withdrawn_from = {}, {}
    for entry_id, number, withdrawn in (
        Entry.objects.filter(event=event)
        .annotate(withdrawn=Min("checkins__round_number", filter=Q(checkins__status=CheckIn.Status.WITHDRAWN)))
        .values_list("id", "number", "withdrawn")
    ):
        numbers[entry_id] = number
        if withdrawn is not None:
            withdrawn_from[entry_id] = withdrawn

    # entry id → list of cumulative rows by round, ascending.
    cumulative: dict[int, list[tuple]] = defaultdict(list)
    for row in _aggregate_rows(event.pk):
        cumulative[row[0]].append(row)

    games = Game.objects.filter(round__event=event, is_bye=False, sheet__status__in=Sheet.COUNTED_STATUSES).values_list(
        "round__number",
        "entry_a_id",
        "entry_a_partner_id",
        "entry_b_id",
        "entry_b_partner_id",
        "sheet__total_a",
        "sheet__total_b",
        "sheet__winner",
    )
    meetings_by_round: list[tuple[int, metrics.Meeting]] = []
    win, draw, loss = Decimal(event.points_win), Decimal(event.points_draw), Decimal(event.points_loss)
    for number, a1, a2, b1, b2, total_a, total_b, winner in games:
        if winner not in ("A", "B"):
            winner = "A" if total_a > total_b else "B" if total_b > total_a else ""
        points_a, points_b = (win, loss) if winner == "A" else (loss, win) if winner == "B" else (draw, draw)
        side_a = tuple(e for e in (a1, a2) if e)
        side_b = tuple(e for e in (b1, b2) if e)
        meetings_by_round.append((number, metrics.Meeting(side_a, side_b, points_a, points_b)))

    adjustments = list(
        Adjustment.objects.filter(event=event).values_list("entry_id", "round_number", "kind", "match_points", "points")
    )

    seed = lots_seed(event, rounds)
    now = timezone.now()
    result: list[dict] = []
    for after in snapshot_rounds:
        lines: dict[int, metrics.Line] = {}
        for entry_id, rows in cumulative.items():
            upto = [r for r in rows if r[1] <= after]
            if not upto or entry_id not in numbers:
                continue
            _, _, games_, wins, draws, losses, byes, points_for, against, deals_won = upto[-1]
            line = metrics.Line(entry_id=entry_id, number=numbers[entry_id])
            line.games, line.wins, line.draws, line.losses, line.byes = (
                int(games_),
                int(wins),
                int(draws),
                int(losses),
                int(byes),
            )
            line.total_points = int(points_for) + int(byes) * event.bye_points
            line.points_against = int(against)
            line.deals_won = int(deals_won)
            line.match_points = (line.wins + line.byes) * win + line.draws * draw + line.losses * loss
            lines[entry_id] = line
        for entry_id, round_number, kind, match_points, points in adjustments:
            if (round_number or 1) > after or entry_id not in numbers:
                continue
            line = lines.get(entry_id)
            if line is None:
                line = lines[entry_id] = metrics.Line(entry_id=entry_id, number=numbers[entry_id])
            line.adjustment_match_points += match_points
            line.adjustment_points += points
            line.match_points += match_points
            line.total_points += points
            if kind == Adjustment.Kind.PENALTY:
                line.penalties += 1
        for entry_id, line in lines.items():
            line.withdrawn = withdrawn_from.get(entry_id, after + 1) <= after
        data = metrics.RankingInput(
            lines=lines, meetings=[m for number, m in meetings_by_round if number <= after], lots_seed=seed
        )
        for ranked in metrics.rank(data, precedence):
            line = lines[ranked.entry_id]
            values = {key: metrics.json_value(v) for key, v in ranked.metrics.items()}
            values.update(
                adjustment_match_points=metrics.json_value(line.adjustment_match_points),
                adjustment_points=line.adjustment_points,
                withdrawn=line.withdrawn,
            )
            result.append(
                {
                    "event_id": event.pk,
                    "round_number": after,
                    "entry_id": line.entry_id,
                    "rank": ranked.rank,
                    "games": line.games,
                    "wins": line.wins,
                    "draws": line.draws,
                    "losses": line.losses,
                    "byes": line.byes,
                    "match_points": line.match_points,
                    "total_points": line.total_points,
                    "points_against": line.points_against,
                    "deals_won": line.deals_won,
                    "penalties": line.penalties,
                    "metrics": values,
                    "computed_at": now,
                }
            )
    return result


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


# --- season ranking -----------------------------------------------------------------------------------


def season_ranking(*, season, public_only: bool = False) -> dict:
    """The season ranking of a club's players across the season's evenings, from each event's final snapshot.

    Each player gets their entry's result of the evening (in pairs both players of the team). Event points
    are the final match points, the tie-break the game points. `Season.ranking_rule` "sum" adds every
    evening; "best_n" adds a player's best `best_n` evenings (by match points, then game points).
    Returns {"events": [{"id", "name", "date", "slug"}], "rows": [{"rank", "player_id", "name", "points",
    "points_display", "total_points", "evenings", "counted", "cells": [{"points" (None: absent), "counted"}]}]}.
    Three queries, whatever the number of events and players."""
    events = Event.objects.filter(season=season, standings_version__gt=0).exclude(status=Event.Status.DRAFT)
    if public_only:
        events = events.filter(public_standings=True)
    event_list = list(events.order_by("date", "pk").values("id", "name", "date", "slug"))
    if not event_list:
        return {"events": [], "rows": []}
    last_round = (
        Standing.objects.filter(event=OuterRef("event"))
        .values("event")
        .annotate(last=Max("round_number"))
        .values("last")
    )
    finals = Standing.objects.filter(
        event_id__in=[e["id"] for e in event_list], round_number=Subquery(last_round)
    ).values_list(
        "event_id",
        "match_points",
        "total_points",
        "entry__player_1_id",
        "entry__player_1__first_name",
        "entry__player_1__last_name",
        "entry__player_2_id",
        "entry__player_2__first_name",
        "entry__player_2__last_name",
    )
    column = {e["id"]: i for i, e in enumerate(event_list)}
    players: dict[int, dict] = {}
    for event_id, mp, tp, p1, f1, l1, p2, f2, l2 in finals:
        for pid, first, last in ((p1, f1, l1), (p2, f2, l2)):
            if pid is None:
                continue
            row = players.setdefault(
                pid, {"player_id": pid, "name": f"{first} {last}".strip(), "results": [None] * len(event_list)}
            )
            row["results"][column[event_id]] = (mp, tp)
    best_n = season.best_n if season.ranking_rule == Season.Ranking.BEST_N and season.best_n else None
    rows = []
    for row in players.values():
        played = [(i, r) for i, r in enumerate(row["results"]) if r is not None]
        counted = sorted(played, key=lambda item: (item[1][0], item[1][1]), reverse=True)
        if best_n:
            counted = counted[:best_n]
        counted_idx = {i for i, _ in counted}
        rows.append(
            {
                "player_id": row["player_id"],
                "name": row["name"],
                "points": sum((r[0] for _, r in counted), Decimal(0)),
                "total_points": sum(r[1] for _, r in counted),
                "evenings": len(played),
                "counted": len(counted),
                "cells": [
                    {"points": metrics.json_value(r[0]) if r is not None else None, "counted": i in counted_idx}
                    for i, r in enumerate(row["results"])
                ],
            }
        )
    rows.sort(key=lambda r: (-r["points"], -r["total_points"], r["name"]))
    previous = None
    for position, row in enumerate(rows, start=1):
        key = (row["points"], row["total_points"])
        row["rank"] = previous[1] if previous and previous[0] == key else position
        row["points_display"] = metrics.json_value(row["points"])
        previous = (key, row["rank"])
    return {"events": event_list, "rows": rows}
