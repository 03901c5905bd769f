"""The entry form offers only members not entered yet (both selects, one query), marks its selects for the
type-to-search pick, and without JavaScript still refuses a double booking with a sentence naming the player."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import EntryFactory, PlayerFactory
from tests.tournaments.views.view_helpers import url
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def offered(page: str, name: str) -> set[int]:
    """The player ids the select `name` offers."""
    select = re.search(rf'<select name="{name}".*?</select>', page, re.S)
    assert select, name
    return {int(v) for v in re.findall(r'<option value="(\d+)"', select.group(0))}


def test_the_selects_leave_out_members_already_entered(organiser_client, event):
    free = [PlayerFactory(club=event.club, last_name=name) for name in ("Grünwald", "Petersen")]
    entered = {p for e in Entry.objects.filter(event=event) for p in (e.player_1_id, e.player_2_id)}
    page = organiser_client.get(url("entries", event)).content.decode()
    for name in ("player_1", "player_2"):
        assert {p.pk for p in free} <= offered(page, name)
        assert not offered(page, name) & entered
    assert page.count("data-pick") >= 2 and "Members already entered tonight are not listed." in page
    assert "tournaments/pick.js" in page and "fold.js" in page


def test_the_edit_form_offers_the_entrys_own_players_not_the_others(organiser_client, event):
    entry, other = Entry.objects.filter(event=event).order_by("number")[:2]
    page = organiser_client.get(url("entry_edit", event, entry_id=entry.pk)).content.decode()
    assert {entry.player_1_id, entry.player_2_id} <= offered(page, "player_1")
    assert not offered(page, "player_2") & {other.player_1_id, other.player_2_id}
    assert f'<option value="{entry.player_1_id}" selected>' in page


def test_a_double_booking_posted_without_javascript_names_the_player(organiser_client, event):
    taken = Entry.objects.get(event=event, number=3)
    data = {"player_1": PlayerFactory(club=event.club).pk, "player_2": taken.player_1_id}
    response = organiser_client.post(url("entries", event), data)
    assert response.status_code == 200
    message = f"{taken.player_1} already plays in entry no. 3."
    assert response.context["form"].errors["player_2"] == [message]
    assert message in response.content.decode()
    assert Entry.objects.filter(event=event).count() == 8


def test_the_offered_members_take_one_query_for_both_selects(organiser_client, event, django_assert_max_num_queries):
    for number in range(9, 40):
        EntryFactory(event=event, number=number)
    PlayerFactory.create_batch(20, club=event.club)
    with CaptureQueriesContext(connection) as queries:
        organiser_client.get(url("entries", event))
    players = [q["sql"] for q in queries.captured_queries if 'FROM "tournaments_player"' in q["sql"].split("WHERE")[0]]
    assert len(players) == 1, players
    with django_assert_max_num_queries(8):
        assert organiser_client.get(url("entries", event)).status_code == 200
