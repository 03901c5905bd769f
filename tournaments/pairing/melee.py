"""Mêlée draw: individual players get new partners and new opponents each round."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .byes import ByeChoice, bye_preference, choose_byes
from .generator import DrawGenerator, PlannedGame
from .matching import pair_up
from .quality import pairing_flags
from .standings import standings_order
from .types import Draw

#: Random tie-break between equally good pairings: a number below this per pair.
NOISE = 1_000


class MeleeDraw(DrawGenerator):
    """Forms teams, then games, from single players (each entrant has exactly one player).

    First the partners: a matching of the players that repeats no partnership while avoidable (absolute,
    exact together with the choice of who sits out), with the 1 to 3 sit-outs (player count not divisible
    by 4) chosen among those with the fewest byes, lowest in the standings first (random in round 1). Then
    the games: a matching of the teams that minimises players meeting an opponent again. Both matchings
    break ties at random by ``seed``. Partners sit opposite. Clubs are not considered. Options: ``window``,
    ``exact_limit`` (as for Swiss).
    """

    method = "melee"
    TEAM_SIZE = 1
    MINIMUM = 4
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {"window": 32, "exact_limit": 60}

    def generate(self) -> Draw:
        standing = standings_order(self.entrants, self.rng)
        byes = choose_byes(
            self.entrants, len(standing) % 4, bye_preference(self.request.round_number, standing, self.rng)
        )
        order = sorted(standing)
        self.rng.shuffle(order)
        noise = random.Random(self.rng.getrandbits(64))
        player = self.field.player
        meetings = self.field.meetings

        def partner_cost(a: int, b: int) -> tuple[int, int]:
            return (int(meetings.partnered(player(a), player(b))), noise.randrange(NOISE))

        partnering = pair_up(
            order,
            partner_cost,
            byes=byes,
            max_conflicts=meetings.max_partners(),
            window=self.options["window"],
            exact_limit=self.options["exact_limit"],
        )
        teams = [tuple(pair) for pair in partnering.pairs]
        self.rng.shuffle(teams)
        team_of = {entrant: index for index, team in enumerate(teams) for entrant in team}
        # Teams holding a past opponent of either member: the conflicts of the second matching.
        rivals = [
            {team_of[o] for e in team for o in meetings.opponents.get(e, ()) if o in team_of} - {index}
            for index, team in enumerate(teams)
        ]

        def team_cost(t: int, u: int) -> tuple[int, int]:
            return (self.field.repeated_opponents(teams[t], teams[u]), noise.randrange(NOISE))

        gaming = pair_up(
            list(range(len(teams))),
            team_cost,
            byes=ByeChoice(0, (), ()),
            max_conflicts=max((len(r) for r in rivals), default=0),
            window=self.options["window"],
            exact_limit=self.options["exact_limit"],
        )
        origin = "exact" if partnering.exact else "heuristic"
        planned = []
        for t, u in gaming.pairs:
            side_a, side_b = (teams[t], teams[u]) if self.rng.random() < 0.5 else (teams[u], teams[t])
            planned.append(PlannedGame(side_a, side_b, pairing_flags(self.field, side_a, side_b, origin=origin)))
        self.rng.shuffle(planned)
        return self.finish(planned, [(entrant, None) for entrant in partnering.byes])
