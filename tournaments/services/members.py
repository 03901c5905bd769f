"""A club's members and guests (players): add and change them."""

from __future__ import annotations

from typing import Any

from tournaments.models import Club, Player
from tournaments.services.base import apply_fields, save_validated

PLAYER_FIELDS = ("first_name", "last_name", "email", "is_guest", "is_junior", "home_club", "is_active")


def player_create(*, club: Club, data: dict[str, Any]) -> Player:
    """Add a member or guest to `club`. Likely duplicates are the caller's to warn of (player_duplicates)."""
    player = Player(club=club)
    apply_fields(player, data, PLAYER_FIELDS)
    return save_validated(player)


def player_update(*, player: Player, data: dict[str, Any]) -> Player:
    apply_fields(player, data, PLAYER_FIELDS)
    return save_validated(player)
