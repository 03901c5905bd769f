"""The 32-card Belote deck by value: the default card value tables, trick strength, and what announcements
are worth (spec §2, §3). The codes of suits, ranks and trumps are in `words`."""

from __future__ import annotations

from typing import Final

from scoring.rules.words import RANKS, SUIT, SUIT_SYMBOLS

LAST_TRICK: Final = 10  # "dix de der"
BELOTE: Final = 20

# Default value tables by rank (spec §2). Rule sets copy and may override them (`values`).
TRUMP_VALUES: Final = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES: Final = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
COINCHE_NO_TRUMP_VALUES: Final = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
COINCHE_ALL_TRUMP_VALUES: Final = {"J": 13, "9": 9, "A": 7, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}

# Trick-taking strength, weakest first (used by the random dealer to play tricks).
TRUMP_STRENGTH: Final = ("7", "8", "Q", "K", "10", "A", "9", "J")
PLAIN_STRENGTH: Final = ("7", "8", "9", "J", "Q", "K", "10", "A")

# Announcements (spec §3).
RUN_TYPES: Final = {"tierce": 3, "quarte": 4, "quinte": 5}
MAX_RUN: Final = 8
CARRE: Final = "carre"
CARRE_VALUES: Final = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
# Between carrés: J > 9 > A > 10 > K > Q.
CARRE_ORDER: Final = {"Q": 1, "K": 2, "10": 3, "A": 4, "9": 5, "J": 6}
CARRE_RANKS: Final = tuple(CARRE_VALUES)  # J 9 A 10 K Q
NO_CARRE_RANKS: Final = tuple(rank for rank in RANKS if rank not in CARRE_VALUES)  # four 7s or 8s count nothing
BELOTE_RANKS: Final = ("K", "Q")  # a belote is the K and Q of one suit


def run_value(length: int) -> int:
    """Value of a run of `length` ≥ 3 cards: tierce 20, quarte 50, quinte (5 or more) 100."""
    return 20 if length == 3 else 50 if length == 4 else 100


def run_type(length: int) -> str:
    return "tierce" if length == 3 else "quarte" if length == 4 else "quinte"


def card_name(suit: str, rank: str) -> str:
    """A language-neutral card name for messages: 'K♥'."""
    return f"{rank}{SUIT_SYMBOLS[suit]}"


def contract_card_values(kind: str, tables: dict[str, dict[str, int]]) -> tuple[int, ...]:
    """The 32 card values of a contract kind, sorted: suit = one trump suit + three plain suits."""
    if kind == SUIT:
        values = [tables["trump"][r] for r in RANKS] + [tables["plain"][r] for r in RANKS] * 3
    else:
        values = [tables[kind][r] for r in RANKS] * 4
    return tuple(sorted(values))
