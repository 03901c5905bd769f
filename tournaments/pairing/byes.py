"""Who may sit out: fewest byes first, then the lowest in the standings (random in round 1)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .types import Entrant


@dataclass(frozen=True)
class ByeChoice:
    """``forced`` must sit out (they have fewer byes than others who sit out); ``pool`` are those among
    whom the remaining ``count - len(forced)`` byes go, most preferred first."""

    count: int
    forced: tuple[int, ...]
    pool: tuple[int, ...]

    @property
    def open(self) -> int:
        """How many byes still go to members of ``pool``."""
        return self.count - len(self.forced)


def bye_preference(round_number: int, standings: Sequence[int], rng: random.Random) -> list[int]:
    """Entrant ids in the order they should get a bye (ignoring bye counts).

    Takes the round number and the entrant ids in standings order (best first, see ``standings_order``).
    Round 1: a seeded random order. Later rounds: lowest in the standings first.
    """
    if round_number == 1:
        ids = sorted(standings)
        rng.shuffle(ids)
        return ids
    return list(reversed(standings))


def choose_byes(entrants: Sequence[Entrant], count: int, preference: Sequence[int]) -> ByeChoice:
    """The entrants eligible for ``count`` byes so that nobody sitting out has more byes than anybody
    playing (hence never a second bye while someone has none).

    Takes the entrants present, the number of byes, and the preference order from ``bye_preference``.
    """
    if count == 0:
        return ByeChoice(0, (), ())
    byes = {e.id: e.byes for e in entrants}
    threshold = sorted(byes.values())[count - 1]
    forced = tuple(i for i in preference if byes[i] < threshold)
    pool = tuple(i for i in preference if byes[i] == threshold)
    return ByeChoice(count, forced, pool)
