"""The pages that show the evening's changes (a late pair, a withdrawal, a substitute, a bye) run a fixed
number of queries: the same for 8 pairs as for 40."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.standings.store import standings_recompute_now
from tests.factories import PlayerFactory
from tests.tournaments.people.people_helpers import make_evening, play, public_url, release, url
from tournaments.services import people

pytestmark = pytest.mark.django_db

PAGES = [
    ("entries", {}),
    ("entry_edit", "entry"),
    ("checkin", {"number": 2}),
    ("round", {"number": 2}),
    ("round_print_tables", {"number": 2}),
    ("round_print_names", {"number": 2}),
    ("event_history", {}),
]
PUBLIC = [("draw", {}), ("standings", {}), ("round", {"number": 2})]


def _evening(club, size):
    event, entries = make_evening(club, size)
    play(event, 1)
    late = people.entry_late_create(
        event=event,
        player_1=PlayerFactory(club=club),
        player_2=PlayerFactory(club=club),
        joined_round=2,
        missed_rounds_rule="bye",
    )
    people.entry_withdraw(entry=entries[1], from_round=2)
    people.entry_withdraw(entry=entries[2], from_round=2)  # 8 + 1 - 2: seven pairs, one bye
    release(event, 2)
    people.substitution_add(
        entry=entries[0], player=entries[0].player_2, substitute=PlayerFactory(club=club), from_round=2
    )
    standings_recompute_now(event_id=event.pk)
    return event, late


def _counts(client, event, late) -> dict[str, int]:
    counts = {}
    for name, kwargs in PAGES:
        kwargs = {"entry_id": late.pk} if kwargs == "entry" else kwargs
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(name, event, **kwargs)).status_code == 200
        counts[name] = len(queries)
    for name, kwargs in PUBLIC:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(public_url(name, event, **kwargs)).status_code == 200
        counts[f"public {name}"] = len(queries)
    return counts


def test_the_pages_of_a_changed_evening_do_not_grow_with_the_field(organiser_client, organiser):
    small = _counts(organiser_client, *_evening(organiser.club, 8))
    large = _counts(organiser_client, *_evening(organiser.club, 40))
    assert small == large
    assert max(small.values()) <= 14, small
