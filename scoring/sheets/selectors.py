"""Reads for score entry: who reaches which sheet, and what the referee page and the round view show.

Each selector loads what it needs in a fixed number of queries, whatever the number of deals or tables.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from scoring.engine import sheet_score
from scoring.exceptions import TableClosed, TableNotReady
from scoring.labels import (
    SEAT_LABELS,
    SIDE_LABELS,
    SUIT_SYMBOLS,
    TRUMP_SHORT,
    deal_extras,
    side_short,
)
from scoring.models import Deal, Sheet, SheetChange, TableCard, TableLink, TeamLink
from scoring.rules.words import SIDE_SEATS
from scoring.sheets.joined import fetch_instances, model_columns
from scoring.sheets.permissions import Actor, actor_from_request
from tournaments.models import Entry, Event, Game, Player, Round

# Tokens are made by secrets.token_urlsafe(32); anything else is not worth a query.
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_ENTRIES = ("entry_a", "entry_a_partner", "entry_b", "entry_b_partner")
# A game's round, event and club come in the same query; its entries and players come in a second one
# (attach_entries): a join of every table at once costs PostgreSQL more to plan than two queries to run.
GAME_RELATED = ("round__event__club",)


@dataclass
class SheetAccess:
    """One actor reaching one sheet: through a table link (`link`), or as an organiser of its club. Through
    a table card (`card`), `link` is the game's link of the card's side, which the actor acts as."""

    sheet: Sheet
    actor: Actor
    link: TableLink | None = None
    card: TableCard | None = None
    # Through a team link: the team's side, shown read-only (a team link is printed for the room: it never
    # writes, and its pages show no other token).
    team: TeamLink | None = None
    team_side: str | None = None

    @property
    def game(self) -> Game:
        return self.sheet.game

    @property
    def round(self) -> Round:
        return self.sheet.game.round

    @property
    def event(self):
        return self.sheet.game.round.event

    @property
    def side(self) -> str | None:
        """The side whose page this is: the link's, or the team's (None for an organiser)."""
        return self.link.side if self.link is not None else self.team_side

    @property
    def organiser(self) -> bool:
        return self.actor.organiser


def table_access(request, token: str) -> SheetAccess:
    """The sheet an active table link opens, in one query.

    Raises Http404 for an unknown or revoked token or a round that is not released, TableClosed for a
    closed round: a link reaches only its own game, and only while the round is being played; TableNotReady
    when the game has no sheet yet (the round-release hook makes it; a read never creates rows)."""
    if not isinstance(token, str) or not TOKEN_RE.match(token):
        raise Http404
    link = _active_link(token)
    if link is None or link.game.is_bye:
        raise Http404
    round = link.game.round
    if round.status == Round.Status.CLOSED:
        raise TableClosed()
    if round.status != Round.Status.RELEASED:
        raise Http404
    sheet = sheet_of(link.game)
    if sheet is None:
        # The round-release hook makes the sheets with the links; a read never creates rows.
        raise TableNotReady()
    return SheetAccess(sheet=sheet, actor=actor_from_request(request, link=link), link=link)


def _active_link(token: str) -> TableLink | None:
    """The active link of `token` with its game, the game's sheet, round and event set (not the club: no
    table page or answer shows it). Written out (scoring/sheets/joined.py), since every deal, poll and page
    of every table asks it. A game without a sheet comes through the ORM (its caller refuses it: the sheet
    is not ready)."""
    objs = fetch_instances(_ACTIVE_LINK_SQL, [token], _LINK_PARTS, _LINK_FIELDS)
    if objs is None:
        return None
    link, game, sheet, round, event = objs
    if sheet is None:
        return TableLink.objects.filter(pk=link.pk).select_related("game__sheet", "game__round__event").first()
    round.event = event
    game.round = round
    sheet.game = game
    Sheet._meta.get_field("game").remote_field.set_cached_value(game, sheet)
    link.game = game
    return link


_LINK_PARTS = [(TableLink, "l"), (Game, "g"), (Sheet, "s"), (Round, "r"), (Event, "e")]
_LINK_COLUMNS, _LINK_FIELDS = model_columns(_LINK_PARTS)
_ACTIVE_LINK_SQL = (
    f"SELECT {_LINK_COLUMNS} FROM {TableLink._meta.db_table} l "
    f"JOIN {Game._meta.db_table} g ON g.id = l.game_id "
    f"LEFT JOIN {Sheet._meta.db_table} s ON s.game_id = g.id "
    f"JOIN {Round._meta.db_table} r ON r.id = g.round_id "
    f"JOIN {Event._meta.db_table} e ON e.id = r.event_id "
    f"WHERE l.token = %s AND l.revoked_at IS NULL LIMIT 1"
)


# --- teams and seats ------------------------------------------------------------------------------------


def attach_entries(games: list[Game]) -> None:
    """Load the entries of `games` with their players in one query and set them on each game."""
    missing = [g for g in games if not all(Game._meta.get_field(e).is_cached(g) for e in _ENTRIES)]
    ids = {getattr(g, f"{e}_id") for g in missing for e in _ENTRIES} - {None}
    if not ids:
        return
    by_id = Entry.objects.select_related("player_1", "player_2").in_bulk(ids)
    for game in missing:
        for name in _ENTRIES:
            entry_id = getattr(game, f"{name}_id")
            setattr(game, name, by_id.get(entry_id) if entry_id is not None else None)


def _players(entry) -> list:
    if entry is None:
        return []
    return [p for p in (entry.player_1, entry.player_2) if p is not None]


def game_sides(game: Game) -> dict[str, dict[str, Any]]:
    """Per side: label (North/South...), team name, seats [(seat code, player name)] and the same with
    the seat's name in the user's language (`seat_rows`). Loads the entries with one query unless
    `attach_entries` did already."""
    attach_entries([game])
    players = {p.pk: p for entry in _ENTRIES for p in _players(getattr(game, entry))}
    # A substitute sits in a seat of the game but is no player of its entries: one more query, only then.
    missing = {pid for pid in (game.seats or {}).values() if pid not in players}
    if missing:
        players.update(Player.objects.in_bulk(missing))
    sides = {}
    for side, entries in (("A", ("entry_a", "entry_a_partner")), ("B", ("entry_b", "entry_b_partner"))):
        seats = SIDE_SEATS[side]
        present = [getattr(game, e) for e in entries if getattr(game, e) is not None]
        sides[side] = {
            "side": side,
            "label": SIDE_LABELS[side],
            "name": " / ".join(e.display_name for e in present),
            "numbers": [e.number for e in present],
            "seats": [(seat, str(players.get((game.seats or {}).get(seat), "") or "")) for seat in seats],
        }
        sides[side]["seat_rows"] = [(str(SEAT_LABELS[seat]), player) for seat, player in sides[side]["seats"]]
    return sides


def first_dealer(game: Game, sides: dict[str, dict[str, Any]]) -> tuple[str, str] | None:
    """(seat name, player name) of the game's first dealer, or None when the draw named none."""
    if game.first_dealer not in SEAT_LABELS:
        return None
    players = dict(sides["A"]["seats"] + sides["B"]["seats"])
    return str(SEAT_LABELS[game.first_dealer]), players.get(game.first_dealer, "")


