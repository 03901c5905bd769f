"""Clubs: create one (its creator becomes its organiser), change its name and city."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Membership
from tournaments.services.base import apply_fields, save_validated
from tournaments.services.history import club_log_add

# Route names under o/<club>/ that a club's short name must not shadow.
RESERVED_CLUB_SLUGS = frozenset({"new"})


def club_create(*, user: User, slug: str, name: str, city: str = "") -> Club:
    """Create a club; `user` becomes its organiser."""
    if slug in RESERVED_CLUB_SLUGS:
        raise ValidationError({"slug": _("The short name %(slug)s is reserved; choose another.") % {"slug": slug}})
    with transaction.atomic():
        club = save_validated(Club(slug=slug, name=name, city=city))
        Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANISER)
    if hasattr(user, "_organiser_club_ids"):
        del user._organiser_club_ids
    return club


#: What other apps do when a club changes: "rating_changed" (the rating turned on or off) gets the club, inside
#: the transaction (scoring's hook rebuilds the ratings after commit).
CLUB_HOOKS: dict[str, list[Callable[[Club], None]]] = {"rating_changed": []}


def register_club_hook(name: str, hook: Callable[[Club], None]) -> None:
    if hook not in CLUB_HOOKS[name]:
        CLUB_HOOKS[name].append(hook)


CLUB_FIELDS = ("name", "city", "currency", "embed_origins", "rating_enabled")


def club_update(*, club: Club, data: dict[str, Any], user: User | None = None) -> Club:
    """Change a club's name, city, currency, the websites that may frame its standings and whether it rates its
    players (the short name stays: it is in every link). The fields that changed go into the club's history."""
    stored = Club.objects.filter(pk=club.pk).values(*CLUB_FIELDS).first() or {}
    apply_fields(club, data, CLUB_FIELDS)
    with transaction.atomic():
        club = save_validated(club)
        fields = [name for name in CLUB_FIELDS if getattr(club, name) != stored.get(name)]
        if fields:
            club_log_add(club=club, action="club_changed", user=user, fields=fields)
        if "rating_enabled" in fields and stored:
            for hook in list(CLUB_HOOKS["rating_changed"]):
                hook(club)
    return club
