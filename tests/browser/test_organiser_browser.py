"""The organiser's evening in a real headless Chromium on a tablet: fast check-in, then the draw of round 1."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login
from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import CheckIn, Round

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tablet_page(_chromium):
    context = _chromium.new_context(viewport={"width": 768, "height": 1024}, has_touch=True, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def evening():
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    event = EventFactory(club=membership.club, slug="abend")
    for n in range(1, 13):
        EntryFactory(event=event, number=n)
    special = EntryFactory(
        event=event,
        number=13,
        player_1=PlayerFactory(club=membership.club, first_name="Sylvie", last_name="Lefèvre"),
        player_2=PlayerFactory(club=membership.club, first_name="Jürgen", last_name="Bockelmann"),
    )
    return membership, event, special


def test_fast_check_in_then_draw_and_release_round_one(live_server, tablet_page, evening):
    membership, event, special = evening
    page = tablet_page
    login(page, live_server)
    base = f"{live_server.url}/o/{membership.club.slug}/events/{event.slug}"
    page.goto(base + "/checkin/1/")
    assert page.locator(".checkin-row").count() == 13
    assert page.evaluate("document.documentElement.scrollWidth") <= 768

    # Search by name, accents optional, umlauts as typed or spelled out (Atout.fold, static/fold.js);
    # one tap checks the entry in without a page load.
    visible = page.locator(".checkin-row:visible")
    for query in ("juergen", "Jurgen bock", "JÜRG"):
        page.fill("#checkin-search", query)
        assert visible.count() == 1, query
    page.fill("#checkin-search", "manuel")
    assert visible.count() == 0
    page.fill("#checkin-search", "lefevre")
    assert visible.count() == 1
    page.evaluate("window.__sameDocument = true")
    visible.locator(".checkin-tap").click()
    page.wait_for_selector(f"#entry-{special.pk}.status-present")
    assert page.evaluate("window.__sameDocument") is True
    assert page.locator("[data-count=present]").inner_text() == "1"
    assert CheckIn.objects.get(entry=special, round_number=1).status == "present"

    page.fill("#checkin-search", "")
    page.click("text=All remaining present")
    # A locator wait, not wait_for_function: the page's Content-Security-Policy forbids evaluating strings.
    expect(page.locator("[data-count=present]")).to_have_text("13")
    assert CheckIn.objects.filter(entry__event=event, round_number=1, status="present").count() == 13

    # A bye for the odd entry; confirm and release.
    page.goto(base + "/rounds/1/")
    with page.expect_navigation():
        page.click("text=Draw this round")
    assert page.locator("table.draw tbody tr:not(.bye)").count() == 6
    assert page.locator("table.draw tr.bye").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 768
    with page.expect_navigation():
        page.click("text=Confirm draw")
    with page.expect_navigation():
        page.click("text=Release: publish and start play")
    assert Round.objects.get(event=event, number=1).status == "released"
    page.goto(base + "/rounds/1/print/names/")
    assert page.locator("table.print-names tbody tr").count() == 26
