"""Who has already met whom, as fast symmetric look-ups over the entrants present."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .types import History


def _symmetric(meetings: Mapping[int, Iterable[int]], keep: set[int]) -> dict[int, frozenset[int]]:
    """Both directions of every recorded meeting between members of ``keep``."""
    seen: dict[int, set[int]] = {key: set() for key in keep}
    for key in sorted(meetings):
        if key not in keep:
            continue
        for other in meetings[key]:
            if other in keep and other != key:
                seen[key].add(other)
                seen[other].add(key)
    return {key: frozenset(value) for key, value in seen.items()}


class Meetings:
    """Past opponents (by entrant id) and past partners (by player id), restricted to those present.

    Takes the ``History`` and the ids present; ``met``/``partnered`` answer in O(1) whichever side the
    history recorded a meeting under.
    """

    def __init__(self, history: History, entrant_ids: Iterable[int], player_ids: Iterable[int] = ()) -> None:
        self.opponents = _symmetric(history.opponents, set(entrant_ids))
        self.partners = _symmetric(history.partners, set(player_ids))

    def met(self, a: int, b: int) -> bool:
        """Have entrants ``a`` and ``b`` played against each other before?"""
        return b in self.opponents.get(a, ())

    def partnered(self, p: int, q: int) -> bool:
        """Have players ``p`` and ``q`` been partners before?"""
        return q in self.partners.get(p, ())

    def max_opponents(self) -> int:
        """The most past opponents any present entrant has among those present."""
        return max((len(v) for v in self.opponents.values()), default=0)

    def max_partners(self) -> int:
        """The most past partners any present player has among those present."""
        return max((len(v) for v in self.partners.values()), default=0)
