"""A club's members and guests (players): add and change them, each change kept in the club's history."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F

from config import live
from tournaments.models import Club, Event, Player
from tournaments.services.base import apply_fields, save_validated
from tournaments.services.history import club_log_add

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

# What the public pages show of a player: a change of one of these moves every public page of the club.
PUBLISHED_FIELDS = ("first_name", "last_name", "publication")


def player_create(*, club: Club, data: dict[str, Any], user: User | None = None) -> Player:
    """Add a member or guest to `club`. Likely duplicates are the caller's to warn of (player_duplicates)."""
    player = Player(club=club)
    apply_fields(player, data, PLAYER_FIELDS)
    with transaction.atomic():
        player = save_validated(player)
        action = "guest_added" if player.is_guest else "member_added"
        club_log_add(club=club, action=action, user=user, player=player, name=str(player))
    return player


def player_update(*, player: Player, data: dict[str, Any], user: User | None = None) -> Player:
    """Change a member, kept in the club's history with the fields that changed (a consent before and after).
    A change of consent for publication (or of a name) moves the club's `publication_version`, which the public
    pages' cached fragments carry, and tells the live pages of every evening of the club (not drafts, which no
    public page shows): the new name shows at once, the venue screen and the kept standings included."""
    # Read back from the database: a model form has already set the new values on `player`.
    stored = Player.objects.filter(pk=player.pk).values(*PLAYER_FIELDS).first() or {}
    with transaction.atomic():
        apply_fields(player, data, PLAYER_FIELDS)
        player = save_validated(player)
        fields = [name for name in PLAYER_FIELDS if getattr(player, name) != stored.get(name)]
        if not fields:
            return player
        details: dict[str, Any] = {"name": str(player), "fields": fields}
        if "publication" in fields:
            details.update(before=stored.get("publication"), after=player.publication)
        club_log_add(club=player.club, action="member_changed", user=user, player=player, **details)
        if any(name in fields for name in PUBLISHED_FIELDS):
            Club.objects.filter(pk=player.club_id).update(publication_version=F("publication_version") + 1)
            # Finished evenings too: their public standings and venue screen are kept answers as well.
            shown_live = (
                Event.objects.filter(club_id=player.club_id)
                .exclude(status=Event.Status.DRAFT)
                .values_list("pk", flat=True)
            )
            for event_id in shown_live:
                live.changed(event_id)
    return player
