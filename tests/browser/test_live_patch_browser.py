"""The phone patches its own new deal into the sheet (static/scoring/referee.js, patchLive): after every save the
page shows exactly what the whole live part fetched again would show, without fetching it; a page on another
version than the patch was made from fetches the whole part instead.

Headless Chromium at 360 × 740 in German, on a table card's page (the offline queue sends the deals)."""

import pytest

from scoring.models import Sheet
from tests.address_helpers import sheet_url
from tests.browser.helpers import enter_deal, session_login
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROWS = "#sheet-live tbody tr[data-position]"

# The live part as the page shows it and as a fresh fetch of it would, both serialized by the browser: the
# masked CSRF tokens blanked, the whitespace between tags dropped, the deals' data parsed (the server's JSON
# escapes "<", spaces its separators and keeps the database's order of keys; the script's does none of it).
SAME_AS_FETCHED = """async (url) => {
  const steady = (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach((i) => i.setAttribute("value", ""));
    const data = copy.querySelector("#deals-data");
    const deals = data ? JSON.parse(data.textContent) : null;
    if (data) data.textContent = "";
    return { html: copy.outerHTML.replace(/>\\s+</g, "><").trim(), deals: deals };
  };
  const response = await fetch(url, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" });
  const fetched = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("sheet-live");
  const shown = steady(document.getElementById("sheet-live"));
  const fresh = steady(fetched);
  return { shown: shown, fresh: fresh };
}"""


def assert_as_fetched(page, address: str) -> None:
    compared = page.evaluate(SAME_AS_FETCHED, address + "?live=1")
    assert compared["shown"]["html"] == compared["fresh"]["html"]
    assert compared["shown"]["deals"] == compared["fresh"]["deals"]  # the same data, whatever the keys' order


def test_each_new_deal_is_patched_in_as_the_whole_part_would_show_it(live_server, phone_page):
    event, _round, _entries, _games = evening(tables=1)
    page = phone_page
    address = f"{live_server.url}/t/{card_of(event, 1, 'A').token}/"
    fetched_parts = []
    page.on("request", lambda request: fetched_parts.append(request.url) if "live=1" in request.url else None)
    page.goto(address)
    page.wait_for_selector("#offline-queue[data-saved='yes']")
    for number, deal in enumerate(HOHELUFT_GAME[:6], start=1):  # a litige (3), its held points collected (4)
        version = int(page.get_attribute("#sheet-live", "data-version"))
        enter_deal(page, deal, number)
        assert int(page.get_attribute("#sheet-live", "data-version")) == version + 1
        assert_as_fetched(page, address)
        # The form moved on: the next deal's number and the version the next post sends.
        assert page.input_value('#deal-form input[name="version"]') == str(version + 1)
        assert page.locator("#deal-form-title").inner_text().endswith(str(number + 1))
        if number == 3:
            assert "81 Punkte hängen (Litige)" in page.locator("#sheet-live tfoot").inner_text()
    # Only the comparisons fetched the part: the page patched each of its own deals in (the poll, which
    # asks every 1.5 s, found the version it already shows).
    assert len(fetched_parts) == 6, fetched_parts
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_patch_for_another_version_fetches_the_whole_part(live_server, phone_page):
    event, _round, _entries, _games = evening(tables=1)
    page = phone_page
    address = f"{live_server.url}/t/{card_of(event, 1, 'A').token}/"
    page.goto(address)
    page.wait_for_selector("#offline-queue[data-saved='yes']")
    enter_deal(page, HOHELUFT_GAME[0], 1)
    # As if the page had been shown another version meanwhile: the answer's patch does not fit it.
    page.evaluate("document.getElementById('sheet-live').setAttribute('data-version', '99')")
    with page.expect_request(lambda request: "live=1" in request.url):
        enter_deal(page, HOHELUFT_GAME[1], 2)
    page.wait_for_selector('#sheet-live[data-version="2"]')
    assert page.locator(ROWS).count() == 2
    assert_as_fetched(page, address)


def test_the_organisers_first_deal_is_patched_in_too(live_server, desktop_page):
    """At the desk (1280 px, no offline queue: the form's own send), the first deal of an empty sheet is a
    patch: the "no deals yet" line goes, the row with its reason field comes."""
    event, _round, _entries, games = evening(tables=1)
    session_login(desktop_page.context, live_server, MembershipFactory(club=event.club).user)
    address = live_server.url + sheet_url(Sheet.objects.get(game=games[0]))
    page = desktop_page
    page.goto(address)
    answers = []
    page.on("response", lambda response: answers.append(response) if response.url.endswith("/deals/") else None)
    for number, deal in enumerate(HOHELUFT_GAME[:2], start=1):
        page.fill("#id_reason", "vom Papierbogen")
        enter_deal(page, deal, number)
        assert_as_fetched(page, address)
    assert all("patch" in answer.json() for answer in answers), [answer.json() for answer in answers]
    assert page.locator('#sheet-live tbody tr[data-position="0"] input[name="reason"]').count() == 1
