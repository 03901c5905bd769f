"""o/ and a club's pages: the clubs a user organises, a new club and its refusals."""

import pytest

from tests.tournaments.views.view_helpers import url
from tournaments.models import Club, Membership

pytestmark = pytest.mark.django_db


def test_club_list_shows_my_clubs_and_creates_a_club(organiser_client, organiser):
    response = organiser_client.get(url("clubs"))
    assert response.status_code == 200
    assert organiser.club.name in response.content.decode()
    response = organiser_client.post(url("clubs"), {"slug": "neu", "name": "Neuer Club", "city": "Kiel"})
    assert response.status_code == 302
    club = Club.objects.get(slug="neu")
    assert Membership.objects.filter(user=organiser.user, club=club, role="organiser").exists()


def test_club_create_with_bad_or_reserved_slug_names_the_field(organiser_client, organiser):
    response = organiser_client.post(url("clubs"), {"slug": "new", "name": "X"})
    assert response.status_code == 200
    assert "reserved" in response.content.decode()
    response = organiser_client.post(url("clubs"), {"slug": organiser.club.slug, "name": "X"})
    assert response.status_code == 200
    assert response.context["form"].errors["slug"]
    response = organiser_client.post(url("clubs"), {"slug": "a b", "name": ""})
    assert set(response.context["form"].errors) == {"slug", "name"}
    assert Club.objects.count() == 1
