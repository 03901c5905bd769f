"""Random draw: a seeded random pairing that avoids rematches and same-club games."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from .byes import bye_preference, choose_byes
from .generator import DrawGenerator, PlannedGame
from .matching import pair_up
from .quality import pairing_flags
from .standings import standings_order
from .types import Draw, Entrant

#: Random tie-break between equally good pairings: a number of this many bits per pair (getrandbits is
#: several times cheaper than randrange, and a draw asks for one per candidate pair).
NOISE_BITS = 10


def spread_by_club(entrants: Sequence[Entrant], rng: random.Random) -> list[int]:
    """Entrant ids in a seeded random order where each club is spread evenly from first to last.

    Windowed matching sees a slice of this order at a time; spreading makes every slice hold about the
    same share of each club as the whole field, so avoiding same-club games locally works globally.
    """
    ids = sorted(e.id for e in entrants)
    rng.shuffle(ids)
    club_of = {e.id: e.club_id for e in entrants}
    members: dict[object, list[int]] = {}
    for entrant in ids:
        club = club_of[entrant]
        members.setdefault(("club", club) if club is not None else ("alone", entrant), []).append(entrant)
    key: dict[int, float] = {}
    for group in members.values():
        offset = rng.random()
        for index, entrant in enumerate(group):
            key[entrant] = (index + offset) / len(group)
    return sorted(ids, key=lambda entrant: key[entrant])


class RandomDraw(DrawGenerator):
    """A random pairing (by ``seed``): forbidden pairings avoided first, rematches next (absolute), then the
    bye preference, then same-club games (if ``avoid_same_club``), then a random tie-break. Sides and
    tables are random too.
    Options: ``window``, ``exact_limit``, ``band_limit`` (as for Swiss), ``avoid_same_club``.
    """

    method = "random"
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {
        "window": 32,
        "exact_limit": 60,
        "band_limit": 2000,
        "avoid_same_club": True,
    }

    def generate(self) -> Draw:
        standing = standings_order(self.entrants, self.rng)
        order = spread_by_club(self.entrants, self.rng)
        entrants = self.field.entrants
        met = self.field.meetings.met
        barred = self.field.meetings.barred_entrants
        avoid_club = self.options["avoid_same_club"]
        noise = random.Random(self.rng.getrandbits(64))

        def cost(a: int, b: int) -> tuple[int, int, int, int]:
            club = entrants[a].club_id
            same = avoid_club and club is not None and club == entrants[b].club_id
            return (int(barred(a, b)), int(met(a, b)), int(same), noise.getrandbits(NOISE_BITS))

        byes = choose_byes(self.entrants, len(order) % 2, bye_preference(self.request.round_number, standing, self.rng))
        pairing = pair_up(
            order,
            cost,
            byes=byes,
            max_conflicts=self.field.meetings.max_opponents(),
            window=self.options["window"],
            exact_limit=self.options["exact_limit"],
            band_limit=self.options["band_limit"],
            hard=2,
        )
        origin = "exact" if pairing.exact else "heuristic"
        planned = []
        for a, b in pairing.pairs:
            side_a, side_b = ((a,), (b,)) if self.rng.random() < 0.5 else ((b,), (a,))
            planned.append(PlannedGame(side_a, side_b, pairing_flags(self.field, side_a, side_b, origin=origin)))
        self.rng.shuffle(planned)
        return self.finish(planned, [(entrant, None) for entrant in pairing.byes])
