"""Fixtures shared by the scoring tests. Imports of app code sit inside the fixtures: the pure core's tests
under tests/scoring/rules also run without Django (tests/config/test_pure_core_runs.py)."""

import pytest


@pytest.fixture
def export_media(settings, tmp_path, celery_eager):
    """Export files go to a fresh MEDIA_ROOT and the export tasks run in-process (the real worker has its
    own tests: test_tasks_worker.py)."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def played_event(organiser):
    """An event of the organiser's club: two teams, one round played (900 to 700), standings computed."""
    from scoring.standings.store import standings_recompute_now
    from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won

    event = make_event(club=organiser.club)
    t1, t2 = make_entries(event, 2)
    play(make_round(event, 1), t1, t2, won(900, 700))
    standings_recompute_now(event_id=event.pk)
    return event


@pytest.fixture
def table():
    """The first table of a released round of two: (sheet, link of side A, link of side B)."""
    from tests.scoring.entry_helpers import released_round, table_of

    _round, games = released_round(tables=2)
    return table_of(games[0])