# --- deals for display ----------------------------------------------------------------------------------


def deal_summary(data: dict[str, Any]) -> str:
    """A short line for one deal as entered, e.g. "N/S ♥ · 92 : 70 · belote N/S"."""
    contract = data.get("contract")
    if not contract:
        return _("passed")
    trump = contract.get("trump")
    trump_text = SUIT_SYMBOLS.get(trump) or str(TRUMP_SHORT.get(trump, trump))
    parts = [f"{side_short(contract.get('taker'))} {trump_text}"]
    if contract.get("bid") is not None:
        parts[0] += f" {contract['bid']}"
    if contract.get("multiplier", 1) != 1:
        parts[0] += f" ×{contract['multiplier']}"
    if not data.get("capot") and isinstance(data.get("tricks"), dict):
        parts.append(f"{data['tricks'].get('A')} : {data['tricks'].get('B')}")
    # The capot (first of the extras) stands where the trick points would.
    return " · ".join(parts + deal_extras(data))


@dataclass
class DealRow:
    position: int
    data: dict[str, Any]
    summary: str
    outcome: str
    score_a: int | None
    score_b: int | None
    total_a: int
    total_b: int
    held: int
    collected: str | None

    @property
    def number(self) -> int:
        return self.position + 1


@dataclass
class SheetView:
    """Everything the referee page and the API show of a sheet: deals with running totals."""

    sheet: Sheet
    rows: list[DealRow] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)


def sheet_deal_data(sheet: Sheet) -> list[dict[str, Any]]:
    """The data of the sheet's deals in order (one query)."""
    return list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("data", flat=True))


def sheet_view(sheet: Sheet, deals: list[dict[str, Any]] | None = None) -> SheetView:
    """The sheet's deals with each deal's score, running totals and held points, from the cached result
    (recomputed from the deals when the cache does not match them). `deals`: the deal data in order when
    the caller has it (a service just wrote them); otherwise one query loads them."""
    if deals is None:
        deals = sheet_deal_data(sheet)
    result = sheet.result or {}
    if len(result.get("deals") or []) != len(deals) or not result.get("valid", False):
        result = sheet_score(event=sheet.game.round.event, deals=deals)
    rows = []
    total_a = total_b = 0
    for position, (data, scored) in enumerate(zip(deals, result.get("deals") or [], strict=False)):
        score = scored.get("score") or {}
        total_a += score.get("A") or 0
        total_b += score.get("B") or 0
        rows.append(_deal_row(position, data, scored, total_a, total_b))
    return SheetView(sheet=sheet, rows=rows, result=result)


