"""The first Swiss round seeded by the club's rating (`Event.seed_by_rating`, docs/rating.md), for the draw
manager: the ranks it gives the pairing core instead of the standings that round 1 does not have."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournaments.models import Event, PlayerRating


def rating_ranks(event: Event, round_number: int, entries: Mapping[int, dict]) -> dict[int, tuple[float, int | None]]:
    """Round 1 of a Swiss event seeded by the club's rating: entry id → (0, rank by its players' mean ordinal,
    strongest first; an unrated player counts as new, 0; equal ratings by start number). Empty otherwise.
    One query, only when seeded."""
    if not (
        round_number == 1
        and event.seed_by_rating
        and event.club.rating_enabled
        and event.pairing_method_for(1) == "swiss"
    ):
        return {}
    players = {p for row in entries.values() for p in (row["player_1_id"], row["player_2_id"]) if p}
    ordinal = {
        pid: mu - 3 * sigma
        for pid, mu, sigma in PlayerRating.objects.filter(player_id__in=players).values_list("player_id", "mu", "sigma")
    }

    def strength(row: Mapping[str, Any]) -> float:
        own = [p for p in (row["player_1_id"], row["player_2_id"]) if p]
        return sum(ordinal.get(p, 0.0) for p in own) / max(len(own), 1)

    order = sorted(entries, key=lambda e: (-strength(entries[e]), entries[e]["number"]))
    return {entry_id: (0.0, rank) for rank, entry_id in enumerate(order, start=1)}
