"""The sheet's way to confirmed: submit, confirm, dispute; and the organiser's switch of the entering side,
whole-sheet correction and lock."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.exceptions import (
    FieldRequired,
    SheetStateError,
    SideNotAllowed,
)
from scoring.models import MAX_REASON, Deal, Sheet, SheetChange
from scoring.sheets.closing import ruling_follow
from scoring.sheets.permissions import (
    EDITABLE_BY_LINK,
    Actor,
    confirm_refusal,
    dispute_refusal,
    submit_refusal,
)
from scoring.sheets.pins import pin_verified
from scoring.sheets.services.write import (
    _after_write,
    _check_reason,
    _check_version,
    _deals_of,
    _lock,
    _raise,
    _record,
    _request_standings,
    _validated,
)

# --- the sheet's way to confirmed -----------------------------------------------------------------------


def _replayed(sheet: Sheet, actor: Actor, version: int, action: str, status: str) -> bool:
    """Whether this step, sent with `version`, is the one that already landed: the same link (or card) took it
    last, and nothing changed since (the version is the one it made). A phone whose answer was lost (a cut
    network, a web process restarted after the commit) sends its step again; it is then answered as it
    would have been, not refused as "already confirmed". Read only when the sheet is in that step's status."""
    if sheet.status != status or actor.link is None or actor.organiser or sheet.version != version + 1:
        return False
    last = sheet.changes.order_by("-pk").values_list("action", "link_id", "card_id", "version").first()
    card = actor.card.pk if actor.card is not None else None
    return last == (action, actor.link.pk, card, sheet.version)


def sheet_submit(*, sheet: Sheet, version: int, actor: Actor) -> Sheet:
    """The entering side (or an organiser) hands in a finished sheet; the other side then confirms.

    Raises FieldRequired / SheetConflict (version), SheetStateError (not finished, not open) or
    SideNotAllowed."""
    with transaction.atomic():
        locked = _lock(sheet)
        if _replayed(locked, actor, version, SheetChange.Action.SUBMIT, Sheet.Status.SUBMITTED):
            return locked
        _raise(submit_refusal(locked, actor))
        if locked.status not in EDITABLE_BY_LINK:
            raise SheetStateError(_("The sheet has already been submitted."), code="sheet_submitted")
        _check_version(locked, version)
        locked.status = Sheet.Status.SUBMITTED
        locked.submitted_at = timezone.now()
        locked.version += 1
        fields = ["status", "submitted_at", "version", "updated_at"]
        if actor.link is not None and not locked.entering_side:
            locked.entering_side = actor.link.side
            fields.append("entering_side")
        locked.save(update_fields=fields)
        _record(locked, actor, SheetChange.Action.SUBMIT)
    return locked


def sheet_confirm(*, sheet: Sheet, version: int, actor: Actor, reason: str = "", pin: str = "") -> Sheet:
    """The other side's card, or its game link with its side's `pin`, confirms a submitted sheet; or an
    organiser confirms any unsettled sheet (an unfinished one only with a reason). Only confirmed sheets
    count: standings are recomputed.

    Raises FieldRequired / SheetConflict (version, reason), SheetStateError, SideNotAllowed (PinWrong among
    them) or PinLocked."""
    actor = pin_verified(sheet=sheet, actor=actor, pin=pin)
    with transaction.atomic():
        locked = _lock(sheet, event=True)
        if _replayed(locked, actor, version, SheetChange.Action.CONFIRM, Sheet.Status.CONFIRMED):
            return locked
        _raise(confirm_refusal(locked, actor))
        if actor.organiser and not locked.finished and not (isinstance(reason, str) and reason.strip()):
            raise FieldRequired(
                "reason",
                _("The game is not finished (%(count)s deals): confirming it needs a reason.")
                % {"count": locked.deal_count},
            )
        reason = _check_reason(actor, reason, required=False)
        _check_version(locked, version)
        locked.status = Sheet.Status.CONFIRMED
        locked.confirmed_at = timezone.now()
        locked.version += 1
        locked.save(update_fields=["status", "confirmed_at", "version", "updated_at"])
        _record(locked, actor, SheetChange.Action.CONFIRM, reason=reason)
        _request_standings(locked)
    return locked


def sheet_dispute(*, sheet: Sheet, version: int, actor: Actor, message: str, pin: str = "") -> Sheet:
    """The other side (its card, or its game link with its side's `pin`) refuses a submitted sheet, saying
    why; the entering side then corrects and submits again (or the organiser corrects). Raises
    FieldRequired (message, version), SheetConflict, SheetStateError, SideNotAllowed or PinLocked."""
    message = (message or "").strip() if isinstance(message, str) else ""
    actor = pin_verified(sheet=sheet, actor=actor, pin=pin)
    with transaction.atomic():
        locked = _lock(sheet)
        _raise(dispute_refusal(locked, actor))
        if not message:
            raise FieldRequired("message", _("Say what is wrong with the sheet, so that the other side can fix it."))
        if len(message) > MAX_REASON:
            raise FieldRequired(
                "message",
                _("The message is too long: at most %(max)s characters, got %(got)s.")
                % {"max": MAX_REASON, "got": len(message)},
                code="too_long",
            )
        _check_version(locked, version)
        locked.status = Sheet.Status.DISPUTED
        locked.dispute_message = message
        locked.version += 1
        locked.save(update_fields=["status", "dispute_message", "version", "updated_at"])
        _record(locked, actor, SheetChange.Action.DISPUTE, reason=message)
    return locked


