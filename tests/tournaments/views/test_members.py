"""A club's members: the add form's duplicate warning, the search."""

import pytest

from tests.factories import PlayerFactory
from tests.tournaments.views.view_helpers import url
from tournaments import selectors
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_member_add_warns_about_a_likely_duplicate_and_saves_after_confirmation(organiser_client, organiser):
    club = organiser.club
    PlayerFactory(club=club, first_name="Jürgen", last_name="Müller")
    data = {"first_name": "Jurgen", "last_name": "Muller", "is_active": "on"}
    response = organiser_client.post(url("members", club_slug=club.slug), data)
    assert response.status_code == 200
    assert "Jürgen Müller" in response.content.decode()
    assert Player.objects.filter(club=club).count() == 1
    response = organiser_client.post(url("members", club_slug=club.slug), {**data, "confirm_new": "on"})
    assert response.status_code == 302
    assert Player.objects.filter(club=club).count() == 2


@pytest.mark.parametrize(
    ("first", "last", "duplicate"),
    [
        ("Marie-Claire", "Dubois", True),  # same name
        ("marie claire", "DUBOIS", True),  # case and punctuation
        ("Dubois", "Marie-Claire", True),  # swapped
        ("Marie-Clare", "Dubois", True),  # typo
        ("Marc", "Dubois", False),
        ("Marie-Claire", "Lefèvre", False),
    ],
)
def test_duplicate_names(organiser, first, last, duplicate):
    PlayerFactory(club=organiser.club, first_name="Marie-Claire", last_name="Dubois")
    other_club = PlayerFactory(first_name=first, last_name=last)
    found = selectors.player_duplicates(club=organiser.club, first_name=first, last_name=last)
    assert bool(found) is duplicate
    assert other_club not in found


def test_member_list_search(organiser_client, organiser):
    PlayerFactory(club=organiser.club, first_name="Anke", last_name="Hansen")
    PlayerFactory(club=organiser.club, first_name="Pierre", last_name="Martin")
    response = organiser_client.get(url("members", club_slug=organiser.club.slug), {"q": "hans"})
    assert [p.last_name for p in response.context["players"]] == ["Hansen"]


def test_member_list_search_folds_umlauts_and_accents(organiser_client, organiser, django_assert_max_num_queries):
    for first, last in [("Jürgen", "Petersen"), ("Monika", "Gruenwald"), ("Manuel", "Lefèvre"), ("Anke", "Hansen")]:
        PlayerFactory(club=organiser.club, first_name=first, last_name=last)
    found = {}
    for query in ("juergen", "Jurgen", "grünwald", "LEFEVRE manuel", "manul"):
        with django_assert_max_num_queries(8):
            response = organiser_client.get(url("members", club_slug=organiser.club.slug), {"q": query})
        found[query] = [p.first_name for p in response.context["players"]]
    assert found == {
        "juergen": ["Jürgen"],
        "Jurgen": ["Jürgen"],
        "grünwald": ["Monika"],
        "LEFEVRE manuel": ["Manuel"],
        "manul": [],
    }
