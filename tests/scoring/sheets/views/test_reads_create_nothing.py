"""A GET never creates rows: a table link whose game has no sheet says "not ready" and stores nothing."""

import pytest

from scoring.models import Sheet, TableLink
from tests.address_helpers import round_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheetless_link():
    _round, games = released_round(tables=1)
    sheet, link_a, _link_b = table_of(games[0])
    sheet.delete()  # as if the release hook had not made it
    return link_a


def test_the_referee_page_of_a_game_without_a_sheet_says_not_ready_and_creates_none(client, sheetless_link):
    response = client.get(f"/t/{sheetless_link.token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert 'id="sheet-closed"' in response.content.decode() and "not ready" in response.content.decode()
    assert not Sheet.objects.filter(game=sheetless_link.game).exists()


def test_the_table_api_of_a_game_without_a_sheet_answers_409_and_creates_none(client, sheetless_link):
    response = client.get(f"/api/v1/table/{sheetless_link.token}/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 409
    assert response.json()["code"] == "table_not_ready"
    assert "noch nicht bereit" in response.json()["detail"]
    assert not Sheet.objects.filter(game=sheetless_link.game).exists()


@pytest.fixture
def bare_round(client):
    """A released round whose games have no sheets or links yet, and its organiser signed in."""
    round, games = released_round(tables=2)
    Sheet.objects.filter(game__in=games).delete()
    TableLink.objects.filter(game__in=games).delete()
    client.force_login(MembershipFactory(club=round.event.club).user)
    return round


@pytest.mark.parametrize(
    "path",
    [lambda r: round_url(r), lambda r: round_url(r, "cards.pdf"), lambda r: f"/api/v1/rounds/{r.pk}/sheets/"],
    ids=["sheets", "cards.pdf", "api"],
)
def test_the_organisers_round_reads_create_no_sheet_and_no_link(client, bare_round, path):
    response = client.get(path(bare_round))
    assert response.status_code == 200
    assert not Sheet.objects.filter(game__round=bare_round).exists()
    assert not TableLink.objects.filter(game__round=bare_round).exists()
