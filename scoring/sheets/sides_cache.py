"""The teams and seats of a game for the score-entry API, from the cache while its round is played.

A deal POST answers with the whole sheet, whose game part names both teams and their seated players: one
query for the entries and players on every write, although they do not change during a round. They are
kept here in the default cache, in no language (labels are added at each use, in the caller's language),
under a key made of the game's entry ids and seats (from the game row the request loaded anyway, so a
re-seating or another entry is a new key) and a generation that every saved or deleted Entry or Player
changes (a renamed player shows at the next answer). A cache that is down is a miss: the query runs.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from scoring.labels import SEAT_LABELS, SIDE_LABELS
from scoring.sheets.selectors import game_sides
from tournaments.models import Entry, Game, Player

GENERATION_KEY = "game-sides:generation"
# A bulk update (queryset.update) sends no signal: such a change shows at the latest after this long.
TIMEOUT = 15 * 60


def _key(game: Game) -> str:
    seats = ",".join(f"{seat}{player}" for seat, player in sorted((game.seats or {}).items()))
    return (
        f"game-sides:{game.pk}:{game.entry_a_id}:{game.entry_a_partner_id}:{game.entry_b_id}:"
        f"{game.entry_b_partner_id}:{seats}"
    )


def game_sides_cached(game: Game) -> dict[str, dict[str, Any]]:
    """`scoring.sheets.selectors.game_sides(game)`, with the same keys, from the cache when it has them."""
    key = _key(game)
    found = cache.get_many([key, GENERATION_KEY])
    generation = found.get(GENERATION_KEY)
    stored = found.get(key)
    if stored is not None and generation is not None and stored[0] == generation:
        plain = stored[1]
    else:
        sides = game_sides(game)
        plain = {
            side: {"name": info["name"], "numbers": info["numbers"], "seats": info["seats"]}
            for side, info in sides.items()
        }
        if generation is None:
            generation = uuid.uuid4().hex
            cache.add(GENERATION_KEY, generation, None)
            generation = cache.get(GENERATION_KEY, generation)
        cache.set(key, (generation, plain), TIMEOUT)
    return {
        side: {
            "side": side,
            "label": SIDE_LABELS[side],
            "name": info["name"],
            "numbers": list(info["numbers"]),
            "seats": [tuple(seat) for seat in info["seats"]],
            "seat_rows": [(str(SEAT_LABELS[seat]), player) for seat, player in info["seats"]],
        }
        for side, info in plain.items()
    }


@receiver(post_save, sender=Entry, dispatch_uid="game_sides_entry_saved")
@receiver(post_delete, sender=Entry, dispatch_uid="game_sides_entry_deleted")
@receiver(post_save, sender=Player, dispatch_uid="game_sides_player_saved")
@receiver(post_delete, sender=Player, dispatch_uid="game_sides_player_deleted")
def _names_changed(**kwargs) -> None:
    # A new generation makes every stored game's sides stale at once, without knowing which games it touches.
    cache.set(GENERATION_KEY, uuid.uuid4().hex, None)
