"""The API's JSON parser (config.parsers): bodies DRF's parser let through to a 500 are a 400 naming why."""

import pytest

from tests.factories import EventFactory, PlayerFactory
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

DEEP_LIST = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000


@pytest.mark.parametrize("body", [DEEP_LIST, DEEP_OBJECT])
def test_nesting_too_deep_is_a_400_not_a_recursion_error(client, organiser_client, organiser, body):
    # json.load raised RecursionError, which DRF's parser does not catch: a 500 on every API endpoint.
    response = client.post("/api/v1/rules/score/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["errors"][0]["message"]
    event = EventFactory(club=organiser.club)
    response = organiser_client.post(f"/api/v1/events/{event.pk}/entries/", body, content_type="application/json")
    assert response.status_code == 400 and "nested too deeply" in response.json()["detail"]


def test_a_lone_surrogate_is_a_400_naming_it(client):
    # "\ud800" parsed to a str that no UTF-8 answer can hold: echoing it in the error failed while rendering.
    response = client.post("/api/v1/rules/score/", '{"rules": "\\ud800", "deals": []}', content_type="application/json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "game" and "U+D800 is a lone surrogate" in error["message"]


def test_a_lone_surrogate_stores_nothing(organiser_client, organiser):
    event = EventFactory(club=organiser.club, team_mode="melee")
    player = PlayerFactory(club=organiser.club)
    body = '{"player_1": ' + str(player.pk) + ', "name": "Les \\udc00 As"}'
    response = organiser_client.post(f"/api/v1/events/{event.pk}/entries/", body, content_type="application/json")
    assert response.status_code == 400 and "U+DC00" in response.json()["detail"]
    assert not Entry.objects.filter(event=event).exists()


def test_a_surrogate_pair_is_a_character_and_is_taken(organiser_client, organiser):
    event = EventFactory(club=organiser.club, team_mode="melee")
    player = PlayerFactory(club=organiser.club)
    body = '{"player_1": ' + str(player.pk) + ', "name": "Les As \\ud83c\\udccf"}'
    response = organiser_client.post(f"/api/v1/events/{event.pk}/entries/", body, content_type="application/json")
    assert response.status_code == 201, response.json()
    assert Entry.objects.get(event=event).name == "Les As \U0001f0cf"


def test_a_number_too_long_to_read_names_the_digit_limit(client):
    body = '{"rules": "hoheluft", "deals": [], "options": {"deals": ' + "9" * 5000 + "}}"
    response = client.post("/api/v1/rules/score/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    text = response.content.decode()
    assert "has more than 4300 digits" in text
    assert "set_int_max_str_digits" not in text
