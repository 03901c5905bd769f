"""The standings table that every viewer fetches after a recompute is a kept live answer (config/live.py): no
query and no session while the standings and the event are unchanged; a recompute, the event's settings or a
member's consent (finished evenings too) make it read again at once; standings not public are never kept, and
the club's organiser still gets the preview."""

from __future__ import annotations

import pytest

from scoring.standings.store import standings_recompute_if_dirty
from tests.factories import MembershipFactory
from tests.scoring.public.public_helpers import build, url
from tournaments.models import Event, Player
from tournaments.services.members import player_update

pytestmark = [pytest.mark.django_db, pytest.mark.live_answers]


def _kept(client, address, django_assert_num_queries) -> bool:
    try:
        with django_assert_num_queries(0):
            assert client.get(address).status_code == 200
    except pytest.fail.Exception:
        return False
    return True


def test_the_table_is_kept_until_a_recompute(client, django_capture_on_commit_callbacks, django_assert_num_queries):
    event = build(public_standings=True)
    address = url(event, "standings_table")
    first = client.get(address)
    assert _kept(client, address, django_assert_num_queries)
    assert client.get(address).content == first.content
    # Another round's table is its own kept answer.
    assert not _kept(client, address + "?round=1", django_assert_num_queries)
    assert _kept(client, address + "?round=1", django_assert_num_queries)
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute_if_dirty(event_id=event.pk)
    assert not _kept(client, address, django_assert_num_queries)
    assert client.get(address)["X-Standings-Version"] == str(event.standings_version + 1)


@pytest.mark.parametrize("status", [Event.Status.RUNNING, Event.Status.FINISHED])
def test_a_withdrawn_consent_leaves_the_kept_table_at_once(client, django_capture_on_commit_callbacks, status):
    event = build(public_standings=True, status=status)
    player = event.entries.get(number=1).player_1
    Player.objects.filter(pk=player.pk).update(publication=Player.Publication.FULL)
    player.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=player, data={"first_name": "Ute", "last_name": "Vogt"})
    address = url(event, "standings_table")
    assert "Ute Vogt" in client.get(address).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=player, data={"publication": Player.Publication.HIDDEN})
    assert "Ute Vogt" not in client.get(address).content.decode()


def test_standings_not_public_are_never_kept_and_stay_the_organisers_preview(
    client, django_capture_on_commit_callbacks
):
    event = build(public_standings=True)
    address = url(event, "standings_table")
    assert client.get(address).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        event.public_standings = False
        event.save()
    assert client.get(address).status_code == 404  # the kept answer gave way with the event's change
    organiser = MembershipFactory(club=event.club).user
    client.force_login(organiser)
    assert client.get(address).status_code == 200
    client.logout()
    assert client.get(address).status_code == 404