def last_deal_row(deals: list[dict[str, Any]], result: dict[str, Any]) -> DealRow:
    """The row of the sheet's last deal, as `sheet_view` makes it, from the deals and their scored result
    (which the caller has checked to match them): the running totals are the scores of every deal."""
    scored = result["deals"]
    total_a = sum((s.get("score") or {}).get("A") or 0 for s in scored)
    total_b = sum((s.get("score") or {}).get("B") or 0 for s in scored)
    return _deal_row(len(deals) - 1, deals[-1], scored[-1], total_a, total_b)


def _deal_row(position: int, data: dict[str, Any], scored: dict[str, Any], total_a: int, total_b: int) -> DealRow:
    score = scored.get("score") or {}
    return DealRow(
        position=position,
        data=data,
        summary=deal_summary(data),
        outcome=scored.get("outcome") or "",
        score_a=score.get("A"),
        score_b=score.get("B"),
        total_a=total_a,
        total_b=total_b,
        held=scored.get("held") or 0,
        collected=scored.get("collected"),
    )


def sheet_history(sheet: Sheet) -> list[SheetChange]:
    """The sheet's changes, oldest first, with their user, link and card (one query)."""
    return list(
        SheetChange.objects.filter(sheet=sheet).select_related("user", "link", "card").order_by("created_at", "id")
    )


# --- the organiser's round view ------------------------------------------------------------------------

STATUS_ORDER = {
    Sheet.Status.DISPUTED: 0,
    Sheet.Status.SUBMITTED: 1,
    Sheet.Status.ENTERED: 2,
    Sheet.Status.CONFIRMED: 3,
    Sheet.Status.LOCKED: 4,
}


@dataclass
class TableOverview:
    """One table of the round overview (not the `tournaments.Table` row of the venue)."""

    game: Game
    sheet: Sheet | None
    sides: dict[str, dict[str, Any]]
    links: dict[str, TableLink]

    @property
    def started(self) -> bool:
        return self.sheet is not None and self.sheet.deal_count > 0

    @property
    def side_links(self) -> list[tuple[str, TableLink]]:
        """Each referee link with its side as the table writes it ("N/S", "E/W"), for the round page."""
        # N/S before E/W, whatever order the links came from the database in.
        return [(side_short(side), self.links[side]) for side in sorted(self.links)]


@dataclass
class RoundOverview:
    round: Round
    tables: list[TableOverview]
    byes: list[Game]
    counts: dict[str, int]

    @property
    def disputed(self) -> list[TableOverview]:
        return [t for t in self.tables if t.sheet and t.sheet.status == Sheet.Status.DISPUTED]

    @property
    def missing(self) -> list[TableOverview]:
        """Tables whose sheet has not been handed in yet (no sheet, being entered)."""
        return [t for t in self.tables if t.sheet is None or t.sheet.status == Sheet.Status.ENTERED]

    @property
    def closable(self) -> bool:
        return all(t.sheet is not None and t.sheet.status in Sheet.COUNTED_STATUSES for t in self.tables)


def round_overview(round: Round) -> RoundOverview:
    """Every table of the round with its sheet's status and progress, disputes first; byes apart.
    Three queries whatever the number of tables."""
    games = list(Game.objects.filter(round=round).select_related("sheet").order_by("table_number", "id"))
    attach_entries(games)
    links: dict[int, dict[str, TableLink]] = {}
    for link in TableLink.objects.active().filter(game__round=round):
        links.setdefault(link.game_id, {})[link.side] = link
    tables, byes = [], []
    counts = {status: 0 for status in Sheet.Status.values}
    for game in games:
        game.round = round
        if game.is_bye:
            byes.append(game)
            continue
        sheet = sheet_of(game)
        if sheet is not None:
            counts[sheet.status] += 1
        tables.append(TableOverview(game=game, sheet=sheet, sides=game_sides(game), links=links.get(game.pk, {})))
    tables.sort(key=lambda t: (STATUS_ORDER.get(t.sheet.status, 2) if t.sheet else 2, t.game.table_number or 0))
    return RoundOverview(round=round, tables=tables, byes=byes, counts=counts)


def sheet_of(game: Game) -> Sheet | None:
    """The game's sheet, or None when it has none yet (a reverse one-to-one raises when absent)."""
    try:
        return game.sheet
    except Sheet.DoesNotExist:
        return None
