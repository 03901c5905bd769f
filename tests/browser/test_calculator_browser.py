"""The public score calculator in a phone's browser: typing deals, totals, errors next to the deal, 360 px."""

import pytest

URL = "/rules/calculator/"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_typing_deals_in_a_phone_browser(live_server, phone_page):
    page = phone_page
    page.goto(live_server.url + URL)
    first = page.locator(".calc-deal").nth(0)
    # Typing one team's trick points fills in the other team's (162 - 92).
    first.locator('[data-field="tricks-a"]').fill("92")
    assert first.locator('[data-field="tricks-b"]').input_value() == "70"
    first.locator('[data-field="belote-a"]').select_option("1")
    page.wait_for_function("document.getElementById('calc-total-a').textContent === '112'")
    assert page.locator("#calc-total-b").inner_text() == "70"
    assert "112" in first.locator("[data-result]").inner_text()

    # A litige on the second deal: 81 held, shown in the totals row.
    page.click("#calc-add")
    second = page.locator(".calc-deal").nth(1)
    second.locator('[data-field="taker"]').select_option("B")
    second.locator('[data-field="tricks-a"]').fill("81")
    page.wait_for_function("document.getElementById('calc-total-held').textContent === '81'")
    assert page.locator("#calc-rows tr").count() == 2
    # Running totals: after deal 2, A has 112 + 81 (defenders' points), B 70 + 0.
    assert page.locator("#calc-rows tr").nth(1).locator(".calc-running").all_inner_texts() == ["Σ 193", "Σ 70"]

    # An impossible total: the message names the rule and the numbers, next to the deal.
    # (Above the deal total the other team's points are left as they were.)
    second.locator('[data-field="tricks-a"]').fill("170")
    assert second.locator('[data-field="tricks-b"]').input_value() == "81"
    error = second.locator("[data-errors] li").first
    error.wait_for()
    assert "162" in error.inner_text() and "251" in error.inner_text()
    assert second.locator('[data-wrap="tricks"].has-error').count() == 1

    # Coinche shows bids; belot no-trumps hide belote and announcements.
    page.select_option("#calc-rules", "coinche")
    assert first.locator('[data-when="bid"]').is_visible()
    page.select_option("#calc-rules", "belot")
    first.locator('[data-field="trump"]').select_option("no_trump")
    assert not first.locator('[data-when="belote"]').first.is_visible()
    assert not first.locator('[data-when="announcements"]').is_visible()
    assert first.locator('[data-when="multiplier"]').is_visible()

    # Everything fits a 360 px screen, and a reload keeps the game.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.reload()
    assert page.locator(".calc-deal").count() == 2
    assert page.locator("#calc-rules").input_value() == "belot"
