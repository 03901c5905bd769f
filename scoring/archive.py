"""The JSON archive of a whole event, and reading it back into an identical event.

`event_archive_write(event_id=..., out=..., progress=...)` writes the archive (rules, entries, players,
check-ins, tables, rounds with their games, table links, sheets with deals and full history, adjustments
and standings snapshots) as UTF-8 JSON to a binary file, round by round. `event_archive_import(data=...,
club_slug=..., event_slug=...)` creates the event again with new ids, in one transaction: a bad file
raises `ArchiveError` naming the place in the file and what is wrong, and stores nothing.

What is not copied: the secret tokens of table links (new ones are made; a link's history survives),
exports, and user accounts (a user is matched by username in the importing installation, else left out).
Players are matched in the target club when exactly one player has the same first and last name, email,
guest flag and home club (and only one archived player points at them); otherwise they are created.
"""

from __future__ import annotations

import datetime
import json
from collections import defaultdict
from collections.abc import Callable
from contextlib import contextmanager
from decimal import Decimal, InvalidOperation
from typing import Any, BinaryIO

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import Adjustment, Deal, Sheet, SheetChange, TableLink
from tournaments.models import CheckIn, Club, Entry, Event, Game, Player, Round, Season, Standing, Table

FORMAT = "atout-event-archive"
FORMAT_VERSION = 1

EVENT_FIELDS = (
    "name", "slug", "date", "venue", "status", "rules_preset", "rules_options", "rules_frozen", "team_mode", "rounds",
    "pairing_methods", "ranking_precedence", "points_win", "points_draw", "points_loss", "bye_points", "entries_open",
    "public_draw", "public_standings", "public_sheets", "standings_dirty", "standings_version",
    "standings_computed_at", "started_at", "created_at",
)
PLAYER_FIELDS = ("first_name", "last_name", "email", "is_guest", "home_club", "is_active", "created_at")
ENTRY_FIELDS = ("number", "name", "affiliation", "fixed_table", "needs_step_free", "late", "created_at")
ROUND_FIELDS = ("number", "method", "seed", "status", "quality", "created_at", "released_at", "closed_at")
GAME_FIELDS = ("table_number", "is_bye", "first_dealer", "flags")
SHEET_FIELDS = ("status", "version", "result", "total_a", "total_b", "held", "finished", "winner", "deal_count",
                "submitted_at", "confirmed_at", "dispute_message", "updated_at")
DEAL_FIELDS = ("position", "data", "client_id", "created_at", "updated_at")
CHANGE_FIELDS = ("action", "deal_position", "before", "after", "ip_address", "user_agent", "reason", "version",
                 "created_at")
STANDING_FIELDS = ("round_number", "rank", "games", "wins", "draws", "losses", "byes", "match_points", "total_points",
                   "points_against", "deals_won", "penalties", "metrics", "computed_at")


class ArchiveError(ValueError):
    """A file that is not a valid event archive; the message names where and what."""


