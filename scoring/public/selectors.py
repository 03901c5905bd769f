"""Reads for the public pages of an event (`scoring.public.views`): released rounds, the draw, the standings
snapshot, a round's results, one entry's games and deals, the progress chart's data, the season's stamp.

Each selector reads the standings snapshot (it never recomputes) and loads what it needs in a fixed number
of queries, whatever the number of entries, games or deals. Whether a visitor may see it is the view's
business; the selectors only leave out what is never public (rounds not released, sheets not counted).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q

from scoring.labels import OUTCOME_WORDS, SUIT_SYMBOLS, TRUMP_NAMES
from scoring.models import Deal, Sheet
from scoring.public.chart import Series
from scoring.rules.words import TEAMS
from scoring.sheets.selectors import sheet_of
from scoring.standings import metrics
from tournaments.labels import withdrawn_label
from tournaments.models import Entry, Event, Game, Player, Round, SeasonDivision, Standing
from tournaments.names import search_text

# --- the event and its rounds ---------------------------------------------------------------------------


def event_by_slugs(club_slug: str, event_slug: str) -> Event | None:
    """The event with its club and season (one query), or None."""
    return Event.objects.select_related("club", "season").filter(club__slug=club_slug, slug=event_slug).first()


def standings_state(club_slug: str, event_slug: str) -> dict[str, Any] | None:
    """What the live pages poll, with what decides who may see it, in one query: {id, club_id, status,
    public_standings, standings_version, standings_dirty, standings_computed_at}, or None."""
    return (
        Event.objects.filter(club__slug=club_slug, slug=event_slug)
        .values(
            "id",
            "club_id",
            "status",
            "public_standings",
            "standings_version",
            "standings_dirty",
            "standings_computed_at",
        )
        .first()
    )


def public_rounds(event: Event) -> list[dict[str, Any]]:
    """The released and closed rounds as {number, status} (one query)."""
    return list(Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES).values("number", "status"))


def released_rounds(event: Event) -> list[int]:
    """The numbers of the released and closed rounds, in order (one query)."""
    return list(
        Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES)
        .order_by("number")
        .values_list("number", flat=True)
    )


def released_round_stamps(event: Event) -> dict[int, tuple[int, datetime | None]]:
    """{number: (round id, release time)} of the released and closed rounds, in order (one query): a round
    drawn and released again gets a new id or time, so the pair names the round's own version."""
    return {
        number: (pk, released_at)
        for number, pk, released_at in Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES)
        .order_by("number")
        .values_list("number", "pk", "released_at")
    }


def snapshot_rounds(event: Event) -> list[int]:
    """The rounds the standings snapshot has rows for, in order (one query)."""
    return list(
        Standing.objects.filter(event=event).values_list("round_number", flat=True).distinct().order_by("round_number")
    )


# --- entries and tables ---------------------------------------------------------------------------------


def entries_by_id(event: Event) -> dict[int, Entry]:
    """The event's entries with their players, by id (one query)."""
    return {e.pk: e for e in Entry.objects.filter(event=event).select_related("player_1", "player_2")}


def _names(entries: dict[int, Entry], *ids: int | None) -> list[Entry]:
    return [entries[i] for i in ids if i in entries]


def _search_text(entry: Entry) -> str:
    # The public names only: the page carries this text, so a withheld name is never in it.
    parts = [str(entry.number), entry.name, entry.player_1.public_name]
    if entry.player_2_id:
        parts.append(entry.player_2.public_name)
    return search_text(*parts)


