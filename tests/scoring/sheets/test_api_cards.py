"""Issue 10 leftover: a table card's token works in the sheet JSON API as a game link's does. It reaches the
game at its table in the released round with its side's rights, follows the table to the next round, and
between rounds answers 404 saying which round it waits for."""

import pytest
from rest_framework.test import APIClient

from scoring.models import Deal, Sheet
from tests.address_helpers import event_url
from tests.factories import MembershipFactory
from tests.scoring.sheets.cards_helpers import card_of, evening, next_round
from tournaments.models import Round

pytestmark = pytest.mark.django_db

MADE = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


def url(card, rest=""):
    return f"/api/v1/table/{card.token}/{rest}"


def create(api, card, version, key):
    return api.post(url(card, "deals/"), {"deal": MADE, "version": version}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_table_card_reads_enters_and_confirms_its_tables_game_through_the_api():
    api = APIClient()
    event, _round1, _entries, games = evening(deals=2)
    card_a, card_b = card_of(event, 2, "A"), card_of(event, 2, "B")
    body = api.get(url(card_a)).json()
    assert body["game"]["id"] == games[1].pk and body["game"]["table_number"] == 2 and body["side"] == "A"
    assert body["permissions"]["edit"] is True
    version = 0
    for i in range(2):
        response = create(api, card_a, version, f"card-{i}")
        assert response.status_code == 201, response.json()
        version = response.json()["sheet"]["version"]
    assert create(api, card_a, 0, "card-0").json()["replayed"] is True  # idempotent like a game link
    assert Deal.objects.filter(sheet__game=games[1]).count() == 2
    other = api.get(url(card_b)).json()
    assert other["side"] == "B" and other["permissions"]["edit"] is False  # the game's rules for that side
    response = api.post(url(card_a, "submit/"), {"version": version}, format="json")
    assert response.status_code == 200, response.json()
    assert api.post(url(card_a, "confirm/"), {"version": response.json()["version"]}, format="json").status_code == 403
    response = api.post(url(card_b, "confirm/"), {"version": response.json()["version"]}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"
    assert Sheet.objects.get(game=games[1]).status == "confirmed"
    assert not Deal.objects.filter(sheet__game=games[0]).exists()  # the other table's game is untouched


def test_a_table_card_follows_its_table_into_the_next_round_and_waits_between_rounds():
    api = APIClient()
    event, round1, entries, _games = evening()
    card = card_of(event, 1, "A")
    round2, games2 = next_round(event, round1, [(entries[3], entries[0]), (entries[1], entries[2])])
    body = api.get(url(card)).json()
    assert body["game"]["id"] == games2[0].pk and body["game"]["round"] == 2
    round2.status = Round.Status.CLOSED
    round2.save(update_fields=["status"])
    response = api.get(url(card), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404 and "Waiting for round 3" in response.content.decode()
    assert create(api, card, 0, "late").status_code == 404
    assert not Deal.objects.exists()


def test_a_revoked_card_answers_404_in_the_api(client):
    api = APIClient()
    event, _round, _entries, _games = evening()
    old = card_of(event, 1, "B")
    client.force_login(MembershipFactory(club=event.club).user)
    client.post(event_url(event, "cards/tables/1/reissue/"))
    assert api.get(url(old)).status_code == 404
    assert api.get(url(card_of(event, 1, "B"))).status_code == 200
