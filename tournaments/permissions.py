"""Who may do what: an organiser acts only on their own clubs' data.

Every organiser view and API endpoint uses these. Objects of another club answer 404 (not 403), so the
existence of another club's event does not leak.
"""

from django.conf import settings
from django.db.models import QuerySet
from django.http import Http404
from rest_framework.permissions import BasePermission

from tournaments.models import Club, Membership


def organiser_club_ids(user) -> set[int]:
    """Ids of the clubs `user` organises (empty for anonymous users)."""
    if not user.is_authenticated:
        return set()
    cached = getattr(user, "_organiser_club_ids", None)
    if cached is None:
        cached = set(
            Membership.objects.filter(user=user, role=Membership.Role.ORGANISER).values_list("club_id", flat=True)
        )
        user._organiser_club_ids = cached
    return cached


def may_create_club(user) -> bool:
    """Whether `user` may start a new club on this installation (settings.ATOUT_CLUB_CREATION).

    "allowed" (the default): the installation's first account, superusers, and the accounts one of them has
    allowed (the `tournaments.add_club` permission, ticked on a club's organisers page). "anyone": every
    signed-in account, for an installation that hosts whichever club signs up."""
    if not user.is_authenticated:
        return False
    if settings.ATOUT_CLUB_CREATION == "anyone":
        return True
    return user.has_perm("tournaments.add_club")


def organiser_clubs(user) -> QuerySet[Club]:
    return Club.objects.filter(id__in=organiser_club_ids(user))


def is_organiser(user, club_id: int) -> bool:
    return club_id in organiser_club_ids(user)


def require_organiser(user, club_id: int) -> None:
    """Raise Http404 unless `user` organises the club (404: other clubs' data stays invisible)."""
    if not is_organiser(user, club_id):
        raise Http404


class IsClubOrganiser(BasePermission):
    """DRF: authenticated organiser; object-level check on the club itself, the object's `club_id` or its
    `event.club_id`."""

    def has_permission(self, request, view):
        return bool(organiser_club_ids(request.user))

    def has_object_permission(self, request, view, obj):
        club_id = obj.pk if isinstance(obj, Club) else getattr(obj, "club_id", None)
        if club_id is None and hasattr(obj, "event"):
            club_id = obj.event.club_id
        return club_id is not None and is_organiser(request.user, club_id)
