"""A running event's settings that the standings are computed from (ranking precedence, points, bye score,
rule set) mark them dirty in the same transaction and queue a recompute: the public standings follow a
changed precedence without anyone pressing recompute (issue 21)."""

import pytest

from scoring.standings.store import standings_recompute_now
from tests.scoring.standings_helpers import four_teams_event, table
from tournaments.models import Event
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def computed():
    event = four_teams_event()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    standings_recompute_now(event_id=event.pk)
    event.refresh_from_db()
    assert not event.standings_dirty
    return event


def test_a_new_ranking_precedence_reranks_the_standings(computed, celery_eager, django_capture_on_commit_callbacks):
    assert [row[:2] for row in table(computed, 2)] == [(3, 1), (1, 2), (2, 3), (4, 4)]
    version = computed.standings_version
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        event_update(event=computed, data={"ranking_precedence": ["buchholz", "match_points"]})
        # Marked in the same transaction: a lost message leaves it to the sweep, never stale for good.
        assert Event.objects.get(pk=computed.pk).standings_dirty
    assert callbacks
    computed.refresh_from_db()
    assert not computed.standings_dirty and computed.standings_version > version
    # Buchholz first: 1 and 4 met 5 match points, 2 and 3 only 3; match points part each pair.
    assert [row[:2] for row in table(computed, 2)] == [(1, 1), (4, 2), (3, 3), (2, 4)]


@pytest.mark.parametrize(
    "data",
    [{"points_win": 3}, {"points_draw": 0}, {"points_loss": 1}, {"bye_points": 500}, {"rules_preset": "classic"}],
)
def test_every_setting_the_standings_use_marks_them_dirty_before_the_start(data, celery_eager):
    event = four_teams_event()
    event_update(event=event, data=data)
    assert Event.objects.get(pk=event.pk).standings_dirty


def test_a_new_name_or_publication_flag_leaves_the_standings_alone(computed):
    event_update(event=computed, data={"name": "Herbstturnier", "public_standings": False, "venue": "Saal"})
    assert not Event.objects.get(pk=computed.pk).standings_dirty
