"""Reading an event archive: one reader per part, in the order `event_archive_import` runs them.

Each reader takes the checked `Reader`, the part of the archive it reads and what the earlier parts made
(the club, the event, the players by key, the entries by start number, ...), stores its rows with `insert`
and returns what later parts refer to. Every one raises ArchiveError naming the path of the first bad value.
This module reads the people, the tables and the rounds; play.py reads the sheets and what follows them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.exports.archive.read import coherence
from scoring.exports.archive.read.rows import at, insert, validation_failed
from scoring.exports.archive.read.values import Reader, fail, type_name
from scoring.exports.archive.schema import (
    CHECKIN,
    CLUB,
    ENTRY,
    EVENT,
    GAME,
    PLAYER,
    ROUND,
    SEASON,
    SUBSTITUTION,
    TABLE,
    ArchiveError,
)
from scoring.models import Sheet
from scoring.rules.words import SEATS
from tournaments.models import (
    CheckIn,
    Club,
    Entry,
    Event,
    Game,
    Player,
    Round,
    Season,
    Substitution,
    Table,
)

#: What a game's links and sheet are read from once the games have ids: (game, links data, sheet data, path).
Pending = list[tuple[Game, list, dict | None, str]]
#: A sheet to read the deals and history of: (sheet, its archived fields, deals data, changes data, path).
SheetPayload = list[tuple[Sheet, dict, list, list, str]]
#: What checks a sheet's deals against the rules engine: (event, sheet, archived fields, deal data, path).
Rescore = Callable[[Event, Sheet, dict, list, str], None]


def club_read(r: Reader, data: dict, club_slug: str | None) -> Club:
    """The club `club_slug` (default: the archive's), created from the archive when it does not exist."""
    club_fields = r.part(data.get("club"), CLUB, "club")
    slug = club_slug or club_fields["slug"]
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        club = Club(**{**club_fields, "slug": slug})
        try:
            club.full_clean()
        except ValidationError as exc:
            raise validation_failed(exc, "club") from None
        club.save()
    return club


def event_read(
    r: Reader, data: dict, club: Club, event_slug: str | None, *, as_copy: bool = False, join_season: bool = True
) -> Event:
    """The event (with its season, found or created in the club, unless `join_season` is off), saved with the
    archived created_at. `as_copy` names it a copy ("… (copy)", in the current language). Refuses a short name
    the club already has."""
    fields = r.part(data.get("event"), EVENT, "event")
    if event_slug:
        fields["slug"] = event_slug
    if as_copy:
        limit = Event._meta.get_field("name").max_length or 200
        suffix = _("%(name)s (copy)") % {"name": ""}
        fields["name"] = _("%(name)s (copy)") % {"name": str(fields["name"])[: limit - len(suffix)]}
    if Event.objects.filter(club=club, slug=fields["slug"]).exists():
        raise ArchiveError(
            _("event.slug: club “%(club)s” already has an event “%(slug)s”; choose another short name (--event-slug).")
            % {"club": club.slug, "slug": fields["slug"]}
        )
    season = None
    if join_season and data.get("season") is not None:
        season_fields = r.part(data["season"], SEASON, "season")
        season = Season.objects.filter(
            club=club,
            name=season_fields["name"],
            start_date=season_fields["start_date"],
            end_date=season_fields["end_date"],
        ).first()
        if season is None:
            season = Season.objects.create(club=club, **season_fields)
    event = Event(club=club, season=season, **fields)
    try:
        event.clean_fields(exclude=["club", "season"])
        if not fields.get("rules_frozen"):
            event.clean()  # a frozen rule set is kept as archived, even if today's presets would differ
    except ValidationError as exc:
        raise validation_failed(exc, "event") from None
    event.save()
    # save() stamps created_at with "now"; keep the archived moment.
    Event.objects.filter(pk=event.pk).update(created_at=fields["created_at"])
    event.created_at = fields["created_at"]
    return event


def players_read(r: Reader, data: dict, club: Club) -> dict[str, Player]:
    """The players by archive key: unambiguous identities matched in the club, the rest created."""
    player_specs: dict[str, dict] = {}
    index: dict[str, int] = {}
    for i, item in enumerate(r.items(data, "players", "")):
        path = f"players[{i}]"
        key = r.ref(r.obj(item, path), "key", str, path)
        if key in player_specs:
            raise fail(f"{path}.key", _("“%(key)s” is used twice.") % {"key": key})
        player_specs[key] = r.part(item, PLAYER, path)
        index[key] = i

    def identity(p: dict) -> tuple:
        return (p["first_name"], p["last_name"], p.get("email", ""), p.get("is_guest", False), p.get("home_club", ""))

    existing = defaultdict(list)
    for p in Player.objects.filter(club=club):
        existing[(p.first_name, p.last_name, p.email, p.is_guest, p.home_club)].append(p)
    wanted = defaultdict(list)
    for key, spec in player_specs.items():
        wanted[identity(spec)].append(key)
    player_of: dict[str, Player] = {}
    new_players = []
    for key, spec in player_specs.items():
        same = existing.get(identity(spec), [])
        if len(same) == 1 and len(wanted[identity(spec)]) == 1:
            player_of[key] = same[0]
        else:
            new_players.append((key, at(Player(club=club, **spec), f"players[{index[key]}]")))
    insert(Player, [p for _, p in new_players])
    player_of.update(new_players)
    return player_of


def player_ref(player_of: dict[str, Player], key: Any, where: str, null: bool = False) -> Player | None:
    """The player an archive key names (None for a missing optional one)."""
    if key is None and null:
        return None
    if not isinstance(key, str) or key not in player_of:
        raise fail(
            where,
            _("names player “%(key)s”, who is not in the archive's players.")
            % {"key": repr(key)[:40] if not isinstance(key, str) else key[:40]},
        )
    return player_of[key]


def entries_read(r: Reader, data: dict, event: Event, player_of: dict[str, Player]) -> dict[int, Entry]:
    """The event's entries by start number."""
    entries: dict[int, Entry] = {}
    for i, item in enumerate(r.items(data, "entries", "")):
        path = f"entries[{i}]"
        spec = r.part(item, ENTRY, path)
        if spec["number"] in entries:
            raise fail(f"{path}.number", _("start number %(number)s is used twice.") % {"number": spec["number"]})
        entries[spec["number"]] = at(
            Entry(
                event=event,
                player_1=player_ref(player_of, r.ref(item, "player_1", str, path), f"{path}.player_1"),
                player_2=player_ref(
                    player_of, r.ref(item, "player_2", str, path, null=True), f"{path}.player_2", null=True
                ),
                **spec,
            ),
            path,
        )
    insert(Entry, list(entries.values()))
    return entries


def entry_ref(r: Reader, entries: dict[int, Entry], item: Any, key: str, path: str, null: bool = False) -> Entry | None:
    """The entry whose start number `item[key]` names (None for a missing optional one)."""
    number = r.ref(item, key, int, path, null=null)
    if number is None:
        return None
    if number not in entries:
        raise fail(
            f"{path}.{key}",
            _("names start number %(number)s, which is not in the archive's entries.") % {"number": number},
        )
    return entries[number]


def checkins_read(r: Reader, data: dict, event: Event, entries: dict[int, Entry]) -> None:
    checkins = []
    for i, item in enumerate(r.items(data, "checkins", "")):
        path = f"checkins[{i}]"
        spec = r.part(item, CHECKIN, path)
        coherence.round_number(event, spec.get("round_number"), f"{path}.round_number")
        checkins.append(at(CheckIn(entry=entry_ref(r, entries, item, "entry", path), **spec), path))
    insert(CheckIn, checkins)


def substitutions_read(r: Reader, data: dict, event: Event, entries: dict[int, Entry], player_of) -> None:
    """Who played for whom and when; an archive written before substitutes existed has none."""
    rows = []
    for i, item in enumerate(r.items(data, "substitutions", "")):
        path = f"substitutions[{i}]"
        spec = r.part(item, SUBSTITUTION, path)
        coherence.round_number(event, spec.get("from_round"), f"{path}.from_round")
        coherence.round_number(event, spec.get("to_round"), f"{path}.to_round")
        rows.append(
            at(
                Substitution(
                    entry=entry_ref(r, entries, item, "entry", path),
                    player=player_ref(player_of, r.ref(item, "player", str, path), f"{path}.player"),
                    substitute=player_ref(player_of, r.ref(item, "substitute", str, path), f"{path}.substitute"),
                    **spec,
                ),
                path,
            )
        )
    insert(Substitution, rows)


def tables_read(r: Reader, data: dict, event: Event) -> None:
    insert(
        Table,
        [
            at(Table(event=event, **r.part(item, TABLE, f"tables[{i}]")), f"tables[{i}]")
            for i, item in enumerate(r.items(data, "tables", ""))
        ],
    )


def rounds_read(
    r: Reader, data: dict, event: Event, player_of: dict[str, Player], entries: dict[int, Entry]
) -> Pending:
    """The rounds and their games (seats, sides); returns each game's links and sheet, still to read."""
    rounds, games = [], []
    pending: Pending = []
    subs = coherence.stand_ins(event)  # read before the rounds: a game's seats may name a substitute
    for i, item in enumerate(r.items(data, "rounds", "")):
        path = f"rounds[{i}]"
        rnd = at(Round(event=event, **r.part(item, ROUND, path)), path)
        coherence.round_number(event, rnd.number, f"{path}.number")
        coherence.round_status(event, rnd, path)
        rounds.append(rnd)
        in_round: dict[int, str] = {}
        for j, game_data in enumerate(r.items(item, "games", path)):
            gpath = f"{path}.games[{j}]"
            spec = r.part(game_data, GAME, gpath)
            seats_in = game_data.get("seats", {})
            if not isinstance(seats_in, dict):
                raise fail(f"{gpath}.seats", _("must be an object; got %(type)s.") % {"type": type_name(seats_in)})
            seats = {}
            for seat, key in seats_in.items():
                if seat not in SEATS:
                    raise fail(
                        f"{gpath}.seats", _("unknown seat %(seat)s; seats are N, E, S, W.") % {"seat": repr(seat)[:20]}
                    )
                seats[seat] = player_ref(player_of, key, f"{gpath}.seats.{seat}").pk
            game = at(
                Game(
                    round=rnd,
                    seats=seats,
                    **spec,
                    entry_a=entry_ref(r, entries, game_data, "entry_a", gpath),
                    entry_a_partner=entry_ref(r, entries, game_data, "entry_a_partner", gpath, null=True),
                    entry_b=entry_ref(r, entries, game_data, "entry_b", gpath, null=True),
                    entry_b_partner=entry_ref(r, entries, game_data, "entry_b_partner", gpath, null=True),
                ),
                gpath,
            )
            coherence.game_entries(game, in_round, gpath)
            coherence.game_seats(game, gpath, subs)
            games.append(game)
            sheet_data = game_data.get("sheet")
            pending.append(
                (
                    game,
                    r.items(game_data, "links", gpath),
                    None if sheet_data is None else r.obj(sheet_data, f"{gpath}.sheet"),
                    gpath,
                )
            )
    insert(Round, rounds)
    for game in games:
        game.round_id = game.round.pk
    insert(Game, games)
    return pending
