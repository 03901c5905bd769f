"""The live pages' polls answered from the live cache (config/live.py): an unchanged poll is a 304 with no
query and no session; a committed change (a deal, a revoked link, a recompute, a call to the director)
is seen at the next poll; with the cache's Redis down, the polls answer from the database."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import override_settings

from config import live
from scoring.sheets.links import reissue
from scoring.standings.store import standings_recompute_if_dirty
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, released_round, table_of
from tests.scoring.sheets.cards_helpers import card_of, evening
from tournaments.models import Event
from tournaments.services.room import director_call_open

pytestmark = [pytest.mark.django_db, pytest.mark.live_answers]


def standings_url(event) -> str:
    return f"/e/{event.club.slug}/{event.slug}/standings/version.json"


def test_an_unchanged_phone_poll_is_a_304_with_no_query_and_no_session(client, django_assert_num_queries):
    event, _round, _entries, games = evening(tables=2)
    _sheet, _link_a, link_b = table_of(games[1])
    for url in (f"/t/{link_b.token}/version.json", f"/t/{card_of(event, 1, 'A').token}/version.json"):
        first = client.get(url)
        assert first.status_code == 200 and first.json()["version"] == 0
        with django_assert_num_queries(0):
            again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304 and again["ETag"] == first["ETag"]
        assert "Cookie" not in again.get("Vary", "") and "sessionid" not in again.cookies


def test_public_standings_poll_is_a_304_with_no_query_even_with_a_session(client, django_assert_num_queries):
    round, _games = released_round(tables=1, status=Event.Status.RUNNING, public_standings=True)
    client.force_login(MembershipFactory().user)  # a visitor who is someone's organiser: the session is not read
    first = client.get(standings_url(round.event))
    assert first.status_code == 200 and set(first.json()) == {"version", "dirty", "computed_at"}
    with django_assert_num_queries(0):
        again = client.get(standings_url(round.event), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_a_committed_deal_moves_both_phones_answers(client, django_capture_on_commit_callbacks):
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    urls = [f"/t/{link.token}/version.json" for link in (link_a, link_b)]
    etags = [client.get(url)["ETag"] for url in urls]
    with django_capture_on_commit_callbacks(execute=True):
        fill(sheet, link_a, HOHELUFT_GAME[:2])
    for url, etag in zip(urls, etags, strict=True):
        moved = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert moved.status_code == 200 and moved.json()["version"] == 2 and moved.json()["entering_side"] == "A"


def test_a_change_not_yet_committed_is_not_kept_as_the_new_answer(client, django_capture_on_commit_callbacks):
    """The generation is read before the database: an answer read while a write was in flight is kept under
    the old generation, which the write's commit replaces."""
    _round, games = released_round(tables=1)
    sheet, link_a, _link_b = table_of(games[0])
    url = f"/t/{link_a.token}/version.json"
    etag = client.get(url)["ETag"]
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        fill(sheet, link_a, HOHELUFT_GAME[:1])
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304  # kept: nothing committed yet
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).json()["version"] == 1


def test_a_revoked_link_answers_404_at_once(client, django_capture_on_commit_callbacks):
    _round, games = released_round(tables=1)
    _sheet, link_a, _link_b = table_of(games[0])
    url = f"/t/{link_a.token}/version.json"
    assert client.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        reissue(link_a)
    assert client.get(url).status_code == 404


def test_a_call_to_the_director_and_a_recompute_move_the_answers(client, django_capture_on_commit_callbacks):
    event, round1, _entries, games = evening(tables=1)
    event.status, event.public_standings = Event.Status.RUNNING, True
    event.save(update_fields=["status", "public_standings"])
    _sheet, link_a, _ = table_of(games[0])
    phone, standings = client.get(f"/t/{link_a.token}/version.json"), client.get(standings_url(event))
    with django_capture_on_commit_callbacks(execute=True):
        call, _ = director_call_open(event=event, round=round1, table_number=1, side="B")
    assert client.get(f"/t/{link_a.token}/version.json", HTTP_IF_NONE_MATCH=phone["ETag"]).json()["call"] == call.pk
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute_if_dirty(event_id=event.pk)
    moved = client.get(standings_url(event), HTTP_IF_NONE_MATCH=standings["ETag"])
    assert moved.status_code == 200 and moved.json()["version"] == standings.json()["version"] + 1


def test_standings_not_public_are_the_organisers_alone(client):
    round, _games = released_round(tables=1, status=Event.Status.RUNNING, public_standings=False)
    url = standings_url(round.event)
    assert client.get(url).status_code == 404
    client.force_login(MembershipFactory().user)  # the organiser of another club
    assert client.get(url).status_code == 404
    client.force_login(MembershipFactory(club=round.event.club).user)
    assert client.get(url).status_code == 200
    client.logout()
    assert client.get(url).status_code == 404  # the organiser's answer is not kept for anyone else


def test_with_the_live_redis_down_polls_answer_from_the_database(client, django_capture_on_commit_callbacks):
    _round, games = released_round(tables=1)
    sheet, link_a, _link_b = table_of(games[0])
    url = f"/t/{link_a.token}/version.json"
    dead = {
        "BACKEND": "config.cache.ForgivingRedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
    }
    from django.conf import settings

    with override_settings(CACHES={**settings.CACHES, "live": dead}, LIVE_REDIS_URL="redis://127.0.0.1:1/0"):
        first = client.get(url)
        assert first.status_code == 200 and first.json()["version"] == 0
        with django_capture_on_commit_callbacks(execute=True):
            fill(sheet, link_a, HOHELUFT_GAME[:1])  # the bump and the signal are lost: no error for the phone
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).json()["version"] == 1


def test_the_organisers_sheet_poll_still_asks_the_database(client, django_assert_max_num_queries):
    """Behind a login the poll reads the session anyway: not kept (one or two per round, not per phone)."""
    _round, games = released_round(tables=1)
    sheet, _link_a, _link_b = table_of(games[0])
    client.force_login(MembershipFactory(club=sheet.game.round.event.club).user)
    first = client.get(sheet_url(sheet, "version.json"))
    assert client.get(sheet_url(sheet, "version.json"), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert live.stream_key(1, object()) is None  # and no stream outside an ASGI server
