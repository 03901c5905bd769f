"""The round's print pages opened on the organiser's phone (found trying the demo): at 360 px the by-name
list with its "where do we play" codes was 685 px wide and the by-table list 362 px, so the whole page
scrolled sideways. The tables now scroll inside their own region; the page itself stays 360 px wide."""

import pytest

from tests.browser.helpers import session_login
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("kind", ["names", "tables"])
def test_print_pages_do_not_scroll_sideways_on_a_phone(live_server, phone_page, kind):
    round, _games = released_round(tables=6)
    event = round.event
    session_login(phone_page.context, live_server, MembershipFactory(club=event.club).user)
    phone_page.goto(f"{live_server.url}/o/{event.club.slug}/events/{event.slug}/rounds/{round.number}/print/{kind}/")
    rows = phone_page.locator("table.print-names tbody tr, table.print-draw tbody tr")
    assert rows.count() >= 6
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
