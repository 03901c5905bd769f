"""Reading a JSON event archive back into a new event, trusting nothing in the file.

`event_archive_load(raw)` parses the file (refused above settings.ARCHIVE_MAX_BYTES). `event_archive_import(
data=..., club_slug=..., event_slug=...)` creates the event again with new ids, in one transaction, reading
exactly the fields of `archive_schema`: every value is checked against its model field (JSON type, range,
length, choices, no NUL or lone surrogate), every sheet is scored again with the rules engine and refused
when its archived scores differ, and authors of history rows and adjustments are kept as text
(`imported_author`), never matched to local accounts. A bad file raises `ArchiveError` naming the path in
the archive (e.g. `rounds[2].games[5].sheet.deals[3].data.tricks.A`) and what is wrong; nothing is stored.

Not copied: the secret tokens of table links (new ones are made; a link's history survives) and exports.
Players are matched in the target club when exactly one player has the same first and last name, email,
guest flag and home club (and only one archived player points at them); otherwise they are created.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, connection, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from scoring.engine import cache_result, sheet_score
from scoring.exports.archive.schema import (
    ADJUSTMENT,
    CHANGE,
    CHECKIN,
    CLUB,
    DEAL,
    ENTRY,
    EVENT,
    FORMAT,
    FORMAT_VERSION,
    GAME,
    JSON_SHAPES,
    LINK,
    PLAYER,
    ROUND,
    SEASON,
    SHEET,
    STAMPED,
    STANDING,
    TABLE,
    ArchiveError,
    Part,
)
from scoring.models import MAX_REASON, Adjustment, Deal, Sheet, SheetChange, TableLink
from tournaments.models import CheckIn, Club, Entry, Event, Game, Player, Round, Season, Standing, Table

_STAMPED = {(model, name) for model, names in STAMPED for name in names}
SEATS = ("N", "E", "S", "W")


def _fail(path: str, message: str) -> ArchiveError:
    return ArchiveError(f"{path}: {message}")


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true/false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


def _check_text(value: str, path: str) -> None:
    if "\x00" in value:
        raise _fail(path, _("text must not contain a NUL character."))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _fail(path, _("text must be valid Unicode (a lone surrogate is not a character).")) from None


def _check_json(value: Any, path: str) -> None:
    """Only what PostgreSQL's jsonb can hold: finite numbers, text without NUL, valid Unicode."""
    if isinstance(value, str):
        _check_text(value, path)
    elif isinstance(value, float) and not math.isfinite(value):
        raise _fail(path, _("numbers must be finite; got %(value)s.") % {"value": value})
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_json(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, path)
            _check_json(item, f"{path}.{key}")


def _check_shape(value: Any, shape: str | None, path: str) -> None:
    if shape in ("object", "rule set") and not isinstance(value, dict):
        raise _fail(path, _("must be an object; got %(type)s.") % {"type": _type_name(value)})
    if shape in ("list", "list of text") and not isinstance(value, list):
        raise _fail(path, _("must be a list; got %(type)s.") % {"type": _type_name(value)})
    if shape == "list of text":
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise _fail(f"{path}[{i}]", _("must be text; got %(type)s.") % {"type": _type_name(item)})
    if shape == "rule set":
        if not isinstance(value.get("rules"), str):
            raise _fail(f"{path}.rules", _("must be the name of a rule set (text)."))
        if not isinstance(value.get("options", {}), dict):
            raise _fail(f"{path}.options", _("must be an object."))


