"""A forgotten deal inserted into a points game that has reached its target: the refusal says which last
deals would no longer count and what to do (remove them first, then insert); the pages say it beforehand."""

import pytest
from django.utils import translation

from scoring.exceptions import DealInvalid
from scoring.models import Deal, SheetChange
from scoring.sheets.services import deal_delete, deal_insert
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import fill, link_actor, organiser_actor, released_round, table_of

pytestmark = pytest.mark.django_db

# Classic belote to 500 points: N/S take and make 152 : 10 each time, so the game ends with the fourth deal;
# the forgotten deal (92 : 70 to N/S) makes the game end one deal earlier.
WIN = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 152, "B": 10}}
FORGOTTEN = {"contract": {"taker": "A", "trump": "clubs"}, "tricks": {"A": 92, "B": 70}}


@pytest.fixture
def finished_game():
    club = MembershipFactory().club
    _round, games = released_round(tables=1, club=club, rules_preset="classic", rules_options={"target": 500})
    sheet, link_a, _ = table_of(games[0])
    sheet = fill(sheet, link_a, [WIN] * 4)
    assert sheet.finished and sheet.deal_count == 4
    return sheet, link_a


def test_the_refusal_names_the_surplus_last_deal_and_says_what_to_do(finished_game):
    sheet, link_a = finished_game
    with translation.override("en"), pytest.raises(DealInvalid) as caught:
        deal_insert(
            sheet=sheet, position=2, data=FORGOTTEN, version=sheet.version, client_id="i1", actor=link_actor(link_a)
        )
    message = caught.value.message
    assert "the game would end after deal 4" in message
    assert "the sheet's last deal (deal 4) would no longer count" in message
    assert "Remove that surplus last deal first, then insert the forgotten one." in message
    assert Deal.objects.filter(sheet=sheet).count() == 4


def test_in_german_and_after_removing_the_surplus_deal_the_insert_goes_through(finished_game):
    sheet, link_a = finished_game
    with translation.override("de"), pytest.raises(DealInvalid) as caught:
        deal_insert(
            sheet=sheet, position=2, data=FORGOTTEN, version=sheet.version, client_id="i2", actor=link_actor(link_a)
        )
    assert "Entfernen Sie zuerst dieses überzählige letzte Spiel" in caught.value.message
    sheet = deal_delete(sheet=sheet, position=3, version=sheet.version, actor=link_actor(link_a)).sheet
    write = deal_insert(
        sheet=sheet, position=2, data=FORGOTTEN, version=sheet.version, client_id="i3", actor=link_actor(link_a)
    )
    assert write.created and write.sheet.deal_count == 4
    actions = list(SheetChange.objects.filter(sheet=sheet).order_by("id").values_list("action", flat=True))
    assert actions[-2:] == [SheetChange.Action.DEAL_DELETE, SheetChange.Action.DEAL_INSERT]


def test_several_surplus_deals_are_all_named():
    # Six small wins (92 : 70) reach 552; a capot inserted first ends the game after its fourth deal.
    small = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
    capot = {"contract": {"taker": "A", "trump": "hearts"}, "capot": "A"}
    _round, games = released_round(tables=1, rules_preset="classic", rules_options={"target": 500})
    sheet, link_a, _ = table_of(games[0])
    sheet = fill(sheet, link_a, [small] * 6)
    assert sheet.finished
    with translation.override("en"), pytest.raises(DealInvalid) as caught:
        deal_insert(
            sheet=sheet, position=0, data=capot, version=sheet.version, client_id="i4", actor=link_actor(link_a)
        )
    message = caught.value.message
    assert "the game would end after deal 4" in message
    assert "the sheet's last 3 deals (deals 4 to 6) would no longer count" in message
    assert "Remove those surplus last deals first" in message


def test_the_organisers_sheet_page_says_to_remove_the_surplus_deal_first(client, finished_game):
    sheet, _link_a = finished_game
    membership = MembershipFactory(club=sheet.game.round.event.club)
    client.force_login(membership.user)
    html = client.get(sheet_url(sheet), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "remove the surplus last deal first, then insert the forgotten one" in html
    assert organiser_actor(membership).organiser
