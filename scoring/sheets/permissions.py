"""Who may do what on a sheet: the actor writing (`Actor`, `actor_from_request`), and why a write is refused
in the sheet's state.

The write services (`scoring.sheets.services`) and the pages (`sheet_permissions`) decide the same way from here.
Whether an actor reaches the sheet at all is the token reader's check (`scoring.sheets.access`) or the
organiser's (`scoring.sheets.addresses`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.exceptions import ScoringError, SheetStateError, SideNotAllowed
from scoring.labels import SIDE_LABELS
from scoring.models import Sheet, TableCard, TableLink
from tournaments.models import Round

EDITABLE_BY_LINK = (Sheet.Status.ENTERED, Sheet.Status.DISPUTED)


@dataclass(frozen=True)
class Actor:
    """Who writes: a table link (no account) or a user; `organiser` is true when the caller checked that
    the user organises the sheet's club. `ip_address` and `user_agent` go into the history."""

    user: Any = None
    link: TableLink | None = None
    organiser: bool = False
    card: TableCard | None = None  # the table card whose side's link `link` is, when the change came through it
    pin_ok: bool = False  # a game link's PIN was checked (`scoring.sheets.pins.pin_verified`)
    ip_address: str | None = None
    user_agent: str = ""

    @property
    def side(self) -> str | None:
        return self.link.side if self.link is not None else None


def _round_open(sheet: Sheet) -> bool:
    return sheet.game.round.status == Round.Status.RELEASED


# Each check says only which rule blocks the actor (a code, or None), so that `sheet_permissions` answers
# yes or no without building a translated refusal; the `*_refusal` functions word the code for the services.


def _entry_blocked(sheet: Sheet, actor: Actor) -> str | None:
    """An organiser may always (with a reason, checked by the service). A link may while the round is open
    and the sheet is being entered (or was disputed), and only from the entering side once one is set."""
    if actor.organiser:
        return None
    if actor.link is None:
        return "no_link"
    if not _round_open(sheet) or sheet.status == Sheet.Status.LOCKED:
        return "round_closed"
    if sheet.status == Sheet.Status.SUBMITTED:
        return "sheet_submitted"
    if sheet.status == Sheet.Status.CONFIRMED:
        return "sheet_confirmed"
    if sheet.entering_side and actor.side != sheet.entering_side:
        return "other_side"
    return None


def _submit_blocked(sheet: Sheet, actor: Actor) -> str | None:
    blocked = _entry_blocked(sheet, actor)
    if blocked is None and not sheet.finished:
        return "not_finished"
    return blocked


def _confirm_blocked(sheet: Sheet, actor: Actor) -> str | None:
    """An organiser confirms any sheet that is not settled yet (an unfinished one with a reason, checked by the
    service); a link confirms a submitted sheet of the other side."""
    if sheet.status in Sheet.COUNTED_STATUSES:
        return "sheet_confirmed"
    if actor.organiser:
        return None
    if actor.link is None:
        return "no_link"
    if not _round_open(sheet):
        return "round_closed"
    if sheet.status != Sheet.Status.SUBMITTED:
        return "not_submitted"
    if actor.side == sheet.entering_side:
        return "own_side"
    if pin_needed(actor):
        return "pin_needed"
    return None


def pin_needed(actor: Actor) -> bool:
    """A game link (not a card) confirms or disputes only with its side's PIN: game links are printed where
    both sides see them (the round's slip), the PIN only on that side's half of the table card."""
    return actor.link is not None and actor.card is None and not actor.pin_ok


def pin_blocks(sheet: Sheet, actor: Actor) -> bool:
    """Whether the missing PIN is all that stops `actor` confirming or disputing `sheet` now."""
    return _confirm_blocked(sheet, actor) == "pin_needed"


def _dispute_blocked(sheet: Sheet, actor: Actor) -> str | None:
    """Only the confirming side, while submitted."""
    if actor.link is None:
        return "no_link"
    return _confirm_blocked(sheet, actor)


