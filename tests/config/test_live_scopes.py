"""A change scoped to one game's sheet (config/live.py): a deal at table 1 moves table 1's answers only; the
other tables' phones, the public standings and the venue screen stay answered from the live cache (no query),
and the stream's message names the game, so those pages do not even ask. A standings recompute moves the
standings' pages only; a change to the event as a whole (a call to the director) still moves every page. And
an answer read while a change commits is never kept under that change's generation."""

from __future__ import annotations

import pytest

from config import live
from scoring.models import VenueScreen
from scoring.queueing import standings_request_recompute
from scoring.standings.store import standings_recompute_if_dirty
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, table_of
from tests.scoring.sheets.cards_helpers import card_of, evening
from tournaments.models import Event, Player
from tournaments.services.members import player_update
from tournaments.services.room import director_call_open

pytestmark = [pytest.mark.django_db, pytest.mark.live_answers]


@pytest.fixture(autouse=True)
def _first_answers_kept_a_minute(monkeypatch):
    """The answers these tests ask first are kept FIRST_ANSWER_SECONDS (2 s): on a loaded box more than that
    can pass before the test asks again, and an unchanged page would then read the database too. What is
    pinned here is which changes move which answers, not that window (tests/config/test_live.py)."""
    monkeypatch.setattr(live, "FIRST_ANSWER_SECONDS", live.ANSWER_SECONDS)


def _running_evening(tables: int = 2):
    event, round1, _entries, games = evening(tables=tables)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING, public_standings=True)
    screen = VenueScreen.objects.create(event=event)
    return event, round1, games, screen


def _pages(event, games, screen) -> dict[str, str]:
    """Every live page of the evening by what it is: each table's two game links and side A's card, the
    public standings, the venue screen."""
    pages = {}
    for n, game in enumerate(games, start=1):
        _sheet, link_a, link_b = table_of(game)
        pages[f"table {n} A"] = f"/t/{link_a.token}/version.json"
        pages[f"table {n} B"] = f"/t/{link_b.token}/version.json"
        pages[f"table {n} card"] = f"/t/{card_of(event, n, 'A').token}/version.json"
    pages["standings"] = f"/e/{event.club.slug}/{event.slug}/standings/version.json"
    pages["screen"] = f"/v/{screen.token}/version.json"
    return pages


def _answered_from_cache(client, url: str, django_assert_num_queries) -> bool:
    """True when the poll is answered with no query (kept), False when it read the database."""
    try:
        with django_assert_num_queries(0):
            client.get(url)
    except pytest.fail.Exception:
        return False
    return True


def test_a_deal_moves_its_own_tables_answers_only(
    client, django_capture_on_commit_callbacks, django_assert_num_queries
):
    event, _round, games, screen = _running_evening(tables=2)
    pages = _pages(event, games, screen)
    etags = {name: client.get(url).get("ETag", "") for name, url in pages.items()}
    sheet, link_a, _ = table_of(games[0])
    with django_capture_on_commit_callbacks(execute=True):
        fill(sheet, link_a, HOHELUFT_GAME[:1])
    moved = {name for name, url in pages.items() if not _answered_from_cache(client, url, django_assert_num_queries)}
    assert moved == {"table 1 A", "table 1 B", "table 1 card"}
    for name in moved:  # and what they read is the deal
        answer = client.get(pages[name], HTTP_IF_NONE_MATCH=etags[name])
        assert answer.status_code == 200 and answer.json()["version"] == 1
    for name in set(pages) - moved:
        assert client.get(pages[name], HTTP_IF_NONE_MATCH=etags[name]).status_code in (200, 304)


def test_a_recompute_moves_the_standings_pages_only(
    client, django_capture_on_commit_callbacks, django_assert_num_queries
):
    event, _round, games, screen = _running_evening(tables=2)
    pages = _pages(event, games, screen)
    for url in pages.values():
        client.get(url)
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute_if_dirty(event_id=event.pk)
    moved = {name for name, url in pages.items() if not _answered_from_cache(client, url, django_assert_num_queries)}
    assert moved == {"standings", "screen"}


