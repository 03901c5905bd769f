"""A member's page in German at 1280 and 360 px, with and without consent: named in full the whole page,
initials only under the initials, withheld a 404 for the public while the organiser still sees the history;
a wrong opponent is a sentence. Screenshots go to /tmp/members-*.png."""

from __future__ import annotations

import pytest

from tests.browser.helpers import axe_serious, session_login
from tests.factories import MembershipFactory
from tests.scoring.public.member_helpers import SECRET_WORDS, club_history

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

SIZES = {"desk": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}


def _fits(page, width: int) -> None:
    """Nothing wider than the window, no figure card overlapping the next."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.locator(".figures .card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })"
    )
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap = min(a[1], b[1]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[2], b[2]) > 1
            assert not overlap, (a, b)


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_member_pages_with_and_without_consent(live_server, _chromium, size):
    history = club_history(evenings=3)
    club = history.club.slug
    viewport = SIZES[size]
    context = _chromium.new_context(viewport=viewport, locale="de-DE", is_mobile=size == "phone")
    page = context.new_page()
    page.set_default_timeout(15_000)

    # In full: every part of the page, in German, and the head to head once an opponent is picked.
    page.goto(f"{live_server.url}/e/{club}/members/{history.anna.pk}/")
    assert page.locator("h1[data-member-name]").inner_text() == "Anna Vollmann"
    assert page.get_by_role("heading", name="Spiel für Spiel").is_visible()
    assert page.get_by_role("heading", name="Abende").is_visible()
    assert page.locator("table.member-evenings tbody tr").count() == 3
    page.select_option("#h2h-opponent", label="Dieter Offen")
    with page.expect_navigation():
        page.get_by_role("button", name="Vergleichen").click()
    assert "traf Dieter Offen an 3 Abenden" in page.locator("[data-head-to-head]").inner_text()
    body = page.content()
    for word in SECRET_WORDS:
        assert word not in body
    _fits(page, viewport["width"])
    assert axe_serious(page) == []
    page.screenshot(path=f"/tmp/members-full-{size}.png", full_page=True)

    # Initials only: the page under the initials, never the name.
    page.goto(f"{live_server.url}/e/{club}/members/{history.bernd.pk}/")
    assert page.locator("h1[data-member-name]").inner_text() == "B. K."
    assert "Kurzmann" not in page.content() and "Bernd" not in page.content()
    _fits(page, viewport["width"])
    page.screenshot(path=f"/tmp/members-initials-{size}.png", full_page=True)

    # A wrong opponent: a sentence naming the field, on the page.
    page.goto(f"{live_server.url}/e/{club}/members/{history.anna.pk}/?opponent=abc")
    assert "Gegner: „abc“ ist keine Mitgliedsnummer" in page.locator("[data-opponent-error]").inner_text()

    # Withheld: not found for the public.
    response = page.goto(f"{live_server.url}/e/{club}/members/{history.carla.pk}/")
    assert response.status == 404
    assert "Geheimnis" not in page.content()
    page.screenshot(path=f"/tmp/members-hidden-public-{size}.png", full_page=True)

    # The organiser still sees the withheld member's history, with full names, in the club's area.
    session_login(context, live_server, MembershipFactory(club=history.club).user)
    page.goto(f"{live_server.url}/o/{club}/members/")
    with page.expect_navigation():
        page.locator(f'a[href="/o/{club}/members/{history.carla.pk}/history/"]').click()
    assert page.locator("h1[data-member-name]").inner_text() == "Carla Geheimnis"
    assert "Keine öffentliche Seite" in page.content()
    _fits(page, viewport["width"])
    assert axe_serious(page) == []
    page.screenshot(path=f"/tmp/members-organiser-hidden-{size}.png", full_page=True)
    context.close()
