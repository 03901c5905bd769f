"""Writing the JSON archive of a whole event: exactly the fields `archive_schema` lists, round by round.

`event_archive_write(event_id=..., out=..., progress=...)` writes the archive (rules, entries, players,
check-ins, tables, rounds with their games, table links, sheets with deals and full history, adjustments
and standings snapshots) as UTF-8 JSON to a binary file. Authors of history rows are written as usernames
(or the name an earlier import kept); secret link tokens are never written.
"""

from __future__ import annotations

import datetime
import io
import json
import uuid
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal
from typing import Any, BinaryIO

from django.utils import timezone

from scoring.exports.archive.schema import (
    ADJUSTMENT,
    CHANGE,
    CHECKIN,
    CLUB,
    DEAL,
    ENTRY,
    EVENT,
    EVENT_LOG,
    FORMAT,
    FORMAT_VERSION,
    GAME,
    LINK,
    PLAYER,
    ROUND,
    SEASON,
    SHEET,
    STANDING,
    SUBSTITUTION,
    TABLE,
)
from scoring.models import Adjustment, Deal, Sheet, SheetChange, TableLink
from tournaments.models import (
    CheckIn,
    Entry,
    Event,
    EventLogEntry,
    Game,
    Player,
    Round,
    Standing,
    Substitution,
    Table,
)


def _plain(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    return value


def _pick(obj, fields) -> dict:
    return {f: _plain(getattr(obj, f)) for f in fields}


def _author(user, imported_author: str) -> str | None:
    return user.get_username() if user is not None else (imported_author or None)


def event_archive_write(*, event_id: int, out: BinaryIO, progress: Callable[[int], None] = lambda pct: None) -> None:
    """Write the event's archive to `out` (binary). Loads in a fixed number of queries; writes round by
    round so the file grows as it goes."""
    event = Event.objects.select_related("club", "season").get(pk=event_id)
    entries = list(Entry.objects.filter(event=event).order_by("number"))
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    games = list(Game.objects.filter(round__event=event).order_by("round__number", "is_bye", "table_number", "pk"))
    player_ids = {e.player_1_id for e in entries} | {e.player_2_id for e in entries if e.player_2_id}
    for game in games:
        player_ids.update(v for v in (game.seats or {}).values() if isinstance(v, int))
    substitutions = list(Substitution.objects.filter(entry__event=event).order_by("entry__number", "from_round", "pk"))
    for sub in substitutions:
        player_ids.update((sub.player_id, sub.substitute_id))
    players = list(Player.objects.filter(pk__in=player_ids).order_by("last_name", "first_name", "pk"))
    player_key = {p.pk: f"p{i}" for i, p in enumerate(players, start=1)}
    number = {e.pk: e.number for e in entries}
    links = defaultdict(list)
    link_key = {}
    for i, link in enumerate(TableLink.objects.filter(game__round__event=event).order_by("pk"), start=1):
        link_key[link.pk] = f"l{i}"
        links[link.game_id].append({"key": link_key[link.pk], **_pick(link, LINK.fields)})
    sheets = {s.game_id: s for s in Sheet.objects.filter(game__round__event=event)}
    deals = defaultdict(list)
    for deal in Deal.objects.filter(sheet__game__round__event=event).order_by("sheet_id", "position"):
        deals[deal.sheet_id].append(_pick(deal, DEAL.fields))
    changes = defaultdict(list)
    for change in (
        SheetChange.objects.filter(sheet__game__round__event=event)
        .select_related("user")
        .order_by("sheet_id", "created_at", "pk")
    ):
        changes[change.sheet_id].append(
            {
                **_pick(change, CHANGE.fields),
                "user": _author(change.user, change.imported_author),
                "link": link_key.get(change.link_id),
            }
        )
    progress(10)

    head = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": _pick(event.club, CLUB.fields),
        "season": _pick(event.season, SEASON.fields) if event.season else None,
        "event": _pick(event, EVENT.fields),
        "players": [{"key": player_key[p.pk], **_pick(p, PLAYER.fields)} for p in players],
        "entries": [
            {**_pick(e, ENTRY.fields), "player_1": player_key[e.player_1_id], "player_2": player_key.get(e.player_2_id)}
            for e in entries
        ],
        "checkins": [
            {"entry": number[c.entry_id], **_pick(c, CHECKIN.fields)}
            for c in CheckIn.objects.filter(entry__event=event).order_by("entry__number", "round_number")
        ],
        "substitutions": [
            {
                "entry": number[sub.entry_id],
                "player": player_key[sub.player_id],
                "substitute": player_key[sub.substitute_id],
                **_pick(sub, SUBSTITUTION.fields),
            }
            for sub in substitutions
        ],
        "tables": [_pick(t, TABLE.fields) for t in Table.objects.filter(event=event).order_by("number")],
    }
    tail = {
        "adjustments": [
            {
                "entry": number[a.entry_id],
                "created_by": _author(a.created_by, a.imported_author),
                "penalised_entry": number.get(a.penalised_entry_id),
                "withdrawn_by": _author(a.withdrawn_by, a.withdrawn_imported_author),
                **_pick(a, ADJUSTMENT.fields),
            }
            for a in Adjustment.objects.filter(event=event)
            .select_related("created_by", "withdrawn_by")
            .order_by("created_at", "pk")
        ],
        "event_log": [
            {
                "entry": number.get(log.entry_id),
                "user": _author(log.user, log.imported_author),
                **_pick(log, EVENT_LOG.fields),
            }
            for log in EventLogEntry.objects.filter(event=event).select_related("user")
        ],
        "standings": [
            {"entry": number[s.entry_id], **_pick(s, STANDING.fields)}
            for s in Standing.objects.filter(event=event).order_by("round_number", "rank", "entry__number")
        ],
    }

    def encode(value) -> bytes:
        return json.dumps(value, ensure_ascii=False, sort_keys=False).encode()

    out.write(encode(head)[:-1])  # the head object stays open: rounds and the tail follow
    out.write(b', "rounds": [')
    games_by_round = defaultdict(list)
    for game in games:
        games_by_round[game.round_id].append(game)
    for i, rnd in enumerate(rounds):
        round_games = []
        for game in games_by_round[rnd.pk]:
            sheet = sheets.get(game.pk)
            round_games.append(
                {
                    **_pick(game, GAME.fields),
                    "entry_a": number.get(game.entry_a_id),
                    "entry_a_partner": number.get(game.entry_a_partner_id),
                    "entry_b": number.get(game.entry_b_id),
                    "entry_b_partner": number.get(game.entry_b_partner_id),
                    "seats": {seat: player_key.get(pid) for seat, pid in (game.seats or {}).items()},
                    "links": links.get(game.pk, []),
                    "sheet": None
                    if sheet is None
                    else {
                        **_pick(sheet, SHEET.fields),
                        "deals": deals.get(sheet.pk, []),
                        "changes": changes.get(sheet.pk, []),
                    },
                }
            )
        if i:
            out.write(b", ")
        out.write(encode({**_pick(rnd, ROUND.fields), "games": round_games}))
        progress(10 + 85 * (i + 1) // len(rounds))
    out.write(b"], ")
    out.write(encode(tail)[1:])
    progress(100)


def event_archive(*, event_id: int) -> dict:
    """The archive as a dict (for tests and small events)."""
    buffer = io.BytesIO()
    event_archive_write(event_id=event_id, out=buffer)
    return json.loads(buffer.getvalue())
