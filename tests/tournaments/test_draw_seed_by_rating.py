"""The first Swiss round seeded by the club's rating (`Event.seed_by_rating`): only when ticked, only when the
club rates its players, only in round 1; the strongest pairs meet at table 1."""

import pytest
from django.utils import timezone

from tests.factories import EntryFactory, EventFactory
from tournaments import services
from tournaments.models import Club, PlayerRating

pytestmark = pytest.mark.django_db


def _event(*, seed: bool, rated: bool = True):
    event = EventFactory(pairing_methods=["swiss"], seed_by_rating=seed)
    Club.objects.filter(pk=event.club_id).update(rating_enabled=rated)
    event.club.rating_enabled = rated
    entries = [EntryFactory(event=event, number=n + 1) for n in range(8)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    # Start numbers 5 and 8 are the two strongest pairs; 2 is a new pair (no rating: 0).
    strength = {1: 10.0, 3: 12.0, 4: 11.0, 5: 30.0, 6: 9.0, 7: 8.0, 8: 29.0}
    now = timezone.now()
    PlayerRating.objects.bulk_create(
        PlayerRating(player_id=pid, mu=strength[e.number] + 3 * 2.0, sigma=2.0, games=20, computed_at=now)
        for e in entries
        if e.number in strength
        for pid in (e.player_1_id, e.player_2_id)
    )
    return event


def _table_one(event) -> set[int]:
    rnd = services.round_draw(event=event, number=1, seed=7)
    game = rnd.games.get(table_number=1)
    return {game.entry_a.number, game.entry_b.number}


def test_the_two_strongest_pairs_meet_at_table_one_when_seeded():
    assert _table_one(_event(seed=True)) == {5, 8}


def test_without_the_tick_or_the_clubs_rating_the_first_round_stays_random():
    # With seed 7 the random first round does not put 5 and 8 together (checked for both cases).
    assert _table_one(_event(seed=False)) != {5, 8}
    assert _table_one(_event(seed=True, rated=False)) != {5, 8}
