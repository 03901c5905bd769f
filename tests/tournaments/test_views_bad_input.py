"""Garbage into every organiser form and API endpoint of one's own club: a message or a refusal, never a 500."""

import pytest
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory, SeasonFactory, TableFactory
from tests.tournaments.permission_helpers import api_urls, page_urls, snapshot
from tournaments import services

pytestmark = pytest.mark.django_db

GARBAGE = [
    {},
    {"name": "", "slug": "../..", "number": "-1", "first": "x", "last": "9" * 30, "status": "maybe"},
    {
        "entry": "1; DROP TABLE",
        "player_1": "abc",
        "player_2": "-5",
        "fixed_table": "0",
        "seed": "1e9999",
        "method": "dutch",
        "regenerate": "1",
        "confirm": "on",
        "from_table": "0",
        "to_table": "x",
    },
    {
        "rounds": "1000000000000",
        "date": "2026-02-30",
        "rules_options": "[]",
        "game_length": "-3",
        "start_date": "yesterday",
        "end_date": "",
        "best_n": "-1",
        "form": "range",
    },
    {"first_name": "x" * 500, "last_name": "\x00", "email": "not-an-email", "form": "one", "number": "99999999999"},
]


@pytest.fixture
def mine(organiser):
    event = EventFactory(club=organiser.club, season=SeasonFactory(club=organiser.club), slug="mein-abend")
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    table = TableFactory(event=event, number=1)
    TableFactory(event=event, number=2)
    round = services.round_draw(event=event, number=1, seed=1)
    return {
        "club": organiser.club,
        "season": event.season,
        "event": event,
        "entries": entries,
        "table": table,
        "round": round,
        "player": entries[0].player_1,
    }


@pytest.mark.parametrize("payload", range(len(GARBAGE)))
def test_garbage_on_every_page_is_never_a_server_error(organiser_client, mine, payload):
    for method, path, _data in page_urls(mine):
        if method != "post":
            continue
        response = organiser_client.post(path, GARBAGE[payload])
        assert response.status_code < 500, path


@pytest.mark.parametrize("payload", range(len(GARBAGE)))
def test_garbage_on_every_api_endpoint_is_a_4xx_and_stores_nothing(organiser, mine, payload):
    client = APIClient()
    client.force_authenticate(organiser.user)
    for method, path, _data in api_urls(mine):
        if method != "post" or path.endswith(("/confirm/", "/release/")):
            continue
        before = snapshot()
        response = client.post(path, GARBAGE[payload], format="json")
        assert 400 <= response.status_code < 500, (path, response.content)
        assert snapshot() == before, path
