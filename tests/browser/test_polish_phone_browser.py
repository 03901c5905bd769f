"""Small phone-size leftovers: the check-in search's placeholder is readable whole at 360 px; the referee's
deal list stays compact (one "…" menu per deal), also without JavaScript, with named controls."""

import pytest

from scoring.sheets.services import deal_create
from tests.browser.helpers import login
from tests.factories import EntryFactory, EventFactory, MembershipFactory, UserFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, link_actor, released_round, table_of

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


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


ROWS = "#sheet-live tbody tr[data-position]"


def twelve_deals():
    _round, games = released_round(tables=1)
    sheet, link_a, _link_b = table_of(games[0])
    for i, deal in enumerate(HOHELUFT_GAME[:12]):
        sheet = deal_create(
            sheet=sheet, data=deal, version=sheet.version, client_id=f"d{i}", actor=link_actor(link_a)
        ).sheet
    return link_a


def test_a_twelve_deal_sheet_is_compact_at_360_px(live_server, phone_page):
    link = twelve_deals()
    page = phone_page
    page.goto(f"{live_server.url}/t/{link.token}/")
    rows = page.locator(ROWS)
    assert rows.count() == 12
    heights = rows.evaluate_all("rows => rows.map(row => row.getBoundingClientRect().height)")
    # Three stacked buttons made every row at least ~130 px; a row is now its text beside one 48 px menu button
    # (a deal with announcements wraps to a third line).
    assert sum(heights) / len(heights) <= 75, heights
    assert max(heights) <= 110, heights
    page.screenshot(path="/tmp/polish/referee-360.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The actions are hidden until the deal's menu is opened, and the menu button is named for its deal.
    assert not page.locator('[data-insert="3"]').is_visible()
    page.locator('tr[data-position="3"] .deal-menu summary').click()
    assert page.get_by_text("Aktionen für Spiel 4").count() == 0  # the name is an aria-label, not visible text
    assert page.locator('[data-insert="3"]').is_visible()
    page.screenshot(path="/tmp/polish/referee-360-open.png", full_page=True)
    summary = page.locator('tr[data-position="3"] .deal-menu summary')
    assert summary.get_attribute("aria-label") == "Aktionen für Spiel 4"
    assert summary.evaluate("s => s.getBoundingClientRect().height") >= 48  # still a finger-sized target
    assert page.get_by_role("link", name="Vor 4 einfügen").is_visible()
    assert page.get_by_role("button", name="Löschen").filter(visible=True).count() == 1


def test_the_deal_menu_works_without_javascript(live_server, _chromium):
    link = twelve_deals()
    context = _chromium.new_context(viewport={"width": 360, "height": 740}, locale="de-DE", java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/t/{link.token}/")
        page.locator('tr[data-position="1"] .deal-menu summary').click()
        with page.expect_navigation():
            page.click('[data-edit="1"]')
        assert page.url.endswith("?edit=1")
        assert page.locator('#deal-form[data-editing="1"]').count() == 1
    finally:
        context.close()
