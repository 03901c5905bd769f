"""A game link's PIN: asked at confirm and dispute, refused in a sentence when wrong, and limited to
PIN_FAILURE_LIMIT wrong tries in PIN_WINDOW per side of a sheet, so four digits cannot be guessed."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
from django.db.models import F
from rest_framework.test import APIClient

from scoring.models import PinFailure, Sheet, TableLink
from scoring.sheets.permissions import Actor
from scoring.sheets.pins import PIN_FAILURE_LIMIT, PIN_WINDOW
from scoring.sheets.services import deal_create, sheet_submit
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]

DEAL = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


def submitted(event, game, *, submit: bool = True) -> Sheet:
    a = Actor(link=TableLink.objects.active().get(game=game, side="A"), card=card_of(event, game.table_number, "A"))
    sheet = Sheet.objects.get(game=game)
    for number in range(2):
        sheet = deal_create(sheet=sheet, data=DEAL, version=sheet.version, client_id=f"d{number}", actor=a).sheet
    return sheet_submit(sheet=sheet, version=sheet.version, actor=a) if submit else sheet


def wrong(pin: str) -> str:
    return "1111" if pin != "1111" else "2222"


def test_wrong_pins_are_refused_in_a_sentence_then_the_side_waits(client):
    event, _round, _entries, games = evening(tables=2, deals=2)
    sheet, other = submitted(event, games[0]), submitted(event, games[1])
    link = TableLink.objects.active().get(game=games[0], side="B")
    pin = card_of(event, 1, "B").pin
    url = f"/api/v1/table/{link.token}/confirm/"
    api = APIClient()
    for left in range(PIN_FAILURE_LIMIT - 1, 0, -1):
        answer = api.post(url, {"version": sheet.version, "pin": wrong(pin)}, format="json")
        body = answer.json()
        assert answer.status_code == 403 and body["code"] == "pin_wrong", body
        assert body["errors"] == [{"field": "pin", "code": "pin_wrong", "message": body["detail"]}]
        assert f" {left} more tr" in body["detail"] and "East/West" in body["detail"], body["detail"]
    answer = api.post(url, {"version": sheet.version, "pin": wrong(pin)}, format="json")
    assert answer.status_code == 429 and answer.json()["code"] == "pin_locked"
    # Locked: even the right PIN is not checked until the window has passed.
    answer = api.post(url, {"version": sheet.version, "pin": pin}, format="json")
    assert answer.status_code == 429 and "10 minutes" in answer.json()["detail"]
    assert PinFailure.objects.filter(sheet=sheet, side="B").count() == PIN_FAILURE_LIMIT
    # Another table's sheet counts its own tries.
    other_link = TableLink.objects.active().get(game=games[1], side="B")
    answer = api.post(
        f"/api/v1/table/{other_link.token}/confirm/",
        {"version": other.version, "pin": card_of(event, 2, "B").pin},
        format="json",
    )
    assert answer.status_code == 200
    # Ten minutes later (the tries moved back in time: no clock to freeze here).
    PinFailure.objects.update(failed_at=F("failed_at") - PIN_WINDOW - timedelta(seconds=1))
    answer = api.post(url, {"version": sheet.version, "pin": pin}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "confirmed"
    assert not PinFailure.objects.filter(sheet=sheet, side="B").exists()  # the old tries were cleared


def test_a_refusal_that_is_not_about_the_pin_comes_first_and_counts_no_try(client):
    event, _round, _entries, games = evening(tables=1, deals=2)
    sheet = submitted(event, games[0], submit=False)
    link = TableLink.objects.active().get(game=games[0], side="B")
    answer = APIClient().post(
        f"/api/v1/table/{link.token}/confirm/", {"version": sheet.version, "pin": "9999"}, format="json"
    )
    assert answer.status_code == 409 and answer.json()["code"] == "not_submitted"
    assert not PinFailure.objects.exists()


@pytest.mark.parametrize(
    ("language", "needs", "wrong_words"),
    [
        ("de", "Um zu bestätigen, geben Sie die PIN Ihrer Seite ein", "Die PIN ist falsch."),
        ("en", "To confirm, type your side's PIN", "The PIN is wrong."),
        ("fr", "Pour confirmer, saisissez le code PIN de votre camp", "Le code PIN est faux."),
    ],
)
def test_the_phone_page_asks_for_the_pin_and_refuses_in_the_readers_language(client, language, needs, wrong_words):
    event, _round, _entries, games = evening(tables=1, deals=2)
    sheet = submitted(event, games[0])
    link = TableLink.objects.active().get(game=games[0], side="B")
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    page = client.get(f"/t/{link.token}/", **headers).content.decode()
    for attribute in ('id="confirm-pin"', 'inputmode="numeric"', 'autocomplete="one-time-code"', 'name="pin"'):
        assert attribute in page
    answer = client.post(f"/t/{link.token}/confirm/", {"version": sheet.version}, **headers)
    assert answer.status_code == 403 and needs in html.unescape(answer.content.decode())
    answer = client.post(
        f"/t/{link.token}/confirm/", {"version": sheet.version, "pin": wrong(card_of(event, 1, "B").pin)}, **headers
    )
    assert answer.status_code == 403 and wrong_words in html.unescape(answer.content.decode())
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.SUBMITTED
    card_page = client.get(f"/t/{card_of(event, 1, 'B').token}/", **headers).content.decode()
    assert 'name="pin"' not in card_page and 'id="confirm-sheet"' in card_page  # the own card needs none
