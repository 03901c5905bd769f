"""The codes of the game, one list each, and the English words for the codes a message shows.

Every other module of the core, and every caller outside it, takes its codes from here: the sides (teams),
the seats, the suits, the ranks in sequence order, the values of a deal's `trump` field and the contract kind
each one is scored as, and the outcomes of a deal. The words are marked for extraction with the names
Django's `makemessages` knows (`gettext_noop`, `pgettext`) but stay English here: the edge translates them.
"""

from __future__ import annotations

from typing import Final


def gettext_noop(message: str) -> str:
    """Marks a string for extraction; returns it unchanged."""
    return message


def pgettext(context: str, message: str) -> str:
    """Marks a short word with its context for extraction (Django's name); returns it unchanged."""
    return message


# --- codes ---------------------------------------------------------------------------------------------

# The two sides of a table: A sits North/South, B East/West.
TEAMS: Final = ("A", "B")
OTHER: Final = {"A": "B", "B": "A"}
SEATS: Final = ("N", "E", "S", "W")  # in the order of play
SIDE_SEATS: Final = {"A": ("N", "S"), "B": ("E", "W")}

SUITS: Final = ("clubs", "diamonds", "hearts", "spades")
# Sequence order for runs in every suit (spec §3): 7 8 9 10 J Q K A.
RANKS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANK_INDEX: Final = {rank: i for i, rank in enumerate(RANKS)}

# The values of a deal's `trump` field, and the contract kind each one is scored as.
NO_TRUMP: Final = "no_trump"
ALL_TRUMP: Final = "all_trump"
SUIT: Final = "suit"
CONTRACT_KINDS: Final = (SUIT, NO_TRUMP, ALL_TRUMP)
TRUMPS: Final = (*SUITS, NO_TRUMP, ALL_TRUMP)
KIND_OF_TRUMP: Final = {**dict.fromkeys(SUITS, SUIT), NO_TRUMP: NO_TRUMP, ALL_TRUMP: ALL_TRUMP}

# The outcome of one deal in the result (spec §6): made, failed (inside), tied and held (litige), held in
# coinche or belot (hanging), passed out.
MADE: Final = "made"
INSIDE: Final = "inside"
LITIGE: Final = "litige"
HANGING: Final = "hanging"
PASSED: Final = "passed"
OUTCOMES: Final = (MADE, INSIDE, LITIGE, HANGING, PASSED)

# --- words ---------------------------------------------------------------------------------------------

SUIT_SYMBOLS: Final = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
# The letters of the court cards differ by language (German B D K A, French V D R A); digits do not.
RANK_WORDS: Final = {
    "J": pgettext("card rank", "J"),
    "Q": pgettext("card rank", "Q"),
    "K": pgettext("card rank", "K"),
    "A": pgettext("card rank", "A"),
}
CONTRACT_WORDS: Final = {NO_TRUMP: gettext_noop("no-trumps"), ALL_TRUMP: gettext_noop("all-trumps")}
ANNOUNCEMENT_WORDS: Final = {
    "tierce": pgettext("announcement", "tierce"),
    "quarte": pgettext("announcement", "quarte"),
    "quinte": pgettext("announcement", "quinte"),
    "carre": pgettext("announcement", "carré"),
}