def draw_tables(event: Event, number: int) -> list[dict[str, Any]]:
    """Round `number`'s games in table order, byes last: {game, side_a, side_b, search} with each side's
    entries and the folded text the find-your-table filter matches (`tournaments.names.search_text`; two queries)."""
    entries = entries_by_id(event)
    games = list(Game.objects.filter(round__event=event, round__number=number).order_by("is_bye", "table_number"))
    registered = {p.pk: p for e in entries.values() for p in (e.player_1, e.player_2) if p is not None}
    # A substitute sits in a seat but plays in no entry: one more query, only for a round that has one.
    missing = {pid for g in games for pid in (g.seats or {}).values() if pid not in registered}
    others = Player.objects.in_bulk(missing) if missing else {}
    tables = []
    for game in games:
        side_a = _names(entries, game.entry_a_id, game.entry_a_partner_id)
        side_b = _names(entries, game.entry_b_id, game.entry_b_partner_id)
        seated = set((game.seats or {}).values())
        replaced = [p for e in side_a + side_b for p in (e.player_1, e.player_2) if p and seated and p.pk not in seated]
        stand_ins = [others[pid] for pid in sorted(seated & set(others))]
        substitutes = [{"substitute": s, "player": p} for s, p in zip(stand_ins, replaced, strict=False)]
        search = " ".join(
            [*(_search_text(e) for e in side_a + side_b), *(search_text(s.public_name) for s in stand_ins)]
        )
        tables.append({"game": game, "side_a": side_a, "side_b": side_b, "search": search, "substitutes": substitutes})
    return tables


def _game_row(game: Game, entries: dict[int, Entry]) -> dict[str, Any]:
    """A game with its sides and, once its sheet counts (confirmed or locked), the totals and the winning side
    ("" for a draw); None while in play."""
    sheet = sheet_of(game)
    counted = sheet is not None and sheet.status in Sheet.COUNTED_STATUSES
    return {
        "game": game,
        "side_a": _names(entries, game.entry_a_id, game.entry_a_partner_id),
        "side_b": _names(entries, game.entry_b_id, game.entry_b_partner_id),
        "counted": counted,
        "total_a": sheet.total_a if counted else None,
        "total_b": sheet.total_b if counted else None,
        "winner": (
            sheet.winner or ("A" if sheet.total_a > sheet.total_b else "B" if sheet.total_b > sheet.total_a else "")
        )
        if counted
        else None,
    }


# --- standings and round results ------------------------------------------------------------------------


def standings_table(event: Event, number: int) -> dict[str, Any]:
    """The snapshot after round `number`: {rows, columns, adjustments, metric_help} (two queries).

    `rows` are the `Standing` rows by rank with `mp` (match points as JSON), `columns` (the values of the
    metrics the precedence shows, match points and lots apart) and `adjusted`; `adjustments` those in force
    after that round, with `mp`."""
    rows = list(
        Standing.objects.filter(event=event, round_number=number)
        .select_related("entry__player_1", "entry__player_2")
        .order_by("rank", "entry__number")
    )
    adjustments = list(
        # A withdrawn penalty or adjustment is kept for the organiser's list, no longer in force.
        event.adjustments.filter(Q(round_number__isnull=True) | Q(round_number__lte=number), withdrawn_at__isnull=True)
        .select_related("entry__player_1", "entry__player_2", "penalised_entry")
        .order_by("entry__number", "created_at")
    )
    precedence = metrics.effective_precedence(event.ranking_precedence)
    columns = [metrics.METRICS[k] for k in precedence if k not in ("match_points", "lots")]
    for adjustment in adjustments:
        adjustment.mp = metrics.json_value(adjustment.match_points)
    for row in rows:
        row.mp = metrics.json_value(row.match_points)
        row.columns = [row.metrics.get(c.key) for c in columns]
        row.adjusted = bool(row.metrics.get("adjustment_match_points") or row.metrics.get("adjustment_points"))
        row.withdrawn_label = (
            withdrawn_label(row.metrics.get("withdrawn_after")) if row.metrics.get("withdrawn") else ""
        )
    return {
        "rows": rows,
        "has_byes": any(row.byes for row in rows),
        "columns": columns,
        "adjustments": adjustments,
        "metric_help": [metrics.METRICS[k] for k in precedence],
    }


