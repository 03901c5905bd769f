"""The organiser's paper sheet typed at the desk: all its deals in one write, with one reason for the sheet.
The shared steps are `write`'s (the one lock order, the version, the reason, the engine on the whole sheet,
the history rows, the cache and the standings request), as for every other write to a sheet."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.exceptions import SheetStateError, SideNotAllowed
from scoring.models import Deal, Sheet, SheetChange
from scoring.sheets.permissions import Actor, confirm_refusal
from scoring.sheets.services.write import (
    _after_write,
    _check_reason,
    _check_version,
    _deals_of,
    _history_row,
    _lock,
    _raise,
    _request_standings,
    _validated,
)


def sheet_grid_save(
    *, sheet: Sheet, deals: list[dict[str, Any]], version: int, actor: Actor, reason: str, confirm: bool = False
) -> tuple[Sheet, int]:
    """Make the sheet's deals `deals` (spec §6, in order), as an organiser types a paper sheet or corrects
    one: a deal whose data changed is updated, a new one added, one past the new end deleted; each has its
    own history row (before and after) with the one `reason`, all in one transaction, and the sheet's
    version goes up once. `confirm` then confirms a sheet not yet confirmed (the paper sheet is signed by both
    sides), with its own history row. Returns the sheet and the number of deals changed.

    Raises SideNotAllowed (not an organiser), FieldRequired (reason, version), SheetConflict, DealInvalid (the
    engine's errors; nothing stored), SheetStateError (nothing to change)."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can type a paper sheet at the desk."))
    with transaction.atomic():
        locked = _lock(sheet, event=True)
        reason = _check_reason(actor, reason)
        _check_version(locked, version)
        old = _deals_of(locked)
        result = _validated(locked, deals)
        was_settled = locked.status in Sheet.COUNTED_STATUSES
        changes: list[SheetChange] = []
        updated: list[Deal] = []
        for position, data in enumerate(deals):
            if position < len(old):
                deal = old[position]
                if deal.data == data:
                    continue
                changes.append(_row(locked, actor, SheetChange.Action.DEAL_UPDATE, position, deal.data, data, reason))
                deal.data = data
                deal.updated_at = timezone.now()
                updated.append(deal)
            else:
                changes.append(_row(locked, actor, SheetChange.Action.DEAL_CREATE, position, None, data, reason))
        removed = old[len(deals) :]
        for deal in removed:
            changes.append(_row(locked, actor, SheetChange.Action.DEAL_DELETE, deal.position, deal.data, None, reason))
        confirming = confirm and locked.status not in Sheet.COUNTED_STATUSES
        if not changes and not confirming:
            raise SheetStateError(_("Nothing to save: the grid is the same as the sheet."), code="no_change")
        if changes:
            if removed:
                Deal.objects.filter(pk__in=[d.pk for d in removed]).delete()
            if updated:
                Deal.objects.bulk_update(updated, ["data", "updated_at"])
            Deal.objects.bulk_create(
                [Deal(sheet=locked, position=p, data=d) for p, d in enumerate(deals) if p >= len(old)]
            )
            _after_write(locked, actor, result, len(deals), was_settled=was_settled)
            for change in changes:
                change.version = locked.version
        if confirming:
            _raise(confirm_refusal(locked, actor))
            locked.status = Sheet.Status.CONFIRMED
            locked.confirmed_at = timezone.now()
            locked.version += 1
            locked.save(update_fields=["status", "confirmed_at", "version", "updated_at"])
            changes.append(_history_row(locked, actor, SheetChange.Action.CONFIRM, reason=reason))
            _request_standings(locked)
        SheetChange.objects.bulk_create(changes)
    return locked, len(changes) - (1 if confirming else 0)


def _row(sheet: Sheet, actor: Actor, action: str, position: int, before: Any, after: Any, reason: str) -> SheetChange:
    return _history_row(sheet, actor, action, position=position, before=before, after=after, reason=reason)
