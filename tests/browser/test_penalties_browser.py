"""A penalty as the director gives it, in German, on a phone (360) and at the desk (1280): from the round's
table, the catalogue's effect and amount filled in by picking, saved, listed; withdrawn, struck through."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.models import Adjustment
from tests.browser.helpers import login
from tests.factories import MembershipFactory, UserFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("PENALTY_SHOTS", "/tmp/penalty"))


@pytest.fixture
def evening():
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    event = make_event(club=membership.club, slug="abend", rules_preset="belot", rules_options={})
    t1, t2, t3, t4 = make_entries(event, 4)
    rnd = make_round(event, 1, status=Round.Status.RELEASED)
    play(rnd, t1, t2, won(90, 70))
    play(rnd, t3, t4, won(80, 60))
    return membership, event


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_give_a_penalty_from_the_table_then_withdraw_it(live_server, phone_page, desktop_page, evening, size):
    membership, event = evening
    page = phone_page if size == "phone" else desktop_page
    width = 360 if size == "phone" else 1280
    SHOTS.mkdir(parents=True, exist_ok=True)
    login(page, live_server)
    base = f"{live_server.url}/o/{membership.club.slug}/events/{event.slug}"
    page.goto(base + "/rounds/1/sheets/")
    page.screenshot(path=str(SHOTS / f"round-{width}.png"), full_page=True)
    with page.expect_navigation():
        page.click("[data-penalty-table='2']")  # step 1: the table's penalty button
    expect(page.locator("h2#give-title")).to_have_text("Strafe an Tisch 2, Runde 1")
    # The first penalty's effect and amount are filled in: a belot deal is 16 (its sheets write tens).
    expect(page.locator("#id_effect")).to_have_value("to_opponents")
    expect(page.locator("#id_amount")).to_have_value("16")
    page.select_option("#id_penalty", label="Langsames Spiel nach Verwarnung")
    expect(page.locator("#id_effect")).to_have_value("minus_points")
    page.select_option("#id_penalty", label="Nicht bedient (Renonce)")
    expect(page.locator("[data-penalty-about='revoke']")).to_be_visible()
    page.select_option("#id_entry", "4")
    page.fill("#id_amount", "36")  # the deal and the opponents' belote
    page.fill("#id_reason", "Herz nicht bedient")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"form-{width}.png"), full_page=True)
    with page.expect_navigation():
        page.click("#penalty-form button[type=submit]")  # step 2
    row = page.locator("table.penalty-list tr[data-adjustment]")
    expect(row).to_have_count(1)
    expect(row.first).to_contain_text("Nicht bedient (Renonce)")
    expect(row.first).to_contain_text("gegen 4")
    assert Adjustment.objects.get().points == 36 and Adjustment.objects.get().entry.number == 3

    row.first.locator("summary").click()
    row.first.locator("input[name=reason]").fill("Doch bedient, Karte verdeckt")
    with page.expect_navigation():
        row.first.locator("button[type=submit]").click()
    withdrawn = page.locator("table.penalty-list tr[data-withdrawn]")
    expect(withdrawn).to_have_count(1)
    expect(withdrawn.locator("del").first).to_contain_text("Nicht bedient (Renonce)")
    expect(withdrawn).to_contain_text("Doch bedient, Karte verdeckt")
    expect(withdrawn).to_contain_text("zurückgenommen")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"list-{width}.png"), full_page=True)
