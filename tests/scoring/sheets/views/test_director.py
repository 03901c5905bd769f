"""Calling the director from the table's phone: only through the table's own card or game link (never a
revoked one, a team link or the venue screen), idempotent, taken back; the phone's poll and the organiser's
round page follow the call within one ask, in a fixed number of queries."""

import pytest
from django.urls import reverse

from scoring.models import TableLink, TeamLink, VenueScreen
from scoring.sheets.links import table_card_reissue
from scoring.sheets.permissions import Actor
from tests.address_helpers import round_url, sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round, table_of
from tests.scoring.sheets.cards_helpers import card_of, evening
from tournaments.models import DirectorCall, EventLogEntry, Round
from tournaments.services.room import director_call_answer, director_call_open

pytestmark = pytest.mark.django_db


def call_url(token: str) -> str:
    return reverse("scoring:director-call", args=[token])


def test_the_card_calls_for_its_table_once_and_the_page_says_since_when(client):
    event, _round, _entries, _games = evening(tables=3)
    card = card_of(event, 2, "B")
    page = client.get(f"/t/{card.token}/").content.decode()
    assert 'id="director-open"' in page and f'action="{call_url(card.token)}"' in page

    response = client.post(call_url(card.token), {"reason": "dispute"}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "The director is called to your table." in html and 'id="director-called"' in html
    assert "Reason: a dispute at the table" in html and 'id="director-open"' not in html
    call = DirectorCall.objects.get(event=event)
    assert (call.table_number, call.side, call.reason, call.round.number) == (2, "B", "dispute", 1)

    again = client.post(call_url(card_of(event, 2, "A").token), {"reason": "question"}, follow=True)
    assert "The director was already called at" in again.content.decode()
    assert DirectorCall.objects.filter(event=event).count() == 1
    assert list(EventLogEntry.objects.filter(event=event).values_list("action", "table_number")) == [
        ("director_called", 2)
    ]


def test_a_game_link_calls_and_takes_the_call_back(client):
    round, games = released_round(tables=2)
    _sheet, link_a, _link_b = table_of(games[1])
    assert client.post(call_url(link_a.token)).status_code == 302  # no reason: fine
    call = DirectorCall.objects.get(event=round.event)
    assert (call.table_number, call.side, call.reason) == (2, "A", "")
    part = client.get(f"/t/{link_a.token}/?live=call").content.decode()
    assert part.lstrip().startswith("<section") and 'id="director-called"' in part
    assert f'data-live-value="{call.pk}"' in part

    response = client.post(reverse("scoring:director-cancel", args=[link_a.token]), follow=True)
    assert "Your call to the director is taken back." in response.content.decode()
    call.refresh_from_db()
    assert call.cancelled and call.answered_at is not None
    assert 'data-live-value="0"' in client.get(f"/t/{link_a.token}/?live=call").content.decode()
    assert client.post(call_url(link_a.token)).status_code == 302  # a new call after the old one closed
    assert DirectorCall.objects.filter(event=round.event, answered_at__isnull=True).count() == 1


def test_a_revoked_card_or_link_cannot_call(client):
    event, _round1, _entries, games = evening(tables=2)
    old_card = card_of(event, 1, "A")
    table_card_reissue(event=event, table_number=1, actor=Actor(organiser=True))
    assert client.post(call_url(old_card.token), {"reason": "question"}).status_code == 404
    link = TableLink.objects.active().get(game=games[1], side="B")
    TableLink.objects.filter(pk=link.pk).update(revoked_at="2026-11-30T20:00Z")
    assert client.post(call_url(link.token)).status_code == 404
    assert not DirectorCall.objects.exists()


def test_links_printed_for_the_room_cannot_call(client):
    event, _round, entries, _games = evening(tables=2)
    team = TeamLink.objects.get(entry=entries[0])
    sheet = client.get(reverse("scoring:team-sheet", args=[team.token])).content.decode()
    assert 'id="director-call"' not in sheet and "/director/" not in sheet
    assert client.post(f"/p/{team.token}/director/").status_code == 404
    screen = VenueScreen.objects.create(event=event)
    assert client.post(f"/v/{screen.token}/director/").status_code == 404
    # A team link's token is no card and no game link either.
    assert client.post(call_url(team.token)).status_code == 404
    assert not DirectorCall.objects.exists()


def test_a_bad_reason_or_a_closed_round_stores_nothing(client):
    round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    assert client.post(call_url(link_a.token), {"reason": "party"}).status_code == 400
    assert client.get(call_url(link_a.token)).status_code == 405
    Round.objects.filter(pk=round.pk).update(status=Round.Status.CLOSED)
    assert client.post(call_url(link_a.token), {"reason": "question"}).status_code == 403
    assert not DirectorCall.objects.exists() and not EventLogEntry.objects.exists()


def test_the_organisers_sheet_page_has_no_call_box(client):
    round, games = released_round(tables=1)
    sheet, _link_a, _ = table_of(games[0])
    client.force_login(MembershipFactory(club=round.event.club).user)
    html = client.get(sheet_url(sheet)).content.decode()
    assert client.get(sheet_url(sheet)).status_code == 200 and 'id="director-call"' not in html


def test_the_phones_poll_follows_the_call_in_its_one_query(client, django_assert_max_num_queries):
    event, round1, _entries, games = evening(tables=2)
    card = card_of(event, 2, "A")
    _sheet, link_a, _ = table_of(games[1])
    versions = [f"/t/{card.token}/version.json", f"/t/{link_a.token}/version.json"]
    first = [client.get(url) for url in versions]
    assert [r.json()["call"] for r in first] == [0, 0]
    call, _ = director_call_open(event=event, round=round1, table_number=2, side="B")
    director_call_open(event=event, round=round1, table_number=1, side="A")  # another table's: not this one's
    with django_assert_max_num_queries(1):
        moved = client.get(versions[1], HTTP_IF_NONE_MATCH=first[1]["ETag"])
    assert moved.status_code == 200 and moved.json()["call"] == call.pk
    with django_assert_max_num_queries(2):
        assert client.get(versions[0]).json()["call"] == call.pk
    director_call_answer(call=call, user=MembershipFactory(club=event.club).user)
    assert [client.get(url).json()["call"] for url in versions] == [0, 0]


def test_the_round_page_shows_the_calls_and_its_poll_moves(client, django_assert_max_num_queries):
    round, _games = released_round(tables=8)
    client.force_login(MembershipFactory(club=round.event.club).user)
    html = client.get(round_url(round)).content.decode()
    assert 'id="director-calls"' in html and "No table is calling." in html
    before = client.get(round_url(round, "version.json"))
    call, _ = director_call_open(event=round.event, round=round, table_number=5, side="A", reason="question")
    moved = client.get(round_url(round, "version.json"), HTTP_IF_NONE_MATCH=before["ETag"])
    assert moved.status_code == 200 and moved.json()["calls"] != before.json()["calls"]
    assert moved.json()["version"] == before.json()["version"]  # the sheets did not move: only the box swaps
    part = client.get(round_url(round) + "?part=calls").content.decode()
    assert part.lstrip().startswith("<section") and 'data-call-table="5"' in part and "a question" in part
    assert f'data-live-value="{moved.json()["calls"]}"' in part
    answer = reverse(
        "tournaments:director_call_answered",
        kwargs={"club_slug": round.event.club.slug, "event_slug": round.event.slug, "call_id": call.pk},
    )
    assert f'action="{answer}"' in part and f'value="{round_url(round)}"' in part

    with django_assert_max_num_queries(30) as one_call:
        client.get(round_url(round))
    for table in (1, 2, 3, 4, 6, 7):
        director_call_open(event=round.event, round=round, table_number=table, side="B")
    with django_assert_max_num_queries(len(one_call)):
        html = client.get(round_url(round)).content.decode()
    assert html.count("data-answer-call=") == 7
