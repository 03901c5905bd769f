"""A member's history across the club's evenings, for the member's page (public and the organiser's): the
edge of the pure `member_stats`.

`member_history` loads, in six queries whatever the number of evenings, games and deals: the member's
entries with their events, the games of those entries in released rounds with every player at the table,
the deals of the counted sheets, the final places and the size of each evening's field. Each game is turned
into a `member_stats.GameFact` from the member's side; the pure module adds them up.

What the public sees (`public=True`): only evenings whose standings are public (never a draft), deal figures
only from evenings whose sheets are public, every name as its member's consent allows, and no opponent whose
name is withheld (a hidden member's results cannot be followed from evening to evening). The organiser
sees every evening, every deal and every name in full.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q

from scoring.models import Deal, Sheet
from scoring.public import member_stats as stats
from scoring.rules.words import PASSED, TEAMS
from scoring.sheets.selectors import sheet_of
from tournaments.models import Entry, Event, Game, Player, Round, Standing

GAME_PLAYERS = [
    f"{entry}__{player}"
    for entry in ("entry_a", "entry_a_partner", "entry_b", "entry_b_partner")
    for player in ("player_1", "player_2")
]


@dataclass
class MemberHistory:
    """The member's page: `evenings` (newest first: {event, partners (names), place, field, line}), the deal
    figures, the opponents one may pick ({id, name}, by name), and the head-to-head against `opponent`
    (None when none was asked for, or `opponent_error` says why not)."""

    player: Player
    name: str
    evenings: list[dict[str, Any]]
    figures: stats.DealFigures
    opponents: list[dict[str, Any]]
    opponent: dict[str, Any] | None = None
    head_to_head: stats.HeadToHead | None = None
    opponent_error: str = ""
    deals_counted_evenings: int = 0
    names: dict[int, str] = field(default_factory=dict)


def shown_name(player: Player, *, public: bool) -> str:
    """The name this page shows: the public name (the member's consent) or, for organisers, the full name."""
    return player.public_name if public else str(player)


def _side_of(game: Game, entry_ids: set[int], player_id: int) -> str | None:
    """The side (A or B) the member sat on in `game`, or None when a substitute took their seat."""
    side = "A" if {game.entry_a_id, game.entry_a_partner_id} & entry_ids else "B"
    seats = game.seats or {}
    if seats and player_id not in seats.values():
        return None
    return side


def _side_players(game: Game, side: str) -> list[Player]:
    """The players who sat on `side`: the seats' players when the game has seats (a substitute among
    them only if they were one of the loaded entries' players), else the entries' registered players."""
    entries = [game.entry_a, game.entry_a_partner] if side == "A" else [game.entry_b, game.entry_b_partner]
    players = [p for e in entries if e is not None for p in (e.player_1, e.player_2) if p is not None]
    seats = game.seats or {}
    if seats:
        seated = {seats.get(s) for s in (("N", "S") if side == "A" else ("E", "W"))}
        players = [p for p in players if p.pk in seated] or players
    return players


def _belotes(data: dict[str, Any], side: str) -> int:
    raw = data.get("belote") or []
    return sum(1 for b in raw if (b.get("team") if isinstance(b, dict) else b) == side)


def _deal_facts(sheet: Sheet, deals: list[dict[str, Any]], side: str) -> tuple[stats.DealFact, ...]:
    """The sheet's deals from `side`: taker, outcome and score from the sheet's cached result (§6)."""
    other = "B" if side == "A" else "A"
    results = (sheet.result or {}).get("deals") or []
    facts = []
    for deal in deals:
        result = results[deal["position"]] if deal["position"] < len(results) else {}
        data = deal["data"] or {}
        contract = data.get("contract") or {}
        taker = contract.get("taker")
        score = result.get("score") or {}
        capot = data.get("capot")
        facts.append(
            stats.DealFact(
                taker=None if taker not in TEAMS else ("us" if taker == side else "them"),
                outcome=result.get("outcome") or PASSED,
                ours=score.get(side) or 0,
                theirs=score.get(other) or 0,
                belotes_ours=_belotes(data, side),
                belotes_theirs=_belotes(data, other),
                capot=None if capot not in TEAMS else ("us" if capot == side else "them"),
            )
        )
    return tuple(facts)


def member_history(*, player: Player, public: bool, opponent_id: int | None = None) -> MemberHistory:
    """The member's history (see the module). `opponent_id`: the member to compare with; one the member
    never met (or, publicly, one whose name is withheld) gives `opponent_error`, never an exception."""
    events = Event.objects.exclude(status=Event.Status.DRAFT)
    if public:
        events = events.filter(public_standings=True)
    entries = list(
        Entry.objects.filter(Q(player_1=player) | Q(player_2=player), event__in=events, event__club_id=player.club_id)
        .select_related("event", "player_1", "player_2")
        .order_by("-event__date", "-event_id")
    )
    entry_ids = {e.pk for e in entries}
    games = list(
        Game.objects.filter(
            Q(entry_a_id__in=entry_ids)
            | Q(entry_a_partner_id__in=entry_ids)
            | Q(entry_b_id__in=entry_ids)
            | Q(entry_b_partner_id__in=entry_ids),
            round__status__in=Round.PUBLIC_STATUSES,
        )
        .select_related("round", "sheet", *GAME_PLAYERS)
        .order_by("round__event_id", "round__number", "pk")
    )
    event_of = {e.event_id: e.event for e in entries}
    with_deals = {pk for pk, ev in event_of.items() if ev.public_sheets or not public}
    counted = {
        g.pk: g.sheet
        for g in games
        if not g.is_bye and (s := sheet_of(g)) is not None and s.status in Sheet.COUNTED_STATUSES
    }
    deal_rows: dict[int, list[dict[str, Any]]] = {}
    event_of_game = {g.pk: g.round.event_id for g in games}
    sheet_ids = [s.pk for gid, s in counted.items() if event_of_game[gid] in with_deals]
    for row in (
        Deal.objects.filter(sheet_id__in=sheet_ids)
        .order_by("sheet_id", "position")
        .values("sheet_id", "position", "data")
    ):
        deal_rows.setdefault(row["sheet_id"], []).append(dict(row))

    people: dict[int, Player] = {}
    facts: list[stats.GameFact] = []
    for game in games:
        event_id = game.round.event_id
        if game.is_bye:
            facts.append(stats.GameFact(event_id, game.round.number, (), (), False, is_bye=True))
            continue
        side = _side_of(game, entry_ids, player.pk)
        if side is None:
            continue
        other = "B" if side == "A" else "A"
        ours, theirs = _side_players(game, side), _side_players(game, other)
        people.update({p.pk: p for p in ours + theirs})
        sheet = counted.get(game.pk)
        result = None
        if sheet is not None:
            total = {"A": sheet.total_a, "B": sheet.total_b}
            winner = sheet.winner or ("A" if total["A"] > total["B"] else "B" if total["B"] > total["A"] else "")
            result = "draw" if not winner else ("win" if winner == side else "loss")
        facts.append(
            stats.GameFact(
                event_id=event_id,
                round_number=game.round.number,
                partners=tuple(p.pk for p in ours if p.pk != player.pk),
                opponents=tuple(p.pk for p in theirs),
                counted=sheet is not None,
                ours=(sheet.total_a if side == "A" else sheet.total_b) if sheet else 0,
                theirs=(sheet.total_b if side == "A" else sheet.total_a) if sheet else 0,
                result=result,
                deals=_deal_facts(sheet, deal_rows.get(sheet.pk, []), side) if sheet else (),
            )
        )
    names = {pk: shown_name(p, public=public) for pk, p in people.items()}
    finals = _final_places(entries)
    lines = stats.evenings(facts)
    evening_rows = []
    for entry in entries:
        line = lines.get(entry.event_id) or stats.EveningLine(entry.event_id)
        place, size = finals.get(entry.pk, (None, None))
        evening_rows.append(
            {
                "event": entry.event,
                "partners": [names[pid] for pid in line.partners if pid in names],
                "place": place,
                "field": size,
                "line": line,
            }
        )
    met = stats.opponents_met(facts)
    pickable = {pid for pid in met if not public or people[pid].page_public}
    opponents = sorted(
        ({"id": pid, "name": names[pid], "sort": (people[pid].last_name, people[pid].first_name)} for pid in pickable),
        key=lambda o: (o["name"] if public else o["sort"], o["id"]),
    )
    history = MemberHistory(
        player=player,
        name=shown_name(player, public=public),
        evenings=evening_rows,
        figures=stats.deal_figures([f for f in facts if f.event_id in with_deals]),
        opponents=opponents,
        deals_counted_evenings=len(with_deals & set(lines)),
        names=names,
    )
    if opponent_id is not None:
        if opponent_id in pickable:
            history.opponent = {"id": opponent_id, "name": names[opponent_id]}
            history.head_to_head = stats.head_to_head(facts, opponent_id)
        else:
            history.opponent_error = "unknown"
    return history


def _final_places(entries: list[Entry]) -> dict[int, tuple[int, int]]:
    """{entry id: (final place, entries ranked)} from each evening's last standings snapshot (two queries)."""
    if not entries:
        return {}
    rows = Standing.objects.filter(entry_id__in=[e.pk for e in entries]).values_list(
        "entry_id", "event_id", "round_number", "rank"
    )
    last: dict[int, tuple[int, int, int]] = {}
    for entry_id, event_id, number, rank in rows:
        if entry_id not in last or number > last[entry_id][1]:
            last[entry_id] = (event_id, number, rank)
    sizes = {
        (row["event_id"], row["round_number"]): row["n"]
        for row in Standing.objects.filter(event_id__in={e.event_id for e in entries})
        .order_by()
        .values("event_id", "round_number")
        .annotate(n=Count("pk"))
    }
    return {entry_id: (rank, sizes.get((event_id, number), 0)) for entry_id, (event_id, number, rank) in last.items()}