class _Reader:
    """Values of the archive, checked against the model field they go into."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def obj(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise _fail(path, _("must be an object; got %(type)s.") % {"type": _type_name(value)})
        return value

    def items(self, parent: dict, key: str, path: str) -> list:
        value = parent.get(key, [])
        if not isinstance(value, list):
            raise _fail(
                f"{path}.{key}" if path else key, _("must be a list; got %(type)s.") % {"type": _type_name(value)}
            )
        return value

    def ref(self, parent: dict, key: str, kind: type, path: str, *, null: bool = False) -> Any:
        """A reference (player key, start number, link key, author): `kind` or, when `null`, missing/None."""
        where = f"{path}.{key}"
        value = self.obj(parent, path).get(key)
        if value is None:
            if null:
                return None
            raise _fail(where, _("is missing."))
        if not isinstance(value, kind) or isinstance(value, bool):
            raise _fail(
                where,
                _("must be %(kind)s; got %(type)s.")
                % {"kind": _("a whole number") if kind is int else _("text"), "type": _type_name(value)},
            )
        if isinstance(value, str):
            _check_text(value, where)
        return value

    def part(self, data: Any, part: Part, path: str) -> dict:
        """The archived fields of one row, each checked and converted; missing optional fields are left out
        (the model's default applies), stamped moments default to now."""
        data = self.obj(data, path)
        out = {}
        for name in part.fields:
            field = part.model._meta.get_field(name)
            where = f"{path}.{name}"
            if name not in data:
                if (part.model, name) in _STAMPED:
                    out[name] = self.now
                elif not (field.null or field.has_default() or field.blank):
                    raise _fail(where, _("is missing."))
                continue
            out[name] = self.value(data[name], field, where)
            if out[name] is None and (part.model, name) in _STAMPED:
                out[name] = self.now
        return out

    def value(self, value: Any, field: models.Field, path: str) -> Any:
        kind = field.get_internal_type()
        if value is None:
            if field.null or (field.model, field.name) in _STAMPED:
                return None
            raise _fail(path, _("must not be empty (null)."))
        if kind == "BooleanField":
            if not isinstance(value, bool):
                raise _fail(path, _("must be true or false; got %(type)s.") % {"type": _type_name(value)})
        elif kind.endswith("IntegerField"):
            if isinstance(value, bool) or not isinstance(value, int):
                raise _fail(path, _("must be a whole number; got %(type)s.") % {"type": _type_name(value)})
            # The portable ranges (PostgreSQL's), not the backend's: SQLite would take any 64-bit number, and an
            # archive read into the demo must be one that PostgreSQL takes too.
            low, high = BaseDatabaseOperations.integer_field_ranges[kind]
            if not (low is None or low <= value) or not (high is None or value <= high):
                raise _fail(
                    path,
                    _("must be a whole number from %(low)s to %(high)s; got %(value)s.")
                    % {"low": low, "high": high, "value": value},
                )
        elif kind == "DecimalField":
            if isinstance(value, bool) or not isinstance(value, str | int | float):
                raise _fail(path, _("must be a number; got %(type)s.") % {"type": _type_name(value)})
            try:
                value = Decimal(str(value))
            except InvalidOperation:
                value = None
            if value is None or not value.is_finite():
                raise _fail(path, _("must be a number."))
        elif kind in ("DateTimeField", "DateField"):
            parsed = None
            if isinstance(value, str) and len(value) <= 40:
                try:
                    parsed = parse_datetime(value) if kind == "DateTimeField" else parse_date(value)
                except ValueError:
                    parsed = None
            if parsed is None:
                raise _fail(
                    path,
                    _("must be a date and time (ISO 8601); got %(value)s.") % {"value": repr(value)[:60]}
                    if kind == "DateTimeField"
                    else _("must be a date (YYYY-MM-DD); got %(value)s.") % {"value": repr(value)[:60]},
                )
            if kind == "DateTimeField" and not timezone.is_aware(parsed):
                parsed = timezone.make_aware(parsed)
            value = parsed
        elif kind == "JSONField":
            _check_json(value, path)
            _check_shape(value, JSON_SHAPES.get((field.model, field.name)), path)
            return value
        else:  # text: CharField, TextField, SlugField, GenericIPAddressField
            if not isinstance(value, str):
                raise _fail(path, _("must be text; got %(type)s.") % {"type": _type_name(value)})
            _check_text(value, path)
            if field.max_length is None and len(value) > MAX_REASON:
                raise _fail(
                    path,
                    _("must have at most %(max)s characters; got %(got)s.") % {"max": MAX_REASON, "got": len(value)},
                )
        try:
            field.validate(value, None)  # choices, blank
            field.run_validators(value)  # length, range, slug, IP address
            if kind == "GenericIPAddressField":
                value = field.to_python(value)
        except ValidationError as exc:
            raise _fail(path, " ".join(exc.messages)) from None
        return value


def event_archive_load(raw: bytes | str) -> dict:
    """Parse an archive file's bytes; raises ArchiveError for anything that is not an Atout event archive,
    or that is larger than settings.ARCHIVE_MAX_BYTES."""
    limit = settings.ARCHIVE_MAX_BYTES
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > limit:
        raise ArchiveError(
            _("The file has %(size)s bytes; an archive may have at most %(limit)s (setting ARCHIVE_MAX_BYTES).")
            % {"size": size, "limit": limit}
        )
    try:
        data = json.loads(raw)
    except RecursionError:
        raise ArchiveError(_("The file is not valid JSON: lists and objects are nested too deeply.")) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ArchiveError(_("The file is not valid JSON: %(error)s.") % {"error": exc}) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ArchiveError(
            _("format: the file is not an Atout event archive (format must be “%(format)s”).") % {"format": FORMAT}
        )
    if data.get("format_version") != FORMAT_VERSION:
        raise ArchiveError(
            _(
                "format_version: archive format version %(version)s is not supported; this Atout "
                "reads version %(supported)s."
            )
            % {"version": repr(data.get("format_version"))[:20], "supported": FORMAT_VERSION}
        )
    return data


def event_archive_import(*, data: dict, club_slug: str | None = None, event_slug: str | None = None) -> Event:
    """Create the archived event again (new ids) in the club `club_slug` (default: the archive's club; a
    missing club is created from the archive). Everything or nothing: raises ArchiveError and stores nothing
    when the archive is bad or the event's short name is taken in that club."""
    try:
        with transaction.atomic():
            return _import(data, club_slug, event_slug)
    except ArchiveError:
        raise
    except RecursionError:
        raise ArchiveError(_("The archive is nested too deeply.")) from None
    except (IntegrityError, ValidationError, DatabaseError) as exc:
        raise ArchiveError(_("The archive does not fit together: %(error)s") % {"error": exc}) from None


def _import(data: Any, club_slug: str | None, event_slug: str | None) -> Event:
    r = _Reader()
    data = r.obj(data, "archive")

    club_fields = r.part(data.get("club"), CLUB, "club")
    slug = club_slug or club_fields["slug"]
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        club = Club(**{**club_fields, "slug": slug})
        try:
            club.full_clean()
        except ValidationError as exc:
            raise _validation_failed(exc, "club") from None
        club.save()

    fields = r.part(data.get("event"), EVENT, "event")
    if event_slug:
        fields["slug"] = event_slug
    if Event.objects.filter(club=club, slug=fields["slug"]).exists():
        raise ArchiveError(
            _("event.slug: club “%(club)s” already has an event “%(slug)s”; choose another short name (--event-slug).")
            % {"club": club.slug, "slug": fields["slug"]}
        )
    season = None
    if data.get("season") is not None:
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
        raise _validation_failed(exc, "event") from None
    event.save()
    # save() stamps created_at with "now"; keep the archived moment.
    Event.objects.filter(pk=event.pk).update(created_at=fields["created_at"])
    event.created_at = fields["created_at"]

    # Players: match unambiguous identities in the club, create the rest.
    player_specs: dict[str, dict] = {}
    index: dict[str, int] = {}
    for i, item in enumerate(r.items(data, "players", "")):
        path = f"players[{i}]"
        key = r.ref(r.obj(item, path), "key", str, path)
        if key in player_specs:
            raise _fail(f"{path}.key", _("“%(key)s” is used twice.") % {"key": key})
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
            new_players.append((key, _at(Player(club=club, **spec), f"players[{index[key]}]")))
    _insert(Player, [p for _, p in new_players])
    player_of.update(new_players)

    def player(key, where, null=False):
        if key is None and null:
            return None
        if not isinstance(key, str) or key not in player_of:
            raise _fail(
                where,
                _("names player “%(key)s”, who is not in the archive's players.")
                % {"key": repr(key)[:40] if not isinstance(key, str) else key[:40]},
            )
        return player_of[key]

    entries: dict[int, Entry] = {}
    for i, item in enumerate(r.items(data, "entries", "")):
        path = f"entries[{i}]"
        spec = r.part(item, ENTRY, path)
        if spec["number"] in entries:
            raise _fail(f"{path}.number", _("start number %(number)s is used twice.") % {"number": spec["number"]})
        entries[spec["number"]] = _at(
            Entry(
                event=event,
                player_1=player(r.ref(item, "player_1", str, path), f"{path}.player_1"),
                player_2=player(r.ref(item, "player_2", str, path, null=True), f"{path}.player_2", null=True),
                **spec,
            ),
            path,
        )
    _insert(Entry, list(entries.values()))

    def entry(item, key, path, null=False):
        number = r.ref(item, key, int, path, null=null)
        if number is None:
            return None
        if number not in entries:
            raise _fail(
                f"{path}.{key}",
                _("names start number %(number)s, which is not in the archive's entries.") % {"number": number},
            )
        return entries[number]

    _insert(
        CheckIn,
        [
            _at(
                CheckIn(entry=entry(item, "entry", f"checkins[{i}]"), **r.part(item, CHECKIN, f"checkins[{i}]")),
                f"checkins[{i}]",
            )
            for i, item in enumerate(r.items(data, "checkins", ""))
        ],
    )
    _insert(
        Table,
        [
            _at(Table(event=event, **r.part(item, TABLE, f"tables[{i}]")), f"tables[{i}]")
            for i, item in enumerate(r.items(data, "tables", ""))
        ],
    )

    # Rounds, games, links, sheets, deals, history.
    rounds, games, links, sheets = [], [], [], []
    pending = []  # (game, links data, sheet data, path) to wire after the games have ids
    for i, item in enumerate(r.items(data, "rounds", "")):
        path = f"rounds[{i}]"
        rnd = _at(Round(event=event, **r.part(item, ROUND, path)), path)
        rounds.append(rnd)
        for j, game_data in enumerate(r.items(item, "games", path)):
            gpath = f"{path}.games[{j}]"
            spec = r.part(game_data, GAME, gpath)
            seats_in = game_data.get("seats", {})
            if not isinstance(seats_in, dict):
                raise _fail(f"{gpath}.seats", _("must be an object; got %(type)s.") % {"type": _type_name(seats_in)})
            seats = {}
            for seat, key in seats_in.items():
                if seat not in SEATS:
                    raise _fail(
                        f"{gpath}.seats", _("unknown seat %(seat)s; seats are N, E, S, W.") % {"seat": repr(seat)[:20]}
                    )
                seats[seat] = player(key, f"{gpath}.seats.{seat}").pk
            game = _at(
                Game(
                    round=rnd,
                    seats=seats,
                    **spec,
                    entry_a=entry(game_data, "entry_a", gpath),
                    entry_a_partner=entry(game_data, "entry_a_partner", gpath, null=True),
                    entry_b=entry(game_data, "entry_b", gpath, null=True),
                    entry_b_partner=entry(game_data, "entry_b_partner", gpath, null=True),
                ),
                gpath,
            )
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
    _insert(Round, rounds)
    for game in games:
        game.round_id = game.round.pk
    _insert(Game, games)

    link_of: dict[str, TableLink] = {}
    sheet_payload = []
    for game, links_in, sheet_data, gpath in pending:
        for k, link_data in enumerate(links_in):
            lpath = f"{gpath}.links[{k}]"
            key = r.ref(r.obj(link_data, lpath), "key", str, lpath)
            if key in link_of:
                raise _fail(f"{lpath}.key", _("“%(key)s” is used twice.") % {"key": key})
            link = _at(TableLink(game=game, **r.part(link_data, LINK, lpath)), lpath)
            link_of[key] = link
            links.append(link)
        if sheet_data is not None:
            spath = f"{gpath}.sheet"
            spec = r.part(sheet_data, SHEET, spath)
            sheet = _at(Sheet(game=game, **spec), spath)
            sheets.append(sheet)
            sheet_payload.append(
                (sheet, spec, r.items(sheet_data, "deals", spath), r.items(sheet_data, "changes", spath), spath)
            )
    _insert(TableLink, links)

    deals, changes = [], []
    for sheet, spec, deals_in, changes_in, spath in sheet_payload:
        sheet_deals = [
            _at(Deal(sheet=sheet, **r.part(d, DEAL, f"{spath}.deals[{k}]")), f"{spath}.deals[{k}]")
            for k, d in enumerate(deals_in)
        ]
        for k, deal in enumerate(sheet_deals):
            if deal.position != k:
                raise _fail(
                    f"{spath}.deals[{k}].position",
                    _("must be %(expected)s (deals are numbered from 0, in order); got %(got)s.")
                    % {"expected": k, "got": deal.position},
                )
        _rescore(event, sheet, spec, [d.data for d in sheet_deals], spath)
        deals.extend(sheet_deals)
        for k, change_data in enumerate(changes_in):
            cpath = f"{spath}.changes[{k}]"
            change_spec = r.part(change_data, CHANGE, cpath)
            link_key = r.ref(change_data, "link", str, cpath, null=True)
            if link_key is not None and link_key not in link_of:
                raise _fail(
                    f"{cpath}.link", _("names table link “%(key)s”, which is not in the archive.") % {"key": link_key}
                )
            changes.append(
                _at(
                    SheetChange(
                        sheet=sheet,
                        link=link_of.get(link_key),
                        user=None,
                        imported_author=_author(r, change_data, "user", cpath),
                        **change_spec,
                    ),
                    cpath,
                )
            )
    _insert(Sheet, sheets)
    _insert(Deal, deals)
    _insert(SheetChange, changes)

    adjustments = []
    for i, item in enumerate(r.items(data, "adjustments", "")):
        path = f"adjustments[{i}]"
        spec = r.part(item, ADJUSTMENT, path)
        if not spec["reason"].strip():
            raise _fail(f"{path}.reason", _("a penalty or adjustment needs a reason."))
        adjustments.append(
            _at(
                Adjustment(
                    event=event,
                    entry=entry(item, "entry", path),
                    created_by=None,
                    imported_author=_author(r, item, "created_by", path),
                    **spec,
                ),
                path,
            )
        )
    _insert(Adjustment, adjustments)

    _insert(
        Standing,
        [
            _at(
                Standing(
                    event=event,
                    entry=entry(item, "entry", f"standings[{i}]"),
                    **r.part(item, STANDING, f"standings[{i}]"),
                ),
                f"standings[{i}]",
            )
            for i, item in enumerate(r.items(data, "standings", ""))
        ],
    )
    return event


def _at(obj: models.Model, path: str) -> models.Model:
    """Remember where in the archive a row comes from, to name it if the database refuses it."""
    obj._archive_path = path
    return obj


def _insert(model: type[models.Model], objs: list) -> None:
    """bulk_create in a savepoint; when a database constraint refuses a row, name that row's path."""
    # Django stamps auto_now(_add) fields with "now" on insert; the archived moments are written back after.
    # (Switching the fields' flags off instead would also switch them off for a concurrent request.)
    stamped = [name for m, name in _STAMPED if m is model]
    archived = [[getattr(obj, name) for name in stamped] for obj in objs] if stamped else []
    try:
        with transaction.atomic():
            model.objects.bulk_create(objs, batch_size=2000)
    except IntegrityError as exc:
        raise _row_at_fault(model, objs, exc) from None
    if stamped and objs:
        for obj, values in zip(objs, archived, strict=True):
            for name, value in zip(stamped, values, strict=True):
                setattr(obj, name, value)
        _write_moments(model, objs, stamped)


def _write_moments(model: type[models.Model], objs: list, names: list[str]) -> None:
    """UPDATE ... FROM (VALUES ...): one statement per 1000 rows (bulk_update's CASE took minutes for 7000 deals)."""
    if connection.vendor != "postgresql":
        # The casts below are PostgreSQL's; SQLite (the demo) has small evenings, where bulk_update is quick enough.
        model.objects.bulk_update(objs, names, batch_size=500)
        return
    qn = connection.ops.quote_name
    columns = [model._meta.get_field(name).column for name in names]
    assignments = ", ".join(f"{qn(c)} = v.{qn(c)}" for c in columns)
    casts = ", ".join(["%s::bigint", *["%s::timestamptz"] * len(columns)])
    for start in range(0, len(objs), 1000):
        batch = objs[start : start + 1000]
        rows = ", ".join([f"({casts})"] * len(batch))
        params = [value for obj in batch for value in (obj.pk, *(getattr(obj, name) for name in names))]
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {qn(model._meta.db_table)} AS t SET {assignments} FROM (VALUES {rows}) "
                f"AS v(id, {', '.join(qn(c) for c in columns)}) WHERE t.{qn(model._meta.pk.column)} = v.id",
                params,
            )


