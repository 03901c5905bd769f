"""The API's list pages (config.pagination): a limit past the database's range is cut, never a 500."""

import pytest

from config.pagination import MAX_LIMIT
from tests.factories import EntryFactory, EventFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("limit", [str(10**30), str(2**63), str(MAX_LIMIT + 1)])
def test_a_limit_past_the_largest_page_gives_the_largest_page(organiser_client, organiser, limit):
    # 10**30 reached PostgreSQL's LIMIT as is: "bigint out of range", a 500.
    event = EventFactory(club=organiser.club)
    EntryFactory.create_batch(3, event=event)
    response = organiser_client.get(f"/api/v1/events/{event.pk}/entries/", {"limit": limit, "offset": "1"})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 3 and len(body["results"]) == 2
    assert f"limit={MAX_LIMIT}" in body["previous"]


def test_an_offset_past_the_rows_is_an_empty_page(organiser_client, organiser):
    response = organiser_client.get("/api/v1/clubs/", {"offset": str(10**30), "limit": "5"})
    assert response.status_code == 200 and response.json()["results"] == []


def test_the_schema_states_the_bounds(client):
    schema = client.get("/api/schema/?format=json").json()
    parameters = {p["name"]: p["schema"] for p in schema["paths"]["/api/v1/clubs/"]["get"]["parameters"]}
    assert parameters["limit"] == {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT}
    assert parameters["offset"] == {"type": "integer", "minimum": 0}
