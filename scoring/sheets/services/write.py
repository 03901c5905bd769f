"""The steps every sheet write shares: the one lock order, the checks of version, reason and client id, the
rules engine on the whole sheet, the history row, the cached result and the standings request."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack

from django.db.models import Subquery
from django.utils.translation import gettext as _

from scoring.engine import CACHE_FIELDS, cache_result, sheet_score
from scoring.exceptions import (
    DealInvalid,
    FieldRequired,
    ScoringError,
    SheetConflict,
)
from scoring.models import MAX_REASON, Deal, Sheet, SheetChange
from scoring.queueing import standings_request_recompute
from scoring.sheets.permissions import (
    Actor,
    entry_refusal,
)
from tournaments.models import Event

CLIENT_ID_RE = re.compile(r"^[A-Za-z0-9_.:\-]{1,64}$")
# A deal shift moves positions out of the way first, so the (sheet, position) unique constraint never sees
# two deals at one position in the middle of an UPDATE (PostgreSQL checks it row by row).
_SHIFT = 10_000


@dataclass(frozen=True)
class SheetWrite:
    """What a deal write did: the sheet after it, the deal written (None for a delete, or for a replayed
    create whose deal was deleted since), whether anything was stored (False for a replay), and the data of
    all the sheet's deals after the write in order (None for a replay: not loaded)."""

    sheet: Sheet
    deal: Deal | None
    created: bool
    deals: list[dict[str, Any]] | None = None


# --- helpers of every write -----------------------------------------------------------------------------


def _lock(sheet: Sheet, *, event: bool = False) -> Sheet:
    """The sheet row locked for this transaction, with its game, round and event.

    One lock order for every path that touches these rows: event, then round, then sheets (by id). Closing
    a round takes all three in that order. A write that may update the event row later in its transaction
    (marking the standings dirty: a confirmation, an organiser's change to a settled sheet) passes
    `event=True` and locks the event first: holding the sheet while waiting for the event would deadlock
    with a close that holds the event and waits for the sheet. A write that touches the sheet alone takes
    no event lock: while it holds the sheet it waits for nothing.

    Without the event lock the round read here may be older than the sheet lock when a close was waiting
    in between; what guards a closed round is then the sheet's own status, which closing sets to locked
    under this same row lock. With it, the reads start after a close has committed."""
    if event:
        event_id = Sheet.objects.filter(pk=sheet.pk).values("game__round__event_id")[:1]
        # FOR NO KEY UPDATE: what the later UPDATE of the event would take anyway, only earlier.
        list(Event.objects.select_for_update(no_key=True).filter(pk=Subquery(event_id)).values_list("pk"))
    return Sheet.objects.select_for_update(of=("self",)).select_related("game__round__event").get(pk=sheet.pk)


def _check_version(sheet: Sheet, version: Any) -> None:
    if type(version) is not int:
        raise FieldRequired("version", _("version is required: the sheet version your change is based on."))
    if version != sheet.version:
        raise SheetConflict(sheet=sheet, sent=version)


def _check_reason(actor: Actor, reason: str, *, required: bool | None = None) -> str:
    """The stripped reason; required for an organiser's change unless `required` says otherwise."""
    reason = (reason or "").strip() if isinstance(reason, str) else ""
    if required is None:
        required = actor.organiser
    if required and not reason:
        raise FieldRequired("reason", _("An organiser's change needs a reason; it is kept in the sheet's history."))
    if len(reason) > MAX_REASON:
        raise FieldRequired(
            "reason",
            _("The reason is too long: at most %(max)s characters, got %(got)s.")
            % {"max": MAX_REASON, "got": len(reason)},
            code="too_long",
        )
    return reason


def _check_client_id(client_id: Any) -> None:
    if not isinstance(client_id, str) or not CLIENT_ID_RE.match(client_id):
        raise FieldRequired(
            "client_id",
            _(
                "A client id (Idempotency-Key) of 1 to 64 letters, digits or _ . : - is "
                "required so that a retried request is not stored twice."
            ),
        )


def _entry_checked(locked: Sheet, actor: Actor, reason: str, version: Any) -> str:
    """The checks before a deal changes, in the order the refusals are answered: may this actor enter deals
    now, the organiser's reason (returned cleaned), then the version."""
    _raise(entry_refusal(locked, actor))
    reason = _check_reason(actor, reason)
    _check_version(locked, version)
    return reason


def _raise(refusal: ScoringError | None) -> None:
    if refusal is not None:
        raise refusal


def _deals_of(sheet: Sheet) -> list[Deal]:
    return list(Deal.objects.filter(sheet=sheet).order_by("position"))


def _validated(sheet: Sheet, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """Score `deals`; raise DealInvalid with the engine's errors (each names its deal and field) if the
    sheet would not be valid."""
    result = sheet_score(event=sheet.game.round.event, deals=deals)
    if not result["valid"]:
        raise DealInvalid(result["errors"])
    return result


class _ChangeDetail(TypedDict, total=False):
    """What a history row may say beyond who did what: the deal's place, the deal before and after, the
    organiser's reason, the client's id (each left out when it does not apply)."""

    position: int | None
    before: Any
    after: Any
    reason: str
    client_id: str


def _record(sheet: Sheet, actor: Actor, action: str, **detail: Unpack[_ChangeDetail]) -> None:
    """Save the history row of a change (`_history_row`) now."""
    _history_row(sheet, actor, action, **detail).save(force_insert=True)


def _history_row(sheet: Sheet, actor: Actor, action: str, **detail: Unpack[_ChangeDetail]) -> SheetChange:
    """The history row of a change, not saved yet."""
    return SheetChange(
        sheet=sheet,
        action=action,
        deal_position=detail.get("position"),
        before=detail.get("before"),
        after=detail.get("after"),
        user=actor.user,
        link=actor.link,
        card=actor.card,
        ip_address=actor.ip_address,
        user_agent=actor.user_agent,
        reason=detail.get("reason", ""),
        client_id=detail.get("client_id", ""),
        version=sheet.version,
    )


def _after_write(sheet: Sheet, actor: Actor, result: dict[str, Any], deal_count: int, *, was_settled: bool) -> None:
    """Bump the version, refresh the cache, reopen a disputed sheet, and ask for new standings when a
    settled (confirmed or locked) sheet changed."""
    sheet.save(update_fields=_apply_write(sheet, actor, result, deal_count))
    if was_settled:
        _request_standings(sheet)


def _apply_write(sheet: Sheet, actor: Actor, result: dict[str, Any], deal_count: int) -> list[str]:
    """`_after_write`'s changes to the sheet, not saved; returns the fields to save."""
    cache_result(sheet, result, deal_count)
    sheet.version += 1
    fields = [*CACHE_FIELDS, "version", "updated_at"]
    if actor.link is not None and not sheet.entering_side:
        sheet.entering_side = actor.link.side
        fields.append("entering_side")
    if sheet.status == Sheet.Status.DISPUTED:
        # Changing a disputed sheet answers the dispute: it goes back to entry and is submitted again.
        sheet.status = Sheet.Status.ENTERED
        fields.append("status")
    return fields


def _request_standings(sheet: Sheet) -> None:

    standings_request_recompute(event_id=sheet.game.round.event_id)
