"""An archive imported as a copy is named a copy wherever it is listed, and joins no season unless the
organiser ticks it: a copy of an evening already in the season would count it twice."""

import pytest
from django.urls import reverse

from scoring.exports.archive import event_archive
from scoring.standings.season import season_ranking
from tests.factories import MembershipFactory
from tests.scoring.archive_helpers import import_url, make_rich_event, upload
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def original(client):
    """The archived evening, in the season of its club, and the client logged in as that club's organiser."""
    event = make_rich_event()
    client.force_login(MembershipFactory(club=event.club).user)
    return event


def test_a_copy_joins_no_season_by_default_and_is_named_a_copy(client, original):
    before = season_ranking(season=original.season)
    data = {"file": upload(event_archive(event_id=original.pk))}
    response = client.post(import_url(original.club), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    copy = Event.objects.get(club=original.club, slug="abend-november-copy")
    assert copy.season is None
    assert copy.name == "Clubabend Hoheluft (copy)"
    after = season_ranking(season=original.season)
    assert [e["id"] for e in after["events"]] == [original.pk]
    assert [(r["player_id"], r["points"]) for r in after["rows"]] == [
        (r["player_id"], r["points"]) for r in before["rows"]
    ]
    club_page = client.get(reverse("tournaments:club", args=[original.club.slug]), HTTP_ACCEPT_LANGUAGE="de")
    assert "Clubabend Hoheluft (copy)" in club_page.content.decode()


def test_the_copy_is_named_in_the_organisers_language(client, original):
    data = {"file": upload(event_archive(event_id=original.pk))}
    client.post(import_url(original.club), data, HTTP_ACCEPT_LANGUAGE="de")
    assert Event.objects.get(slug="abend-november-copy").name == "Clubabend Hoheluft (Kopie)"


def test_the_copy_joins_the_season_only_when_ticked(client, original):
    data = {"file": upload(event_archive(event_id=original.pk)), "join_season": "on"}
    client.post(import_url(original.club), data)
    copy = Event.objects.get(club=original.club, slug="abend-november-copy")
    assert copy.season == original.season
    assert {e["id"] for e in season_ranking(season=original.season)["events"]} == {original.pk, copy.pk}


def test_the_import_form_offers_the_season_tick_off(client, original):
    html = client.get(import_url(original.club), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="join_season"' in html and "Count the copy in the season ranking" in html
    tick = html[html.index('name="join_season"') - 200 : html.index('name="join_season"') + 200]
    assert "checked" not in tick
