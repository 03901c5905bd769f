"""The entry form's type-to-search pick in Chromium, in German at 360 and 1280 px: typing "juergen" finds
Jürgen, a member already entered tonight and the partner picked in the other field are not offered, the
keyboard alone picks both players, and the entry is stored."""

import pytest

from tests.browser.helpers import axe_serious, login
from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("page_fixture", ["phone_page", "desktop_page"])
def test_pick_both_players_by_typing(live_server, request, page_fixture):
    page = request.getfixturevalue(page_fixture)
    club = MembershipFactory(user=UserFactory(username="leitung")).club
    event = EventFactory(club=club, slug="heute")
    jurgen = PlayerFactory(club=club, first_name="Jürgen", last_name="Bockelmann")
    monika = PlayerFactory(club=club, first_name="Monika", last_name="Grünwald")
    PlayerFactory(club=club, first_name="Jürgen", last_name="Weiß")
    entered = EntryFactory(event=event, number=1, player_1=PlayerFactory(club=club, last_name="Schröder"))
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{club.slug}/events/heute/entries/")
    first = page.get_by_role("combobox", name="Spieler")
    assert page.locator("#id_player_1").is_hidden()
    first.fill("juergen")
    options = page.locator("#id_player_1-options [role=option]")
    assert sorted(options.all_inner_texts()) == ["Bockelmann, Jürgen", "Weiß, Jürgen"]
    assert axe_serious(page) == []  # the list open
    first.fill("juergen bock")
    assert options.all_inner_texts() == ["Bockelmann, Jürgen"]
    first.press("Enter")
    assert page.locator("#id_player_1").input_value() == str(jurgen.pk)
    assert first.input_value() == "Bockelmann, Jürgen"
    second = page.get_by_role("combobox", name="Partner")
    second.fill("schroeder")  # entered tonight: not offered
    second_options = page.locator("#id_player_2-options [role=option]")
    assert second_options.all_inner_texts() == ["Kein noch nicht gemeldetes Mitglied gefunden."]
    second.fill("bockel")  # picked as the player: not offered as partner
    assert second_options.all_inner_texts() == ["Kein noch nicht gemeldetes Mitglied gefunden."]
    second.fill("GRUEN")
    second.press("ArrowDown")
    second.press("Tab")
    assert page.locator("#id_player_2").input_value() == str(monika.pk)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    with page.expect_navigation():
        page.get_by_role("button", name="Meldung hinzufügen").click()
    entry = Entry.objects.get(event=event, number=2)
    assert (entry.player_1_id, entry.player_2_id) == (jurgen.pk, monika.pk)
    assert entered.pk != entry.pk
