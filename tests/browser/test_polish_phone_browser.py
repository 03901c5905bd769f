"""Small phone-size leftovers: the check-in search's placeholder is readable whole at 360 px."""

import pytest

from tests.factories import EntryFactory, EventFactory, MembershipFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def login(page, live_server, username="leitung"):
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "correct horse battery staple")
    with page.expect_navigation():
        page.click("button[type=submit]")


# The placeholder's text width (drawn in the input's own font) against the room inside the input.
PLACEHOLDER_FITS = """(input) => {
  const style = getComputedStyle(input);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [context.measureText(input.placeholder).width, room];
}"""


def test_the_check_in_search_placeholder_is_not_cut_at_360_px(live_server, phone_page):
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    event = EventFactory(club=membership.club, slug="abend")
    for n in range(1, 5):
        EntryFactory(event=event, number=n)
    login(phone_page, live_server)
    phone_page.goto(f"{live_server.url}/o/{membership.club.slug}/events/{event.slug}/checkin/1/")
    search = phone_page.locator("#checkin-search")
    assert search.get_attribute("placeholder")
    text_width, room = search.evaluate(PLACEHOLDER_FITS)
    assert text_width <= room, (search.get_attribute("placeholder"), text_width, room)
