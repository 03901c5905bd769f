"""The organiser's fix for wrong seats found after several deals: one atomic swap of a game's sides that keeps
every deal (same rows, same positions, same history) and gives the totals to the right teams.

A sheet's side letter is a seat side: A is North/South, B East/West. Three things hang on it: the entries the
draw put there (`Game.entry_a` / `entry_b`, and the players in `Game.seats`), the letters the referee typed
(each deal's taker, trick points, belote, announcements, ...) and the phones (the table card's two codes and the
game's links, one per seat side). Which of them is wrong decides the fix:

- "teams" (the two teams sat at each other's places): the entries and their players change sides; the deals,
  the totals by side, the entering side and every link stay with the seats, so the result moves to the right
  entries. Phones on the table card keep their seat and stay right; a team's own link follows its entry to
  the other side (it is worked out from the game on every request).
- "seats" (the teams sat where drawn, but the sheet has N/S and E/W the other way round, e.g. the points typed
  in the other side's column): every deal is mirrored (A ↔ B wherever it names a team, `rules.mirror`) and
  scored again, so the totals, held points and winner flip; the entries, the seats, the entering side and
  every link stay (the phones write as before: the table is told to type N/S points under N/S from now on).

Only while the round is played (released): a closed round is reopened first. The sheet keeps its status; a
settled sheet's standings are recomputed. One `SheetChange` ("sides_swapped", before and after) and one row
of the event's history (`sides_swapped`), in the swap's transaction.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import CACHE_FIELDS, cache_result
from scoring.exceptions import FieldRequired, SheetStateError, SideNotAllowed
from scoring.models import Deal, Sheet, SheetChange
from scoring.rules.mirror import mirror_deal
from scoring.rules.words import SIDE_SEATS
from scoring.sheets.permissions import Actor
from scoring.sheets.services.write import (
    _check_reason,
    _check_version,
    _deals_of,
    _lock,
    _record,
    _request_standings,
    _validated,
)
from tournaments.models import Entry, Game, Round
from tournaments.services.history import event_log_add

#: What was swapped: the two teams (entries change sides), or N/S and E/W in the deals (deals mirrored).
SWAPS = ("teams", "seats")

# The seat each player moves to when the teams change places: the one across the side line, so each team's
# players keep their order (the first of North/South sits East, the second West, and back).
_SEAT_ACROSS = {
    **dict(zip(SIDE_SEATS["A"], SIDE_SEATS["B"], strict=True)),
    **dict(zip(SIDE_SEATS["B"], SIDE_SEATS["A"], strict=True)),
}


def _state(game: Game, sheet: Sheet) -> dict[str, Any]:
    """What the swap changes, in values an archive keeps (start numbers, not ids)."""

    def numbers(*entries: Entry | None) -> list[int]:
        return [entry.number for entry in entries if entry is not None]

    return {
        "A": numbers(game.entry_a, game.entry_a_partner),
        "B": numbers(game.entry_b, game.entry_b_partner),
        "totals": {"A": sheet.total_a, "B": sheet.total_b},
        "winner": sheet.winner or None,
    }


def sheet_sides_swap(*, sheet: Sheet, how: str, version: int, actor: Actor, reason: str) -> Sheet:
    """Swap the sides of the sheet's game as `how` says ("teams" or "seats", see the module), with a reason.

    Raises SideNotAllowed (not an organiser), FieldRequired (how, reason, version), SheetConflict (a stale
    version), SheetStateError (the round is not being played), DealInvalid (a mirrored deal the engine
    refuses: cannot happen for the deals it accepted, the rules treat both teams alike)."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can swap the sides of a game."))
    if how not in SWAPS:
        raise FieldRequired(
            "how", _("Choose what was swapped: the two teams, or N/S and E/W in the deals."), code="invalid"
        )
    with transaction.atomic():
        locked = _lock(sheet, event=True)
        round = locked.game.round
        if round.status != Round.Status.RELEASED:
            raise SheetStateError(
                _("Round %(number)s is %(status)s: sides are swapped while the round is played; reopen it first.")
                % {"number": round.number, "status": round.get_status_display().lower()},
                code="round_not_played",
            )
        reason = _check_reason(actor, reason)
        _check_version(locked, version)
        game = Game.objects.select_related("entry_a", "entry_a_partner", "entry_b", "entry_b_partner").get(
            pk=locked.game_id
        )
        before = _state(game, locked)
        if how == "teams":
            # A game with a sheet is no bye: both sides have an entry (constraint game_has_two_sides_unless_bye).
            assert game.entry_b is not None
            game.entry_a, game.entry_b = game.entry_b, game.entry_a
            game.entry_a_partner, game.entry_b_partner = game.entry_b_partner, game.entry_a_partner
            game.seats = {_SEAT_ACROSS[seat]: player for seat, player in (game.seats or {}).items()}
            game.save(update_fields=["entry_a", "entry_a_partner", "entry_b", "entry_b_partner", "seats"])
            fields = ["version", "updated_at"]
        else:
            deals = _deals_of(locked)
            before["deals"] = [deal.data for deal in deals]
            mirrored = [mirror_deal(deal.data) for deal in deals]
            result = _validated(locked, mirrored)
            now = timezone.now()
            for deal, data in zip(deals, mirrored, strict=True):
                deal.data = data
                deal.updated_at = now  # bulk_update does not apply auto_now
            Deal.objects.bulk_update(deals, ["data", "updated_at"])
            cache_result(locked, result, len(deals))
            fields = [*CACHE_FIELDS, "version", "updated_at"]
        locked.version += 1
        locked.save(update_fields=fields)
        after = _state(game, locked)
        if how == "seats":
            after["deals"] = mirrored
        _record(
            locked, actor, SheetChange.Action.SIDES_SWAPPED, before={"how": how, **before}, after=after, reason=reason
        )
        _request_standings(locked)
        event_log_add(
            event=round.event,
            action="sides_swapped",
            user=actor.user,
            reason=reason,
            round_number=round.number,
            table_number=game.table_number,
            table=game.table_number,
            how=how,
            a=" + ".join(str(n) for n in after["A"]),
            b=" + ".join(str(n) for n in after["B"]),
        )
    locked.game = game
    game.round = round
    return locked
