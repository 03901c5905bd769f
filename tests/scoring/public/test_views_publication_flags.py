"""Unticking a publication flag takes effect at once on the public pages, even when their fragments are
cached (the cache keys follow the flags, not only the standings version)."""

import pytest
from django.urls import reverse

from tests.factories import DealFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play
from tournaments.models import Event
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


def test_hiding_the_sheets_hides_the_deals_at_once(client):
    event = make_event(status=Event.Status.RUNNING, public_sheets=True)
    one, two = make_entries(event, 2)
    game = play(make_round(event, 1), one, two, [(500, 300)])
    DealFactory(
        sheet=game.sheet, position=0, data={"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
    )
    url = reverse("public:entry", args=[event.club.slug, event.slug, 1])
    assert 'class="data deals"' in client.get(url).content.decode()  # and now it is cached
    event_update(event=event, data={"public_sheets": False})
    html = client.get(url).content.decode()
    assert 'class="data deals"' not in html
    event_update(event=event, data={"public_sheets": True})
    assert 'class="data deals"' in client.get(url).content.decode()


def test_hiding_the_standings_hides_them_at_once(client):
    event = make_event(status=Event.Status.RUNNING)
    one, two = make_entries(event, 2)
    play(make_round(event, 1), one, two, [(500, 300)])
    url = reverse("public:standings", args=[event.club.slug, event.slug])
    assert client.get(url).status_code == 200
    event_update(event=event, data={"public_standings": False})
    assert client.get(url).status_code == 404
    assert client.get(reverse("public:standings_table", args=[event.club.slug, event.slug])).status_code == 404