SHEET_STEPS = ("submit", "confirm", "dispute")


def sheet_step(*, sheet: Sheet, step: str, version: int, actor: Actor, text: str = "", pin: str = "") -> Sheet:
    """One of the sheet's steps to confirmed, by name, as the referee page and the API post them: "submit",
    "confirm" (`text`: an organiser's reason) or "dispute" (`text`: what is wrong); `pin`: a game link's
    side PIN for a confirmation or dispute. Raises as the step does; ValueError for a name not in
    SHEET_STEPS (a bug of the caller)."""
    if step == "submit":
        return sheet_submit(sheet=sheet, version=version, actor=actor)
    if step == "confirm":
        return sheet_confirm(sheet=sheet, version=version, actor=actor, reason=text, pin=pin)
    if step == "dispute":
        return sheet_dispute(sheet=sheet, version=version, actor=actor, message=text, pin=pin)
    raise ValueError(f"unknown sheet step {step!r}")


def sheet_entering_side_switch(*, sheet: Sheet, version: int, actor: Actor, reason: str = "") -> Sheet:
    """An organiser lets the other side enter (the entering side's phone died): from then on the other
    side's link types the deals and the first side confirms. One tap, so the reason is optional; the history
    records who switched, from which side to which. Only while the sheet is being entered (or disputed).

    Raises SideNotAllowed (not an organiser), SheetStateError (submitted or settled), FieldRequired /
    SheetConflict (version)."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can switch the side that enters a sheet."))
    with transaction.atomic():
        locked = _lock(sheet)
        if locked.status not in EDITABLE_BY_LINK:
            raise SheetStateError(
                _("The sheet is %(status)s: the entering side can be switched only while it is being entered.")
                % {"status": locked.get_status_display().lower()},
                code="not_entering",
            )
        reason = _check_reason(actor, reason, required=False)
        _check_version(locked, version)
        before = locked.entering_side
        locked.entering_side = "A" if before == "B" else "B"
        locked.version += 1
        locked.save(update_fields=["entering_side", "version", "updated_at"])
        _record(
            locked,
            actor,
            SheetChange.Action.SWITCH_SIDE,
            before={"entering_side": before or None},
            after={"entering_side": locked.entering_side},
            reason=reason,
        )
    return locked


def sheet_correct(*, sheet: Sheet, deals: list[dict[str, Any]], version: int, actor: Actor, reason: str) -> Sheet:
    """An organiser replaces all deals of any sheet (also a confirmed or locked one), with a reason kept in
    the history (before and after). The status stays; a settled sheet's event gets new standings.

    Raises SideNotAllowed (not an organiser), FieldRequired (reason, version), SheetConflict, DealInvalid."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can correct a sheet."))
    if not isinstance(deals, list):
        raise FieldRequired("deals", _("deals must be a list of deals."), code="invalid")
    with transaction.atomic():
        locked = _lock(sheet, event=True)
        reason = _check_reason(actor, reason)
        _check_version(locked, version)
        old = _deals_of(locked)
        result = _validated(locked, deals)
        Deal.objects.filter(sheet=locked).delete()
        Deal.objects.bulk_create([Deal(sheet=locked, position=i, data=d) for i, d in enumerate(deals)])
        was_settled = locked.status in Sheet.COUNTED_STATUSES
        _after_write(locked, actor, result, len(deals), was_settled=was_settled)
        _record(locked, actor, SheetChange.Action.CORRECT, before=[d.data for d in old], after=deals, reason=reason)
        # An unfinished game ruled at the close: its ruling follows the corrected deals (in the history too).
        ruling_follow(sheet=locked, actor=actor, reason=reason)
    return locked


def sheet_lock(*, sheet: Sheet, version: int, actor: Actor) -> Sheet:
    """An organiser locks one confirmed sheet before the round closes (closing the round locks them all):
    from then on only an organiser's correction changes it. Raises SideNotAllowed, SheetStateError (not
    confirmed), FieldRequired / SheetConflict (version)."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can lock a sheet."))
    with transaction.atomic():
        locked = _lock(sheet)
        if locked.status != Sheet.Status.CONFIRMED:
            raise SheetStateError(_("Only a confirmed sheet can be locked."), code="not_confirmed")
        _check_version(locked, version)
        locked.status = Sheet.Status.LOCKED
        locked.version += 1
        locked.save(update_fields=["status", "version", "updated_at"])
        _record(locked, actor, SheetChange.Action.LOCK)
    return locked
