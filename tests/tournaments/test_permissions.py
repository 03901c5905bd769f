"""An organiser of club X sees and changes nothing of club Y (404); anonymous users are sent to log in (pages)
or refused (API). Every organiser page and API endpoint, parametrised."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import (
    ClubFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    SeasonFactory,
    TableFactory,
    UserFactory,
)
from tests.tournaments.permission_helpers import api_urls, page_urls, snapshot
from tournaments import services
from tournaments.models import CheckIn

pytestmark = pytest.mark.django_db


@pytest.fixture
def other():
    """Club Y with a season, members, an event, entries, a table and a drawn round 1."""
    club = ClubFactory(slug="ypsilon")
    season = SeasonFactory(club=club)
    event = EventFactory(club=club, season=season, slug="y-abend")
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    table = TableFactory(event=event, number=1)
    TableFactory(event=event, number=2)
    round = services.round_draw(event=event, number=1, seed=1)
    return {
        "club": club,
        "season": season,
        "event": event,
        "entries": entries,
        "table": table,
        "round": round,
        "player": entries[0].player_1,
    }


PAGE_COUNT = 40
API_COUNT = 11


@pytest.mark.parametrize("index", range(PAGE_COUNT))
def test_organiser_of_another_club_gets_404_on_every_page_and_nothing_changes(organiser_client, other, index):
    assert len(page_urls(other)) == PAGE_COUNT
    method, path, data = page_urls(other)[index]
    before = snapshot()
    response = getattr(organiser_client, method)(path, data)
    assert response.status_code == 404, path
    assert snapshot() == before


@pytest.mark.parametrize("index", range(PAGE_COUNT))
def test_anonymous_is_sent_to_login_on_every_page(client, other, index):
    method, path, data = page_urls(other)[index]
    before = snapshot()
    response = getattr(client, method)(path, data)
    assert response.status_code == 302 and response.url.startswith(reverse("login")), path
    assert snapshot() == before


@pytest.mark.parametrize("index", range(API_COUNT))
def test_organiser_of_another_club_gets_404_on_every_api_endpoint(organiser, other, index):
    assert len(api_urls(other)) == API_COUNT
    client = APIClient()
    client.force_authenticate(organiser.user)
    method, path, data = api_urls(other)[index]
    before = snapshot()
    response = getattr(client, method)(path, data, format="json")
    assert response.status_code == 404, path
    assert snapshot() == before


@pytest.mark.parametrize("index", range(API_COUNT))
def test_anonymous_and_referees_are_refused_by_the_api(other, index):
    method, path, data = api_urls(other)[index]
    before = snapshot()
    response = getattr(APIClient(), method)(path, data, format="json")
    assert response.status_code in (401, 403), path
    # A signed-in account that organises nothing (a referee has no account: the table's links are theirs).
    client = APIClient()
    client.force_authenticate(UserFactory())
    assert getattr(client, method)(path, data, format="json").status_code in (403, 404)
    assert snapshot() == before


def test_club_list_shows_only_my_clubs(organiser_client, organiser, other):
    html = organiser_client.get(reverse("tournaments:clubs")).content.decode()
    assert other["club"].name not in html and organiser.club.name in html
    client = APIClient()
    client.force_authenticate(organiser.user)
    assert [c["slug"] for c in client.get("/api/v1/clubs/").json()["results"]] == [organiser.club.slug]


def test_mixing_my_club_in_the_url_with_their_objects_is_404(organiser_client, organiser, other):
    mine = EventFactory(club=organiser.club, slug="mein-abend")
    e = {"club_slug": organiser.club.slug, "event_slug": mine.slug}
    paths = [
        reverse("tournaments:event", kwargs={"club_slug": organiser.club.slug, "event_slug": other["event"].slug}),
        reverse("tournaments:event", kwargs={"club_slug": other["club"].slug, "event_slug": mine.slug}),
        reverse("tournaments:entry_edit", kwargs={**e, "entry_id": other["entries"][0].pk}),
        reverse("tournaments:table_edit", kwargs={**e, "table_id": other["table"].pk}),
        reverse("tournaments:member_edit", kwargs={"club_slug": organiser.club.slug, "player_id": other["player"].pk}),
        reverse("tournaments:season_edit", kwargs={"club_slug": organiser.club.slug, "season_id": other["season"].pk}),
    ]
    for path in paths:
        assert organiser_client.get(path).status_code == 404, path
    # Their players cannot be entered into my event, nor checked in, swapped or drawn through my URLs.
    response = organiser_client.post(
        reverse("tournaments:entries", kwargs=e),
        {"player_1": other["player"].pk, "player_2": PlayerFactory(club=organiser.club).pk},
    )
    assert "player_1" in response.context["form"].errors
    response = organiser_client.post(
        reverse("tournaments:checkin", kwargs={**e, "number": 1}),
        {"entry": other["entries"][0].pk, "status": "absent"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400
    assert CheckIn.objects.get(entry=other["entries"][0], round_number=1).status == "present"
