"""Standings order: by score, then rank, then a seeded random tie-break."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .types import Entrant


def standings_order(entrants: Sequence[Entrant], rng: random.Random) -> list[int]:
    """Entrant ids best first: higher score, then better (lower) rank, unranked last, then random by ``rng``.

    Draws one random number per entrant, in id order, so the result depends only on the input and the seed.
    """
    by_id = sorted(entrants, key=lambda e: e.id)
    tie = {e.id: rng.random() for e in by_id}
    ranked = sorted(by_id, key=lambda e: (-e.score, e.rank if e.rank is not None else math.inf, tie[e.id]))
    return [e.id for e in ranked]


def score_groups(entrants: Sequence[Entrant]) -> dict[int, int]:
    """Entrant id → score group index (0 = highest score; equal scores share a group)."""
    levels = sorted({e.score for e in entrants}, reverse=True)
    index = {score: i for i, score in enumerate(levels)}
    return {e.id: index[e.score] for e in entrants}
