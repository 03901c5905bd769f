"""Standings: the snapshot rows of an event, computed from its confirmed sheets (aggregates and ranking).

`standings_compute(*, event)` returns the unsaved snapshot rows for every released round, in a fixed number
of queries (per-entry aggregates in SQL, pairwise metrics in Python via `scoring.standings.metrics`);
`scoring.standings.store` stores them. Nothing here writes.

What counts: games whose sheet is confirmed or locked, with an unfinished game's ruling at the close
(`Sheet.ruled_total_a`/`_b`: its totals, and the winner by them) instead of its deals' totals; byes of
released or closed rounds (scored as a win with `Event.bye_points` game points); a late entry's missed rounds
(before `Entry.joined_round`, without a game) by its `missed_rounds_rule`: each as a bye (counted in `byes`),
as nothing, or as the mean of its own counted rounds (games and byes: match points, points for and against,
to two places and whole points); adjustments not withdrawn, of rounds up to the snapshot's round (an
adjustment with no round counts from round 1). In mêlée every single-player entry gets its side's result. An
entry whose latest check-in is withdrawn is marked withdrawn (with the last round it played before,
`withdrawn_after`) from that round's snapshot on.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

from django.db import connection
from django.utils import timezone

from scoring.models import Adjustment, Sheet
from scoring.rules.words import TEAMS
from scoring.standings import metrics
from tournaments.draws.rows import withdrawn_after
from tournaments.models import Entry, Event, Game, Round, Standing

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
),
sheet_counts AS (
    SELECT s.id, s.game_id, s.status, s.winner, s.result, s.unfinished_rule <> '' AS ruled,
           COALESCE(s.ruled_total_a, s.total_a) AS count_a, COALESCE(s.ruled_total_b, s.total_b) AS count_b
      FROM {sheet} s JOIN {game} g ON g.id = s.game_id JOIN {round} r ON r.id = g.round_id
     WHERE r.event_id = %(event)s
),{won_cte}
played AS (
    SELECT p.entry_id, p.round_number, p.is_bye, p.round_status,
           (s.status IN ('confirmed', 'locked')) AS counted,
           CASE WHEN p.side = 'A' THEN s.count_a ELSE s.count_b END AS own,
           CASE WHEN p.side = 'A' THEN s.count_b ELSE s.count_a END AS opp,
           CASE WHEN s.winner = p.side AND NOT s.ruled THEN 'W'
                WHEN s.winner = p.other AND NOT s.ruled THEN 'L'
                WHEN (CASE WHEN p.side = 'A' THEN s.count_a - s.count_b ELSE s.count_b - s.count_a END) > 0
                    THEN 'W'
                WHEN s.count_a = s.count_b THEN 'D'
                ELSE 'L' END AS outcome,
           {deals_won} AS deals_won
      FROM part p LEFT JOIN sheet_counts s ON s.game_id = p.game_id{won_join}
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
    return [Standing(**row) for row in compute_rows(event)]


def compute_rows(event: Event) -> list[dict]:
    """What `standings_compute` returns, as dicts of Standing attnames (no id): no model instance per row."""
    precedence = metrics.effective_precedence(event.ranking_precedence)
    rounds = list(Round.objects.filter(event=event).values("number", "status", "seed"))
    snapshot_rounds = sorted(r["number"] for r in rounds if r["status"] in Round.PUBLIC_STATUSES)
    if not snapshot_rounds:
        return []
    # Entries (with a late entry's first round and rule) and their check-in rows, for the withdrawn ones: one
    # query (a row per entry and check-in).
    numbers, late, checkins = {}, {}, []
    for entry_id, number, joined, rule, round_number, status in Entry.objects.filter(event=event).values_list(
        "id", "number", "joined_round", "missed_rounds_rule", "checkins__round_number", "checkins__status"
    ):
        numbers[entry_id] = number
        if joined and joined > 1 and rule in (Entry.MissedRounds.BYE, Entry.MissedRounds.AVERAGE):
            late[entry_id] = (joined, rule)
        if round_number is not None:
            checkins.append((entry_id, round_number, status))
    withdrawn = withdrawn_after(checkins)

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
        "sheet__ruled_total_a",
        "sheet__ruled_total_b",
    )
    meetings_by_round: list[tuple[int, metrics.Meeting]] = []
    win, draw, loss = Decimal(event.points_win), Decimal(event.points_draw), Decimal(event.points_loss)
    for number, a1, a2, b1, b2, total_a, total_b, winner, ruled_a, ruled_b in games:
        if ruled_a is not None and ruled_b is not None:
            total_a, total_b, winner = ruled_a, ruled_b, ""
        if winner not in TEAMS:
            winner = "A" if total_a > total_b else "B" if total_b > total_a else ""
        points_a, points_b = (win, loss) if winner == "A" else (loss, win) if winner == "B" else (draw, draw)
        side_a = tuple(e for e in (a1, a2) if e)
        side_b = tuple(e for e in (b1, b2) if e)
        meetings_by_round.append((number, metrics.Meeting(side_a, side_b, points_a, points_b)))

    # Withdrawn penalties and adjustments are kept but count no more.
    adjustments = list(
        Adjustment.objects.filter(event=event, withdrawn_at__isnull=True).values_list(
            "pk", "entry_id", "round_number", "kind", "match_points", "points", "penalised_entry_id", "penalty_group"
        )
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
        for entry_id, (joined, rule) in late.items():
            played = {r[1] for r in cumulative.get(entry_id, ()) if r[1] <= after}
            missed = len(set(range(1, min(after, joined - 1) + 1)) - played)
            if missed:
                _count_missed(lines, entry_id, numbers[entry_id], missed, rule, event, win)
        counted_penalties = set()
        for pk, entry_id, round_number, kind, match_points, points, offender_id, group in adjustments:
            if (round_number or 1) > after or entry_id not in numbers:
                continue
            line = lines.get(entry_id)
            if line is None:
                line = lines[entry_id] = metrics.Line(entry_id=entry_id, number=numbers[entry_id])
            line.adjustment_match_points += match_points
            line.adjustment_points += points
            line.match_points += match_points
            line.total_points += points
            # A penalty counts against the entry that committed it (points "to the opponents" sit on the
            # opponents' rows), once however many rows it has; a warning counts nothing.
            offender_id = offender_id or entry_id
            if kind == Adjustment.Kind.PENALTY and (match_points or points) and offender_id in numbers:
                if (offender_id, group or pk) in counted_penalties:
                    continue
                counted_penalties.add((offender_id, group or pk))
                offender = lines.get(offender_id)
                if offender is None:
                    offender = lines[offender_id] = metrics.Line(entry_id=offender_id, number=numbers[offender_id])
                offender.penalties += 1
        for entry_id, line in lines.items():
            line.withdrawn = withdrawn.get(entry_id, after + 1) <= after
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
            if line.withdrawn:
                values["withdrawn_after"] = withdrawn[line.entry_id]
            if line.missed_rounds:
                values["missed_rounds"] = line.missed_rounds
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


def _count_missed(
    lines: dict[int, metrics.Line], entry_id: int, number: int, missed: int, rule: str, event: Event, win: Decimal
) -> None:
    """Add a late entry's `missed` rounds to its line by `rule`: as byes (a win and the bye points each), or
    as the mean of its own counted rounds so far (nothing while it has none)."""
    line = lines.get(entry_id)
    if rule == Entry.MissedRounds.BYE:
        if line is None:
            line = lines[entry_id] = metrics.Line(entry_id=entry_id, number=number)
        line.byes += missed
        line.match_points += missed * win
        line.total_points += missed * event.bye_points
    else:
        own = line.games + line.byes if line is not None else 0
        if line is None or not own:
            return
        line.match_points += (line.match_points * missed / own).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        line.total_points += int((Decimal(line.total_points * missed) / own).quantize(Decimal(1), ROUND_HALF_UP))
        line.points_against += int((Decimal(line.points_against * missed) / own).quantize(Decimal(1), ROUND_HALF_UP))
    line.missed_rounds = missed
