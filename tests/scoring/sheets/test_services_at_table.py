"""At the table (issue 10): a forgotten deal inserted, the entering side switched, errors in seat names,
the form gone once the game is over, announcements in words, and the cheap version URLs the pages poll."""

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from scoring.exceptions import DealInvalid, FieldRequired, SheetConflict, SheetStateError, SideNotAllowed
from scoring.models import Deal, Sheet, SheetChange
from scoring.sheets.selectors import deal_summary
from scoring.sheets.services import deal_create, deal_insert, sheet_confirm, sheet_entering_side_switch, sheet_submit
from tests.address_helpers import round_url, sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import (
    HOHELUFT_GAME,
    card_actor,
    fill,
    link_actor,
    organiser_actor,
    released_round,
    table_of,
)

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
FORGOTTEN = {"contract": {"taker": "B", "trump": "clubs"}, "tricks": {"A": 42, "B": 120}}


def stored(sheet):
    return [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")]


# --- a forgotten deal, inserted ---------------------------------------------------------------------------


def test_insert_at_position_3_moves_the_later_deals_down_and_is_in_the_history(table):
    sheet, link_a, _ = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:5])
    write = deal_insert(
        sheet=sheet, position=2, data=FORGOTTEN, version=sheet.version, client_id="ins-1", actor=link_actor(link_a)
    )
    assert write.created and write.deal.position == 2
    assert stored(sheet) == [*HOHELUFT_GAME[:2], FORGOTTEN, *HOHELUFT_GAME[2:5]]
    fresh = Sheet.objects.get(pk=sheet.pk)
    assert fresh.deal_count == 6 and fresh.version == sheet.version + 1
    change = SheetChange.objects.filter(sheet=sheet).latest("id")
    assert (change.action, change.deal_position, change.after, change.link_id) == (
        SheetChange.Action.DEAL_INSERT,
        2,
        FORGOTTEN,
        link_a.pk,
    )
    # Idempotent like a create: the same client id again stores nothing.
    again = deal_insert(sheet=fresh, position=2, data=FORGOTTEN, version=0, client_id="ins-1", actor=link_actor(link_a))
    assert not again.created and Deal.objects.filter(sheet=sheet).count() == 6


def test_an_insert_that_makes_a_later_deal_impossible_is_refused_and_stores_nothing(table):
    sheet, link_a, _ = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME)  # the whole game: 12 played deals and a passed one
    before = stored(sheet)
    with pytest.raises(DealInvalid) as caught:
        deal_insert(
            sheet=sheet, position=2, data=FORGOTTEN, version=sheet.version, client_id="ins-2", actor=link_actor(link_a)
        )
    # The last deal is now past the end of the game: every later deal was checked again.
    assert any(error["code"] == "game_over" for error in caught.value.errors)
    assert stored(sheet) == before
    assert not SheetChange.objects.filter(sheet=sheet, action=SheetChange.Action.DEAL_INSERT).exists()


def test_insert_past_the_end_is_refused_with_the_numbers(table):
    sheet, link_a, _ = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:2])
    with pytest.raises(SheetStateError) as caught:
        deal_insert(
            sheet=sheet, position=5, data=FORGOTTEN, version=sheet.version, client_id="ins-3", actor=link_actor(link_a)
        )
    assert caught.value.code == "no_such_deal" and "2" in caught.value.message and "6" in caught.value.message


def test_insert_follows_the_rules_of_every_write(table):
    sheet, link_a, link_b = table
    membership = MembershipFactory(club=sheet.game.round.event.club)
    sheet = fill(sheet, link_a, HOHELUFT_GAME)
    with pytest.raises(SideNotAllowed):  # the confirming side does not type
        deal_insert(
            sheet=sheet, position=0, data=FORGOTTEN, version=sheet.version, client_id="x1", actor=link_actor(link_b)
        )
    with pytest.raises(FieldRequired) as caught:  # an organiser's insert needs a reason
        deal_insert(
            sheet=sheet,
            position=0,
            data=FORGOTTEN,
            version=sheet.version,
            client_id="x2",
            actor=organiser_actor(membership),
        )
    assert caught.value.errors[0]["field"] == "reason"
    with pytest.raises(SheetConflict):
        deal_insert(
            sheet=sheet, position=0, data=FORGOTTEN, version=sheet.version - 1, client_id="x3", actor=link_actor(link_a)
        )
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    with pytest.raises(SheetStateError) as caught:  # after submission only the organiser changes deals
        deal_insert(
            sheet=sheet, position=0, data=FORGOTTEN, version=sheet.version, client_id="x4", actor=link_actor(link_a)
        )
    assert caught.value.code == "sheet_submitted"
    assert Deal.objects.filter(sheet=sheet).count() == len(HOHELUFT_GAME)


