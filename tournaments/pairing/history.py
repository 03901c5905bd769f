"""Who has already met whom, and who must never meet, as fast symmetric look-ups over those present."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

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


def _counts(meetings: Mapping[int, Mapping[int, int]], keep: set[int]) -> dict[int, dict[int, int]]:
    """Both directions of every counted meeting between members of ``keep`` (a pair recorded under both
    ids keeps the larger count: one direction is enough, both are not added up)."""
    seen: dict[int, dict[int, int]] = {}
    for key in sorted(meetings):
        if key not in keep:
            continue
        for other, times in meetings[key].items():
            if other in keep and other != key and times > 0:
                for x, y in ((key, other), (other, key)):
                    row = seen.setdefault(x, {})
                    row[y] = max(row.get(y, 0), times)
    return seen


def _pairs(pairs: Collection[tuple[int, int]], keep: set[int]) -> dict[int, frozenset[int]]:
    """Both directions of each pair whose two ids are in ``keep``."""
    if not pairs:
        return {}
    listed: dict[int, list[int]] = {}
    for p, q in sorted(pairs):
        listed.setdefault(p, []).append(q)
    return _symmetric(listed, keep)


class Meetings:
    """Past opponents (by entrant id) and past partners (by player id), restricted to those present; the
    season's partners and opponents and the forbidden pairs (by player id), restricted to those present.

    Takes the ``History``, the ids present and, for forbidden opponents, each player's entrant
    (``player_entrant``); every look-up answers in O(1) whichever side the history recorded a pair under.
    """

    def __init__(
        self,
        history: History,
        entrant_ids: Iterable[int],
        player_ids: Iterable[int] = (),
        player_entrant: Mapping[int, int] | None = None,
    ) -> None:
        players = set(player_ids)
        self.opponents = _symmetric(history.opponents, set(entrant_ids))
        self.partners = _symmetric(history.partners, players)
        self.season_partners = _counts(history.season_partners, players)
        self.season_opponents = _counts(history.season_opponents, players)
        self.no_partners = _pairs(history.forbidden_partners, players)
        self.no_opponents = _pairs(history.forbidden_opponents, players)
        entrant_of = player_entrant or {}
        barred: dict[int, set[int]] = {}
        for p, others in self.no_opponents.items():
            for q in others:
                a, b = entrant_of.get(p), entrant_of.get(q)
                if a is not None and b is not None and a != b:
                    barred.setdefault(a, set()).add(b)
        self.barred = {key: frozenset(value) for key, value in barred.items()}

    def met(self, a: int, b: int) -> bool:
        """Have entrants ``a`` and ``b`` played against each other before?"""
        return b in self.opponents.get(a, ())

    def partnered(self, p: int, q: int) -> bool:
        """Have players ``p`` and ``q`` been partners before?"""
        return q in self.partners.get(p, ())

    def season_partnered(self, p: int, q: int) -> int:
        """How often players ``p`` and ``q`` were partners on earlier evenings of the season."""
        return self.season_partners.get(p, {}).get(q, 0)

    def season_met(self, p: int, q: int) -> int:
        """How often players ``p`` and ``q`` met across a table on earlier evenings of the season."""
        return self.season_opponents.get(p, {}).get(q, 0)

    def never_partners(self, p: int, q: int) -> bool:
        """Must players ``p`` and ``q`` never be partners?"""
        return q in self.no_partners.get(p, ())

    def never_opponents(self, p: int, q: int) -> bool:
        """Must players ``p`` and ``q`` never play against each other?"""
        return q in self.no_opponents.get(p, ())

    def barred_entrants(self, a: int, b: int) -> bool:
        """Does entrant ``a`` hold a player who must never play against a player of entrant ``b``?"""
        return b in self.barred.get(a, ())

    def max_opponents(self) -> int:
        """The most entrants any present entrant conflicts with among those present: met before, or
        holding a player it must never play against (the ``d`` of the matching's windows)."""
        keys = set(self.opponents) | set(self.barred)
        return max((len(self.opponents.get(k, frozenset()) | self.barred.get(k, frozenset())) for k in keys), default=0)

    def max_partners(self) -> int:
        """The most players any present player conflicts with as partner among those present: partnered
        before this evening, or never to be partners."""
        keys = set(self.partners) | set(self.no_partners)
        return max(
            (len(self.partners.get(k, frozenset()) | self.no_partners.get(k, frozenset())) for k in keys), default=0
        )
