"""Swiss draw: pair by current standings, never a rematch while a draw without one exists."""

from __future__ import annotations

from typing import Any, ClassVar

from .byes import bye_preference, choose_byes
from .generator import DrawGenerator, PlannedGame
from .matching import pair_up
from .quality import pairing_flags
from .standings import score_groups, standings_order
from .types import Draw

#: Cost of pairing across score groups, per squared group distance: a pairing two groups apart costs as
#: much as four one group apart, so pull-ups spread instead of piling onto one team.
GROUP_STEP = 10
#: Cost of a same-club game: "moderate", about a third of a pull-up by one group.
SAME_CLUB = 3


class SwissDraw(DrawGenerator):
    """Pairs by score, then rank (first against second, third against fourth, ...).

    A minimum-cost perfect matching, compared level by level: forbidden pairings first, rematches next
    (absolute), then the bye
    preference, then score-group distance and same club (weighed together), then squared distance in the
    standings. The top game gets the first table. Options:
    ``exact_limit`` (fields up to this size are matched over every pair, byes included), ``band_limit``
    (larger fields up to this size are matched exactly over the pairs close in the standings, see
    ``matching.band_width``), ``window`` (the band's least half-width, and the window beyond ``band_limit``),
    ``avoid_same_club``.
    """

    method = "swiss"
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {
        "window": 32,
        "exact_limit": 60,
        "band_limit": 2000,
        "avoid_same_club": True,
    }

    def generate(self) -> Draw:
        order = standings_order(self.entrants, self.rng)
        place = {entrant: index for index, entrant in enumerate(order)}
        group = score_groups(self.entrants)
        entrants = self.field.entrants
        met = self.field.meetings.met
        barred = self.field.meetings.barred_entrants
        club_cost = SAME_CLUB if self.options["avoid_same_club"] else 0

        def cost(a: int, b: int) -> tuple[int, int, int, int]:
            gap = group[a] - group[b]
            club = entrants[a].club_id
            same = club is not None and club == entrants[b].club_id
            # Last, squared distance in the standings: 1-2 3-4 first, and if 1-2 is out, 1-3 2-4.
            return (
                int(barred(a, b)),
                int(met(a, b)),
                GROUP_STEP * gap * gap + club_cost * same,
                (place[b] - place[a]) ** 2,
            )

        byes = choose_byes(self.entrants, len(order) % 2, bye_preference(self.request.round_number, order, self.rng))
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
        planned = [
            PlannedGame((a,), (b,), pairing_flags(self.field, (a,), (b,), origin=origin))
            for a, b in sorted(pairing.pairs, key=lambda pair: place[pair[0]])
        ]
        return self.finish(planned, [(entrant, None) for entrant in pairing.byes])
