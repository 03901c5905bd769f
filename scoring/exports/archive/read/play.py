"""Reading an event archive, the play: the games' links, the sheets with their deals and history, the
adjustments, the event's history and the stored standings (the people, tables and rounds are parts.py).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.exports.archive.read import coherence
from scoring.exports.archive.read.parts import Pending, Rescore, SheetPayload, entry_ref
from scoring.exports.archive.read.rows import at, author, insert
from scoring.exports.archive.read.values import Reader, fail
from scoring.exports.archive.schema import ADJUSTMENT, CHANGE, DEAL, EVENT_LOG, LINK, SHEET, STANDING
from scoring.models import Adjustment, Deal, Sheet, SheetChange, TableLink
from tournaments.models import Entry, Event, EventLogEntry, Standing


def links_read(r: Reader, pending: Pending) -> tuple[dict[str, TableLink], SheetPayload]:
    """The games' table links (stored, by archive key) and their sheets (unsaved, with what to read next)."""
    link_of: dict[str, TableLink] = {}
    links = []
    sheet_payload: SheetPayload = []
    for game, links_in, sheet_data, gpath in pending:
        for k, link_data in enumerate(links_in):
            lpath = f"{gpath}.links[{k}]"
            key = r.ref(r.obj(link_data, lpath), "key", str, lpath)
            if key in link_of:
                raise fail(f"{lpath}.key", _("“%(key)s” is used twice.") % {"key": key})
            link = at(TableLink(game=game, **r.part(link_data, LINK, lpath)), lpath)
            link_of[key] = link
            links.append(link)
        if sheet_data is not None:
            spath = f"{gpath}.sheet"
            spec = r.part(sheet_data, SHEET, spath)
            coherence.game_sheet(game, spec.get("status"), spath)
            sheet = at(Sheet(game=game, **spec), spath)
            sheet_payload.append(
                (sheet, spec, r.items(sheet_data, "deals", spath), r.items(sheet_data, "changes", spath), spath)
            )
    insert(TableLink, links)
    return link_of, sheet_payload


def sheets_read(
    r: Reader, event: Event, sheet_payload: SheetPayload, link_of: dict[str, TableLink], rescore: Rescore
) -> None:
    """Each sheet's deals (numbered from 0, in order; scored again by `rescore`) and history, then the
    sheets, deals and history rows stored."""
    deals, changes = [], []
    for sheet, spec, deals_in, changes_in, spath in sheet_payload:
        sheet_deals = [
            at(Deal(sheet=sheet, **r.part(d, DEAL, f"{spath}.deals[{k}]")), f"{spath}.deals[{k}]")
            for k, d in enumerate(deals_in)
        ]
        for k, deal in enumerate(sheet_deals):
            if deal.position != k:
                raise fail(
                    f"{spath}.deals[{k}].position",
                    _("must be %(expected)s (deals are numbered from 0, in order); got %(got)s.")
                    % {"expected": k, "got": deal.position},
                )
        rescore(event, sheet, spec, [d.data for d in sheet_deals], spath)
        deals.extend(sheet_deals)
        for k, change_data in enumerate(changes_in):
            cpath = f"{spath}.changes[{k}]"
            change_spec = r.part(change_data, CHANGE, cpath)
            link_key = r.ref(change_data, "link", str, cpath, null=True)
            if link_key is not None and link_key not in link_of:
                raise fail(
                    f"{cpath}.link", _("names table link “%(key)s”, which is not in the archive.") % {"key": link_key}
                )
            changes.append(
                at(
                    SheetChange(
                        sheet=sheet,
                        link=link_of.get(link_key),
                        user=None,
                        imported_author=author(r, change_data, "user", cpath),
                        **change_spec,
                    ),
                    cpath,
                )
            )
    insert(Sheet, [sheet for sheet, *_rest in sheet_payload])
    insert(Deal, deals)
    insert(SheetChange, changes)


def adjustments_read(r: Reader, data: dict, event: Event, entries: dict[int, Entry]) -> None:
    """Penalties and adjustments, each with its reason; authors kept as text."""
    adjustments = []
    for i, item in enumerate(r.items(data, "adjustments", "")):
        path = f"adjustments[{i}]"
        spec = r.part(item, ADJUSTMENT, path)
        if not spec["reason"].strip():
            raise fail(f"{path}.reason", _("a penalty or adjustment needs a reason."))
        coherence.round_number(event, spec.get("round_number"), f"{path}.round_number")
        if spec.get("withdrawn_at") is not None and not (spec.get("withdraw_reason") or "").strip():
            raise fail(
                f"{path}.withdraw_reason", _("a withdrawn penalty or adjustment needs the reason it was withdrawn.")
            )
        adjustments.append(
            at(
                Adjustment(
                    event=event,
                    entry=entry_ref(r, entries, item, "entry", path),
                    created_by=None,
                    imported_author=author(r, item, "created_by", path),
                    # An archive before the penalty catalogue has neither: no offender named, nobody withdrew.
                    penalised_entry=entry_ref(r, entries, item, "penalised_entry", path, null=True),
                    withdrawn_by=None,
                    withdrawn_imported_author=author(r, item, "withdrawn_by", path),
                    **spec,
                ),
                path,
            )
        )
    insert(Adjustment, adjustments)


def event_log_read(r: Reader, data: dict, event: Event, entries: dict[int, Entry]) -> None:
    """The director's steps (late pairs, withdrawals, reopened rounds, ...); authors kept as text. An archive
    written before the event history existed has none."""
    rows = []
    for i, item in enumerate(r.items(data, "event_log", "")):
        path = f"event_log[{i}]"
        spec = r.part(item, EVENT_LOG, path)
        coherence.round_number(event, spec.get("round_number"), f"{path}.round_number")
        rows.append(
            at(
                EventLogEntry(
                    event=event,
                    entry=entry_ref(r, entries, item, "entry", path, null=True),
                    user=None,
                    imported_author=author(r, item, "user", path),
                    **spec,
                ),
                path,
            )
        )
    insert(EventLogEntry, rows)


def standings_read(r: Reader, data: dict, event: Event, entries: dict[int, Entry]) -> None:
    insert(
        Standing,
        [
            at(
                Standing(
                    event=event,
                    entry=entry_ref(r, entries, item, "entry", f"standings[{i}]"),
                    **r.part(item, STANDING, f"standings[{i}]"),
                ),
                f"standings[{i}]",
            )
            for i, item in enumerate(r.items(data, "standings", ""))
        ],
    )
