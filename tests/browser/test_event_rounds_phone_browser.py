"""The event overview's rounds table at 360 px (found trying the demo): the only links to a round ("Öffnen",
"Auslosen") sat in the table's last column, off the phone's screen; reaching the round or drawing the next
one meant scrolling the table sideways. The round's number is now its link, in view."""

import pytest

from tests.browser.helpers import session_login
from tests.factories import EntryFactory, EventFactory, MembershipFactory
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_next_round_is_reachable_without_scrolling_sideways(live_server, phone_page):
    membership = MembershipFactory()
    event = EventFactory(club=membership.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, 9)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    session_login(phone_page.context, live_server, membership.user)
    base = f"/o/{event.club.slug}/events/{event.slug}/"
    phone_page.goto(live_server.url + base)
    links = phone_page.locator(f'a[href="{base}rounds/1/"]')
    assert links.count() >= 1
    boxes = [links.nth(i).bounding_box() for i in range(links.count())]
    in_view = [box for box in boxes if box["x"] + box["width"] <= 360]
    assert in_view, "no link to round 1 inside the 360 px screen"
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
