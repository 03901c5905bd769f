"""A club's members and guests (players): add and change them."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F

from tournaments.models import Club, Player
from tournaments.services.base import apply_fields, save_validated

PLAYER_FIELDS = (
    "first_name",
    "last_name",
    "email",
    "is_guest",
    "is_junior",
    "home_club",
    "is_active",
    "results_mail",
    "publication",
)


def player_create(*, club: Club, data: dict[str, Any]) -> Player:
    """Add a member or guest to `club`. Likely duplicates are the caller's to warn of (player_duplicates)."""
    player = Player(club=club)
    apply_fields(player, data, PLAYER_FIELDS)
    return save_validated(player)


def player_update(*, player: Player, data: dict[str, Any]) -> Player:
    """Change a member. A change of consent for publication (or of a name) moves the club's
    `publication_version`, which the public pages' cached fragments carry: the new name shows at once."""
    # Read back from the database: a model form has already set the new values on `player`.
    shown = Player.objects.filter(pk=player.pk).values_list("first_name", "last_name", "publication").first()
    with transaction.atomic():
        apply_fields(player, data, PLAYER_FIELDS)
        player = save_validated(player)
        if (player.first_name, player.last_name, player.publication) != shown:
            Club.objects.filter(pk=player.club_id).update(publication_version=F("publication_version") + 1)
    return player
