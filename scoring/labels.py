"""The words for the codes: labels shared by models, forms, selectors, pages, exports and the table-card PDF.

Every code-to-word table of the scoring side lives here (the tournaments' own words are in
`tournaments/labels.py`, whose seat letters this module passes on); the codes themselves, and the English
words of cards and contracts, come from the rules core's `scoring.rules.words`. A leaf that imports nothing of
scoring but the rules core, so that models, the engine edge and reads can all use it. The announcements read
as a table says them ("Terz bis König ♥ (20)", "Carré Buben (200)"), in the deal summaries (the other side's
page, the history) and on the referee page's announcement buttons (kind, suit, high card), so that nobody
reads a code such as "tierce:hearts:K".
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.rules.cards import CARRE_RANKS, CARRE_VALUES, run_value
from scoring.rules.words import (
    ALL_TRUMP,
    HANGING,
    INSIDE,
    LITIGE,
    MADE,
    NO_TRUMP,
    PASSED,
    RANK_WORDS,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    TEAMS,
)
from tournaments.labels import SEAT_LABELS

__all__ = [
    "CALCULATOR_OUTCOMES",
    "CARRE_BUTTONS",
    "OUTCOME_LABELS",
    "OUTCOME_WORDS",
    "RANK_LABELS",
    "RUN_LENGTHS",
    "RUN_NAMES",
    "RUN_RANKS",
    "SEAT_LABELS",
    "SIDE_CHOICES",
    "SIDE_CODE_LETTERS",
    "SIDE_LABELS",
    "SIDE_SHORT",
    "SIDE_TYPED_LETTERS",
    "SUITS",
    "SUIT_SYMBOLS",
    "TRUMP_LABELS",
    "TRUMP_NAMES",
    "TRUMP_SHORT",
    "WINNER_LABELS",
    "announcement_buttons",
    "announcement_points",
    "announcement_words",
    "deal_extras",
    "outcome_label",
    "side_short",
]

# --- sides and seats ------------------------------------------------------------------------------------

# A side in full (pages, forms, exports, the models' choices) and as the table writes it ("O/W" in German).
SIDE_LABELS = {"A": gettext_lazy("North/South"), "B": gettext_lazy("East/West")}

# The organiser's two fixes for wrong seats (scoring.sheets.services.sides.SWAPS): the form's choices, and the
# words the sheet's history shows beside "Sides swapped".
SWAP_LABELS = {
    "teams": gettext_lazy("The two teams sat at each other's places: the deals stay with the seats, the teams change."),
    "seats": gettext_lazy("The teams sat as drawn, but N/S and E/W are the other way round in the deals."),
}
SIDE_SHORT = {"A": pgettext_lazy("sides", "N/S"), "B": pgettext_lazy("sides", "E/W")}
SIDE_CHOICES = list(SIDE_LABELS.items())
# A side's letter in a table card's short code ("T5-N 4821"), the same in every language: N for North/South,
# W for East/West (West in German and English; never O, which reads as a zero). What a phone may type for a
# side at /c/ is wider: any compass letter of the side, in de, en or fr (SIDE_TYPED_LETTERS).
SIDE_CODE_LETTERS = {"A": "N", "B": "W"}
SIDE_TYPED_LETTERS = {"N": "A", "S": "A", "E": "B", "W": "B", "O": "B"}
# Who won a game in the results export: a side, or a draw.
WINNER_LABELS = {**SIDE_LABELS, "draw": gettext_lazy("Draw")}
# A seat's letter, SEAT_LABELS, is the tournaments' (the draw seats the players): imported from there.


def side_short(side: str | None, default: str = "?") -> str:
    """A side as the table writes it ("N/S", "E/W"); `default` for anything else."""
    return str(SIDE_SHORT[side]) if side in SIDE_SHORT else default


# --- cards and contracts --------------------------------------------------------------------------------

# A rank as the deal form writes it: digits as they are, the court cards' letters in the reader's language.
RANK_LABELS = {rank: pgettext_lazy("card rank", RANK_WORDS[rank]) if rank in RANK_WORDS else rank for rank in RANKS}
# A deal's trump on the deal form and the calculator (with its symbol), in the PDF export (words only: its
# fallback font has no card suits) and in the short deal line (the two contracts without a suit; suits show as
# SUIT_SYMBOLS).
TRUMP_LABELS = {
    "clubs": gettext_lazy("♣ Clubs"),
    "diamonds": gettext_lazy("♦ Diamonds"),
    "hearts": gettext_lazy("♥ Hearts"),
    "spades": gettext_lazy("♠ Spades"),
    NO_TRUMP: gettext_lazy("No trumps"),
    ALL_TRUMP: gettext_lazy("All trumps"),
}
TRUMP_NAMES = {
    "hearts": gettext_lazy("Hearts"),
    "diamonds": gettext_lazy("Diamonds"),
    "clubs": gettext_lazy("Clubs"),
    "spades": gettext_lazy("Spades"),
    NO_TRUMP: gettext_lazy("No trumps"),
    ALL_TRUMP: gettext_lazy("All trumps"),
}
# A deal's line on the sheets ("N/S Ohne Trumpf 90"): the suits as their symbols, the two contracts without a
# suit in the words a table says ("Sans atout", "Tout atout"), never a letter code such as "OT" or "AT".
TRUMP_SHORT = {NO_TRUMP: TRUMP_NAMES[NO_TRUMP], ALL_TRUMP: TRUMP_NAMES[ALL_TRUMP]}


# --- outcomes -------------------------------------------------------------------------------------------

# A deal's outcome in full (the referee page, the PDF export), in a public page's deal line, and in the
# calculator's own script (its words since its first version; one wording for all three would change pages).
OUTCOME_LABELS = {
    MADE: gettext_lazy("made"),
    INSIDE: gettext_lazy("inside"),
    LITIGE: gettext_lazy("litige (points held)"),
    HANGING: gettext_lazy("hanging (points held)"),
    PASSED: gettext_lazy("passed"),
}
OUTCOME_WORDS = {
    MADE: gettext_lazy("made"),
    INSIDE: gettext_lazy("inside"),
    LITIGE: gettext_lazy("litige"),
    HANGING: gettext_lazy("hanging"),
    PASSED: gettext_lazy("passed"),
}
CALCULATOR_OUTCOMES = {
    MADE: gettext_lazy("made"),
    INSIDE: gettext_lazy("inside"),
    LITIGE: gettext_lazy("litige (held)"),
    HANGING: gettext_lazy("hanging (held)"),
    PASSED: gettext_lazy("passed out"),
}

# --- announcements --------------------------------------------------------------------------------------

RUN_RANKS = RANKS
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
# The order of the buttons: carrés by value, as players rank them (J 9 A 10 K Q).
CARRE_BUTTONS = CARRE_RANKS


def announcement_points(item: dict[str, Any]) -> int | None:
    if item.get("type") == "carre":
        return CARRE_VALUES.get(item.get("rank"))
    length = item.get("length") or RUN_LENGTHS.get(item.get("type"))
    return run_value(length) if isinstance(length, int) and length >= 3 else None


def announcement_words(item: dict[str, Any], *, points: bool = True, symbols: bool = True) -> str:
    """One announcement of the deal JSON in words, e.g. "Tierce to King ♥ (20)" ("Tierce to King Hearts
    (20)" with `symbols` off, for the PDF whose fallback font has no card suits); falls back to its parts for
    a malformed item (which the rules engine refuses anyway)."""
    suits = SUIT_SYMBOLS if symbols else TRUMP_NAMES
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
            "suit": suits.get(item.get("suit"), item.get("suit")),
        }
    value = announcement_points(item)
    return f"{text} ({value})" if points and value is not None else text


def deal_extras(data: dict[str, Any], *, symbols: bool = True) -> list[str]:
    """What a deal adds to its contract and trick points, in words: the capot, each belote, and each team's
    announcements ("capot N/S", "belote E/W", "N/S: Tierce to King ♥ (20)"). The referee page's deal line and
    the PDF's score sheets both say them; `symbols` as for `announcement_words`."""
    parts = []
    if data.get("capot"):
        parts.append(_("capot %(side)s") % {"side": side_short(data["capot"])})
    for item in data.get("belote") or []:
        team = item if isinstance(item, str) else item.get("team") if isinstance(item, dict) else None
        parts.append(_("belote %(side)s") % {"side": side_short(team)})
    declarations = data.get("declarations") or {}
    if isinstance(declarations, dict):
        # In words, so that the other side checks what was announced, not just how many.
        for team in TEAMS:
            items = declarations.get(team) or []
            if isinstance(items, list) and items:
                words = ", ".join(announcement_words(item, symbols=symbols) for item in items)
                parts.append(f"{side_short(team)}: {words}")
    return parts


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
    return str(OUTCOME_LABELS.get(outcome or "", ""))


# --- the desk's paper-sheet grid ------------------------------------------------------------------------

# One key per side, trump and choice, as the organiser types a paper sheet (scoring/sheets/grid.py): the
# side letters the page shows (German "n" for N/S and "o" for O/W), a trump's first letter in the reader's
# words where two do not clash (German "t" for Kreuz, which players also call Treff, and "k" for Karo).
GRID_SIDE_KEYS = {"A": pgettext_lazy("grid key: side N/S", "n"), "B": pgettext_lazy("grid key: side E/W", "e")}
GRID_TRUMP_KEYS = {
    "clubs": pgettext_lazy("grid key: clubs", "c"),
    "diamonds": pgettext_lazy("grid key: diamonds", "d"),
    "hearts": pgettext_lazy("grid key: hearts", "h"),
    "spades": pgettext_lazy("grid key: spades", "s"),
    NO_TRUMP: pgettext_lazy("grid key: no trumps", "n"),
    ALL_TRUMP: pgettext_lazy("grid key: all trumps", "a"),
}
# A carré in the announcements' short form ("nc" + rank), and the capot bid of coinche.
GRID_CARRE_KEY = pgettext_lazy("grid key: carré", "c")
GRID_CAPOT_BID_KEY = pgettext_lazy("grid key: capot bid", "c")
# The printed blank sheet's and the grid's column headings by what the rule set has.
GRID_COLUMNS = {
    "taker": gettext_lazy("Taker"),
    "trump": gettext_lazy("Trump"),
    "bid": gettext_lazy("Bid"),
    "multiplier": gettext_lazy("Doubled"),
    "belote": gettext_lazy("Belote"),
    "announcements": gettext_lazy("Announcements"),
    "capot": gettext_lazy("Capot"),
}
# Belot names its contract, its doubling and its capot the Bulgarian way.
BELOT_COLUMNS = {
    "taker": gettext_lazy("Declarer"),
    "trump": gettext_lazy("Contract"),
    "multiplier": gettext_lazy("Contra / recontra"),
    "belote": gettext_lazy("Belot"),
    "announcements": gettext_lazy("Declarations"),
    "capot": gettext_lazy("Valat"),
}
COINCHE_COLUMNS = {"multiplier": gettext_lazy("Coinche / surcoinche")}
