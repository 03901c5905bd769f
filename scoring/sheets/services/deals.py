"""The deal writes of a sheet: create (with a client id, retries answered not stored twice), update, delete,
insert before a position. Each runs in one transaction through the shared steps of `write`."""

from __future__ import annotations

import copy
import json
from typing import Any

from django.db import connection, transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine import sheet_score
from scoring.exceptions import (
    DealInvalid,
    ScoringError,
    SheetStateError,
)
from scoring.live import sheet_changed
from scoring.models import Deal, Sheet, SheetChange
from scoring.sheets.deal_write import save_if_unchanged, save_together
from scoring.sheets.permissions import (
    Actor,
)
from scoring.sheets.services.write import (
    _SHIFT,
    SheetWrite,
    _after_write,
    _apply_write,
    _check_client_id,
    _deals_of,
    _entry_checked,
    _history_row,
    _lock,
    _record,
    _validated,
)
from tournaments.models import Game, Round

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
    written = _create_unlocked(sheet, data, version, client_id, actor, reason)
    if written is not None:
        return written
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
            sheet_changed(locked)  # no save signal: the live pages' answers change after commit
        else:
            deal.save(force_insert=True)
            _after_write(locked, actor, result, position + 1, was_settled=was_settled)
            change.version = locked.version
            change.save(force_insert=True)
    return SheetWrite(sheet=locked, deal=deal, created=True, deals=new)


def _create_unlocked(
    sheet: Sheet, data: dict[str, Any], version: int, client_id: str, actor: Actor, reason: str
) -> SheetWrite | None:
    """The phone's create in one statement and no transaction, or None for the locked path.

    The card's lookup read the sheet and its deals in its one statement (`read_deals`, not locked). When the
    deal would be an ordinary append by a table (no organiser, a sheet in entry, the version the phone sent),
    it is checked against those deals and written only while the sheet is still at that version and status
    and its history has not seen the client id (`save_if_unchanged`). Anything else, and every refusal, goes
    the locked way, which reads again under the lock and answers with authority: a sheet that moved on
    meanwhile (a deal from the other phone, a close, a side swap all change its version or status), a retry,
    a deal the engine refuses."""
    deals = getattr(sheet, "read_deals", None)
    if (
        deals is None
        or actor.organiser
        or sheet.status in Sheet.COUNTED_STATUSES
        or version != sheet.version
        or not _game_loaded(sheet)
        or connection.vendor != "postgresql"
    ):
        return None
    try:
        reason = _entry_checked(sheet, actor, reason, version)
        result = _validated(sheet, [*deals, data])
    except ScoringError:
        return None  # refused on what the lookup read: the locked path decides, and says why
    write = copy.copy(sheet)
    expected = {"version": sheet.version, "status": sheet.status}
    position = len(deals)
    deal = Deal(sheet=write, position=position, data=data, client_id=client_id)
    change = _history_row(
        write, actor, SheetChange.Action.DEAL_CREATE, position=position, after=data, reason=reason, client_id=client_id
    )
    fields = _apply_write(write, actor, result, position + 1)
    change.version = write.version
    if not save_if_unchanged(
        inserts=[deal, change], update=write, update_fields=fields, expected=expected, unseen_client_id=client_id
    ):
        return None
    sheet_changed(write)  # no save signal: the live pages' answers change after commit
    return SheetWrite(sheet=write, deal=deal, created=True, deals=[*deals, data])


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
    that no longer fits refuses the insert with its error. When the game (a points target or a number of
    deals) would now end before the sheet's last deals, the refusal names them and says what to do: remove
    those surplus last deals first, then insert. The insert never pushes a deal out by itself: a played,
    scored deal is only ever removed by someone who chose it, with its own row (and reason) in the history,
    since which deal is surplus (or misremembered) is the table's or the director's call, not the server's.

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
        result = _insert_validated(locked, new, position)
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


def _insert_validated(sheet: Sheet, deals: list[dict[str, Any]], position: int) -> dict[str, Any]:
    """`_validated` for an insert at `position`: when the game would now end before the last deals, the one
    error says which deals those are and that they must go first."""
    result = sheet_score(event=sheet.game.round.event, deals=deals)
    if result["valid"]:
        return result
    errors: list[dict[str, Any]] = result["errors"]
    first = errors[0] if errors else {}
    end = first.get("deal")
    if first.get("code") == "game_over" and isinstance(end, int) and end > position:
        # The engine stops at the first deal past the end: that deal and every later one no longer count.
        surplus = len(deals) - end
        on_sheet = len(deals) - 1  # the sheet's own numbering, before the insert
        params = {"last": end, "count": surplus, "first": on_sheet - surplus + 1, "end": on_sheet}
        message = (
            ngettext(
                "With this deal inserted, the game would end after deal %(last)s, and the sheet's last deal "
                "(deal %(end)s) would no longer count. Remove that surplus last deal first, then insert the "
                "forgotten one.",
                "With this deal inserted, the game would end after deal %(last)s, and the sheet's last %(count)s "
                "deals (deals %(first)s to %(end)s) would no longer count. Remove those surplus last deals first, "
                "then insert the forgotten one.",
                surplus,
            )
            % params
        )
        errors = [{**first, "message": message}, *errors[1:]]
    raise DealInvalid(errors)


def _deal_at(deals: list[Deal], position: Any) -> Deal:
    if type(position) is not int or not 0 <= position < len(deals):
        raise SheetStateError(
            _("There is no deal %(number)s on this sheet (it has %(count)s).")
            % {"number": position + 1 if type(position) is int else position, "count": len(deals)},
            code="no_such_deal",
        )
    return deals[position]
