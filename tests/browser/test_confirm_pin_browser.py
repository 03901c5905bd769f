"""The other side confirms from the round's game link with its side's PIN, on a German phone (360 × 740):
the PIN field opens the numeric keypad, a wrong PIN is refused with a sentence next to the form, the right
one confirms. The screenshots are saved for a person to look at (ATOUT_SCREENSHOTS, default /tmp)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scoring.models import Sheet, TableLink
from scoring.sheets.permissions import Actor
from scoring.sheets.services import deal_create, sheet_submit
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEAL = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


def test_the_other_side_confirms_with_its_pin_on_a_german_phone(live_server, phone_page):
    event, _round, _entries, games = evening(tables=1, deals=2)
    card_a, card_b = card_of(event, 1, "A"), card_of(event, 1, "B")
    link_b = TableLink.objects.active().get(game=games[0], side="B")
    a = Actor(link=TableLink.objects.active().get(game=games[0], side="A"), card=card_a)
    sheet = Sheet.objects.get(game=games[0])
    for number in range(2):
        sheet = deal_create(sheet=sheet, data=DEAL, version=sheet.version, client_id=f"d{number}", actor=a).sheet
    sheet_submit(sheet=sheet, version=sheet.version, actor=a)
    shots = Path(os.environ.get("ATOUT_SCREENSHOTS", "/tmp")) / "confirm"
    shots.mkdir(parents=True, exist_ok=True)

    page = phone_page
    page.goto(f"{live_server.url}/t/{link_b.token}/")
    pin = page.locator("#confirm-pin")
    assert pin.get_attribute("inputmode") == "numeric"
    assert pin.get_attribute("autocomplete") == "one-time-code"
    assert "PIN von Ost/West" in page.locator('label[for="confirm-pin"]').inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    pin.fill("1111" if card_b.pin != "1111" else "2222")
    with page.expect_navigation():
        page.click("#confirm-sheet")
    refusal = page.locator(".messages .message.error")
    refusal.wait_for()
    assert refusal.inner_text().startswith("Die PIN ist falsch.")
    page.screenshot(path=str(shots / "pin-wrong-360.png"), full_page=True)
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.SUBMITTED

    page.fill("#confirm-pin", card_b.pin)
    with page.expect_navigation():
        page.click("#confirm-sheet")
    page.wait_for_selector('#sheet-live[data-status="confirmed"]')
    page.screenshot(path=str(shots / "pin-confirmed-360.png"), full_page=True)
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.CONFIRMED
