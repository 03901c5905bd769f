"""Which trick totals a team can really have, computed from a value table (spec §2, §5.3).

A team's trick points are the card points of the whole 4-card tricks it won, plus 10 for the last trick.
Hands are arbitrary, so any 4k cards of the deck can be the cards of k won tricks (each trick takes one card
from each hand: deal each player k of them). The reachable sets are therefore the sums of 4k-card subsets of
the 32 card values. They are computed, never hard-coded, so a club's custom table stays correct.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scoring.rules.cards import LAST_TRICK


@dataclass(frozen=True, slots=True)
class Reachable:
    """Reachable sets for one contract's 32 card values, for a deal that is not a capot.

    - `card_sums`: card points of 1..7 whole tricks (both teams won at least one trick).
    - `totals`: a team's trick points: card_sums, or card_sums + 10 when it took the last trick.
    - `card_total`: all 32 cards; the deal total is card_total + 10.
    """

    card_sums: frozenset[int]
    totals: frozenset[int]
    card_total: int

    @property
    def deal_total(self) -> int:
        return self.card_total + LAST_TRICK

    def excluded(self) -> list[int]:
        """Totals between 0 and the deal total that no non-capot deal can give (for docs and tests)."""
        return [t for t in range(self.deal_total + 1) if t not in self.totals]


@lru_cache(maxsize=64)
def reachable(card_values: tuple[int, ...]) -> Reachable:
    """Reachable sets for the 32 card values of a contract (order does not matter; pass a sorted tuple)."""
    if len(card_values) != 32 or any(v < 0 for v in card_values):
        raise ValueError("a Belote deck has 32 cards with values ≥ 0")
    # by_count[c] is a bitmask of the sums that exactly c cards can make.
    by_count = [0] * 33
    by_count[0] = 1
    for value in card_values:
        for count in range(31, -1, -1):
            if by_count[count]:
                by_count[count + 1] |= by_count[count] << value
    mask = 0
    for tricks in range(1, 8):
        mask |= by_count[4 * tricks]
    card_sums = frozenset(i for i in range(mask.bit_length()) if mask >> i & 1)
    totals = card_sums | frozenset(s + LAST_TRICK for s in card_sums)
    return Reachable(card_sums=card_sums, totals=totals, card_total=sum(card_values))
