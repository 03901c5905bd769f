"""The prize-giving of a concours, in German, on a phone (360) and at the desk (1280): 20 teams, 25 lots
and a ladies' category; the teams choose one after the other (one tap each), one is not there, the last step
is undone; the page names the team tied with the last prize winner; the prize list as the organiser sees it."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.prizes import services
from tests.browser.helpers import login
from tests.factories import MembershipFactory, UserFactory
from tests.scoring.prizes.prize_helpers import add_lots, event_with_standings
from tournaments.models import Event, EventLogEntry, PrizeAward, PrizeCategory

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("PRIZE_SHOTS", "/tmp"))


@pytest.fixture
def concours():
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    event = event_with_standings(club=membership.club, teams=20)
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    add_lots(event, 25)
    ladies = services.category_add(event=event, name="Damen", rule=PrizeCategory.Rule.TICKED)
    services.category_entries_set(event=event, category_id=ladies.pk, numbers=[4, 13])
    add_lots(event, 1, category=ladies, start=100)
    return membership, event


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_teams_choose_their_prizes_in_ranking_order(live_server, phone_page, desktop_page, concours, size):
    membership, event = concours
    page = phone_page if size == "phone" else desktop_page
    width = 360 if size == "phone" else 1280
    login(page, live_server)
    base = f"{live_server.url}/o/{membership.club.slug}/events/{event.slug}/prizes/"
    page.goto(base)
    expect(page.locator("h1")).to_have_text("Preise")
    expect(page.locator("#lots .prize-lots li")).to_have_count(25)
    expect(page.locator(".prize-category h2")).to_have_text("Damen")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"prizes-list-{width}.png"), full_page=True)

    with page.expect_navigation():
        page.click("text=Zur Preisverteilung")
    expect(page.locator("h1")).to_have_text("Preisverteilung")
    # 20 teams, 25 overall lots: every team has a turn; the ladies' prize goes to no team (no. 4 and 13 took
    # an overall lot first), and nobody is left out, so no tie is named.
    expect(page.locator("table.prize-turns tbody tr")).to_have_count(20)
    expect(page.locator(".prize-ties")).to_have_count(0)
    expect(page.locator("#now-title")).to_have_text("Zug 1 · Platz 1")
    expect(page.locator(".prize-choice")).to_have_count(25)

    # No. 1 takes the ham, no. 2 the third lot, no. 3 is not there, no. 4 the last lot shown.
    with page.expect_navigation():
        page.locator(".prize-choice", has_text="1er prix : un jambon").click()
    expect(page.locator(".messages .message")).to_contain_text("Nr. 1 hat „1er prix : un jambon“ gewählt.")
    expect(page.locator("[data-current]")).to_contain_text("2 · Herzdamen")
    expect(page.locator(".prize-choice")).to_have_count(24)
    with page.expect_navigation():
        page.locator(".prize-choice").nth(2).click()
    with page.expect_navigation():
        page.click(".prize-absent")
    expect(page.locator("[data-current]")).to_contain_text("4 · Kreuzkönige")
    with page.expect_navigation():
        page.locator(".prize-choice").last.click()
    expect(page.locator("#now-title")).to_have_text("Zug 4 · Platz 5")
    expect(page.locator("table.prize-turns tbody tr[data-turn='1']")).to_contain_text("1er prix : un jambon")
    expect(page.locator(".prize-left li")).to_have_count(23)  # 22 overall lots and the ladies' one
    # The last step is undone (its lot is back), and no. 4 chooses again.
    with page.expect_navigation():
        page.click("#undo")
    expect(page.locator("[data-current]")).to_contain_text("4 · Kreuzkönige")
    with page.expect_navigation():
        page.locator(".prize-choice").first.click()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"prizes-giving-{width}.png"), full_page=True)
    steps = list(PrizeAward.objects.filter(event=event).order_by("step").values_list("entry__number", "prize__label"))
    assert [n for n, _label in steps] == [1, 2, 3, 4] and steps[2][1] is None
    assert EventLogEntry.objects.filter(event=event, action="prize_undone").count() == 1


def test_a_short_list_names_the_team_tied_with_the_last_winner(live_server, phone_page, concours):
    membership, event = concours
    event.prizes.filter(category__isnull=True, position__gt=9).delete()  # 9 overall lots: places 9 and 10 tie
    login(phone_page, live_server)
    phone_page.goto(f"{live_server.url}/o/{membership.club.slug}/events/{event.slug}/prizes/giving/")
    ties = phone_page.locator(".prize-ties li")
    expect(ties).to_have_count(1)
    expect(ties.first).to_contain_text("Nr. 10 (Eppendorf) liegt gleichauf mit Nr. 9 (Hoheluft II)")
    expect(ties.first).to_contain_text("Entschieden durch Gesamtpunkte: 1910 gegen 1900.")
    # The ladies' prize goes to the best lady without a prize: no. 13 (no. 4 is in the first nine).
    expect(phone_page.locator("table.prize-turns tbody tr").last).to_contain_text("13 · Rebelote")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
    phone_page.screenshot(path=str(SHOTS / "prizes-tie-360.png"), full_page=True)
