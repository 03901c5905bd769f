"""IsClubOrganiser decides on the club itself, on objects with a club, and on objects of an event."""

import pytest
from rest_framework.test import APIRequestFactory

from tests.factories import ClubFactory, EntryFactory, EventFactory, MembershipFactory
from tournaments.permissions import IsClubOrganiser

pytestmark = pytest.mark.django_db


@pytest.fixture
def request_of():
    def build(user):
        request = APIRequestFactory().get("/")
        request.user = user
        return request

    return build


def test_organiser_passes_on_own_club_event_and_entry(request_of):
    membership = MembershipFactory()
    event = EventFactory(club=membership.club)
    entry = EntryFactory(event=event)
    request = request_of(membership.user)
    permission = IsClubOrganiser()
    assert permission.has_permission(request, None)
    for obj in (membership.club, event, entry):
        assert permission.has_object_permission(request, None, obj), obj


def test_organiser_is_refused_on_another_clubs_objects(request_of):
    membership = MembershipFactory()
    other_club = ClubFactory()
    other_event = EventFactory(club=other_club)
    request = request_of(membership.user)
    permission = IsClubOrganiser()
    for obj in (other_club, other_event, EntryFactory(event=other_event)):
        assert not permission.has_object_permission(request, None, obj), obj
