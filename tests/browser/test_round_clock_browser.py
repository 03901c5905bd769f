"""The round clock and the close page in Chromium, in German at 1280 and 360 px: the venue screen's clock
counts down and says the warning in words; a table's phone follows a pause through its poll; the close page
shows the 3-of-12 table with each rule's score, fits the phone, and closes with the rule chosen."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import Sheet, VenueScreen
from tests.address_helpers import round_url
from tests.browser.helpers import session_login
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, released_round, table_of
from tournaments.models import Event, Round

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

THREE_DEALS = [{"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 100, "B": 62}}] * 3
SHOTS = "/tmp/clock"
NO_SIDEWAYS = (
    "document.documentElement.scrollWidth <= window.innerWidth"
    " && document.querySelector('[data-round-clock], main').getBoundingClientRect().right <= window.innerWidth"
)


def timed_round(left_seconds: int):
    round, games = released_round(tables=2, round_minutes=70, warning_minutes=[10, 5])
    Round.objects.filter(pk=round.pk).update(
        clock_started_at=timezone.now() - timedelta(seconds=70 * 60 - left_seconds)
    )
    return round, games


@pytest.mark.parametrize("page_fixture", ["desktop_page", "phone_page"])
def test_the_venue_screens_clock_counts_down_in_words(live_server, request, page_fixture):
    page = request.getfixturevalue(page_fixture)
    round, _games = timed_round(10 * 60 + 8)  # the 10-minute warning comes in 8 s
    screen = VenueScreen.objects.create(event=round.event)
    page.goto(live_server.url + reverse("public:venue_screen", args=[screen.token]))
    clock = page.locator("[data-round-clock]")
    assert "round-clock-large" in clock.get_attribute("class")
    assert "Nur noch" not in clock.inner_text()
    assert page.locator("[data-clock-time]").inner_text().startswith("10:0")  # minutes and seconds
    # The script counts down and says the warning in words as it passes it, without a reload.
    page.evaluate("window.samePage = true")
    page.wait_for_function("document.querySelector('[data-clock-call]').textContent === 'Nur noch 10 Minuten'")
    assert page.locator("[data-clock-time]").inner_text() in ("10:00", "9:59", "9:58")  # at 10:00 it says so
    assert page.evaluate("window.samePage") is True
    time_px = page.evaluate("parseFloat(getComputedStyle(document.querySelector('[data-clock-time]')).fontSize)")
    assert time_px >= 60
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=f"{SHOTS}/venue-{page.viewport_size['width']}.png")


def test_a_tables_phone_follows_a_pause_through_its_poll(live_server, phone_page):
    round, games = timed_round(9 * 60 + 30)
    _sheet, link_a, _ = table_of(games[0])
    phone_page.goto(live_server.url + f"/t/{link_a.token}/")
    assert "Nur noch 10 Minuten" in phone_page.locator("[data-round-clock]").inner_text()
    Round.objects.filter(pk=round.pk).update(clock_paused_at=timezone.now())
    phone_page.wait_for_function("document.querySelector('[data-round-clock]').dataset.state === 'paused'")
    assert "Uhr angehalten" in phone_page.locator("[data-round-clock]").inner_text()
    assert phone_page.evaluate(NO_SIDEWAYS)
    phone_page.screenshot(path=f"{SHOTS}/phone-paused-360.png", full_page=True)


@pytest.mark.parametrize("page_fixture", ["desktop_page", "phone_page"])
def test_the_close_page_shows_each_rules_score_and_closes_with_the_choice(live_server, request, page_fixture):
    page = request.getfixturevalue(page_fixture)
    round, games = released_round(tables=2, unfinished_rule=Event.UnfinishedRule.ASK)
    for game, deals in ((games[0], HOHELUFT_GAME), (games[1], THREE_DEALS)):
        sheet, link_a, _ = table_of(game)
        fill(sheet, link_a, deals)
    session_login(page.context, live_server, MembershipFactory(club=round.event.club).user)
    page.goto(live_server.url + round_url(round, "close/"))
    row = page.locator("tr[data-table='2']")
    assert "3 von 12 Spielen" in row.inner_text() and "300 : 186" in row.inner_text()
    for rule, score in (("played", "300 : 186"), ("prorate", "1200 : 744"), ("average", "1037 : 1037")):
        assert row.locator(f"[data-ruled='{rule}']").inner_text() == score
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=f"{SHOTS}/close-{page.viewport_size['width']}.png", full_page=True)
    row.locator("input[value='prorate']").check()
    page.locator("input[name=confirm_all]").check()
    page.locator("#id_reason").fill("Zeit abgelaufen")
    with page.expect_navigation():
        page.locator("#close-round").click()
    assert "Runde 1 ist abgeschlossen" in page.locator("body").inner_text()
    sheet = Sheet.objects.get(game=games[1])
    assert (sheet.unfinished_rule, sheet.ruled_total_a, sheet.ruled_total_b) == ("prorate", 1200, 744)