def test_only_the_first_mark_of_a_burst_moves_the_standings_pages(
    client, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """A confirmation marks the standings dirty; while they are dirty (the recompute not yet done) the next
    confirmations change nothing the standings' pages show, so their answers stay kept (and no stream message
    makes 40 viewers ask); the recompute then moves them."""
    event, _round, games, screen = _running_evening(tables=1)
    pages = _pages(event, games, screen)
    standings_pages = {"standings": pages["standings"], "screen": pages["screen"]}
    for url in pages.values():
        client.get(url)
    with django_capture_on_commit_callbacks(execute=True):
        standings_request_recompute(event_id=event.pk)
    assert not any(_answered_from_cache(client, url, django_assert_num_queries) for url in standings_pages.values())
    assert client.get(pages["standings"]).json()["dirty"] is True
    with django_capture_on_commit_callbacks(execute=True):
        standings_request_recompute(event_id=event.pk)  # a second confirmation of the burst
    assert all(_answered_from_cache(client, url, django_assert_num_queries) for url in standings_pages.values())
    assert Event.objects.get(pk=event.pk).standings_dirty is True
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute_if_dirty(event_id=event.pk)
    assert client.get(pages["standings"]).json()["dirty"] is False


def test_a_change_to_the_event_moves_every_page(client, django_capture_on_commit_callbacks, django_assert_num_queries):
    event, round1, games, screen = _running_evening(tables=2)
    pages = _pages(event, games, screen)
    for url in pages.values():
        client.get(url)
    with django_capture_on_commit_callbacks(execute=True):
        director_call_open(event=event, round=round1, table_number=2, side="A")
    assert not any(_answered_from_cache(client, url, django_assert_num_queries) for url in pages.values())


def test_a_members_consent_change_moves_the_venue_screen_at_once(
    client, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """The screen shows names as the members agreed: a withdrawn consent must not wait for the kept answer to
    expire (it used to, up to ANSWER_SECONDS)."""
    event, _round, _games, screen = _running_evening(tables=1)
    url = f"/v/{screen.token}/version.json"
    before = client.get(url).json()
    assert _answered_from_cache(client, url, django_assert_num_queries)
    player = event.entries.order_by("number").first().player_1
    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=player, data={"publication": Player.Publication.HIDDEN})
    assert not _answered_from_cache(client, url, django_assert_num_queries)
    assert client.get(url).json()["version"] != before["version"]  # the screen reloads with the new names
    # A change no public page shows (the member's email) leaves the screen answered from the cache.
    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=player, data={"email": "neu@example.org"})
    assert _answered_from_cache(client, url, django_assert_num_queries)


def test_a_change_committed_while_an_answer_is_read_is_seen_at_the_next_poll():
    """The generations a kept answer is stored under are those read before the database: a change that
    commits during the read leaves the answer stale, and the next poll reads again."""
    event, _round, _games, _screen = _running_evening(tables=1)
    reads = []

    def compute(change_meanwhile: bool):
        def read() -> live.Answer:
            reads.append(len(reads))
            state = {"read": reads[-1]}
            if change_meanwhile:
                live._bump(event.pk)  # committed after the database was read, before the answer is kept
            return live.Answer(event.pk, state)

        return read

    assert live.answer("scope-test", compute(False)).state == {"read": 0}
    live._bump(event.pk)  # a change: the kept answer gives way
    assert live.answer("scope-test", compute(True)).state == {"read": 1}
    assert live.answer("scope-test", compute(False)).state == {"read": 2}  # not the stale read 1
    assert live.answer("scope-test", compute(False)).state == {"read": 2}  # and now kept
    assert len(reads) == 3


def test_the_answers_say_which_messages_concern_their_page(client, settings):
    """Under ASGI with Redis an answer names its stream and its scope; the push test (test_live_stream)
    checks the message itself. Here the scope each page gets, through `push_fields`."""
    event, _round, games, screen = _running_evening(tables=1)
    sheet, link_a, _ = table_of(games[0])
    settings.LIVE_PUSH = "proxy"  # offered to any request (a proxy sends live/ to an ASGI server)
    if not settings.LIVE_REDIS_URL:
        settings.LIVE_REDIS_URL = "redis://127.0.0.1:6379/9"
    phone = client.get(f"/t/{link_a.token}/version.json").json()
    card = client.get(f"/t/{card_of(event, 1, 'A').token}/version.json").json()
    standings = client.get(f"/e/{event.club.slug}/{event.slug}/standings/version.json").json()
    venue = client.get(f"/v/{screen.token}/version.json").json()
    assert phone["scope"] == card["scope"] == f"game:{sheet.game_id}"
    assert standings["scope"] == venue["scope"] == "standings"
    assert phone["stream"] == standings["stream"] == venue["stream"]  # one stream per event


def test_the_mark_tells_no_stream_and_the_recompute_does(monkeypatch, django_capture_on_commit_callbacks):
    """The dirty mark moves the standings' kept answers but tells no stream: none of the pages following one
    shows it, and each of a club's 40 viewers would ask for nothing. The recompute tells them."""
    event, _round, _games, _screen = _running_evening(tables=1)
    told = []
    monkeypatch.setattr(live, "publish", lambda event_id, message: told.append((event_id, message)))
    with django_capture_on_commit_callbacks(execute=True):
        standings_request_recompute(event_id=event.pk)
    assert told == []
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute_if_dirty(event_id=event.pk)
    assert [(event_id, message.split(" ")[1]) for event_id, message in told] == [(event.pk, live.STANDINGS)]
