"""The words for the codes: labels shared by forms, selectors, pages, exports and the table-card PDF.

A leaf that imports no services or forms, so reads can use it. Cards and suits come from the rules core; the
announcements read as a table says them ("Terz bis König ♥ (20)", "Carré Buben (200)"), in the deal summaries
(the other side's page, the history) and on the referee page's announcement buttons (kind, suit, high card),
so that nobody reads a code such as "tierce:hearts:K".
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.rules.cards import CARRE_VALUES, run_value
from scoring.rules.words import SUIT_SYMBOLS, SUITS

__all__ = [
    "RUN_LENGTHS",
    "RUN_NAMES",
    "RUN_RANKS",
    "SIDE_LABELS",
    "SUITS",
    "SUIT_SYMBOLS",
    "announcement_buttons",
    "announcement_points",
    "announcement_words",
    "outcome_label",
]

SIDE_LABELS = {"A": gettext_lazy("North/South"), "B": gettext_lazy("East/West")}
RUN_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
RUN_NAMES = {"tierce": gettext_lazy("Tierce"), "quarte": gettext_lazy("Quarte"), "quinte": gettext_lazy("Quinte")}
RUN_LENGTHS = {"tierce": 3, "quarte": 4, "quinte": 5}

RANK_NAMES = {
    "7": pgettext_lazy("card rank name", "Seven"),
    "8": pgettext_lazy("card rank name", "Eight"),
    "9": pgettext_lazy("card rank name", "Nine"),
    "10": pgettext_lazy("card rank name", "Ten"),
    "J": pgettext_lazy("card rank name", "Jack"),
    "Q": pgettext_lazy("card rank name", "Queen"),
    "K": pgettext_lazy("card rank name", "King"),
    "A": pgettext_lazy("card rank name", "Ace"),
}
# The top card as the words of a run name it ("to King"); its own context, since French folds the
# preposition into the article ("au roi", "à l'as").
RANK_TO = {
    "7": pgettext_lazy("run up to rank", "Seven"),
    "8": pgettext_lazy("run up to rank", "Eight"),
    "9": pgettext_lazy("run up to rank", "Nine"),
    "10": pgettext_lazy("run up to rank", "Ten"),
    "J": pgettext_lazy("run up to rank", "Jack"),
    "Q": pgettext_lazy("run up to rank", "Queen"),
    "K": pgettext_lazy("run up to rank", "King"),
    "A": pgettext_lazy("run up to rank", "Ace"),
}
CARRE_NAMES = {
    "J": gettext_lazy("Carré of jacks"),
    "9": gettext_lazy("Carré of nines"),
    "A": gettext_lazy("Carré of aces"),
    "10": gettext_lazy("Carré of tens"),
    "K": gettext_lazy("Carré of kings"),
    "Q": gettext_lazy("Carré of queens"),
}
# The order of the buttons: carrés by value, as players rank them.
CARRE_BUTTONS = ("J", "9", "A", "10", "K", "Q")


def announcement_points(item: dict[str, Any]) -> int | None:
    if item.get("type") == "carre":
        return CARRE_VALUES.get(item.get("rank"))
    length = item.get("length") or RUN_LENGTHS.get(item.get("type"))
    return run_value(length) if isinstance(length, int) and length >= 3 else None


def announcement_words(item: dict[str, Any], *, points: bool = True) -> str:
    """One announcement of the deal JSON in words, e.g. "Tierce to King ♥ (20)"; falls back to its parts
    for a malformed item (which the rules engine refuses anyway)."""
    if not isinstance(item, dict):
        return str(item)
    kind = item.get("type")
    if kind == "carre":
        text = str(CARRE_NAMES.get(item.get("rank"), f"{_('Carré')} {item.get('rank')}"))
    else:
        length = item.get("length")
        name = RUN_NAMES.get(kind, kind)
        if isinstance(length, int) and length > 5:
            name = _("%(run)s of %(length)s cards") % {"run": name, "length": length}
        text = _("%(kind)s to %(rank)s %(suit)s") % {
            "kind": name,
            "rank": RANK_TO.get(item.get("high"), item.get("high")),
            "suit": SUIT_SYMBOLS.get(item.get("suit"), item.get("suit")),
        }
    value = announcement_points(item)
    return f"{text} ({value})" if points and value is not None else text


def announcement_buttons() -> dict[str, Any]:
    """What the three-tap picker offers: kinds (runs of 3 to 5 cards and the carré), suits, and for each
    run the high cards it can end on (a tierce ends on 9 or higher)."""
    runs = [
        {
            "kind": kind,
            "name": RUN_NAMES[kind],
            "points": run_value(length),
            "highs": [{"rank": r, "name": RANK_NAMES[r]} for r in RUN_RANKS[length - 1 :]],
        }
        for kind, length in RUN_LENGTHS.items()
    ]
    return {
        "runs": runs,
        "suits": [{"suit": s, "symbol": SUIT_SYMBOLS[s]} for s in SUITS],
        "carres": [{"rank": r, "name": CARRE_NAMES[r], "points": CARRE_VALUES[r]} for r in CARRE_BUTTONS],
        "ranks": [{"rank": r, "name": RANK_NAMES[r]} for r in RUN_RANKS],
    }


def outcome_label(outcome: str | None) -> str:
    return {
        "made": _("made"),
        "inside": _("inside"),
        "litige": _("litige (points held)"),
        "hanging": _("hanging (points held)"),
        "passed": _("passed"),
    }.get(outcome or "", "")
