"""Releasing a round asks for new standings: its byes count from the moment the draw is public."""

import pytest

from tests.factories import CheckInFactory, EntryFactory, EventFactory, MembershipFactory
from tournaments import services
from tournaments.models import Standing

pytestmark = pytest.mark.django_db


def test_a_released_rounds_bye_is_in_the_standings(django_capture_on_commit_callbacks, celery_eager):
    club = MembershipFactory().club
    event = EventFactory(club=club, bye_points=1100, pairing_methods=["random"])
    services.event_open(event=event)
    for _number in range(5):  # five pairs: one of them has the bye
        CheckInFactory(entry=EntryFactory(event=event), round_number=1)
    round_1 = services.round_draw(event=event, number=1, seed=7)
    services.round_confirm(round=round_1)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_release(round=round_1)
    bye_game = round_1.games.get(is_bye=True)
    standing = Standing.objects.get(event=event, round_number=1, entry=bye_game.entry_a)
    assert (standing.byes, standing.total_points, standing.rank) == (1, 1100, 1)
    assert Standing.objects.filter(event=event, round_number=1).count() == 5
