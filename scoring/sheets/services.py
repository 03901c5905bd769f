"""Score entry services: every write to a sheet goes through here.

Each write runs in one transaction: lock the sheet (`select_for_update(of=("self",))`), compare the
client's version (a stale one raises `SheetConflict`, never an overwrite), validate the whole sheet with the
rules engine (an invalid deal stores nothing), store, bump the version, write a `SheetChange` (who, which
link, from where, before and after, the reason of an organiser's correction), refresh the cached result.

Who may write is decided in `scoring.sheets.access` from the sheet's state and the actor's role; whether an actor
reaches the sheet at all (its own table link, or an organiser of the club) is the caller's check
(`scoring.sheets.selectors`). Lock order everywhere: event, then round, then sheets by id (see `_lock`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack

from django.db import connection, transaction
from django.db.models import F, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import CACHE_FIELDS, cache_result, sheet_score
from scoring.exceptions import (
    DealInvalid,
    FieldRequired,
    RoundNotClosable,
    ScoringError,
    SheetConflict,
    SheetStateError,
    SideNotAllowed,
)
from scoring.models import MAX_REASON, Deal, Sheet, SheetChange, TableLink
from scoring.queueing import standings_request_recompute
from scoring.sheets.access import (
    EDITABLE_BY_LINK,
    Actor,
    confirm_refusal,
    dispute_refusal,
    entry_refusal,
    submit_refusal,
)
from scoring.sheets.deal_write import save_together
from tournaments.exceptions import RoundCloseRefused
from tournaments.models import Event, Game, Round

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


# --- deals ----------------------------------------------------------------------------------------------


def deal_create(
    *, sheet: Sheet, data: dict[str, Any], version: int, client_id: str, actor: Actor, reason: str = ""
) -> SheetWrite:
    """Append deal `data` (spec §6 deal JSON) to the sheet.

    Idempotent by `client_id` (1–64 of A-Z a-z 0-9 _ . : -): a create whose id this sheet has seen returns
    the first result and stores nothing, whatever its version. Otherwise: raises FieldRequired (bad client
    id, version or missing organiser reason), SheetConflict (stale version), SideNotAllowed /
    SheetStateError (not this actor's turn), DealInvalid (the engine's errors; nothing stored)."""
    _check_client_id(client_id)
    with transaction.atomic():
        locked, seen, stored = _lock_for_create(sheet, client_id, event=actor.organiser)
        replay = _replayed_create(locked, client_id, seen=seen)
        if replay is not None:
            return replay
        reason = _entry_checked(locked, actor, reason, version)
        deals = stored if stored is not None else [d.data for d in _deals_of(locked)]
        was_settled = locked.status in Sheet.COUNTED_STATUSES
        position = len(deals)
        new = [*deals, data]
        result = _validated(locked, new)
        deal = Deal(sheet=locked, position=position, data=data, client_id=client_id)
        change = _history_row(
            locked,
            actor,
            SheetChange.Action.DEAL_CREATE,
            position=position,
            after=data,
            reason=reason,
            client_id=client_id,
        )
        if stored is not None and not was_settled:
            # The fast path of `_lock_for_create`: the three rows in one statement (scoring.sheets.deal_write).
            fields = _apply_write(locked, actor, result, position + 1)
            change.version = locked.version
            save_together(inserts=[deal, change], update=locked, update_fields=fields)
        else:
            deal.save(force_insert=True)
            _after_write(locked, actor, result, position + 1, was_settled=was_settled)
            change.version = locked.version
            change.save(force_insert=True)
    return SheetWrite(sheet=locked, deal=deal, created=True, deals=new)


def _lock_for_create(sheet: Sheet, client_id: str, *, event: bool) -> tuple[Sheet, bool, list[dict[str, Any]] | None]:
    """`_lock` for a create; whether this sheet has seen `client_id` (the replay check); and the data of
    its deals in order, or None when the caller should read them (and write through `save()`).

    A table link's write (no event lock) whose caller loaded the sheet's game, round and event (the link
    lookup does) locks the sheet row alone, without joining them again, and asks for the client id and the
    deals in the same statement: one query instead of three, with a lock on the one row it needs. The round read before
    the lock may be older than the lock, as `_lock` explains; the sheet's own status, read under the lock,
    guards a closed round."""
    locked: Sheet | None
    if event or not _game_loaded(sheet) or connection.vendor != "postgresql":
        locked = _lock(sheet, event=event)
        return locked, SheetChange.objects.filter(sheet=locked, client_id=client_id).exists(), None
    # Written out: the ORM would build this same statement again on every deal (a third of its CPU).
    locked = next(iter(Sheet.objects.raw(_LOCK_FOR_CREATE, [client_id, sheet.pk])), None)
    if locked is None:
        raise Sheet.DoesNotExist
    locked.game = sheet.game
    if locked.version != sheet.version:
        # Written since the caller read the sheet, maybe while this statement waited for the lock: its
        # subqueries read before that write (READ COMMITTED re-reads only the locked row). Now that the
        # lock is held, fresh reads see it (a retry of that very create is then a replay, not a conflict).
        seen = SheetChange.objects.filter(sheet=locked, client_id=client_id).exists()
        return locked, seen, [d.data for d in _deals_of(locked)]
    stored = locked.stored_deals  # type: ignore[attr-defined]  # a column of _LOCK_FOR_CREATE, not a field
    if isinstance(stored, str):  # Django reads jsonb as text and leaves decoding to the field
        stored = json.loads(stored)
    return locked, locked.client_id_seen, stored or []  # type: ignore[attr-defined]  # as stored_deals


# The sheet row locked, whether a create with this client id was seen, and the deals' data in order (the
# deals are the sheet's: its lock guards them too).
_LOCK_FOR_CREATE = (
    f"SELECT s.*, EXISTS(SELECT 1 FROM {SheetChange._meta.db_table} c WHERE c.sheet_id = s.id "
    f"AND c.client_id = %s) AS client_id_seen, (SELECT jsonb_agg(d.data ORDER BY d.position) "
    f"FROM {Deal._meta.db_table} d WHERE d.sheet_id = s.id) AS stored_deals "
    f"FROM {Sheet._meta.db_table} s WHERE s.id = %s FOR UPDATE"
)


def _game_loaded(sheet: Sheet) -> bool:
    if not Sheet._meta.get_field("game").is_cached(sheet):
        return False
    game = sheet.game
    return Game._meta.get_field("round").is_cached(game) and Round._meta.get_field("event").is_cached(game.round)


def _replayed_create(sheet: Sheet, client_id: str, *, seen: bool | None = None) -> SheetWrite | None:
    # Every create leaves a SheetChange with its client id (also when its deal was deleted since), so one
    # indexed query answers the common case; `seen` when the lock already asked.
    if seen is None:
        seen = SheetChange.objects.filter(sheet=sheet, client_id=client_id).exists()
    if not seen:
        return None
    deal = Deal.objects.filter(sheet=sheet, client_id=client_id).first()
    return SheetWrite(sheet=sheet, deal=deal, created=False)


def deal_update(
    *, sheet: Sheet, position: int, data: dict[str, Any], version: int, actor: Actor, reason: str = ""
) -> SheetWrite:
    """Replace the deal at `position` (0-based) with `data`. Raises like `deal_create`, and
    SheetStateError(code="no_such_deal") for a position the sheet does not have."""
    with transaction.atomic():
        locked = _lock(sheet, event=actor.organiser)
        reason = _entry_checked(locked, actor, reason, version)
        deals = _deals_of(locked)
        deal = _deal_at(deals, position)
        was_settled = locked.status in Sheet.COUNTED_STATUSES
        new = [d.data for d in deals]
        new[position] = data
        result = _validated(locked, new)
        before = deal.data
        deal.data = data
        deal.save(update_fields=["data", "updated_at"])
        _after_write(locked, actor, result, len(deals), was_settled=was_settled)
        _record(
            locked, actor, SheetChange.Action.DEAL_UPDATE, position=position, before=before, after=data, reason=reason
        )
    return SheetWrite(sheet=locked, deal=deal, created=False, deals=new)


def deal_delete(*, sheet: Sheet, position: int, version: int, actor: Actor, reason: str = "") -> SheetWrite:
    """Delete the deal at `position`; later deals move up one place. The rest must still be a valid sheet
    (e.g. a points-target game must not end early). Raises like `deal_update`."""
    with transaction.atomic():
        locked = _lock(sheet, event=actor.organiser)
        reason = _entry_checked(locked, actor, reason, version)
        deals = _deals_of(locked)
        deal = _deal_at(deals, position)
        was_settled = locked.status in Sheet.COUNTED_STATUSES
        rest = [d.data for d in deals if d.position != position]
        result = _validated(locked, rest)
        deal.delete()
        later = Deal.objects.filter(sheet=locked, position__gt=position)
        later.update(position=F("position") + _SHIFT)
        later_shifted = Deal.objects.filter(sheet=locked, position__gt=_SHIFT)
        later_shifted.update(position=F("position") - _SHIFT - 1)
        _after_write(locked, actor, result, len(rest), was_settled=was_settled)
        _record(locked, actor, SheetChange.Action.DEAL_DELETE, position=position, before=deal.data, reason=reason)
    return SheetWrite(sheet=locked, deal=None, created=False, deals=rest)


def deal_insert(
    *, sheet: Sheet, position: int, data: dict[str, Any], version: int, client_id: str, actor: Actor, reason: str = ""
) -> SheetWrite:
    """Insert a forgotten deal `data` at `position` (0-based; the deal there and every later one move down by
    one; `position` equal to the number of deals appends). The whole sheet is checked again, so a later deal
    that no longer fits (e.g. played after the game would now be over) refuses the insert with its error.

    Idempotent by `client_id` like `deal_create`. Raises FieldRequired, SheetConflict, SideNotAllowed /
    SheetStateError (not this actor's turn, or code="no_such_deal" for a position past the end), DealInvalid."""
    _check_client_id(client_id)
    with transaction.atomic():
        # An organiser's insert into a settled sheet marks the standings dirty: event first (see `_lock`).
        locked = _lock(sheet, event=actor.organiser)
        replay = _replayed_create(locked, client_id)
        if replay is not None:
            return replay
        reason = _entry_checked(locked, actor, reason, version)
        deals = _deals_of(locked)
        if type(position) is not int or not 0 <= position <= len(deals):
            raise SheetStateError(
                _("A deal can be inserted before deal 1 to %(count)s or after the last one; got position %(got)s.")
                % {"count": len(deals), "got": position + 1 if type(position) is int else position},
                code="no_such_deal",
            )
        was_settled = locked.status in Sheet.COUNTED_STATUSES
        new = [d.data for d in deals]
        new.insert(position, data)
        result = _validated(locked, new)
        later = Deal.objects.filter(sheet=locked, position__gte=position)
        later.update(position=F("position") + _SHIFT)
        Deal.objects.filter(sheet=locked, position__gte=_SHIFT).update(position=F("position") - _SHIFT + 1)
        deal = Deal.objects.create(sheet=locked, position=position, data=data, client_id=client_id)
        _after_write(locked, actor, result, len(new), was_settled=was_settled)
        _record(
            locked,
            actor,
            SheetChange.Action.DEAL_INSERT,
            position=position,
            after=data,
            reason=reason,
            client_id=client_id,
        )
    return SheetWrite(sheet=locked, deal=deal, created=True, deals=new)


def _deal_at(deals: list[Deal], position: Any) -> Deal:
    if type(position) is not int or not 0 <= position < len(deals):
        raise SheetStateError(
            _("There is no deal %(number)s on this sheet (it has %(count)s).")
            % {"number": position + 1 if type(position) is int else position, "count": len(deals)},
            code="no_such_deal",
        )
    return deals[position]


# --- the sheet's way to confirmed -----------------------------------------------------------------------


def sheet_submit(*, sheet: Sheet, version: int, actor: Actor) -> Sheet:
    """The entering side (or an organiser) hands in a finished sheet; the other side then confirms.

    Raises FieldRequired / SheetConflict (version), SheetStateError (not finished, not open) or
    SideNotAllowed."""
    with transaction.atomic():
        locked = _lock(sheet)
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


def sheet_confirm(*, sheet: Sheet, version: int, actor: Actor, reason: str = "") -> Sheet:
    """The other side's link confirms a submitted sheet, or an organiser confirms any unsettled sheet
    (an unfinished one only with a reason). Only confirmed sheets count: standings are recomputed.

    Raises FieldRequired / SheetConflict (version, reason), SheetStateError or SideNotAllowed."""
    with transaction.atomic():
        locked = _lock(sheet, event=True)
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


def sheet_dispute(*, sheet: Sheet, version: int, actor: Actor, message: str) -> Sheet:
    """The other side refuses a submitted sheet, saying why; the entering side then corrects and submits
    again (or the organiser corrects). Raises FieldRequired (message, version), SheetConflict,
    SheetStateError or SideNotAllowed."""
    message = (message or "").strip() if isinstance(message, str) else ""
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


# --- rounds: links, cards, closing ----------------------------------------------------------------------


def table_links_ensure(*, round: Round) -> None:
    """Give every game (not a bye) of a released round its sheet and one active link per side.

    Idempotent and lazy: creates only what is missing, in bulk (a fixed number of queries whatever the
    number of tables). Raises SheetStateError for a round that is not released (or closed)."""
    if round.status not in Round.PUBLIC_STATUSES:
        raise SheetStateError(_("Table links exist once the round is released."), code="round_not_released")
    game_ids = list(Game.objects.filter(round=round, is_bye=False).values_list("id", flat=True))
    if not game_ids:
        return
    with transaction.atomic():
        have_sheet = set(Sheet.objects.filter(game_id__in=game_ids).values_list("game_id", flat=True))
        missing = [g for g in game_ids if g not in have_sheet]
        if missing:
            empty = sheet_score(event=round.event, deals=[])
            sheets = []
            for game_id in missing:
                sheet = Sheet(game_id=game_id)
                cache_result(sheet, empty, 0)
                sheets.append(sheet)
            Sheet.objects.bulk_create(sheets, ignore_conflicts=True)
        active = set(TableLink.objects.active().filter(game_id__in=game_ids).values_list("game_id", "side"))
        links = [TableLink(game_id=g, side=s) for g in game_ids for s in ("A", "B") if (g, s) not in active]
        if links:
            TableLink.objects.bulk_create(links, ignore_conflicts=True)


@dataclass(frozen=True)
class RoundCloseCheck:
    """Sheets that keep a round from closing: not confirmed yet (entered, submitted or disputed)."""

    unconfirmed: list[Sheet]

    @property
    def ok(self) -> bool:
        return not self.unconfirmed

    @property
    def tables(self) -> list[int]:
        # A game with a sheet is no bye, so it has a table (constraint game_has_two_sides_unless_bye).
        return [s.game.table_number for s in self.unconfirmed if s.game.table_number is not None]


def round_close_check(round: Round) -> RoundCloseCheck:
    """Which sheets of the round are not confirmed yet (a game without a sheet counts as one: its sheet is
    created empty). Two or three queries, whatever the number of tables."""
    if round.status == Round.Status.RELEASED:
        table_links_ensure(round=round)
    sheets = list(
        Sheet.objects.filter(game__round=round, game__is_bye=False)
        .exclude(status__in=Sheet.COUNTED_STATUSES)
        .select_related("game")
        .order_by("game__table_number")
    )
    return RoundCloseCheck(unconfirmed=sheets)


def round_sheets_lock(*, round: Round, actor: Actor, confirm_all: bool = False, reason: str = "") -> list[Sheet]:
    """Lock every sheet of the round, as closing it requires. Call it inside the transaction that closes
    the round, with the round row already locked (tournaments' `round_close` runs it as `pre_check` or as
    the "before_close" hook), so that the lock order is round, then sheets (by id).

    Refuses (RoundNotClosable, naming the tables) while sheets are unconfirmed, unless `confirm_all`: then
    the organiser confirms them here (with `reason`, required), which the history records. Returns the
    sheets. A fixed number of queries whatever the number of tables."""
    if confirm_all and not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can confirm sheets."))
    with transaction.atomic():
        if round.status == Round.Status.RELEASED:
            table_links_ensure(round=round)
        sheets = list(
            Sheet.objects.select_for_update(of=("self",))
            .filter(game__round=round, game__is_bye=False)
            .select_related("game")
            .order_by("id")
        )
        unconfirmed = [s for s in sheets if s.status not in Sheet.COUNTED_STATUSES]
        now = timezone.now()
        changes = []
        if unconfirmed:
            if not confirm_all:
                raise RoundNotClosable(sorted(t for s in unconfirmed if (t := s.game.table_number) is not None))
            reason = _check_reason(actor, reason)
            for sheet in unconfirmed:
                sheet.status = Sheet.Status.CONFIRMED
                sheet.confirmed_at = now
                sheet.version += 1
                changes.append(_change(sheet, actor, SheetChange.Action.CONFIRM, reason))
        to_lock = [s for s in sheets if s.status != Sheet.Status.LOCKED]
        for sheet in to_lock:
            sheet.updated_at = now  # bulk_update does not apply auto_now
            sheet.status = Sheet.Status.LOCKED
            sheet.version += 1
            changes.append(_change(sheet, actor, SheetChange.Action.LOCK, ""))
        if to_lock:
            Sheet.objects.bulk_update(to_lock, ["status", "confirmed_at", "version", "updated_at"])
            SheetChange.objects.bulk_create(changes)
        if unconfirmed:
            standings_request_recompute(event_id=round.event_id)
    return sheets


def _change(sheet: Sheet, actor: Actor, action: str, reason: str) -> SheetChange:
    return SheetChange(
        sheet=sheet,
        action=action,
        user=actor.user,
        link=actor.link,
        ip_address=actor.ip_address,
        user_agent=actor.user_agent,
        reason=reason,
        version=sheet.version,
    )


def sheets_recompute(*, round: Round) -> int:
    """Rebuild the cached results of every sheet of the round from its stored deals (e.g. after an engine
    fix); returns how many changed. Three queries plus one bulk update."""
    sheets = list(Sheet.objects.filter(game__round=round).select_related("game__round__event"))
    by_sheet: dict[int, list[dict[str, Any]]] = {s.pk: [] for s in sheets}
    for sheet_id, data in (
        Deal.objects.filter(sheet__in=sheets).order_by("sheet", "position").values_list("sheet_id", "data")
    ):
        by_sheet[sheet_id].append(data)
    changed = []
    for sheet in sheets:
        result = sheet_score(event=sheet.game.round.event, deals=by_sheet[sheet.pk])
        if result != sheet.result:
            cache_result(sheet, result, len(by_sheet[sheet.pk]))
            changed.append(sheet)
    Sheet.objects.bulk_update(changed, CACHE_FIELDS)
    return len(changed)


def round_before_close(round: Round) -> None:
    """tournaments' "before_close" hook: a round closes only when every sheet is confirmed; its sheets are
    then locked (in the same transaction). Refuses with tournaments' RoundCloseRefused, naming the tables."""
    try:
        round_sheets_lock(round=round, actor=Actor())
    except RoundNotClosable as exc:
        raise RoundCloseRefused(exc.message, code=exc.code) from exc


def round_after_release(round: Round) -> None:
    """tournaments' "after_release" hook: every table gets its sheet and two links at once, and the
    standings are recomputed after commit, so that the round's byes count from the moment it is public."""

    table_links_ensure(round=round)
    standings_request_recompute(event_id=round.event_id)
