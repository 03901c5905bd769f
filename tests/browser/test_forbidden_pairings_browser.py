"""The club's forbidden pairings in German at 360 and 1280 px: two members picked by typing, the kind and a
reason, saved and listed with who added it; then a mêlée evening of four where the pairing cannot be
avoided, and the draw page says so in a sentence with both names and the reason."""

import datetime
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login
from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Event, ForbiddenPairing

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("DRAW_SHOTS", "/tmp"))


@pytest.fixture
def club():
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    names = [("Anke", "Brandt"), ("Jürgen", "Brandt"), ("Ute", "Vogt"), ("Klaus", "Krüger")]
    players = [PlayerFactory(club=membership.club, first_name=f, last_name=last) for f, last in names]
    return membership.club, players


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_name_a_forbidden_pairing_and_see_the_draw_flag_it(live_server, phone_page, desktop_page, club, size):
    club, players = club
    page = phone_page if size == "phone" else desktop_page
    width = 360 if size == "phone" else 1280
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{club.slug}/")
    with page.expect_navigation():
        page.get_by_role("link", name="Verbotene Paarungen").click()
    expect(page.locator("h1")).to_have_text("Verbotene Paarungen")
    first = page.locator("#id_player_a-search")
    first.fill("anke")
    first.press("Enter")
    second = page.locator("#id_player_b-search")
    second.fill("juergen")
    second.press("Enter")
    page.get_by_label("nie am selben Tisch").check()
    page.fill("#id_reason", "Ehepaar")
    with page.expect_navigation():
        page.get_by_role("button", name="Hinzufügen").click()
    row = page.locator("ul.forbidden-pairings li[data-pairing]")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Anke Brandt")
    expect(row).to_contain_text("Jürgen Brandt")
    expect(row).to_contain_text("nie am selben Tisch")
    expect(row).to_contain_text("Eingetragen von leitung")
    pairing = ForbiddenPairing.objects.get()
    assert {pairing.player_a, pairing.player_b} == set(players[:2]) and pairing.reason == "Ehepaar"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"draw-pairings-{width}.png"), full_page=True)

    # Four players make one table: the couple meets whatever the draw, and the draw page says so.
    event = EventFactory(
        club=club,
        slug="abend",
        team_mode=Event.TeamMode.MELEE,
        rounds=1,
        pairing_methods=["melee"],
        date=datetime.date(2026, 12, 1),
    )
    entries = [EntryFactory(event=event, number=n, player_1=p, player_2=None) for n, p in enumerate(players, 1)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    services.round_draw(event=event, number=1, seed=1)
    page.goto(f"{live_server.url}/o/{club.slug}/events/abend/rounds/1/")
    flag = page.locator("ul.draw-notes li")
    expect(flag).to_have_count(1)
    expect(flag).to_contain_text("Ehepaar")
    expect(flag).to_contain_text("Keine Auslosung konnte es vermeiden.")
    expect(flag).to_contain_text("Anke Brandt")
    expect(flag).to_contain_text("Jürgen Brandt")
    expect(flag).to_contain_text("Tisch 1:")
    expect(page.locator("table.draw .badge.flag-forbidden_opponents_no_alternative")).to_have_count(1)
    page.screenshot(path=str(SHOTS / f"draw-flag-{width}.png"), full_page=True)
    # The sentence is above the table, in full at every width (the table itself scrolls sideways on a phone).
    box = flag.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    # Removed: the pairing moves to the folded list with who removed it.
    page.goto(f"{live_server.url}/o/{club.slug}/pairings/")
    with page.expect_navigation():
        page.get_by_role("button", name="Entfernen").click()
    expect(page.locator("ul.forbidden-pairings li[data-pairing]")).to_have_count(0)
    page.locator("details.card summary").click()
    expect(page.locator("li[data-removed]")).to_contain_text("entfernt von leitung")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
