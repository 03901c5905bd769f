"""The headers a careful site sends: Permissions-Policy on every answer; no copy in any cache of what a table
token reads (the token API) or of an export file."""

import pytest

from tests.scoring.entry_helpers import released_round, table_of

pytestmark = pytest.mark.django_db

REFUSED = ("camera", "geolocation", "microphone", "payment", "usb")


def _permissions(response) -> dict[str, str]:
    parts = (part.strip().split("=", 1) for part in response["Permissions-Policy"].split(","))
    return {name: value for name, value in parts}


@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/rules/calculator/", "/api/v1/rules/", "/no-such/"])
def test_every_answer_refuses_camera_microphone_position_payment_and_usb(client, url):
    policy = _permissions(client.get(url))
    for feature in REFUSED:
        assert policy[feature] == "()", feature


def _no_store(response) -> bool:
    return "no-store" in {part.strip() for part in response.get("Cache-Control", "").split(",")}


def test_the_token_api_is_never_stored_in_a_cache(client):
    _round, games = released_round(tables=1)
    _sheet, link, _other = table_of(games[0])
    read = client.get(f"/api/v1/table/{link.token}/")
    assert read.status_code == 200 and _no_store(read)
    refused = client.post(f"/api/v1/table/{link.token}/deals/", {}, content_type="application/json")
    assert refused.status_code == 400 and _no_store(refused)
    unknown = client.get("/api/v1/table/" + "x" * 43 + "/")
    assert unknown.status_code == 404 and _no_store(unknown)
