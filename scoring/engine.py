"""The rules engine at the edge: an event's rule set as the engine takes it, a sheet scored with messages
in the user's language (teams named by their seats), and the result cached on the sheet."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.labels import side_short
from scoring.models import Sheet
from scoring.rules import score_game
from scoring.rules.words import TEAMS
from tournaments.models import Event


def game_rules(event: Event) -> dict[str, Any]:
    """The event's rule set as the engine takes it: {"rules": preset, "options": {...}}."""
    rules = event.rules
    return {"rules": rules.get("rules"), "options": dict(rules.get("options") or {})}


def seat_side(side: str) -> str:
    """A side as the table knows it: "N/S" or "E/W" ("O/W" in German), never the code A or B."""
    return side_short(side, side)


class _SeatTemplate(str):
    """A translated engine message whose team parameters read as the table's seats: the engine names
    teams "A" and "B", which a referee at a table of N/S and E/W never sees."""

    def format(self, *args: Any, **params: Any) -> str:
        for key in ("team", "other"):
            if params.get(key) in TEAMS:
                params[key] = seat_side(params[key])
        return str.format(self, *args, **params)


def _seat_translate(template: str) -> str:
    return _SeatTemplate(_(template))


def _seat_ngettext(singular: str, plural: str, number: int) -> str:
    return _SeatTemplate(ngettext(singular, plural, number))


def sheet_score(*, event: Event, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The rules engine's §6 result for `deals` under the event's rule set, messages in the user's language
    with teams named by their seats (N/S, E/W)."""
    return score_game({**game_rules(event), "deals": deals}, translate=_seat_translate, ngettext=_seat_ngettext)


def cache_result(sheet: Sheet, result: dict[str, Any], deal_count: int) -> None:
    """Copy the engine's result onto the sheet's cached fields (the caller saves `CACHE_FIELDS`)."""
    sheet.result = result
    sheet.total_a = result["totals"]["A"]
    sheet.total_b = result["totals"]["B"]
    sheet.held = result["held"] or 0
    sheet.finished = bool(result["finished"])
    sheet.winner = result["winner"] or ""
    sheet.deal_count = deal_count


CACHE_FIELDS = ["result", "total_a", "total_b", "held", "finished", "winner", "deal_count"]
