"""A phone that cannot scan types its table card's short code at /c/ (German, 360 × 740): a wrong code is
told in a sentence next to the field, the code typed in lower case without its hyphen opens the card's page;
the same without JavaScript; axe-core finds nothing serious on the page, empty or with its error."""

from __future__ import annotations

import os

import pytest

from scoring.sheets.links import table_cards_ensure
from tests.browser.helpers import axe_serious
from tests.factories import EventFactory
from tests.scoring.sheets.cards_helpers import card_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SCREENSHOTS_DIR")


@pytest.fixture
def card():
    event = EventFactory(name="Hoheluft-Abend")
    table_cards_ensure(event=event, table_numbers=[5])
    return card_of(event, 5, "A")


def _shot(page, name):
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_phone_types_the_code_and_lands_on_the_card(live_server, phone_page, card):
    page = phone_page
    page.goto(f"{live_server.url}/c")  # as printed: no slash
    field = page.locator("#code")
    assert field.get_attribute("autocapitalize") == "characters" and field.get_attribute("inputmode") == "text"
    assert page.evaluate("document.activeElement.id") == "code"
    assert axe_serious(page) == []
    _shot(page, "code_empty_360")
    wrong = f"t5-n {(int(card.code) + 1) % 10_000:04d}"
    field.fill(wrong)
    page.click("#code-open")
    error = page.locator("#code-error")
    error.wait_for()
    assert error.inner_text() == "Kein Tisch mit diesem Code. Prüfen Sie die Zahlen auf der Karte."
    assert page.locator("#code").input_value() == wrong
    assert page.locator("#code").get_attribute("aria-invalid") == "true"
    assert axe_serious(page) == []
    # Nothing sticks out of the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    _shot(page, "code_wrong_360")
    page.locator("#code").fill(f"t5n{card.code}")
    page.click("#code-open")
    page.wait_for_url(f"**/t/{card.token}/")
    page.locator("#card-state").wait_for()
    assert "Tisch 5" in page.locator("h1").inner_text()
    _shot(page, "code_landed_360")


def test_the_page_works_without_javascript(live_server, _chromium, card):
    context = _chromium.new_context(viewport={"width": 360, "height": 740}, locale="de-DE", java_script_enabled=False)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{live_server.url}/c/")
        page.fill("#code", card.short_code)
        page.click("#code-open")
        page.wait_for_url(f"**/t/{card.token}/")
    finally:
        context.close()


def test_the_desk_width_shows_the_same_form(live_server, desktop_page, card):
    desktop_page.goto(f"{live_server.url}/c/")
    desktop_page.fill("#code", "Tisch fünf")
    desktop_page.click("#code-open")
    desktop_page.locator("#code-error").wait_for()
    assert "T5-N 4821" in desktop_page.locator("#code-error").inner_text()
    assert axe_serious(desktop_page) == []
    _shot(desktop_page, "code_malformed_1280")
