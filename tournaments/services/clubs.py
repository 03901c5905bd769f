"""Clubs: create one (its creator becomes its organiser), change its name and city."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Membership
from tournaments.services.base import apply_fields, save_validated

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


def club_update(*, club: Club, data: dict[str, Any]) -> Club:
    """Change a club's name, city and the websites that may frame its standings (the short name stays: it is in
    every link)."""
    apply_fields(club, data, ("name", "city", "currency", "embed_origins"))
    return save_validated(club)
