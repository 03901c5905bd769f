"""The calculator keeps what a person typed (found trying the demo): typing 92 for team A fills in 70 for
team B while that field is untouched, but typing 72 there then silently turned the 92 into 90, the very
fault issue 10 removed from the referee page. The engine's error names the wrong pair instead."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TOTAL_ERROR = "document.querySelector('.calc-deal [data-errors] li')"


def test_a_typed_pair_is_never_overwritten(live_server, phone_page):
    page = phone_page
    page.goto(live_server.url + "/rules/calculator/")
    page.wait_for_selector(".calc-deal")
    page.click("[data-field=tricks-a]")
    page.keyboard.type("92")
    assert page.input_value("[data-field=tricks-b]") == "70"  # filled in while untouched
    page.click("[data-field=tricks-b]")
    page.keyboard.press("Control+A")
    page.keyboard.type("72")
    assert page.input_value("[data-field=tricks-a]") == "92"
    assert page.input_value("[data-field=tricks-b]") == "72"
    page.wait_for_function(TOTAL_ERROR)
    assert "164" in page.inner_text(".calc-deal [data-errors]")  # 92 + 72, said by the engine

    # Once both were typed, changing the trump or one number touches nothing else either.
    page.select_option(".calc-deal [data-field=trump]", "spades")
    page.click("[data-field=tricks-a]")
    page.keyboard.press("Control+A")
    page.keyboard.type("90")
    assert page.input_value("[data-field=tricks-b]") == "72"
    page.wait_for_function(f"!{TOTAL_ERROR}")
    assert page.evaluate("document.querySelector('#calc-total-a').textContent") == "90"