def round_results(event: Event, number: int) -> dict[str, Any] | None:
    """Round `number`'s results table by table: {round, tables} (rows as `_game_row`, counted sheets only),
    or None when that round is not released (three queries)."""
    rnd = Round.objects.filter(event=event, number=number, status__in=Round.PUBLIC_STATUSES).first()
    if rnd is None:
        return None
    entries = entries_by_id(event)
    games = list(Game.objects.filter(round=rnd).select_related("sheet").order_by("is_bye", "table_number"))
    return {"round": rnd, "tables": [_game_row(game, entries) for game in games]}


# --- one entry ------------------------------------------------------------------------------------------


@dataclass
class EntryDetail:
    """One entry's games in the released rounds and its place after each round.

    `rows`: as `_game_row`, plus own_side, partner, opponents, outcome (win, loss, draw, bye or None) and
    `deals` (the deal lines when sheets are public). `history`: {round_number, rank, match_points,
    total_points, mp} per snapshot round. `rank_series`: the history as the rank chart takes it.
    `field_size`: the number of entries."""

    entry: Entry
    rows: list[dict[str, Any]]
    history: list[dict[str, Any]]
    rank_series: Series
    field_size: int


def entry_detail(event: Event, number: int, *, with_deals: bool) -> EntryDetail | None:
    """The entry of start number `number` (a team, or in mêlée a player), or None. With `with_deals`, the
    deals of its counted sheets too. At most six queries, whatever the number of games."""
    entry = Entry.objects.filter(event=event, number=number).select_related("player_1", "player_2").first()
    if entry is None:
        return None
    entries = entries_by_id(event)
    side = Q(entry_a=entry) | Q(entry_a_partner=entry) | Q(entry_b=entry) | Q(entry_b_partner=entry)
    games = list(
        Game.objects.filter(side, round__event=event, round__status__in=Round.PUBLIC_STATUSES)
        .select_related("round", "sheet")
        .order_by("round__number")
    )
    deals_by_sheet: dict[int, list[Deal]] = {}
    if with_deals:
        sheet_ids = [g.sheet.pk for g in games if sheet_of(g) and g.sheet.status in Sheet.COUNTED_STATUSES]
        for deal in Deal.objects.filter(sheet_id__in=sheet_ids).order_by("sheet_id", "position"):
            deals_by_sheet.setdefault(deal.sheet_id, []).append(deal)
    rows = []
    for game in games:
        row = _game_row(game, entries)
        own_side = "A" if entry.pk in (game.entry_a_id, game.entry_a_partner_id) else "B"
        row["own_side"] = own_side
        row["partner"] = [e for e in (row["side_a"] if own_side == "A" else row["side_b"]) if e.pk != entry.pk]
        row["opponents"] = row["side_b"] if own_side == "A" else row["side_a"]
        row["outcome"] = None
        if game.is_bye:
            row["outcome"] = "bye"
        elif row["counted"]:
            row["outcome"] = "draw" if not row["winner"] else ("win" if row["winner"] == own_side else "loss")
        row["deals"] = _deal_lines(game, deals_by_sheet, own_side)
        rows.append(row)
    history = list(
        Standing.objects.filter(event=event, entry=entry)
        .order_by("round_number")
        .values("round_number", "rank", "match_points", "total_points")
    )
    for h in history:
        h["mp"] = metrics.json_value(h["match_points"])
    series = Series(label=entry.public_name, points=[(h["round_number"], h["rank"]) for h in history])
    return EntryDetail(entry=entry, rows=rows, history=history, rank_series=series, field_size=len(entries))


