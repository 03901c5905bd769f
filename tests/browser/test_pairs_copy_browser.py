"""Copy last week's pairs in Chromium, in German at 360 and 1280 px: after "show the pairs" the check-in box is
still ticked, one pair is unticked, and the pairs entered arrive checked in (the draw counts them)."""

import datetime

import pytest

from tests.browser.helpers import axe_serious, login
from tests.factories import EntryFactory, EventFactory, MembershipFactory, UserFactory
from tournaments.models import CheckIn, Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("page_fixture", ["phone_page", "desktop_page"])
def test_copied_pairs_arrive_checked_in_but_the_unticked_one(live_server, request, page_fixture):
    page = request.getfixturevalue(page_fixture)
    club = MembershipFactory(user=UserFactory(username="leitung")).club
    older = EventFactory(club=club, slug="vorletzte", name="Clubabend 16.11.", date=datetime.date(2026, 11, 16))
    last = EventFactory(club=club, slug="letzte", name="Clubabend 23.11.", date=datetime.date(2026, 11, 23))
    tonight = EventFactory(club=club, slug="heute", date=datetime.date(2026, 11, 30))
    EntryFactory(event=older, number=1)
    kept, dropped, third = (EntryFactory(event=last, number=n) for n in (1, 2, 3))
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{club.slug}/events/heute/entries/copy/")
    page.select_option("#id_source", str(older.pk))
    with page.expect_navigation():
        page.get_by_role("button", name="Paare zeigen").click()
    page.select_option("#id_source", str(last.pk))
    with page.expect_navigation():
        page.get_by_role("button", name="Paare zeigen").click()
    assert page.locator("#id_check_in").is_checked()
    assert page.locator("input[name=pairs]:checked").count() == 3
    page.get_by_label(str(dropped.display_name)).uncheck()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert axe_serious(page) == []
    with page.expect_navigation():
        page.get_by_role("button", name="Angehakte Paare melden").click()
    assert "/entries/" in page.url and "copy" not in page.url
    entered = Entry.objects.filter(event=tonight)
    assert sorted(e.player_1_id for e in entered) == sorted([kept.player_1_id, third.player_1_id])
    assert CheckIn.objects.filter(entry__in=entered, round_number=1, status="present").count() == 2
