"""The 32-card Belote deck: suits, ranks, contract kinds and the default card value tables (spec §2)."""

from __future__ import annotations

from typing import Final

TEAMS: Final = ("A", "B")
OTHER: Final = {"A": "B", "B": "A"}

SUITS: Final = ("clubs", "diamonds", "hearts", "spades")
# Sequence order for runs in every suit (spec §3): 7 8 9 10 J Q K A.
RANKS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANK_INDEX: Final = {rank: i for i, rank in enumerate(RANKS)}
SUIT_SYMBOLS: Final = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}

# The values of a deal's `trump` field, and the contract kind each one is scored as.
NO_TRUMP: Final = "no_trump"
ALL_TRUMP: Final = "all_trump"
SUIT: Final = "suit"
TRUMPS: Final = (*SUITS, NO_TRUMP, ALL_TRUMP)
KIND_OF_TRUMP: Final = {**dict.fromkeys(SUITS, SUIT), NO_TRUMP: NO_TRUMP, ALL_TRUMP: ALL_TRUMP}

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