def test_insert_from_the_referee_form_without_javascript(client, table):
    sheet, link_a, _ = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:4])
    page = client.get(f"/t/{link_a.token}/?insert=2").content.decode()
    action = reverse("scoring:referee-deal-insert", args=[link_a.token, 2])
    assert f'action="{action}"' in page and 'href="?insert=2"' in page
    response = client.post(
        action, {"taker": "B", "trump": "clubs", "tricks_a": "42", "version": sheet.version, "client_id": "form-ins"}
    )
    assert response.status_code == 302
    assert stored(sheet)[2] == FORGOTTEN and len(stored(sheet)) == 5


def test_insert_through_the_api(table):
    sheet, link_a, _ = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:3])
    api = APIClient()
    response = api.post(
        f"/api/v1/table/{link_a.token}/deals/2/insert/",
        {"deal": FORGOTTEN, "version": sheet.version},
        format="json",
        HTTP_IDEMPOTENCY_KEY="api-ins",
    )
    assert response.status_code == 201, response.content
    assert response.json()["deal"]["position"] == 2
    assert stored(sheet) == [*HOHELUFT_GAME[:2], FORGOTTEN, HOHELUFT_GAME[2]]


def test_the_insert_check_scores_the_deal_at_its_place(client, table):
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:3])
    response = client.post(
        f"/t/{link_a.token}/check/?insert=1", {"taker": "B", "trump": "clubs", "tricks_a": "42", "version": "3"}
    )
    assert response.json()["valid"] is True


# --- the organiser switches the entering side ---------------------------------------------------------------


def test_switching_the_entering_side_lets_the_other_side_enter_and_the_first_confirm(table):
    sheet, link_a, link_b = table
    membership = MembershipFactory(club=sheet.game.round.event.club)
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:3])
    with pytest.raises(SideNotAllowed):
        deal_create(
            sheet=sheet, data=HOHELUFT_GAME[3], version=sheet.version, client_id="b-1", actor=link_actor(link_b)
        )
    with pytest.raises(SideNotAllowed):
        sheet_entering_side_switch(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    sheet = sheet_entering_side_switch(sheet=sheet, version=sheet.version, actor=organiser_actor(membership))
    assert sheet.entering_side == "B"
    change = SheetChange.objects.filter(sheet=sheet).latest("id")
    assert change.action == SheetChange.Action.SWITCH_SIDE and change.user == membership.user
    assert (change.before, change.after) == ({"entering_side": "A"}, {"entering_side": "B"})
    sheet = Sheet.objects.get(pk=sheet.pk)
    with pytest.raises(SideNotAllowed):
        deal_create(
            sheet=sheet, data=HOHELUFT_GAME[3], version=sheet.version, client_id="a-9", actor=link_actor(link_a)
        )
    for i, deal in enumerate(HOHELUFT_GAME[3:]):
        sheet = deal_create(
            sheet=sheet, data=deal, version=sheet.version, client_id=f"b{i}", actor=link_actor(link_b)
        ).sheet
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_b))
    sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_a))
    assert sheet.status == Sheet.Status.CONFIRMED


