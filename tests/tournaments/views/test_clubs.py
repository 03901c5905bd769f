"""o/ and a club's pages: the clubs a user organises, a new club and its refusals."""

import pytest
from django.contrib.auth.models import Permission
from django.test import override_settings

from tests.tournaments.views.view_helpers import url
from tournaments.models import Club, Membership

pytestmark = pytest.mark.django_db


def _allow_clubs(user):
    user.user_permissions.add(Permission.objects.get(content_type__app_label="tournaments", codename="add_club"))


def test_club_list_shows_my_clubs_and_creates_a_club(organiser_client, organiser):
    _allow_clubs(organiser.user)
    response = organiser_client.get(url("clubs"))
    assert response.status_code == 200
    assert organiser.club.name in response.content.decode()
    response = organiser_client.post(url("clubs"), {"slug": "neu", "name": "Neuer Club", "city": "Kiel"})
    assert response.status_code == 302
    club = Club.objects.get(slug="neu")
    assert Membership.objects.filter(user=organiser.user, club=club, role="organiser").exists()


def test_club_create_with_bad_or_reserved_slug_names_the_field(organiser_client, organiser):
    _allow_clubs(organiser.user)
    response = organiser_client.post(url("clubs"), {"slug": "new", "name": "X"})
    assert response.status_code == 200
    assert "reserved" in response.content.decode()
    response = organiser_client.post(url("clubs"), {"slug": organiser.club.slug, "name": "X"})
    assert response.status_code == 200
    assert response.context["form"].errors["slug"]
    response = organiser_client.post(url("clubs"), {"slug": "a b", "name": ""})
    assert set(response.context["form"].errors) == {"slug", "name"}
    assert Club.objects.count() == 1


def test_an_account_not_allowed_reads_who_to_ask_and_cannot_post_a_club(organiser_client, organiser):
    page = organiser_client.get(url("clubs"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "administrator to allow it" in page and 'name="slug"' not in page
    response = organiser_client.post(url("clubs"), {"slug": "neu", "name": "Neuer Club"}, follow=True)
    assert "This account may not start a club" in response.content.decode()
    assert not Club.objects.filter(slug="neu").exists()


@override_settings(ATOUT_CLUB_CREATION="anyone")
def test_an_installation_for_any_club_lets_every_account_start_one(organiser_client, organiser):
    assert organiser_client.post(url("clubs"), {"slug": "neu", "name": "Neuer Club"}).status_code == 302
    assert Club.objects.filter(slug="neu").exists()


def test_an_allowed_organiser_allows_a_co_organiser_and_withdraws_it(organiser_client, organiser):
    from tests.factories import MembershipFactory

    _allow_clubs(organiser.user)
    co = MembershipFactory(club=organiser.club).user
    page = url("organisers", club_slug=organiser.club.slug)
    organiser_client.post(page, {"club_creation": co.pk, "allowed": "yes"})
    assert co.__class__.objects.get(pk=co.pk).has_perm("tournaments.add_club")
    listing = organiser_client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "May start clubs" in listing and "Withdraw" in listing
    organiser_client.post(page, {"club_creation": co.pk, "allowed": "no"})
    assert not co.__class__.objects.get(pk=co.pk).has_perm("tournaments.add_club")


def test_allowing_needs_the_right_itself_and_an_organiser_of_this_club(organiser_client, organiser):
    from tests.factories import MembershipFactory

    co = MembershipFactory(club=organiser.club).user
    stranger = MembershipFactory().user
    page = url("organisers", club_slug=organiser.club.slug)
    response = organiser_client.post(page, {"club_creation": co.pk, "allowed": "yes"}, follow=True)
    assert "Only an account that may start clubs can allow others to." in response.content.decode()
    _allow_clubs(organiser.user)
    assert organiser_client.post(page, {"club_creation": stranger.pk, "allowed": "yes"}).status_code == 404
    assert organiser_client.post(page, {"club_creation": "9" * 40, "allowed": "yes"}).status_code == 404
    assert not stranger.has_perm("tournaments.add_club") and not co.has_perm("tournaments.add_club")
