"""The side swap on the organiser's sheet page: offered while the round is played, one post with a reason,
refused by field; another club's organiser gets 404 and changes nothing; the page's queries pinned."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Deal, Sheet
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, table_of
from tests.scoring.sheets.cards_helpers import evening
from tournaments.models import Game, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    event, _rnd, _entries, games = evening(tables=1)
    sheet, link_a, _link_b = table_of(games[0])
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:3])
    return {"event": event, "game": games[0], "sheet": sheet}


def _url(event, name="desk:sheet"):
    return reverse(name, args=[event.club.slug, event.slug, 1, 1])


def _login(client, club):
    client.force_login(MembershipFactory(club=club).user)
    return client


def test_the_sheet_page_offers_the_swap_while_the_round_is_played(client, table):
    _login(client, table["event"].club)
    page = client.get(_url(table["event"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    form = page[page.index("/swap-sides/") : page.index("</form>", page.index("/swap-sides/"))]
    assert 'value="teams"' in form and 'value="seats"' in form and 'name="reason"' in form
    Round.objects.filter(pk=table["game"].round_id).update(status=Round.Status.CLOSED)
    assert "/swap-sides/" not in client.get(_url(table["event"])).content.decode()


def test_swapping_the_teams_through_the_page(client, table):
    _login(client, table["event"].club)
    game = table["game"]
    data = {"how": "teams", "reason": "Tisch verwechselt", "version": table["sheet"].version}
    answer = client.post(_url(table["event"], "desk:sheet-swap-sides"), data, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "the teams changed places" in answer.content.decode()
    assert Game.objects.get(pk=game.pk).entry_a_id == game.entry_b_id
    assert Sheet.objects.get(pk=table["sheet"].pk).deal_count == 3


def test_a_swap_without_a_reason_or_a_choice_is_refused_by_field(client, table):
    _login(client, table["event"].club)
    path = _url(table["event"], "desk:sheet-swap-sides")
    answer = client.post(path, {"how": "teams", "version": table["sheet"].version}, follow=True)
    assert "Reason: This field is required." in answer.content.decode()
    answer = client.post(path, {"how": "all", "reason": "x", "version": table["sheet"].version}, follow=True)
    assert "What was swapped?: Select a valid choice." in answer.content.decode()
    assert Game.objects.get(pk=table["game"].pk).entry_a_id == table["game"].entry_a_id


def test_another_clubs_organiser_gets_404_and_nothing_changes(client, table):
    _login(client, MembershipFactory().club)
    data = {"how": "seats", "reason": "x", "version": table["sheet"].version}
    deals = list(Deal.objects.values_list("data", flat=True))
    assert client.post(_url(table["event"], "desk:sheet-swap-sides"), data).status_code == 404
    assert list(Deal.objects.values_list("data", flat=True)) == deals


def test_the_sheet_page_with_the_swap_runs_a_fixed_number_of_queries(client, table, django_assert_max_num_queries):
    _login(client, table["event"].club)
    with django_assert_max_num_queries(9):
        assert client.get(_url(table["event"])).status_code == 200
