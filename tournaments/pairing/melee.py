"""Mêlée draw: individual players get new partners and new opponents each round."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .byes import ByeChoice, bye_preference, choose_byes
from .generator import DrawGenerator, PlannedGame
from .matching import Pairing, pair_up
from .quality import Field, pairing_flags
from .standings import standings_order
from .types import Draw

#: Random tie-break between equally good pairings: a number of this many bits per pair (getrandbits is
#: several times cheaper than randrange, and a draw asks for one per candidate pair).
NOISE_BITS = 10
#: Up to this many teams, the games are matched exactly over every pair of teams (about 0.05 s for 250
#: teams): the fewest repeated opponents any pairing of these teams allows, before the swaps.
OPPONENTS_WHOLE_LIMIT = 250


TableCost = tuple[int, int, int, int, int]


def _table_cost(field: Field, table: list[list[int]]) -> TableCost:
    """(forbidden pairs, repeated partners, season partner repeats, repeated opponents, season opponent
    repeats) of one table, the most important first."""
    first, second = table
    return (
        field.forbidden_partners(first) + field.forbidden_partners(second) + field.forbidden_opponents(first, second),
        field.repeated_partners(first) + field.repeated_partners(second),
        field.season_partner_times(first) + field.season_partner_times(second),
        field.repeated_opponents(first, second),
        field.season_opponent_times(first, second),
    )


def improve(tables: list[list[list[int]]], field: Field, passes: int = 4) -> list[list[list[int]]]:
    """Swap players between tables while that lowers the tables' cost (see ``_table_cost``).

    The two matchings form teams first and games second, so a team may be left with only past opponents
    (or a forbidden opponent) to play; swapping two players repairs that. Takes and returns tables as
    [[a, b], [c, d]] entrant ids (changed in place). A swap is kept only if the summed cost of the tables
    it touches falls lexicographically, so repeated partners never increase unless a forbidden pair goes.
    Tables without a forbidden pair or repeated opponent are not started from.
    """
    costs = [_table_cost(field, table) for table in tables]
    seats = [(table, side, slot) for table in range(len(tables)) for side in (0, 1) for slot in (0, 1)]
    for _ in range(passes):
        improved = False
        for here in range(len(tables)):
            for mine in seats[4 * here : 4 * here + 4]:
                if costs[here][0] == 0 and costs[here][3] == 0:
                    break
                for theirs in seats:
                    if theirs[:2] != mine[:2] and _swap_if_better(tables, costs, mine, theirs, field):
                        improved = True
                        break
        if not improved:
            break
    return tables


def _swap_if_better(
    tables: list[list[list[int]]],
    costs: list[TableCost],
    mine: tuple[int, int, int],
    theirs: tuple[int, int, int],
    field: Field,
) -> bool:
    (t, s, k), (u, v, m) = mine, theirs
    touched = sorted({t, u})
    before = tuple(map(sum, zip(*(costs[x] for x in touched), strict=True)))
    tables[t][s][k], tables[u][v][m] = tables[u][v][m], tables[t][s][k]
    new = {x: _table_cost(field, tables[x]) for x in touched}
    if tuple(map(sum, zip(*new.values(), strict=True))) < before:
        for x in touched:
            costs[x] = new[x]
        return True
    tables[t][s][k], tables[u][v][m] = tables[u][v][m], tables[t][s][k]
    return False


class MeleeDraw(DrawGenerator):
    """Forms teams, then games, from single players (each entrant has exactly one player).

    First the partners: a matching of the players that pairs no forbidden partners and repeats no
    partnership of the evening while avoidable (absolute, exact together with the choice of who sits out),
    then repeats the fewest partnerships of the season's earlier evenings (counted: twice before weighs
    twice; before the choice among equally fair sit-outs), with the 1 to 3 sit-outs (player count not divisible
    by 4) chosen among those with the fewest byes, lowest in the standings first (random in round 1). Then
    the games: a matching of the teams that seats no forbidden opponents across a table while avoidable,
    then minimises players meeting an opponent again, then the season's repeated opponents (exact over every
    pair of teams up to ``OPPONENTS_WHOLE_LIMIT`` teams, so no pairing of these teams repeats fewer), then
    swaps of two players while that lowers the cost (``improve``). Fields up to ``exact_limit``
    players take the best of ``attempts`` random starts. Both matchings break ties at random by ``seed``.
    Partners sit opposite. Clubs are not considered. Options: ``window``, ``exact_limit``, ``band_limit``
    (as for Swiss), ``attempts``.
    """

    method = "melee"
    TEAM_SIZE = 1
    MINIMUM = 4
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {"window": 32, "exact_limit": 60, "band_limit": 2000, "attempts": 8}

    def generate(self) -> Draw:
        standing = standings_order(self.entrants, self.rng)
        byes = choose_byes(
            self.entrants, len(standing) % 4, bye_preference(self.request.round_number, standing, self.rng)
        )
        # Small fields are cheap to draw: try several random starts and keep the best (the partner count is
        # the same minimum in each, so only repeated opponents differ). Ties keep the earliest.
        attempts = self.options["attempts"] if len(standing) <= self.options["exact_limit"] else 1
        best: tuple[tuple[int, ...], list[list[list[int]]], Pairing] | None = None
        for _ in range(attempts):
            tables, partnering = self._attempt(standing, byes)
            costs = [_table_cost(self.field, table) for table in tables]
            total = tuple(map(sum, zip(*costs, strict=True))) if costs else (0,) * 5
            if best is None or total < best[0]:
                best = (total, tables, partnering)
            if best[0][0] == 0 and best[0][3:] == (0, 0):
                break
        assert best is not None
        _, tables, partnering = best
        origin = "exact" if partnering.exact else "heuristic"
        season_exact = partnering.exact and partnering.scope == "whole"
        planned = []
        for first, second in tables:
            side_a, side_b = (tuple(first), tuple(second))
            if self.rng.random() < 0.5:
                side_a, side_b = side_b, side_a
            flags = pairing_flags(self.field, side_a, side_b, origin=origin, season_exact=season_exact)
            planned.append(PlannedGame(side_a, side_b, flags))
        self.rng.shuffle(planned)
        return self.finish(planned, [(entrant, None) for entrant in partnering.byes])

    def _attempt(self, standing: list[int], byes: ByeChoice) -> tuple[list[list[list[int]]], Pairing]:
        """One random start: partners, then games, then swaps. Returns tables and the partner matching."""
        order = sorted(standing)
        self.rng.shuffle(order)
        noise = random.Random(self.rng.getrandbits(64))
        player = self.field.player
        meetings = self.field.meetings
        opponents = meetings.opponents

        def partner_cost(a: int, b: int) -> tuple[int, int, int, int]:
            p, q = player(a), player(b)
            return (
                int(meetings.never_partners(p, q)),
                int(meetings.partnered(p, q)),
                meetings.season_partnered(p, q),
                noise.getrandbits(NOISE_BITS),
            )

        partnering = pair_up(
            order,
            partner_cost,
            byes=byes,
            max_conflicts=meetings.max_partners(),
            window=self.options["window"],
            exact_limit=self.options["exact_limit"],
            band_limit=self.options["band_limit"],
            hard=3,
        )
        teams = [tuple(pair) for pair in partnering.pairs]
        self.rng.shuffle(teams)
        team_of = {entrant: index for index, team in enumerate(teams) for entrant in team}
        barred = meetings.barred
        # Teams holding a past or forbidden opponent of either member: the conflicts of the second matching.
        rivals = [
            {team_of[o] for e in team for o in (*opponents.get(e, ()), *barred.get(e, ())) if o in team_of} - {index}
            for index, team in enumerate(teams)
        ]
        field = self.field

        def team_cost(t: int, u: int) -> tuple[int, int, int, int]:
            first, second = teams[t], teams[u]
            if u in rivals[t]:
                forbidden = field.forbidden_opponents(first, second)
                repeated = field.repeated_opponents(first, second)
            else:
                forbidden = repeated = 0
            season = field.season_opponent_times(first, second)
            return (forbidden, repeated, season, noise.getrandbits(NOISE_BITS))

        gaming = pair_up(
            list(range(len(teams))),
            team_cost,
            byes=ByeChoice(0, (), ()),
            max_conflicts=max((len(r) for r in rivals), default=0),
            window=self.options["window"],
            exact_limit=max(self.options["exact_limit"], OPPONENTS_WHOLE_LIMIT),
            band_limit=self.options["band_limit"],
            hard=2,
        )
        tables = improve([[list(teams[t]), list(teams[u])] for t, u in gaming.pairs], self.field)
        return tables, partnering
