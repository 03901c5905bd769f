"""Score entry services: every write to a sheet goes through here.

Each write runs in one transaction: lock the sheet (`select_for_update(of=("self",))`), compare the
client's version (a stale one raises `SheetConflict`, never an overwrite), validate the whole sheet with the
rules engine (an invalid deal stores nothing), store, bump the version, write a `SheetChange` (who, which
link, from where, before and after, the reason of an organiser's correction), refresh the cached result.

Who may write is decided in `scoring.sheets.permissions` from the sheet's state and the actor's role; whether an actor
reaches the sheet at all (its own table link, or an organiser of the club) is the caller's check
(`scoring.sheets.selectors`). Lock order everywhere: event, then round, then sheets by id (see `write._lock`).

The deal writes are `deals`, the sheet's steps to confirmed (and the organiser's correction) are `steps`, the
organiser's swap of a game's sides is `sides`; the steps every write shares are `write`; the organiser's paper
sheet typed at the desk (all deals at once) is `grid`. The round hooks (release, close, reopen) are
`scoring.sheets.rounds`.
"""

from scoring.sheets.services.deals import deal_create, deal_delete, deal_insert, deal_update
from scoring.sheets.services.grid import sheet_grid_save
from scoring.sheets.services.sides import SWAPS, sheet_sides_swap
from scoring.sheets.services.steps import (
    SHEET_STEPS,
    sheet_confirm,
    sheet_correct,
    sheet_dispute,
    sheet_entering_side_switch,
    sheet_lock,
    sheet_step,
    sheet_submit,
)
from scoring.sheets.services.write import CLIENT_ID_RE, SheetWrite

__all__ = [
    "CLIENT_ID_RE",
    "SHEET_STEPS",
    "SWAPS",
    "SheetWrite",
    "deal_create",
    "deal_delete",
    "deal_insert",
    "deal_update",
    "sheet_confirm",
    "sheet_correct",
    "sheet_dispute",
    "sheet_entering_side_switch",
    "sheet_grid_save",
    "sheet_lock",
    "sheet_sides_swap",
    "sheet_step",
    "sheet_submit",
]
