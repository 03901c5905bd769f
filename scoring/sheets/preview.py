"""A deal checked against its sheet and the event's rule set without storing it: what the referee page shows
while a deal is typed (`referee_views.deal_check`) and what the API answers (`sheet_api.DealValidateApi`).
Each caller words the answer its own way; the placing and scoring are the same."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.engine import sheet_score
from scoring.models import Sheet
from scoring.rules.words import TEAMS
from scoring.sheets.selectors import sheet_deal_data


@dataclass(frozen=True)
class DealPreview:
    """The sheet's deals with the new one placed at `position`, and the rules engine's result for them all."""

    position: int
    deals: list[dict[str, Any]]
    result: dict[str, Any]

    @property
    def valid(self) -> bool:
        return bool(self.result["valid"])

    @property
    def scored(self) -> dict[str, Any]:
        """The deal's own result {outcome, score, held, collected, errors}; only when `valid`."""
        deal: dict[str, Any] = self.result["deals"][self.position]
        return deal

    @property
    def running(self) -> dict[str, int]:
        """Each side's total up to and including the deal; only when `valid`."""
        running = {"A": 0, "B": 0}
        for item in self.result["deals"][: self.position + 1]:
            running = {t: running[t] + (item["score"] or {}).get(t, 0) for t in TEAMS}
        return running


def deal_preview(
    *, sheet: Sheet, deal: dict[str, Any], position: int | None = None, insert: int | None = None
) -> DealPreview:
    """Place `deal` among the sheet's deals and score them all under the event's rule set, storing nothing.

    `insert` (0-based, at most the number of deals) puts it before the deal there; otherwise `position`
    (0-based) replaces that deal; with neither, or outside the deals (past the end, or negative), it comes
    last. The sheet's deals: one query (none when a card's lookup read them); they are scored once, with the
    new one. Raises nothing: a broken rule set or deal gives `valid` false with the engine's errors."""
    read = getattr(sheet, "read_deals", None)  # a card's lookup read them already (sheets/card_lookup.py)
    deals = list(read) if read is not None else sheet_deal_data(sheet)
    if insert is not None and 0 <= insert <= len(deals):
        position = insert
        deals.insert(position, deal)
    elif position is None or not 0 <= position < len(deals):
        position = len(deals)
        deals.append(deal)
    else:
        deals[position] = deal
    result = sheet_score(event=sheet.game.round.event, deals=deals)
    return DealPreview(position=position, deals=deals, result=result)
