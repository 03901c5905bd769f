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

This module runs the readers in order and scores each sheet again (`_rescore`); `parts` has one reader per
part of the archive, `values` the checked reading of one value, `rows` the storing and naming of rows.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.engine import cache_result, sheet_score
from scoring.exports.archive.read import parts, play
from scoring.exports.archive.read.values import Reader, fail
from scoring.exports.archive.schema import FORMAT, FORMAT_VERSION, ArchiveError
from scoring.models import Sheet
from scoring.standings.store import standings_recompute_now
from tournaments.models import Event


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


def event_archive_import(
    *,
    data: dict,
    club_slug: str | None = None,
    event_slug: str | None = None,
    as_copy: bool = False,
    join_season: bool = True,
) -> Event:
    """Create the archived event again (new ids) in the club `club_slug` (default: the archive's club; a
    missing club is created from the archive). `as_copy` names the event a copy ("… (copy)") wherever it is
    listed; `join_season` off leaves it out of any season, so that a copy of an evening already in the season
    is not counted twice. Everything or nothing: raises ArchiveError and stores nothing when the archive is
    bad or the event's short name is taken in that club."""
    try:
        with transaction.atomic():
            return _import(data, club_slug, event_slug, as_copy=as_copy, join_season=join_season)
    except ArchiveError:
        raise
    except RecursionError:
        raise ArchiveError(_("The archive is nested too deeply.")) from None
    except (IntegrityError, ValidationError, DatabaseError) as exc:
        raise ArchiveError(_("The archive does not fit together: %(error)s") % {"error": exc}) from None


def _import(data: Any, club_slug: str | None, event_slug: str | None, *, as_copy: bool, join_season: bool) -> Event:
    r = Reader()
    data = r.obj(data, "archive")
    club = parts.club_read(r, data, club_slug)
    event = parts.event_read(r, data, club, event_slug, as_copy=as_copy, join_season=join_season)
    player_of = parts.players_read(r, data, club)
    entries = parts.entries_read(r, data, event, player_of)
    parts.checkins_read(r, data, event, entries)
    parts.substitutions_read(r, data, event, entries, player_of)
    parts.tables_read(r, data, event)
    pending = parts.rounds_read(r, data, event, player_of, entries)
    link_of, sheet_payload = play.links_read(r, pending)
    play.sheets_read(r, event, sheet_payload, link_of, _rescore)
    play.adjustments_read(r, data, event, entries)
    play.event_log_read(r, data, event, entries)
    play.standings_read(r, data, event, entries)
    # The archive's standings are derived data: rebuilt from the imported deals, penalties and rules in this
    # transaction, so an edited snapshot is never shown (the rows read above only had to be well-formed).
    standings_recompute_now(event_id=event.pk)
    event.refresh_from_db()
    return event


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
        raise fail(where, error["message"])
    archived = spec.get("result") or {}
    archived_deals = archived.get("deals") if isinstance(archived.get("deals"), list) else []
    for k, scored in enumerate(result["deals"]):
        said = (
            archived_deals[k].get("score") if k < len(archived_deals) and isinstance(archived_deals[k], dict) else None
        )
        if archived_deals and said != scored["score"]:
            raise fail(
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
            raise fail(
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