def test_one_tap_on_the_round_view_switches_the_side(client, table):
    sheet, link_a, link_b = table
    membership = MembershipFactory(club=sheet.game.round.event.club)
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:2])
    client.force_login(membership.user)
    round_page = round_url(sheet.game.round)
    page = client.get(round_page).content.decode()
    action = sheet_url(sheet, "switch-side/")
    assert f'action="{action}"' in page and f'data-switch-side="{sheet.game.table_number}"' in page
    response = client.post(action, {"version": sheet.version})
    assert response.status_code == 302 and response["Location"] == round_page
    assert Sheet.objects.get(pk=sheet.pk).entering_side == "B"
    # A stale tap (the page was old) changes nothing and says why.
    response = client.post(action, {"version": sheet.version}, follow=True)
    assert Sheet.objects.get(pk=sheet.pk).entering_side == "B"
    assert response.status_code == 200
    # The history on the organiser's sheet page shows it.
    history = client.get(sheet_url(sheet)).content.decode()
    assert "Entering side switched" in history or "Eingebende Seite gewechselt" in history
    # Side B's page now has the form, side A's does not.
    assert 'id="deal-form"' in client.get(f"/t/{link_b.token}/").content.decode()
    assert 'id="deal-form"' not in client.get(f"/t/{link_a.token}/").content.decode()


def test_another_clubs_organiser_cannot_switch(client, table):
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:1])
    client.force_login(MembershipFactory().user)
    response = client.post(sheet_url(sheet, "switch-side/"), {"version": 1})
    assert response.status_code == 404
    assert Sheet.objects.get(pk=sheet.pk).entering_side == "A"


# --- what the page says -------------------------------------------------------------------------------------


def test_errors_name_the_seats_not_team_a_or_b(client, table):
    _sheet, link_a, _ = table
    data = {"taker": "B", "trump": "spades", "tricks_a": "161", "version": "0", "client_id": "c1"}
    english = client.post(f"/t/{link_a.token}/deals/", data, **JSON).json()["errors"]
    text = " ".join(m for messages in english.values() for m in messages)
    assert "E/W cannot have 1 trick point:" in text and "Team B" not in text
    german = client.post(f"/t/{link_a.token}/deals/", data, HTTP_ACCEPT_LANGUAGE="de", **JSON).json()["errors"]
    text = " ".join(m for messages in german.values() for m in messages)
    assert "O/W" in text and "Team B" not in text


def test_a_typed_pair_that_does_not_add_up_gets_the_engines_error_and_nothing_is_stored(client, table):
    sheet, link_a, _ = table
    data = {"taker": "A", "trump": "hearts", "tricks_a": "92", "tricks_b": "72", "version": "0", "client_id": "c2"}
    response = client.post(f"/t/{link_a.token}/deals/", data, **JSON)
    assert response.status_code == 400
    assert "must add up to 162; got 92 + 72 = 164" in " ".join(response.json()["errors"]["tricks_a"])
    assert not Deal.objects.filter(sheet=sheet).exists()


def test_once_the_game_is_over_the_page_shows_the_result_and_submit_not_the_form(client, table):
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:-1])
    page = client.get(f"/t/{link_a.token}/").content.decode()
    assert 'id="deal-form"' in page and 'data-form="1"' in page
    fill(Sheet.objects.get(pk=sheet.pk), link_a, HOHELUFT_GAME[-1:])
    page = client.get(f"/t/{link_a.token}/").content.decode()
    assert 'id="deal-form"' not in page and 'data-form="0"' in page
    assert 'id="submit-sheet"' in page and "game-over" in page
    # Changing a deal or inserting one is still possible from the rows.
    assert 'id="deal-form"' in client.get(f"/t/{link_a.token}/?edit=0").content.decode()


