"""The landing page in a real headless Chromium on a phone-sized screen."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_landing_page_fits_a_phone_and_switches_language(live_server, phone_page):
    phone_page.goto(live_server.url + "/")
    assert phone_page.locator("h1").inner_text() == "Belote-Turniere für Clubs"
    # Nothing is wider than the screen: no sideways scrolling on a 360 px phone.
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
    with phone_page.expect_navigation():
        phone_page.select_option("#lang-select", "en")
    assert phone_page.locator("h1").inner_text() == "Belote tournaments for clubs"
