"""The event form's single rules follow the chosen rule set in the browser: coinche's settings only under
coinche, hidden ones left out of the post; the multipliers under their legend. Screenshots at 360 and 1280 px."""

import pytest

from tests.browser.helpers import login
from tests.factories import MembershipFactory, UserFactory
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_coinche_settings_show_only_for_coinche_and_are_not_posted_otherwise(live_server, desktop_page, tmp_path):
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    page = desktop_page
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{membership.club.slug}/events/new/")
    page.click("summary:has-text('Einzelne Regeln')")
    bid = page.locator("#id_rule_bid_max")
    page.select_option("#id_rules_preset", "coinche")
    assert bid.is_visible() and page.locator("#id_rule_capot_bonus").is_hidden()
    page.select_option("#id_rule_bid_max", "140")
    page.select_option("#id_rules_preset", "classic")
    assert bid.is_hidden() and bid.is_disabled() and page.locator("#id_rule_litige").is_visible()
    assert page.locator("legend", has_text="Multiplikatoren").is_visible()
    page.screenshot(path=str(tmp_path / "rules-1280.png"), full_page=True)
    page.fill("#id_name", "Clubabend")
    page.fill("#id_slug", "abend")
    page.fill("#id_date", "2026-11-30")
    with page.expect_navigation():
        page.click("form.event-form button[type=submit]")
    event = Event.objects.get(slug="abend")  # the hidden coinche value was not sent, so nothing refused it
    assert event.rules_preset == "classic" and "bid_max" not in (event.rules_options or {})


def test_the_multipliers_sit_beside_their_boxes_at_360_px(live_server, phone_page, tmp_path):
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    page = phone_page
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{membership.club.slug}/events/new/")
    page.click("summary:has-text('Einzelne Regeln')")
    box = page.locator("#id_rule_multipliers_1").bounding_box()
    words = page.locator("label[for=id_rule_multipliers_1]").bounding_box()
    assert box and words and abs((box["y"] + box["height"] / 2) - (words["y"] + words["height"] / 2)) < 12
    page.locator("fieldset.choices").screenshot(path=str(tmp_path / "multipliers-360.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
