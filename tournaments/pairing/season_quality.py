"""The draw quality of a mêlée season, counted from its games: how often partners and opponents met again
across the evenings and within one. Pure: shared by `bench/season_draw_bench.py` (draws of the pairing core)
and `manage.py simulate_season` (draws stored by the draw manager).

- partner repeats: partnerships that repeat an earlier one of the season, Σ max(0, n - 1) over player pairs;
  the fewest possible (``partner_floor``) is partnerships minus the player pairs allowed to partner (each
  can partner once before a repeat; a pair in ``never_partners`` cannot);
- ``most_often``: the most times one pair partnered over the season;
- ``first_repeat``: the first evening (1-based) with a partnership already played on an earlier evening;
  ``early_repeats``: the partner repeats of the first ``avoidable`` evenings, ``avoidable`` = player pairs //
  partnerships per evening with everyone present (9 for 40 players and 4 rounds: 720 partnerships fit into
  780 pairs, the 10th evening cannot avoid repeats);
- within evenings: repeated partners and repeated opponents inside one evening (the absolute rule: 0);
- opponent repeats: as partner repeats, for players across a table, and the most times one pair met;
- ``forbidden_partnerships``: the partnerships of pairs in ``never_partners`` (forbidden pairings: 0);
- with ``seconds`` (the draw times), their median and largest.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any

Pair = tuple[int, int]
# One game: the two sides, each the players sitting together (two in mêlée).
SeasonGame = tuple[Sequence[int], Sequence[int]]


def _pair(p: int, q: int) -> Pair:
    return (p, q) if p < q else (q, p)


def season_quality(
    evenings: Sequence[Sequence[SeasonGame]],
    *,
    players: int,
    rounds: int,
    seconds: Sequence[float] = (),
    never_partners: Iterable[Pair] = (),
) -> dict[str, Any]:
    """The figures above for `evenings` in the order played, each the games (byes left out) of its rounds;
    `players` is the season's field and `rounds` the rounds of an evening (for ``avoidable``)."""
    pairs = players * (players - 1) // 2
    never = {_pair(p, q) for p, q in never_partners}
    per_evening = players // 2 * rounds
    avoidable = pairs // per_evening if per_evening else 0
    season_partners: Counter[Pair] = Counter()
    season_opponents: Counter[Pair] = Counter()
    within_partners = within_opponents = early_repeats = 0
    first_repeat: int | None = None
    for evening, games in enumerate(evenings, start=1):
        tonight_partners: Counter[Pair] = Counter()
        tonight_opponents: Counter[Pair] = Counter()
        for side_a, side_b in games:
            for side in (side_a, side_b):
                if len(side) == 2:
                    pair = _pair(side[0], side[1])
                    within_partners += tonight_partners[pair] > 0
                    tonight_partners[pair] += 1
            for p, q in product(side_a, side_b):
                pair = _pair(p, q)
                within_opponents += tonight_opponents[pair] > 0
                tonight_opponents[pair] += 1
        if first_repeat is None and any(season_partners[pair] for pair in tonight_partners):
            first_repeat = evening
        if evening <= avoidable:
            early_repeats += sum(min(season_partners[pair], n) for pair, n in tonight_partners.items())
        season_partners.update(tonight_partners)
        season_opponents.update(tonight_opponents)
    partnerships = sum(season_partners.values())
    meetings = sum(season_opponents.values())
    figures: dict[str, Any] = {
        "evenings": len(evenings),
        "partnerships": partnerships,
        "partner_repeats": sum(n - 1 for n in season_partners.values()),
        "partner_floor": max(0, partnerships - (pairs - len(never))),
        "most_often": max(season_partners.values(), default=0),
        "first_repeat": first_repeat,
        "early_repeats": early_repeats,
        "avoidable": avoidable,
        "within_partners": within_partners,
        "within_opponents": within_opponents,
        "meetings": meetings,
        "opponent_repeats": sum(n - 1 for n in season_opponents.values()),
        "opponent_floor": max(0, meetings - pairs),
        "opponents_most": max(season_opponents.values(), default=0),
        "forbidden_partnerships": sum(season_partners[pair] for pair in never),
    }
    if seconds:
        figures["median_s"] = statistics.median(seconds)
        figures["max_s"] = max(seconds)
    return figures
