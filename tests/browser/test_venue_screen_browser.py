"""The venue screen on a 1920 × 1080 projector: large type, one slide at a time that changes by itself,
and a reload of its own when the standings change."""

import pytest
from django.urls import reverse

from scoring.models import VenueScreen
from scoring.standings.store import standings_recompute_now
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play
from tournaments.models import Event, Round

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def projector(_chromium):
    context = _chromium.new_context(viewport={"width": 1920, "height": 1080}, locale="de-DE", reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_screen_is_readable_cycles_and_reloads_on_a_new_version(live_server, projector):
    event = make_event(status=Event.Status.RUNNING, name="Clubabend Hoheluft")
    entries = make_entries(event, 12)
    r1 = make_round(event, 1)
    for table, n in enumerate(range(0, 12, 2), start=1):
        play(r1, entries[n], entries[n + 1], [(500 + 10 * n, 300)], table=table)
    standings_recompute_now(event_id=event.pk)
    r2 = make_round(event, 2, status=Round.Status.RELEASED)
    for table, n in enumerate(range(0, 12, 2), start=1):
        play(r2, entries[n], entries[(n + 3) % 12], [], table=table)
    screen = VenueScreen.objects.create(event=event)

    page = projector
    page.goto(live_server.url + reverse("public:venue_screen", args=[screen.token]) + "?seconds=3")
    assert page.locator("h2:visible").inner_text() == "Runde 2: Ihren Tisch finden"
    body_px = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    cell_px = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.slide:not([hidden]) td')).fontSize)")
    assert body_px >= 32 and cell_px >= 32
    # Everything fits the screen: no scrolling on a projector.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    fits = """() => { const slide = document.querySelector('.slide:not([hidden])');
        const bottom = Math.min(slide.getBoundingClientRect().bottom, window.innerHeight);
        return [...slide.querySelectorAll('tr')].every(r => r.getBoundingClientRect().bottom <= bottom + 1); }"""
    assert page.evaluate(fits)
    assert page.locator(".slide:not([hidden])").count() == 1
    page.screenshot(path="/tmp/venue-screen-1920.png")

    # The next slide comes by itself: the tables, then the standings.
    page.wait_for_function("document.querySelector('.slide-tables') && !document.querySelector('.slide-tables').hidden")
    page.wait_for_function("!document.querySelector('.slide-standings').hidden")
    assert "Rangliste nach Runde 1" in page.locator("h2:visible").inner_text()
    assert page.evaluate(fits)
    page.screenshot(path="/tmp/venue-standings-1920.png")

    # A recompute changes the version: the screen reloads itself.
    page.evaluate("window.sameScreen = true")
    standings_recompute_now(event_id=event.pk)
    Event.objects.filter(pk=event.pk).update(standings_version=event.standings_version + 5)
    page.wait_for_function("window.sameScreen === undefined", timeout=30_000)
    assert page.locator(".slide:not([hidden])").count() == 1
