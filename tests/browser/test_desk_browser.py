"""The organiser's desk in a real headless Chromium: pages that fit a 360 px phone, a calculator that opens
clean, check-in buttons named by what they show, and a game length that follows the chosen rule set."""

import pytest

from tests.address_helpers import round_url
from tests.browser.helpers import login
from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.scoring.entry_helpers import released_round
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def desk():
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    club = membership.club
    event = EventFactory(club=club, slug="abend")
    for n in range(1, 13):
        EntryFactory(
            event=event,
            number=n,
            name="Die Elbsegler vom Hoheluftchausseeweg" if n == 1 else "",
            player_1=PlayerFactory(club=club, first_name="Marie-Claire", last_name=f"Dubois-Lefèvre{n}"),
            player_2=PlayerFactory(club=club, first_name="Hans-Peter", last_name=f"Bockelmann-Schröder{n}"),
            affiliation="Belote-Freunde Eimsbüttel" if n % 3 == 0 else "",
            fixed_table=6 if n == 9 else None,
            needs_step_free=n == 5,
            late=n == 12,
        )
    services.checkin_set(
        event=event, entry_ids=list(event.entries.values_list("pk", flat=True)), round_number=1, status="present"
    )
    return membership, event


def test_the_entries_page_and_the_score_sheet_overview_fit_a_phone(live_server, phone_page, desk):
    membership, event = desk
    round, _games = released_round(tables=6, club=membership.club)
    page = phone_page
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{membership.club.slug}/events/{event.slug}/entries/")
    assert page.locator("table.data tbody tr").count() == 12
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.goto(live_server.url + round_url(round))
    assert page.locator("table.round-sheets tbody tr").count() == 6
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Nothing hidden in a sideways-scrolling box either: every table card fits the screen.
    assert page.evaluate("document.querySelector('table.round-sheets').scrollWidth") <= 360
    assert page.locator("table.round-sheets td[data-label]").first.is_visible()


def test_the_calculator_opens_clean_and_shows_errors_only_after_input(live_server, phone_page):
    page = phone_page
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.goto(live_server.url + "/rules/calculator/")
    page.wait_for_selector(".calc-deal")
    page.wait_for_timeout(400)  # the calculator's own debounce: it must not ask the server anything
    assert failed == []
    assert page.locator(".calc-deal .has-error").count() == 0
    assert page.locator("[data-errors] li").count() == 0
    assert "(tricks)" not in page.inner_text("body")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.fill("[data-field=tricks-a]", "92")
    page.wait_for_function("document.querySelector('#calc-total-a').textContent === '92'")
    page.click("#calc-add")
    page.locator(".calc-deal").nth(1).locator("[data-field=taker]").select_option("B")
    page.wait_for_function("document.querySelectorAll('.calc-deal')[1].querySelector('[data-errors] li')")
    assert page.locator(".calc-deal").nth(0).locator(".has-error").count() == 0
    assert "(tricks)" not in page.inner_text("body")  # German: the message names no raw field
    table = page.locator(".calc-sheet .table-scroll")
    assert page.evaluate("document.querySelector('.calc-table').scrollWidth") <= table.bounding_box()["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The score sheet can be reached from the keyboard (axe: scrollable-region-focusable).
    assert table.get_attribute("tabindex") == "0"
    page.focus("#calc-clear")
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('table-scroll')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('table-scroll')")


def test_check_in_buttons_are_named_by_their_visible_text(live_server, desktop_page, desk):
    membership, event = desk
    page = desktop_page
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{membership.club.slug}/events/{event.slug}/checkin/1/")
    taps = page.locator(".checkin-tap")
    assert taps.count() == 12
    for i in (0, 4):
        visible = " ".join(taps.nth(i).inner_text().split())
        # Playwright's accessible-name match: the name must contain what a sighted user reads.
        assert page.get_by_role("button", name=visible).count() >= 1, visible
    assert page.get_by_role("button", name="Abmelden Marie-Claire").count() == 0
    withdraw = page.locator(".checkin-row .withdraw").first
    assert page.get_by_role("button", name=" ".join(withdraw.inner_text().split())).count() >= 1


def test_the_game_length_follows_the_chosen_rule_set_until_changed(live_server, desktop_page, desk):
    membership, _event = desk
    page = desktop_page
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{membership.club.slug}/events/new/")
    assert (page.input_value("#id_game_length"), page.input_value("#id_game_length_unit")) == ("12", "deals")
    page.select_option("#id_rules_preset", "classic")
    assert (page.input_value("#id_game_length"), page.input_value("#id_game_length_unit")) == ("1000", "target")
    assert "1000" in page.inner_text("#preset-length")
    page.select_option("#id_rules_preset", "coinche")
    assert page.input_value("#id_game_length") == "2000"
    page.fill("#id_game_length", "1500")
    page.select_option("#id_rules_preset", "classic")
    assert page.input_value("#id_game_length") == "1500"  # typed by the organiser: kept

    page.fill("#id_game_length", "1000")
    page.select_option("#id_rules_preset", "hoheluft")
    assert (page.input_value("#id_game_length"), page.input_value("#id_game_length_unit")) == ("12", "deals")
    page.select_option("#id_rules_preset", "classic")
    page.fill("#id_name", "Klassik-Abend")
    page.fill("#id_slug", "klassik")
    page.fill("#id_date", "2026-12-07")
    with page.expect_navigation():
        page.click("form.event-form button[type=submit]")
    from tournaments.models import Event

    created = Event.objects.get(slug="klassik")
    assert created.rules_preset == "classic" and created.rules_options == {}