def entry_refusal(sheet: Sheet, actor: Actor) -> ScoringError | None:
    """Why `actor` may not add, change or delete deals on `sheet` now (None when it may)."""
    blocked = _entry_blocked(sheet, actor)
    if blocked == "no_link":
        return SideNotAllowed(_("Only the table's link or an organiser can change this sheet."))
    if blocked == "round_closed":
        return SheetStateError(
            _("The round is closed: only the organiser can correct this sheet now."), code="round_closed"
        )
    if blocked == "sheet_submitted":
        return SheetStateError(
            _("The sheet has been submitted: the other side confirms or disputes it now."), code="sheet_submitted"
        )
    if blocked == "sheet_confirmed":
        return SheetStateError(
            _("The sheet is confirmed: only the organiser can correct it now."), code="sheet_confirmed"
        )
    if blocked == "other_side":
        return SideNotAllowed(
            _("The other side (%(side)s) enters this sheet; your side confirms it once it is submitted.")
            % {"side": sheet.get_entering_side_display()}
        )
    return None


def submit_refusal(sheet: Sheet, actor: Actor) -> ScoringError | None:
    """Why `actor` may not submit `sheet` now (None when it may)."""
    if _submit_blocked(sheet, actor) == "not_finished":
        return SheetStateError(
            _("The game is not over yet (%(count)s deals entered); submit it after the last deal.")
            % {"count": sheet.deal_count},
            code="not_finished",
        )
    return entry_refusal(sheet, actor)


def _confirm_refusal(blocked: str | None, no_link: str, pin: str = "") -> ScoringError | None:
    if blocked == "sheet_confirmed":
        return SheetStateError(_("The sheet is already confirmed."), code="sheet_confirmed")
    if blocked == "no_link":
        return SideNotAllowed(no_link)
    if blocked == "round_closed":
        return SheetStateError(
            _("The round is closed: only the organiser can confirm this sheet now."), code="round_closed"
        )
    if blocked == "not_submitted":
        return SheetStateError(_("The sheet has not been submitted yet."), code="not_submitted")
    if blocked == "own_side":
        return SideNotAllowed(_("Your side entered this sheet: the other side confirms it."))
    if blocked == "pin_needed":
        return SideNotAllowed(pin, code="pin_required", field="pin")
    return None


def confirm_refusal(sheet: Sheet, actor: Actor) -> ScoringError | None:
    """Why `actor` may not confirm `sheet` now (None when it may)."""
    return _confirm_refusal(
        _confirm_blocked(sheet, actor),
        _("Only the other side's link or an organiser can confirm this sheet."),
        _("To confirm, type your side's PIN: the four digits printed under %(side)s on your side of the table card.")
        % {"side": _side_label(actor)},
    )


def dispute_refusal(sheet: Sheet, actor: Actor) -> ScoringError | None:
    """Why `actor` may not dispute `sheet` now (None when it may)."""
    return _confirm_refusal(
        _dispute_blocked(sheet, actor),
        _("Only the other side's link can dispute a sheet; organisers correct it."),
        _("To dispute, type your side's PIN: the four digits printed under %(side)s on your side of the table card.")
        % {"side": _side_label(actor)},
    )


def _side_label(actor: Actor) -> str:
    return str(SIDE_LABELS.get(actor.side or "", "")) if actor.side else ""


def sheet_permissions(sheet: Sheet, actor: Actor) -> dict[str, bool]:
    """What `actor` may do on `sheet` now, for pages and API answers (the services decide the same way, from
    the same checks); nothing is worded."""
    confirm, dispute = _confirm_blocked(sheet, actor), _dispute_blocked(sheet, actor)
    return {
        "edit": _entry_blocked(sheet, actor) is None,
        "submit": _submit_blocked(sheet, actor) is None and sheet.status in EDITABLE_BY_LINK,
        # A game link may confirm and dispute, with its side's PIN: "pin" says the forms ask for it.
        "confirm": confirm in (None, "pin_needed"),
        "dispute": dispute in (None, "pin_needed"),
        "pin": "pin_needed" in (confirm, dispute),
    }


def actor_from_request(
    request: Any, *, link: TableLink | None = None, organiser: bool = False, card: TableCard | None = None
) -> Actor:
    """The actor of `request`: its table link (then no user), or its signed-in user, an organiser when the
    caller checked it. The address and user agent go into the sheet's history."""
    user = request.user if getattr(request, "user", None) is not None and request.user.is_authenticated else None
    return Actor(
        user=user if link is None else None,
        link=link,
        organiser=organiser and link is None,
        card=card if link is not None else None,
        ip_address=request.META.get("REMOTE_ADDR") or None,
        user_agent=(request.META.get("HTTP_USER_AGENT") or "")[:300],
    )