def _plain(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _pick(obj, fields) -> dict:
    return {f: _plain(getattr(obj, f)) for f in fields}


# --- writing ------------------------------------------------------------------------------------------


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
    players = list(Player.objects.filter(pk__in=player_ids).order_by("last_name", "first_name", "pk"))
    player_key = {p.pk: f"p{i}" for i, p in enumerate(players, start=1)}
    number = {e.pk: e.number for e in entries}
    links = defaultdict(list)
    link_key = {}
    for i, link in enumerate(TableLink.objects.filter(game__round__event=event).order_by("pk"), start=1):
        link_key[link.pk] = f"l{i}"
        links[link.game_id].append({"key": link_key[link.pk], **_pick(link, ("side", "created_at", "revoked_at"))})
    sheets = {s.game_id: s for s in Sheet.objects.filter(game__round__event=event)}
    deals = defaultdict(list)
    for deal in Deal.objects.filter(sheet__game__round__event=event).order_by("sheet_id", "position"):
        deals[deal.sheet_id].append(_pick(deal, DEAL_FIELDS))
    changes = defaultdict(list)
    for change in SheetChange.objects.filter(sheet__game__round__event=event).select_related("user").order_by(
        "sheet_id", "created_at", "pk"
    ):
        changes[change.sheet_id].append({
            **_pick(change, CHANGE_FIELDS),
            "user": change.user.get_username() if change.user_id else None,
            "link": link_key.get(change.link_id),
        })
    progress(10)

    head = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": _pick(event.club, ("slug", "name", "city")),
        "season": _pick(event.season, ("name", "start_date", "end_date", "ranking_rule", "best_n"))
        if event.season else None,
        "event": _pick(event, EVENT_FIELDS),
        "players": [{"key": player_key[p.pk], **_pick(p, PLAYER_FIELDS)} for p in players],
        "entries": [
            {**_pick(e, ENTRY_FIELDS), "player_1": player_key[e.player_1_id],
             "player_2": player_key.get(e.player_2_id)}
            for e in entries
        ],
        "checkins": [
            {"entry": number[c.entry_id], **_pick(c, ("round_number", "status", "updated_at"))}
            for c in CheckIn.objects.filter(entry__event=event).order_by("entry__number", "round_number")
        ],
        "tables": [_pick(t, ("number", "label", "step_free")) for t in Table.objects.filter(event=event)],
    }
    tail = {
        "adjustments": [
            {"entry": number[a.entry_id], "created_by": a.created_by.get_username() if a.created_by_id else None,
             **_pick(a, ("round_number", "kind", "match_points", "points", "reason", "created_at"))}
            for a in Adjustment.objects.filter(event=event).select_related("created_by").order_by("created_at", "pk")
        ],
        "standings": [
            {"entry": number[s.entry_id], **_pick(s, STANDING_FIELDS)}
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
            round_games.append({
                **_pick(game, GAME_FIELDS),
                "entry_a": number.get(game.entry_a_id),
                "entry_a_partner": number.get(game.entry_a_partner_id),
                "entry_b": number.get(game.entry_b_id),
                "entry_b_partner": number.get(game.entry_b_partner_id),
                "seats": {seat: player_key.get(pid) for seat, pid in (game.seats or {}).items()},
                "links": links.get(game.pk, []),
                "sheet": None if sheet is None else {
                    **_pick(sheet, SHEET_FIELDS),
                    "deals": deals.get(sheet.pk, []),
                    "changes": changes.get(sheet.pk, []),
                },
            })
        if i:
            out.write(b", ")
        out.write(encode({**_pick(rnd, ROUND_FIELDS), "games": round_games}))
        progress(10 + 85 * (i + 1) // len(rounds))
    out.write(b"], ")
    out.write(encode(tail)[1:])
    progress(100)


def event_archive(*, event_id: int) -> dict:
    """The archive as a dict (for tests and small events)."""
    import io

    buffer = io.BytesIO()
    event_archive_write(event_id=event_id, out=buffer)
    return json.loads(buffer.getvalue())


# --- reading ------------------------------------------------------------------------------------------


class _Reader:
    """Typed access to the archive's JSON with errors that name the place in the file."""

    def get(self, obj: Any, key: str, kind, path: str, *, null: bool = False, default: Any = ...) -> Any:
        if not isinstance(obj, dict):
            raise ArchiveError(_("%(path)s must be an object.") % {"path": path})
        if key not in obj:
            if default is not ...:
                return default
            raise ArchiveError(_("%(path)s.%(key)s is missing.") % {"path": path, "key": key})
        value = obj[key]
        where = f"{path}.{key}"
        if value is None:
            if null:
                return None
            raise ArchiveError(_("%(path)s must not be empty (null).") % {"path": where})
        return self.convert(value, kind, where)

    def convert(self, value: Any, kind, where: str) -> Any:
        if kind == "datetime":
            parsed = parse_datetime(value) if isinstance(value, str) else None
            if parsed is None:
                raise ArchiveError(_("%(path)s must be a date and time (ISO 8601); got %(value)r.")
                                   % {"path": where, "value": value})
            return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed)
        if kind == "date":
            parsed = parse_date(value) if isinstance(value, str) else None
            if parsed is None:
                raise ArchiveError(_("%(path)s must be a date (YYYY-MM-DD); got %(value)r.")
                                   % {"path": where, "value": value})
            return parsed
        if kind == "decimal":
            try:
                return Decimal(str(value)) if isinstance(value, str | int | float) else Decimal("x")
            except InvalidOperation:
                raise ArchiveError(_("%(path)s must be a number; got %(value)r.")
                                   % {"path": where, "value": value}) from None
        if kind == "json":
            return value
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ArchiveError(_("%(path)s must be a whole number; got %(value)r.") % {"path": where, "value": value})
        if kind is not int and not isinstance(value, kind):
            raise ArchiveError(_("%(path)s must be %(kind)s; got %(value)r.")
                               % {"path": where, "kind": _KIND_NAMES.get(kind, kind), "value": value})
        return value

    def fields(self, obj: Any, spec: dict[str, tuple], path: str) -> dict:
        return {name: self.get(obj, name, kind, path, **opts) for name, (kind, opts) in spec.items()}

    def items(self, obj: Any, key: str, path: str) -> list:
        value = self.get(obj, key, list, path, default=[])
        return value


_KIND_NAMES = {str: gettext_lazy("text"), bool: gettext_lazy("true or false"), dict: gettext_lazy("an object"),
               list: gettext_lazy("a list")}

_OPT = {"null": True}
_T = {"default": None, "null": True}  # optional timestamp

SPEC_EVENT = {
    "name": (str, {}), "date": ("date", {}), "venue": (str, {"default": ""}), "status": (str, {}),
    "rules_preset": (str, {}), "rules_options": ("json", {"default": {}}), "rules_frozen": ("json", _T),
    "team_mode": (str, {}), "rounds": (int, {}), "pairing_methods": ("json", {"default": []}),
    "ranking_precedence": ("json", {"default": []}), "points_win": (int, {}), "points_draw": (int, {}),
    "points_loss": (int, {}), "bye_points": (int, {"default": 0}), "entries_open": (bool, {"default": False}),
    "public_draw": (bool, {"default": True}), "public_standings": (bool, {"default": True}),
    "public_sheets": (bool, {"default": False}), "standings_dirty": (bool, {"default": True}),
    "standings_version": (int, {"default": 0}), "standings_computed_at": ("datetime", _T),
    "started_at": ("datetime", _T), "created_at": ("datetime", _T),
}
SPEC_PLAYER = {"first_name": (str, {}), "last_name": (str, {}), "email": (str, {"default": ""}),
               "is_guest": (bool, {"default": False}), "home_club": (str, {"default": ""}),
               "is_active": (bool, {"default": True}), "created_at": ("datetime", _T)}
SPEC_ENTRY = {"number": (int, {}), "name": (str, {"default": ""}), "affiliation": (str, {"default": ""}),
              "fixed_table": (int, _T), "needs_step_free": (bool, {"default": False}),
              "late": (bool, {"default": False}), "created_at": ("datetime", _T)}
SPEC_ROUND = {"number": (int, {}), "method": (str, {}), "seed": (int, {}), "status": (str, {}),
              "quality": ("json", {"default": {}}), "created_at": ("datetime", _T), "released_at": ("datetime", _T),
              "closed_at": ("datetime", _T)}
SPEC_GAME = {"table_number": (int, _T), "is_bye": (bool, {"default": False}), "first_dealer": (str, {"default": ""}),
             "flags": ("json", {"default": []})}
SPEC_SHEET = {"status": (str, {}), "version": (int, {"default": 0}), "result": ("json", {"default": {}}),
              "total_a": (int, {"default": 0}), "total_b": (int, {"default": 0}), "held": (int, {"default": 0}),
              "finished": (bool, {"default": False}), "winner": (str, {"default": ""}),
              "deal_count": (int, {"default": 0}), "submitted_at": ("datetime", _T),
              "confirmed_at": ("datetime", _T), "dispute_message": (str, {"default": ""}),
              "updated_at": ("datetime", _T)}
SPEC_DEAL = {"position": (int, {}), "data": ("json", {}), "client_id": (str, {"default": ""}),
             "created_at": ("datetime", _T), "updated_at": ("datetime", _T)}
SPEC_CHANGE = {"action": (str, {}), "deal_position": (int, _T), "before": ("json", _T), "after": ("json", _T),
               "ip_address": (str, _T), "user_agent": (str, {"default": ""}), "reason": (str, {"default": ""}),
               "version": (int, {}), "created_at": ("datetime", _T)}
SPEC_ADJUSTMENT = {"round_number": (int, _T), "kind": (str, {}), "match_points": ("decimal", {"default": "0"}),
                   "points": (int, {"default": 0}), "reason": (str, {}), "created_at": ("datetime", _T)}
SPEC_STANDING = {"round_number": (int, {}), "rank": (int, {}), "games": (int, {}), "wins": (int, {}),
                 "draws": (int, {}), "losses": (int, {}), "byes": (int, {}), "match_points": ("decimal", {}),
                 "total_points": (int, {}), "points_against": (int, {}), "deals_won": (int, {}),
                 "penalties": ("decimal", {}), "metrics": ("json", {"default": {}}),
                 "computed_at": ("datetime", _T)}

# Fields Django would stamp with "now" on insert; the import keeps the archived moments instead.
_STAMPED = [
    (Event, ("created_at",)), (Player, ("created_at",)), (Entry, ("created_at",)), (CheckIn, ("updated_at",)),
    (Round, ("created_at",)), (Sheet, ("updated_at",)), (Deal, ("created_at", "updated_at")),
    (TableLink, ("created_at",)), (SheetChange, ("created_at",)), (Adjustment, ("created_at",)),
]


@contextmanager
def _archived_timestamps():
    """Let bulk_create keep the archived created/updated moments (auto_now would overwrite them).

    Only the import command and tests call the import, never a web request, so switching the flags
    process-wide for the import's duration is safe."""
    saved = []
    for model, names in _STAMPED:
        for name in names:
            field = model._meta.get_field(name)
            saved.append((field, field.auto_now, field.auto_now_add))
            field.auto_now = field.auto_now_add = False
    try:
        yield
    finally:
        for field, auto_now, auto_now_add in saved:
            field.auto_now, field.auto_now_add = auto_now, auto_now_add


def _choice(value: str, choices, where: str) -> str:
    if value not in choices:
        raise ArchiveError(_("%(path)s must be one of %(choices)s; got %(value)r.")
                           % {"path": where, "choices": ", ".join(choices), "value": value})
    return value


def event_archive_load(raw: bytes | str) -> dict:
    """Parse an archive file's bytes; raises ArchiveError for anything that is not an Atout event archive."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ArchiveError(_("The file is not valid JSON: %(error)s.") % {"error": exc}) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ArchiveError(_("The file is not an Atout event archive (format must be “%(format)s”).")
                           % {"format": FORMAT})
    if data.get("format_version") != FORMAT_VERSION:
        raise ArchiveError(_("Archive format version %(version)r is not supported; this Atout reads version "
                             "%(supported)s.") % {"version": data.get("format_version"), "supported": FORMAT_VERSION})
    return data


def event_archive_import(*, data: dict, club_slug: str | None = None, event_slug: str | None = None) -> Event:
    """Create the archived event again (new ids) in the club `club_slug` (default: the archive's club; a
    missing club is created from the archive). Everything or nothing: raises ArchiveError and stores nothing
    when the archive is bad or the event's short name is taken in that club."""
    try:
        with transaction.atomic(), _archived_timestamps():
            return _import(data, club_slug, event_slug)
    except ArchiveError:
        raise
    except (IntegrityError, ValidationError, DatabaseError) as exc:
        raise ArchiveError(_("The archive does not fit together: %(error)s") % {"error": exc}) from None


def _import(data: dict, club_slug: str | None, event_slug: str | None) -> Event:
    r = _Reader()
    now = timezone.now()

    def stamp(value):
        return value or now

    club_data = r.get(data, "club", dict, "archive")
    slug = club_slug or r.get(club_data, "slug", str, "club")
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        club = Club(slug=slug, name=r.get(club_data, "name", str, "club"), city=r.get(club_data, "city", str, "club",
                                                                                     default=""))
        club.full_clean()
        club.save()

    event_data = r.get(data, "event", dict, "archive")
    fields = r.fields(event_data, SPEC_EVENT, "event")
    fields["slug"] = event_slug or r.get(event_data, "slug", str, "event")
    _choice(fields["status"], Event.Status.values, "event.status")
    _choice(fields["team_mode"], Event.TeamMode.values, "event.team_mode")
    if Event.objects.filter(club=club, slug=fields["slug"]).exists():
        raise ArchiveError(_("Club “%(club)s” already has an event “%(slug)s”; choose another short name "
                             "(--event-slug).") % {"club": club.slug, "slug": fields["slug"]})
    season = None
    season_data = r.get(data, "season", dict, "archive", null=True, default=None)
    if season_data is not None:
        season_fields = r.fields(season_data, {
            "name": (str, {}), "start_date": ("date", {}), "end_date": ("date", {}), "ranking_rule": (str, {}),
            "best_n": (int, _T)}, "season")
        _choice(season_fields["ranking_rule"], Season.Ranking.values, "season.ranking_rule")
        season = Season.objects.filter(club=club, name=season_fields["name"], start_date=season_fields["start_date"],
                                       end_date=season_fields["end_date"]).first()
        if season is None:
            season = Season.objects.create(club=club, **season_fields)
    fields["created_at"] = stamp(fields["created_at"])
    event = Event(club=club, season=season, **fields)
    event.clean_fields()
    if not fields["rules_frozen"]:
        event.clean()  # a frozen rule set is kept as archived, even if today's presets would differ
    event.save()

    # Players: match unambiguous identities in the club, create the rest.
    players_in = r.items(data, "players", "archive")
    player_specs = {}
    for i, item in enumerate(players_in):
        path = f"players[{i}]"
        key = r.get(item, "key", str, path)
        if key in player_specs:
            raise ArchiveError(_("%(path)s.key “%(key)s” is used twice.") % {"path": path, "key": key})
        player_specs[key] = r.fields(item, SPEC_PLAYER, path)

    def identity(p: dict) -> tuple:
        return (p["first_name"], p["last_name"], p["email"], p["is_guest"], p["home_club"])

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
            player = Player(club=club, **{**spec, "created_at": stamp(spec["created_at"])})
            new_players.append((key, player))
    Player.objects.bulk_create([p for _, p in new_players])
    player_of.update(new_players)

    def player(key, where, null=False):
        if key is None and null:
            return None
        if key not in player_of:
            raise ArchiveError(_("%(path)s names player “%(key)s”, who is not in the archive's players.")
                               % {"path": where, "key": key})
        return player_of[key]

    # Entries.
    entries = {}
    for i, item in enumerate(r.items(data, "entries", "archive")):
        path = f"entries[{i}]"
        spec = r.fields(item, SPEC_ENTRY, path)
        if spec["number"] in entries:
            raise ArchiveError(_("%(path)s: start number %(number)s is used twice.") % {"path": path,
                                                                                         "number": spec["number"]})
        entries[spec["number"]] = Entry(
            event=event, player_1=player(r.get(item, "player_1", str, path), f"{path}.player_1"),
            player_2=player(r.get(item, "player_2", str, path, null=True, default=None), f"{path}.player_2", null=True),
            **{**spec, "created_at": stamp(spec["created_at"])},
        )
    Entry.objects.bulk_create(list(entries.values()))

    def entry(number, where, null=False):
        if number is None and null:
            return None
        if number not in entries:
            raise ArchiveError(_("%(path)s names start number %(number)r, which is not in the archive's entries.")
                               % {"path": where, "number": number})
        return entries[number]

    checkins = []
    for i, item in enumerate(r.items(data, "checkins", "archive")):
        path = f"checkins[{i}]"
        checkins.append(CheckIn(
            entry=entry(r.get(item, "entry", int, path), f"{path}.entry"),
            round_number=r.get(item, "round_number", int, path),
            status=_choice(r.get(item, "status", str, path), CheckIn.Status.values, f"{path}.status"),
            updated_at=stamp(r.get(item, "updated_at", "datetime", path, null=True, default=None)),
        ))
    CheckIn.objects.bulk_create(checkins)
    Table.objects.bulk_create([
        Table(event=event, **r.fields(item, {"number": (int, {}), "label": (str, {"default": ""}),
                                             "step_free": (bool, {"default": False})}, f"tables[{i}]"))
        for i, item in enumerate(r.items(data, "tables", "archive"))
    ])

    # Rounds, games, links, sheets, deals, history.
    rounds_in = r.items(data, "rounds", "archive")
    rounds, games, links, sheets = [], [], [], []
    pending = []  # (game, links data, sheet data, path) to wire after the games have ids
    for i, item in enumerate(rounds_in):
        path = f"rounds[{i}]"
        spec = r.fields(item, SPEC_ROUND, path)
        _choice(spec["status"], Round.Status.values, f"{path}.status")
        rnd = Round(event=event, **{**spec, "created_at": stamp(spec["created_at"])})
        rounds.append(rnd)
        for j, game_data in enumerate(r.items(item, "games", path)):
            gpath = f"{path}.games[{j}]"
            seats_in = r.get(game_data, "seats", dict, gpath, default={})
            seats = {}
            for seat, key in seats_in.items():
                if seat not in ("N", "E", "S", "W"):
                    raise ArchiveError(_("%(path)s.seats: unknown seat %(seat)r.") % {"path": gpath, "seat": seat})
                seats[seat] = player(key, f"{gpath}.seats.{seat}").pk
            game = Game(
                round=rnd, seats=seats, **r.fields(game_data, SPEC_GAME, gpath),
                entry_a=entry(r.get(game_data, "entry_a", int, gpath), f"{gpath}.entry_a"),
                entry_a_partner=entry(r.get(game_data, "entry_a_partner", int, gpath, null=True, default=None),
                                      f"{gpath}.entry_a_partner", null=True),
                entry_b=entry(r.get(game_data, "entry_b", int, gpath, null=True, default=None), f"{gpath}.entry_b",
                              null=True),
                entry_b_partner=entry(r.get(game_data, "entry_b_partner", int, gpath, null=True, default=None),
                                      f"{gpath}.entry_b_partner", null=True),
            )
            games.append(game)
            pending.append((game, r.items(game_data, "links", gpath),
                            r.get(game_data, "sheet", dict, gpath, null=True, default=None), gpath))
    Round.objects.bulk_create(rounds)
    for game in games:
        game.round_id = game.round.pk
    Game.objects.bulk_create(games)

    link_of: dict[str, TableLink] = {}
    sheet_payload = []
    for game, links_in, sheet_data, gpath in pending:
        for k, link_data in enumerate(links_in):
            lpath = f"{gpath}.links[{k}]"
            key = r.get(link_data, "key", str, lpath)
            link = TableLink(
                game=game, side=_choice(r.get(link_data, "side", str, lpath), ("A", "B"), f"{lpath}.side"),
                created_at=stamp(r.get(link_data, "created_at", "datetime", lpath, null=True, default=None)),
                revoked_at=r.get(link_data, "revoked_at", "datetime", lpath, null=True, default=None),
            )
            link_of[key] = link
            links.append(link)
        if sheet_data is not None:
            spath = f"{gpath}.sheet"
            spec = r.fields(sheet_data, SPEC_SHEET, spath)
            _choice(spec["status"], Sheet.Status.values, f"{spath}.status")
            sheet = Sheet(game=game, **{**spec, "updated_at": stamp(spec["updated_at"])})
            sheets.append(sheet)
            sheet_payload.append((sheet, r.items(sheet_data, "deals", spath), r.items(sheet_data, "changes", spath),
                                  spath))
    TableLink.objects.bulk_create(links)
    Sheet.objects.bulk_create(sheets)

    users = _users_by_name(data)
    deals, changes = [], []
    for sheet, deals_in, changes_in, spath in sheet_payload:
        for k, deal_data in enumerate(deals_in):
            spec = r.fields(deal_data, SPEC_DEAL, f"{spath}.deals[{k}]")
            deals.append(Deal(sheet=sheet, **{**spec, "created_at": stamp(spec["created_at"]),
                                              "updated_at": stamp(spec["updated_at"])}))
        for k, change_data in enumerate(changes_in):
            cpath = f"{spath}.changes[{k}]"
            spec = r.fields(change_data, SPEC_CHANGE, cpath)
            _choice(spec["action"], SheetChange.Action.values, f"{cpath}.action")
            link_key = r.get(change_data, "link", str, cpath, null=True, default=None)
            if link_key is not None and link_key not in link_of:
                raise ArchiveError(_("%(path)s.link names table link “%(key)s”, which is not in the archive.")
                                   % {"path": cpath, "key": link_key})
            changes.append(SheetChange(
                sheet=sheet, link=link_of.get(link_key),
                user=users.get(r.get(change_data, "user", str, cpath, null=True, default=None)),
                **{**spec, "created_at": stamp(spec["created_at"])},
            ))
    Deal.objects.bulk_create(deals, batch_size=2000)
    SheetChange.objects.bulk_create(changes, batch_size=2000)

    adjustments = []
    for i, item in enumerate(r.items(data, "adjustments", "archive")):
        path = f"adjustments[{i}]"
        spec = r.fields(item, SPEC_ADJUSTMENT, path)
        _choice(spec["kind"], Adjustment.Kind.values, f"{path}.kind")
        if not spec["reason"].strip():
            raise ArchiveError(_("%(path)s.reason must not be empty.") % {"path": path})
        adjustments.append(Adjustment(
            event=event, entry=entry(r.get(item, "entry", int, path), f"{path}.entry"),
            created_by=users.get(r.get(item, "created_by", str, path, null=True, default=None)),
            **{**spec, "created_at": stamp(spec["created_at"])},
        ))
    Adjustment.objects.bulk_create(adjustments)

    standings = []
    for i, item in enumerate(r.items(data, "standings", "archive")):
        path = f"standings[{i}]"
        spec = r.fields(item, SPEC_STANDING, path)
        standings.append(Standing(event=event, entry=entry(r.get(item, "entry", int, path), f"{path}.entry"),
                                  **{**spec, "computed_at": stamp(spec["computed_at"])}))
    Standing.objects.bulk_create(standings, batch_size=2000)
    return event


def _users_by_name(data: dict) -> dict:
    """Usernames named in the archive → users of this installation (one query); unknown names map to None."""
    names = set()
    for rnd in data.get("rounds") or []:
        for game in (rnd.get("games") or []) if isinstance(rnd, dict) else []:
            sheet = game.get("sheet") if isinstance(game, dict) else None
            for change in (sheet or {}).get("changes") or []:
                if isinstance(change, dict) and isinstance(change.get("user"), str):
                    names.add(change["user"])
    for adjustment in data.get("adjustments") or []:
        if isinstance(adjustment, dict) and isinstance(adjustment.get("created_by"), str):
            names.add(adjustment["created_by"])
    user_model = get_user_model()
    return {u.get_username(): u for u in user_model.objects.filter(**{f"{user_model.USERNAME_FIELD}__in": names})}