def test_announcements_read_in_words_for_the_other_side_and_in_the_history(client):
    _round, games = released_round(tables=1, rules_preset="coinche", rules_options={})
    sheet, link_a, link_b = table_of(games[0])
    deal = {
        "contract": {"taker": "A", "trump": "hearts", "bid": 100},
        "tricks": {"A": 110, "B": 52},
        "declarations": {
            "A": [{"type": "tierce", "suit": "hearts", "high": "K"}],
            "B": [{"type": "carre", "rank": "9"}],
        },
    }
    with translation.override("de"):
        assert deal_summary(deal).endswith("N/S: Terz bis König ♥ (20) · O/W: Carré Neunen (150)")
    with translation.override("en"):
        assert "N/S: Tierce to King ♥ (20)" in deal_summary(deal)
    deal_create(sheet=sheet, data=deal, version=0, client_id="d1", actor=link_actor(link_a))
    other = client.get(f"/t/{link_b.token}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Terz bis König ♥ (20)" in other and "1 Ansage" not in other
    membership = MembershipFactory(club=sheet.game.round.event.club)
    client.force_login(membership.user)
    history = client.get(sheet_url(sheet)).content.decode()
    assert history.count("Tierce to King ♥ (20)") >= 2  # the deal row and the history line


def test_the_announcement_buttons_offer_only_what_the_rules_allow(client):
    _round, games = released_round(tables=1, rules_preset="coinche", rules_options={})
    _, link_a, _ = table_of(games[0])
    page = client.get(f"/t/{link_a.token}/").content.decode()
    assert 'id="ann-picker"' in page and 'data-kind="tierce"' in page and 'data-rank="J"' in page
    assert 'data-rank="8"' not in page  # four eights are no announcement
    assert "data-none-in" not in page  # coinche counts announcements in every contract
    _round, games = released_round(tables=1, rules_preset="belot", rules_options={})
    _, link_a, _ = table_of(games[0])
    assert 'data-none-in="no_trump"' in client.get(f"/t/{link_a.token}/").content.decode()  # belot: not in NT
    _round, games = released_round(tables=1)  # Hoheluft: belote only
    _, link_a, _ = table_of(games[0])
    assert 'id="ann-picker"' not in client.get(f"/t/{link_a.token}/").content.decode()


# --- the version URLs the pages poll -------------------------------------------------------------------------


def test_the_table_version_is_one_query_and_304_while_nothing_changed(client, table, django_assert_max_num_queries):
    sheet, link_a, link_b = table
    url = reverse("scoring:referee-version", args=[link_b.token])
    with django_assert_max_num_queries(1):
        first = client.get(url)
    assert first.status_code == 200 and first.json() == {
        "version": 0,
        "status": "entered",
        "entering_side": "",
        "open": True,
        "call": 0,  # the table's open call to the director: a column of the same query
        "clock": "c...0",  # the round clock's stamp, read in the same query
    }
    assert "no-store" not in first["Cache-Control"] and "no-cache" in first["Cache-Control"]
    with django_assert_max_num_queries(1):
        same = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert same.status_code == 304 and same.content == b""
    fill(sheet, link_a, HOHELUFT_GAME[:1])
    moved = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200 and moved.json()["version"] == 1 and moved.json()["entering_side"] == "A"
    assert client.get(reverse("scoring:referee-version", args=["x" * 43])).status_code == 404


def test_the_live_part_shows_the_other_side_its_confirm_button(client, table):
    sheet, link_a, link_b = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME)
    before = client.get(f"/t/{link_b.token}/?live=1").content.decode()
    assert before.strip().startswith('<section id="sheet-live"') and 'id="confirm-sheet"' not in before
    sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    after = client.get(f"/t/{link_b.token}/?live=1").content.decode()
    assert 'id="confirm-sheet"' in after and 'data-status="submitted"' in after


def test_the_organisers_version_urls_need_the_club(client, table, django_assert_max_num_queries):
    sheet, link_a, _ = table
    round_version = round_url(sheet.game.round, "version.json")
    sheet_version = sheet_url(sheet, "version.json")
    assert client.get(round_version).status_code == 302  # to the login page
    client.force_login(MembershipFactory().user)
    assert client.get(round_version).status_code == 404 and client.get(sheet_version).status_code == 404
    client.force_login(MembershipFactory(club=sheet.game.round.event.club).user)
    with django_assert_max_num_queries(6):  # the login's, round, membership, sheets, the open calls
        first = client.get(round_version)
    assert first.status_code == 200
    assert client.get(round_version, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    fill(sheet, link_a, HOHELUFT_GAME[:1])
    moved = client.get(round_version, HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200 and moved.json()["version"] == first.json()["version"] + 1
    assert client.get(sheet_version).json()["version"] == 1