def _row_at_fault(model: type[models.Model], objs: list, exc: IntegrityError) -> ArchiveError:
    """The first row that repeats a unique key of another, or breaks a check constraint."""
    uniques = [c.fields for c in model._meta.constraints if isinstance(c, models.UniqueConstraint) and c.fields]
    uniques += [tuple(u) for u in model._meta.unique_together]
    for fields in uniques:
        attnames = [model._meta.get_field(f).attname for f in fields]
        seen = {}
        for obj in objs:
            key = tuple(getattr(obj, a) for a in attnames)
            if key in seen:
                return _fail(
                    obj._archive_path,
                    _("repeats %(fields)s of %(other)s.")
                    % {"fields": ", ".join(fields), "other": seen[key]._archive_path},
                )
            seen[key] = obj
    for obj in objs:
        for constraint in model._meta.constraints:
            if isinstance(constraint, models.CheckConstraint):
                try:
                    constraint.validate(model, obj)
                except ValidationError as error:
                    return _fail(obj._archive_path, " ".join(error.messages))
    path = objs[0]._archive_path.rsplit("[", 1)[0] if objs else "archive"
    return _fail(path, _("the database refused a row: %(error)s") % {"error": str(exc).splitlines()[0]})


def _validation_failed(exc: ValidationError, path: str) -> ArchiveError:
    """A model's own refusal, with the path of the field it names when it names one."""
    if hasattr(exc, "error_dict"):
        field, errors = next(iter(exc.message_dict.items()))
        where = path if field == "__all__" else f"{path}.{field}"
        return _fail(where, " ".join(errors))
    return _fail(path, " ".join(exc.messages))


