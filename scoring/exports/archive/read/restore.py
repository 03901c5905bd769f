"""Restoring an event from its own archive: a backup that replaces this event's evening, never a second event.

`event_archive_import` makes a new event (a copy, or the club's first); restoring keeps the Event row (its id,
its club, its season, its address, its table cards and venue screens, its exports) and replaces everything the
archive holds of the evening: its settings and status, entries and check-ins, tables, rounds with their games,
sheets, deals and history, penalties and standings (rebuilt from the deals); the desk's payments and prize
steps, which the archive does not hold, are kept and tied to the restored teams (`desk`). Because it is the
same row in the same season, the evening is counted once in the season ranking, whatever the archive says.

Only this event's own archive is taken (`archive_identity_refusal`): the same club, the same short name and
the same creation moment, which an archive keeps and an import keeps too; another event's file is refused
with a sentence. Everything or nothing, in one transaction: the archive is read and checked as an import
reads it (every value, every sheet scored again), and a refusal leaves the event as it was.

What the archive leaves out is kept or handed over where it can be: the table cards and venue screens are the
event's and stay valid; a team's link and a game link that was active keep their address (the new row takes
the old token) when the archive has the same team (start number) or the same game side (round, table,
side); other links are made anew. The event's history keeps every row it has (rows are only ever added) and
gains the archive's rows it does not have, plus one `event_restored` row with the reason.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from scoring.exports.archive.read import _rescore, parts, play
from scoring.exports.archive.read.desk import desk_back, desk_kept
from scoring.exports.archive.read.rows import at, author, insert, validation_failed
from scoring.exports.archive.read.values import Reader
from scoring.exports.archive.schema import EVENT, EVENT_LOG, ArchiveError
from scoring.models import Adjustment, Deal, Sheet, TableLink, TeamLink
from scoring.standings.store import standings_recompute_now
from tournaments.models import Entry, Event, EventLogEntry, Round, Standing, Table
from tournaments.services.history import event_log_add, history_reason

#: The event's fields a restore takes from the archive: every archived one but its address (the same, checked),
#: its creation moment (the same, checked) and the standings' bookkeeping (the version only ever grows, so
#: every cached public page follows the recompute).
_RESTORED_FIELDS = tuple(
    name
    for name in EVENT.fields
    if name not in ("slug", "created_at", "standings_dirty", "standings_version", "standings_computed_at")
)

#: What the restore page compares, now and in the file.
COUNTED = ("entries", "rounds", "sheets", "deals", "adjustments")


def archive_identity_refusal(data: Any, event: Event) -> str | None:
    """Why `data` is not an archive of `event` (None when it is): it must name the event's club and short name
    and its creation moment."""
    club = data.get("club") if isinstance(data, dict) else None
    archived = data.get("event") if isinstance(data, dict) else None
    if not isinstance(club, dict) or not isinstance(archived, dict):
        return _("The file names no club or event: it is not an event archive.")
    name = str(archived.get("name") or "")[:200]
    if club.get("slug") != event.club.slug or archived.get("slug") != event.slug:
        return _(
            "This archive is of “%(name)s” (%(club)s / %(slug)s), not of this event (%(this_club)s / %(this_slug)s): "
            "restore only this event's own archive, or import the file as a copy from the club's page."
        ) % {
            "name": name,
            "club": str(club.get("slug"))[:60],
            "slug": str(archived.get("slug"))[:60],
            "this_club": event.club.slug,
            "this_slug": event.slug,
        }
    try:
        created = datetime.datetime.fromisoformat(str(archived.get("created_at")))
    except ValueError:
        created = None
    if created != event.created_at:
        return _(
            "This archive is of an earlier event with the same short name “%(slug)s” (created %(then)s; this one "
            "was created %(now)s): restore only this event's own archive, or import the file as a copy."
        ) % {"slug": event.slug, "then": str(archived.get("created_at"))[:25], "now": event.created_at.isoformat()}
    return None


def archive_counts(data: dict) -> dict[str, int]:
    """What the file holds (entries, rounds, sheets, deals, adjustments), for the page that asks before a
    restore; what is not a list counts 0 (the restore itself refuses it, naming the path)."""

    def items(value: Any) -> list:
        return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []

    games = [game for rnd in items(data.get("rounds")) for game in items(rnd.get("games"))]
    sheets = [game["sheet"] for game in games if isinstance(game.get("sheet"), dict)]
    return {
        "entries": len(items(data.get("entries"))),
        "rounds": len(items(data.get("rounds"))),
        "sheets": len(sheets),
        "deals": sum(len(items(sheet.get("deals"))) for sheet in sheets),
        "adjustments": len(items(data.get("adjustments"))),
    }


def event_counts(event: Event) -> dict[str, int]:
    """What the event holds now, in the same terms as `archive_counts`. Four queries."""
    sheets = Sheet.objects.filter(game__round__event=event).aggregate(sheets=Count("id", distinct=True))
    return {
        "entries": Entry.objects.filter(event=event).count(),
        "rounds": Round.objects.filter(event=event).count(),
        "sheets": sheets["sheets"],
        "deals": Deal.objects.filter(sheet__game__round__event=event).count(),
        "adjustments": Adjustment.objects.filter(event=event).count(),
    }


def event_archive_restore(*, data: dict, event: Event, reason: str, user: Any = None) -> Event:
    """Replace `event`'s evening with its archive `data` (see the module), with a reason kept in the event's
    history. Raises ArchiveError (another event's archive, a bad file: nothing changed) or InvalidInput
    (reason)."""
    reason = history_reason(reason)
    try:
        with transaction.atomic():
            return _restore(data, event, reason, user)
    except ArchiveError:
        raise
    except RecursionError:
        raise ArchiveError(_("The archive is nested too deeply.")) from None
    except (IntegrityError, ValidationError, DatabaseError) as exc:
        raise ArchiveError(_("The archive does not fit together: %(error)s") % {"error": exc}) from None


def _restore(data: Any, event: Event, reason: str, user: Any) -> Event:
    r = Reader()
    data = r.obj(data, "archive")
    locked = Event.objects.select_for_update(of=("self",)).select_related("club", "season").get(pk=event.pk)
    refusal = archive_identity_refusal(data, locked)
    if refusal is not None:
        raise ArchiveError(refusal)
    before = event_counts(locked)
    kept = _kept_addresses(locked)
    desk = desk_kept(locked)
    _clear(locked)
    _event_fields(r, data, locked)
    player_of = parts.players_read(r, data, locked.club)
    entries = parts.entries_read(r, data, locked, player_of)
    parts.checkins_read(r, data, locked, entries)
    parts.substitutions_read(r, data, locked, entries, player_of)
    parts.tables_read(r, data, locked)
    pending = parts.rounds_read(r, data, locked, player_of, entries)
    link_of, sheet_payload = play.links_read(r, pending)
    play.sheets_read(r, locked, sheet_payload, link_of, _rescore)
    play.adjustments_read(r, data, locked, entries)
    _history_merge(r, data, locked, entries, kept["log_entries"])
    play.standings_read(r, data, locked, entries)
    _addresses_back(locked, entries, kept)
    desk_details = desk_back(locked, entries, desk)
    # The standings are derived: rebuilt from the restored deals, penalties and rules, under a new version.
    standings_recompute_now(event_id=locked.pk)
    after = event_counts(locked)
    event_log_add(
        event=locked,
        action="event_restored",
        user=user,
        reason=reason,
        exported_at=str(data.get("exported_at") or "")[:40],
        **{f"{name}_before": before[name] for name in COUNTED},
        **{f"{name}_after": after[name] for name in COUNTED},
        **desk_details,
    )
    locked.refresh_from_db()
    return locked


def _kept_addresses(event: Event) -> dict[str, dict]:
    """What survives the clearing: the tokens of active team links (by start number) and game links (by
    round, table and side), and the start number of the entry each history row names."""
    return {
        "team": dict(TeamLink.objects.active().filter(entry__event=event).values_list("entry__number", "token")),
        "game": {
            (number, table, side): token
            for number, table, side, token in TableLink.objects.active()
            .filter(game__round__event=event)
            .values_list("game__round__number", "game__table_number", "side", "token")
        },
        "log_entries": dict(
            EventLogEntry.objects.filter(event=event, entry__isnull=False).values_list("pk", "entry__number")
        ),
    }


def _clear(event: Event) -> None:
    """Delete the evening (rounds with their games, sheets, deals, history and links; standings, penalties,
    entries with their check-ins and team links; tables). The event's own rows stay."""
    Round.objects.filter(event=event).delete()
    Standing.objects.filter(event=event).delete()
    Adjustment.objects.filter(event=event).delete()
    Entry.objects.filter(event=event).delete()
    Table.objects.filter(event=event).delete()


def _event_fields(r: Reader, data: dict, event: Event) -> None:
    fields = r.part(data.get("event"), EVENT, "event")
    for name in _RESTORED_FIELDS:
        if name in fields:
            setattr(event, name, fields[name])
    try:
        event.clean_fields(exclude=["club", "season"])
        if not fields.get("rules_frozen"):
            event.clean()  # a frozen rule set is kept as archived, as an import keeps it
    except ValidationError as exc:
        raise validation_failed(exc, "event") from None
    event.save(update_fields=list(_RESTORED_FIELDS))


# What tells two history rows apart when the archive's history is merged into the event's.
_LOG_KEY = ("action", "created_at", "round_number", "table_number", "reason")


def _history_merge(r: Reader, data: dict, event: Event, entries: dict[int, Entry], log_entries: dict) -> None:
    """The event's own history rows stay, their entry found again by start number; the archive's rows it does
    not have yet (by step, moment, round, table and reason) are added, authors as text."""
    rows = list(EventLogEntry.objects.filter(pk__in=log_entries))
    for row in rows:
        row.entry = entries.get(log_entries[row.pk])
    EventLogEntry.objects.bulk_update(rows, ["entry"])

    have = set(EventLogEntry.objects.filter(event=event).values_list(*_LOG_KEY))
    new = []
    for i, item in enumerate(r.items(data, "event_log", "")):
        path = f"event_log[{i}]"
        spec = r.part(item, EVENT_LOG, path)
        if tuple(spec.get(name) for name in _LOG_KEY) in have:
            continue
        new.append(
            at(
                EventLogEntry(
                    event=event,
                    entry=parts._entry(r, entries, item, "entry", path, null=True),
                    user=None,
                    imported_author=author(r, item, "user", path),
                    **spec,
                ),
                path,
            )
        )
    insert(EventLogEntry, new)


def _addresses_back(event: Event, entries: dict[int, Entry], kept: dict[str, dict]) -> None:
    """Team links and active game links keep the address a phone or a wall sheet has, where the archive has the
    same team or game side; the rest are made when the pages need them (as after a release)."""
    TeamLink.objects.bulk_create(
        [TeamLink(entry=entries[number], token=token) for number, token in kept["team"].items() if number in entries]
    )
    links = list(
        TableLink.objects.active()
        .filter(game__round__event=event)
        .values_list("pk", "game__round__number", "game__table_number", "side")
    )
    moved = [
        TableLink(pk=pk, token=kept["game"][(number, table, side)])
        for pk, number, table, side in links
        if (number, table, side) in kept["game"]
    ]
    TableLink.objects.bulk_update(moved, ["token"])
