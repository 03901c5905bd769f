"""A referee types a whole Hoheluft game on a phone; the other side confirms from its own link.

Real headless Chromium at 360 × 740 against the live server: the deal form with its JavaScript (the other
team's points filled in, checks as you type, saving with a client id), an impossible deal refused next to
the field, the sheet submitted, then confirmed from side B's link.
"""

import pytest

from scoring.models import Deal, Sheet
from tests.browser.helpers import choose, enter_deal
from tests.scoring.entry_helpers import HOHELUFT_GAME, pin_of, released_round, table_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROWS = "#sheet-live tbody tr[data-position]"


def rows(page) -> int:
    return page.locator(ROWS).count()


def test_a_whole_game_on_a_phone_then_confirmed_by_the_other_side(live_server, phone_page):
    _round, games = released_round(tables=2)
    sheet, link_a, link_b = table_of(games[0])
    page = phone_page
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    assert page.locator("h1").inner_text().endswith(str(games[0].table_number))

    # Every control of the form is a large touch target, and nothing is wider than the phone.
    for selector in ("#save-deal", '#deal-form label.choice:has(input[name="taker"][value="A"]) span', "#id_tricks_a"):
        assert page.locator(selector).bounding_box()["height"] >= 48, selector
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    enter_deal(page, HOHELUFT_GAME[0], 1)

    # An impossible deal: 161 points leave 1 for the other team, which no set of tricks is worth.
    choose(page, "taker", "B")
    choose(page, "trump", "spades")
    page.fill("#id_tricks_a", "161")
    error = page.locator('[data-errors-for="tricks_b"] li')
    error.wait_for()
    assert "1" in error.inner_text()
    page.click("#save-deal")
    page.wait_for_function("!document.getElementById('save-deal').disabled")
    assert error.count() == 1 and rows(page) == 1
    assert Deal.objects.filter(sheet=sheet).count() == 1
    page.fill("#id_tricks_a", "60")
    page.locator('[data-errors-for="tricks_b"] li').wait_for(state="detached")
    page.click("#save-deal")
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 2")

    for number, deal in enumerate(HOHELUFT_GAME[2:], start=3):
        enter_deal(page, deal, number)

    assert page.locator('[data-total="A"]').inner_text() == "1069"
    assert page.locator('[data-total="B"]').inner_text() == "1005"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    stored = Sheet.objects.get(pk=sheet.pk)
    assert stored.deal_count == 13 and stored.finished and (stored.total_a, stored.total_b) == (1069, 1005)
    assert [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")] == HOHELUFT_GAME

    with page.expect_navigation():  # a form post answered by a redirect
        page.click("#submit-sheet")
    page.wait_for_selector('#sheet-live[data-status="submitted"]')
    assert page.locator("#deal-form").count() == 0

    other = page.context.new_page()
    other.goto(f"{live_server.url}/t/{link_b.token}/")
    assert other.locator("#deal-form").count() == 0
    assert other.locator('[data-total="A"]').inner_text() == "1069"
    other.fill("#confirm-pin", pin_of(link_b))  # a game link confirms with its side's PIN
    with other.expect_navigation():
        other.click("#confirm-sheet")
    other.wait_for_selector('#sheet-live[data-status="confirmed"]')
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.CONFIRMED


def test_a_lost_answer_is_retried_and_the_deal_stored_once(live_server, phone_page):
    from scoring.models import SheetChange

    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    page = phone_page
    lost = []

    def lose_the_first_answer(route):
        if not lost:
            lost.append(route.fetch().status)  # the server stores the deal...
            route.abort("connectionreset")  # ...but the phone never hears back
        else:
            route.continue_()

    page.route("**/deals/", lose_the_first_answer)
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    enter_deal(page, HOHELUFT_GAME[0], 1)
    assert lost == [201]
    assert Deal.objects.filter(sheet=sheet).count() == 1
    assert SheetChange.objects.filter(sheet=sheet).count() == 1
    # The next deal goes through normally, on the version the retry brought back.
    page.unroute("**/deals/")
    enter_deal(page, HOHELUFT_GAME[1], 2)
    assert Deal.objects.filter(sheet=sheet).count() == 2