def _deal_lines(game: Game, deals_by_sheet: dict[int, list[Deal]], own_side: str) -> list[dict[str, Any]]:
    """The game's deals with taker, trump, outcome, score and running totals, from the sheet's cached result."""
    sheet = sheet_of(game)
    if sheet is None or sheet.pk not in deals_by_sheet:
        return []
    results = (sheet.result or {}).get("deals") or []
    lines = []
    running = {"A": 0, "B": 0}
    for deal in deals_by_sheet[sheet.pk]:
        result = results[deal.position] if deal.position < len(results) else {}
        score = result.get("score") or {}
        contract = (deal.data or {}).get("contract") or {}
        for side in TEAMS:
            running[side] += score.get(side) or 0
        lines.append(
            {
                "number": deal.position + 1,
                "taker": contract.get("taker"),
                "trump": SUIT_SYMBOLS.get(contract.get("trump")) or TRUMP_NAMES.get(contract.get("trump"), ""),
                "red": contract.get("trump") in ("hearts", "diamonds"),
                "outcome": OUTCOME_WORDS.get(result.get("outcome"), result.get("outcome") or ""),
                "score_a": score.get("A"),
                "score_b": score.get("B"),
                "running_a": running["A"],
                "running_b": running["B"],
                "own_taker": contract.get("taker") == own_side,
            }
        )
    return lines


# --- progress chart -------------------------------------------------------------------------------------


@dataclass
class Progress:
    """The progress chart's data: one `Series` per entry (rank, or match points, per snapshot round), best
    final rank first; `last` the latest snapshot round, `field_size` the entries ranked after it, `best` the
    highest value of any series."""

    series: list[Series]
    last: int
    field_size: int
    best: int | float


def progress(event: Event, *, points: bool, top: int, highlight: int | None) -> Progress | None:
    """The entries ranked `top` or better after the latest snapshot round, and the entry of start number
    `highlight`, round by round: their rank, or with `points` their match points. None before the first
    snapshot. At most three queries."""
    rounds = snapshot_rounds(event)
    if not rounds:
        return None
    last = rounds[-1]
    rows = list(
        Standing.objects.filter(event=event)
        .filter(
            Q(entry__in=Standing.objects.filter(event=event, round_number=last, rank__lte=top).values("entry"))
            | Q(entry__number=highlight or 0)
        )
        .select_related("entry__player_1", "entry__player_2")
        .order_by("entry_id", "round_number")
    )
    by_entry: dict[int, dict[str, Any]] = {}
    for s in rows:
        item = by_entry.setdefault(s.entry_id, {"entry": s.entry, "points": [], "final": None})
        item["points"].append((s.round_number, metrics.json_value(s.match_points) if points else s.rank))
        if s.round_number == last:
            item["final"] = s.rank
    ordered = sorted(by_entry.values(), key=lambda item: (item["final"] or 10**9, item["entry"].number))
    field_size = Standing.objects.filter(event=event, round_number=last).count()
    series = [
        Series(
            label=f"{item['entry'].number} · {item['entry'].public_name}",
            points=item["points"],
            number=item["entry"].number,
            highlight=item["entry"].number == highlight,
        )
        for item in ordered
    ]
    best = max((v for s in series for _, v in s.points), default=1)
    return Progress(series=series, last=last, field_size=field_size, best=best)


# --- season ---------------------------------------------------------------------------------------------


def season_stamp(season) -> str:
    """A short hash that changes whenever any of the season's evenings is recomputed, added, removed or
    re-flagged, any of the season's rules changes, or a player changes division (one query, two with
    divisions)."""

    rows = (
        Event.objects.filter(season=season)
        .order_by("pk")
        .values_list("pk", "standings_version", "public_standings", "status")
    )
    rules = ".".join(str(getattr(season, name)) for name in season.RULE_FIELDS)
    stamp = f"{rules}|" + "-".join(f"{pk}.{v}.{int(p)}.{s}" for pk, v, p, s in rows)
    if season.divisions > 1:
        placed = SeasonDivision.objects.filter(season=season).order_by("player_id")
        stamp += "|" + ",".join(f"{p}.{d}" for p, d in placed.values_list("player_id", "division"))
    return hashlib.sha256(stamp.encode()).hexdigest()[:32]