def _author(r: _Reader, item: dict, key: str, path: str) -> str:
    """An archived author, kept as text for the history: never looked up among this installation's users."""
    name = r.ref(item, key, str, path, null=True) or ""
    limit = SheetChange._meta.get_field("imported_author").max_length
    if len(name) > limit:
        raise _fail(
            f"{path}.{key}", _("must have at most %(max)s characters; got %(got)s.") % {"max": limit, "got": len(name)}
        )
    return name


_SCORES = ("total_a", "total_b", "held", "finished", "winner", "deal_count")


def _rescore(event: Event, sheet: Sheet, spec: dict, deals: list, spath: str) -> None:
    """Score the sheet's deals with the rules engine under the event's rule set; refuse a deal the engine
    refuses, or archived scores that differ from the engine's (naming the first deal that differs). The
    sheet keeps the engine's scores, never the file's."""
    result = sheet_score(event=event, deals=deals)
    if not result["valid"]:
        error = result["errors"][0]
        where = spath if error.get("deal") is None else f"{spath}.deals[{error['deal']}].data"
        if error.get("field") and error.get("deal") is not None:
            where = f"{where}.{error['field']}"
        raise _fail(where, error["message"])
    archived = spec.get("result") or {}
    archived_deals = archived.get("deals") if isinstance(archived.get("deals"), list) else []
    for k, scored in enumerate(result["deals"]):
        said = (
            archived_deals[k].get("score") if k < len(archived_deals) and isinstance(archived_deals[k], dict) else None
        )
        if archived_deals and said != scored["score"]:
            raise _fail(
                f"{spath}.deals[{k}]",
                _("the rules engine scores this deal %(got)s; the archive says %(said)s.")
                % {"got": _score(scored["score"]), "said": _score(said)},
            )
    cache_result(sheet, result, len(deals))
    for name in _SCORES:
        said = spec.get(name, Sheet._meta.get_field(name).get_default())
        got = getattr(sheet, name)
        if said != got:
            last = f"deals[{len(deals) - 1}]" if deals else _("no deals")
            raise _fail(
                f"{spath}.{name}",
                _("the archive says %(said)s, but the deals score %(got)s (up to %(last)s).")
                % {"said": said, "got": got, "last": last},
            )
    if not deals and not archived:
        sheet.result = {}


def _score(score: Any) -> str:
    if isinstance(score, dict):
        return f"{score.get('A')} : {score.get('B')}"
    return repr(score)[:40]
