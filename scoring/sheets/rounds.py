"""Rounds and their sheets: the release hook (sheets and table links), revoking a link, the close check, locking
the sheets when a round closes, giving them back when it reopens, rescoring a round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import CACHE_FIELDS, cache_result, sheet_score
from scoring.exceptions import (
    RoundNotClosable,
    SheetStateError,
    SideNotAllowed,
    UnfinishedNotRuled,
)
from scoring.models import Deal, Sheet, SheetChange, TableLink
from scoring.queueing import standings_request_recompute
from scoring.rules.words import TEAMS
from scoring.sheets.closing import rulings_apply
from scoring.sheets.permissions import (
    Actor,
)
from scoring.sheets.selectors import attach_entries
from scoring.sheets.services.write import _check_reason
from tournaments.exceptions import RoundCloseRefused
from tournaments.models import Game, Round

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
        links = [TableLink(game_id=g, side=s) for g in game_ids for s in TEAMS if (g, s) not in active]
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


def round_sheets_lock(
    *,
    round: Round,
    actor: Actor,
    confirm_all: bool = False,
    reason: str = "",
    rules: dict[int, str] | None = None,
    seen: str = "",
) -> list[Sheet]:
    """Lock every sheet of the round, as closing it requires. Call it inside the transaction that closes
    the round, with the round row already locked (tournaments' `round_close` runs it as `pre_check` or as
    the "before_close" hook), so that the lock order is round, then sheets (by id).

    Refuses (RoundNotClosable, naming the tables) while sheets are unconfirmed, unless `confirm_all`: then
    the organiser confirms them here (with `reason`, required), which the history records. Unfinished games
    are ruled as the close page showed them (`rules`: the rule per table under "ask", `seen`: the page's
    stamp; see `scoring.sheets.closing.rulings_apply`, which refuses without them). Returns the sheets. A
    fixed number of queries whatever the number of tables."""
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
        if unconfirmed and not confirm_all:
            raise RoundNotClosable(sorted(t for s in unconfirmed if (t := s.game.table_number) is not None))
        ruled = any(not s.finished and not s.unfinished_rule for s in sheets)
        if unconfirmed or ruled:
            reason = _check_reason(actor, reason)
        if ruled:
            attach_entries([s.game for s in sheets])
        changes = rulings_apply(round=round, sheets=sheets, actor=actor, rules=rules, seen=seen, reason=reason)
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
        if to_lock or ruled:
            Sheet.objects.bulk_update(
                sheets,
                [
                    "status",
                    "confirmed_at",
                    "version",
                    "updated_at",
                    "unfinished_rule",
                    "ruled_total_a",
                    "ruled_total_b",
                ],
            )
            SheetChange.objects.bulk_create(changes)
        if unconfirmed or ruled:
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
    except (RoundNotClosable, UnfinishedNotRuled) as exc:
        raise RoundCloseRefused(exc.message, code=exc.code) from exc


def round_after_release(round: Round) -> None:
    """tournaments' "after_release" hook: every table gets its sheet and two links at once, and the
    standings are recomputed after commit, so that the round's byes count from the moment it is public."""

    table_links_ensure(round=round)
    standings_request_recompute(event_id=round.event_id)


def round_after_reopen(round: Round, *, reason: str = "", user: Any = None) -> None:
    """tournaments' "after_reopen" hook: the round's locked sheets become confirmed again (they still count;
    an organiser corrects them, the phones only read them), each with a "reopened" history row carrying the
    reason; the standings are recomputed after commit. Runs with the event and round locked, so the sheets are
    locked after them (the one lock order). A fixed number of queries whatever the number of tables."""
    sheets = list(
        Sheet.objects.select_for_update(of=("self",))
        .filter(game__round=round, status=Sheet.Status.LOCKED)
        .order_by("id")
    )
    now = timezone.now()
    actor = Actor(user=user, organiser=True)
    for sheet in sheets:
        sheet.status = Sheet.Status.CONFIRMED
        sheet.version += 1
        sheet.updated_at = now  # bulk_update does not apply auto_now
    if sheets:
        Sheet.objects.bulk_update(sheets, ["status", "version", "updated_at"])
        SheetChange.objects.bulk_create([_change(sheet, actor, SheetChange.Action.REOPEN, reason) for sheet in sheets])
    standings_request_recompute(event_id=round.event_id)
