"""The new event form in Chromium, in German at 360 and 1280 px: the per-round methods follow the number of
rounds, and a failed save says so at the top of the screen, its links leading to the fields."""

import pytest

from tests.browser.helpers import axe_serious, login
from tests.factories import MembershipFactory, UserFactory
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("page_fixture", ["phone_page", "desktop_page"])
def test_one_round_event_fails_visibly_then_saves(live_server, request, page_fixture):
    page = request.getfixturevalue(page_fixture)
    club = MembershipFactory(user=UserFactory(username="leitung")).club
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{club.slug}/events/new/")
    assert page.locator("#id_pairing_methods_2").is_visible()
    page.fill("#id_rounds", "1")
    assert page.locator("#id_pairing_methods_1").is_visible()
    assert page.locator("#id_pairing_methods_2").is_hidden()
    page.fill("#id_rounds", "3")
    assert page.locator("#id_pairing_methods_2").is_visible() and page.locator("#id_pairing_methods_3").is_visible()
    page.fill("#id_rounds", "1")
    page.fill("#id_slug", "einzelrunde")
    page.fill("#id_date", "2026-11-30")
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern").click()
    box = page.get_by_role("alert").filter(has_text="Nicht gespeichert")
    assert box.is_visible()
    top = box.bounding_box()
    assert top is not None and top["y"] + top["height"] <= page.viewport_size["height"]
    assert page.evaluate("window.scrollY") == 0
    assert axe_serious(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    box.get_by_role("link", name="Name").click()
    assert page.url.endswith("#id_name")
    assert page.locator("#id_pairing_methods_2").is_hidden()
    page.fill("#id_name", "Einzelrunde")
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern").click()
    assert Event.objects.get(slug="einzelrunde").pairing_methods == ["random"]
