"""The organiser API: reads, entry creation, draw/confirm/release; errors name the field; query counts."""

import pytest
from rest_framework.test import APIClient

from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tournaments import selectors, services
from tournaments.models import Entry, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(organiser):
    client = APIClient()
    client.force_authenticate(organiser.user)
    return client


@pytest.fixture
def event(organiser):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, 9)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    return event


def test_clubs_and_events(api, organiser, event):
    body = api.get("/api/v1/clubs/").json()
    assert [c["slug"] for c in body["results"]] == [organiser.club.slug]
    assert api.get(f"/api/v1/clubs/{organiser.club.slug}/").json()["name"] == organiser.club.name
    events = api.get(f"/api/v1/clubs/{organiser.club.slug}/events/").json()["results"]
    assert [e["id"] for e in events] == [event.pk]
    detail = api.get(f"/api/v1/events/{event.pk}/").json()
    assert detail["rules"] == {"rules": "hoheluft", "options": {"deals": 12}}
    assert detail["club"] == organiser.club.slug and detail["status"] == "draft"


def test_entries_list_and_create(api, event):
    body = api.get(f"/api/v1/events/{event.pk}/entries/").json()
    assert body["count"] == 8 and body["results"][0]["number"] == 1
    p1, p2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    response = api.post(
        f"/api/v1/events/{event.pk}/entries/",
        {"player_1": p1.pk, "player_2": p2.pk, "check_in_round": 1, "name": "Les As"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["number"] == 9 and response.json()["display_name"] == "Les As"
    assert selectors.checkin_statuses(event=event, round_number=1)[response.json()["id"]] == "present"


@pytest.mark.parametrize(
    ("payload", "field", "status"),
    [
        ({}, "player_1", 400),
        ({"player_1": 999999, "player_2": "same"}, "player_1", 400),
        ({"player_1": "own", "player_2": "same"}, "player_2", 400),
        ({"player_1": "own"}, "player_2", 400),
        ({"player_1": "foreign", "player_2": "own2"}, "player_1", 400),
        ({"player_1": "taken", "player_2": "own2"}, "player_1", 400),
        ({"player_1": "own", "player_2": "own2", "fixed_table": 0}, "fixed_table", 400),
        ({"player_1": "own", "player_2": "own2", "check_in_round": 9}, "check_in_round", 400),
        ({"player_1": "own", "player_2": "own2", "needs_step_free": "perhaps"}, "needs_step_free", 400),
        ({"player_1": "own_float", "player_2": "own2"}, "player_1", 400),
        ({"player_1": "own", "player_2": "own2_text"}, "player_2", 400),
    ],
)
def test_entry_create_bad_input_names_the_field_and_stores_nothing(api, event, payload, field, status):
    own, own2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    values = {
        "own": own.pk,
        "own2": own2.pk,
        "own_float": float(own.pk),
        "own2_text": f"{own2.pk}.0",
        "same": own.pk,
        "foreign": PlayerFactory().pk,
        "taken": Entry.objects.filter(event=event).first().player_1_id,
    }
    data = {key: values.get(value, value) if isinstance(value, str) else value for key, value in payload.items()}
    before = Entry.objects.count()
    response = api.post(f"/api/v1/events/{event.pk}/entries/", data, format="json")
    assert response.status_code == status
    body = response.json()
    assert field in [e["field"] for e in body["errors"]] and body["detail"], body
    assert Entry.objects.count() == before


def test_entry_create_when_entries_are_closed_is_a_conflict(api, event):
    services.event_entries_set_open(event=event, is_open=False)
    p1, p2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    response = api.post(f"/api/v1/events/{event.pk}/entries/", {"player_1": p1.pk, "player_2": p2.pk}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "EntriesClosed"
    assert "closed" in response.json()["detail"]


def test_draw_confirm_release_and_read_games(api, event):
    response = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", {"seed": 12}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["number"] == 1 and body["seed"] == 12 and body["status"] == "draft"
    assert len(body["games"]) == 4 and body["quality"]["rematches"] == 0
    round_id = body["id"]
    again = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", {"seed": 13}, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["field"] == "regenerate"
    again = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", {"seed": 13, "regenerate": True}, format="json")
    assert again.status_code == 201 and again.json()["seed"] == 13
    assert api.post(f"/api/v1/rounds/{round_id}/release/").status_code == 409
    assert api.post(f"/api/v1/rounds/{round_id}/confirm/").json()["status"] == "confirmed"
    assert api.post(f"/api/v1/rounds/{round_id}/release/").json()["status"] == "released"
    games = api.get(f"/api/v1/rounds/{round_id}/games/").json()["results"]
    assert [g["table_number"] for g in games] == [1, 2, 3, 4]
    assert api.get(f"/api/v1/rounds/{round_id}/").json()["games"] == games
    assert [r["number"] for r in api.get(f"/api/v1/events/{event.pk}/rounds/").json()["results"]] == [1]


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"seed": -1}, "seed"),
        ({"seed": "abc"}, "seed"),
        ({"seed": 2**60}, "seed"),
        ({"method": "dutch"}, "method"),
        ({"method": "melee"}, "method"),
        ({"number": 0}, "number"),
        ({"number": 2}, "number"),
        ({"regenerate": "maybe"}, "regenerate"),
    ],
)
def test_draw_bad_input_names_the_field(api, event, payload, field):
    response = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", payload, format="json")
    assert response.status_code in (400, 409)
    body = response.json()
    assert field in [e["field"] for e in body["errors"]] and body["detail"], body
    assert not Round.objects.exists()


def test_draw_with_too_few_present_is_a_clear_400(api, organiser):
    event = EventFactory(club=organiser.club)
    response = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", {}, format="json")
    assert response.status_code == 400
    assert "at least 2" in response.json()["detail"]


def test_malformed_body_is_a_400_not_a_500(api, event):
    response = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", "{not json", content_type="application/json")
    assert response.status_code == 400
    response = api.post(f"/api/v1/events/{event.pk}/entries/", "[1, 2]", content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize("size", [8, 80])
def test_api_query_counts_do_not_grow_with_entries(api, organiser, size, django_assert_max_num_queries):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, size + 1)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    round = services.round_draw(event=event, number=1, seed=1)
    for path in (
        f"/api/v1/events/{event.pk}/entries/",
        f"/api/v1/rounds/{round.pk}/",
        f"/api/v1/rounds/{round.pk}/games/",
        f"/api/v1/events/{event.pk}/rounds/",
        f"/api/v1/clubs/{organiser.club.slug}/events/",
    ):
        with django_assert_max_num_queries(8):
            assert api.get(path).status_code == 200


def test_schema_lists_the_organiser_api(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path in (
        "/api/v1/clubs/",
        "/api/v1/events/{event_id}/entries/",
        "/api/v1/events/{event_id}/rounds/draw/",
        "/api/v1/rounds/{round_id}/release/",
    ):
        assert path in schema["paths"]
    assert "post" in schema["paths"]["/api/v1/events/{event_id}/entries/"]
