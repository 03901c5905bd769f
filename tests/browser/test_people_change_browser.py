"""The late pair's form and the standings with its bye, in Chromium, in German at 360 and 1280 px: the pair is
typed in through the pick, its missed round counted as a bye, and the public standings say so, with what a
bye gives. Screenshots under /tmp/people/."""

from pathlib import Path

import pytest

from scoring.standings.store import standings_recompute_now
from tests.browser.helpers import axe_serious, login
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.people.people_helpers import make_evening, play
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/people")


@pytest.mark.parametrize("page_fixture", ["phone_page", "desktop_page"])
def test_a_late_pair_through_the_form_and_its_bye_in_the_standings(live_server, request, page_fixture):
    page = request.getfixturevalue(page_fixture)
    width = page.viewport_size["width"]
    SHOTS.mkdir(exist_ok=True)
    club = MembershipFactory(user=UserFactory(username="leitung")).club
    event, _ = make_evening(club, 8, slug="heute")
    play(event, 1)
    PlayerFactory(club=club, first_name="Jürgen", last_name="Spätzünder")
    PlayerFactory(club=club, first_name="Monika", last_name="Nachzügler")
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{club.slug}/events/heute/entries/")
    assert page.get_by_role("heading", name="Nachmeldung").is_visible()
    assert page.get_by_label("spielt ab Runde").input_value() == "2"
    page.get_by_role("combobox", name="Spieler").fill("spaetz")
    page.get_by_role("combobox", name="Spieler").press("Enter")
    page.get_by_role("combobox", name="Partner").fill("nachz")
    page.get_by_role("combobox", name="Partner").press("Enter")
    assert page.get_by_role("radio", name="je als Freilos", exact=False).is_checked()
    page.get_by_label("Notiz für den Verlauf").fill("Stau auf der A7")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_serious(page) == []
    page.locator("form.stack").screenshot(path=str(SHOTS / f"late-form-{width}.png"))
    with page.expect_navigation():
        page.get_by_role("button", name="Nachmelden").click()
    late = Entry.objects.get(event=event, player_1__last_name="Spätzünder")
    assert (late.joined_round, late.missed_rounds_rule) == (2, "bye")
    assert page.get_by_text("Nachmeldung ab Runde 2 (verpasste Runden als Freilos)").first.is_visible()

    # The entry's page: its withdrawal and its substitute, beside its settings.
    page.goto(f"{live_server.url}/o/{club.slug}/events/heute/entries/{late.pk}/")
    assert page.get_by_role("heading", name="Zieht zurück").is_visible()
    assert page.get_by_role("heading", name="Ersatzspieler").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"entry-{width}.png"), full_page=True)

    standings_recompute_now(event_id=event.pk)  # what the worker does after the commit
    page.goto(f"{live_server.url}/e/{club.slug}/heute/standings/")
    row = page.locator(f"tr[data-entry='{late.number}']")
    assert "Nachmeldung ab Runde 2" in row.inner_text()
    assert page.get_by_text("Freilos: 2 Matchpunkte, 400 Spielpunkte").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_serious(page) == []
    page.screenshot(path=str(SHOTS / f"standings-{width}.png"), full_page=True)
