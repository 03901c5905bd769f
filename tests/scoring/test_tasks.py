"""The recompute task in-process: queued after commit, coalesced, idempotent, skipped while another runs."""

import threading

import pytest
from django.db import connections, transaction

from scoring.queueing import standings_request_recompute
from scoring.standings.store import standings_recompute_if_dirty
from scoring.tasks import standings_recompute as standings_recompute_task
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, Standing


@pytest.fixture
def eager(celery_eager):
    return None


@pytest.fixture
def event(db):
    event = make_event()
    t1, t2, t3, t4 = make_entries(event, 4)
    rnd = make_round(event, 1)
    play(rnd, t1, t2, won(900, 700))
    play(rnd, t3, t4, won(600, 1000))
    return event


def test_request_marks_dirty_and_queues_only_after_commit(event, eager, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        standings_request_recompute(event_id=event.pk)
        event.refresh_from_db()
        assert event.standings_dirty and event.standings_version == 0
        assert not Standing.objects.exists()  # nothing ran inside the transaction
    assert len(callbacks) == 1
    callbacks[0]()
    event.refresh_from_db()
    assert not event.standings_dirty and event.standings_version == 1
    assert Standing.objects.filter(event=event).count() == 4


def test_a_burst_of_confirmations_gives_one_recompute(event, eager, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        for _ in range(5):
            standings_request_recompute(event_id=event.pk)
    assert len(callbacks) == 5
    results = []
    for callback in callbacks:
        results.append(callback())
    event.refresh_from_db()
    assert event.standings_version == 1
    outcomes = [r.get() for r in results]
    assert [o["skipped"] for o in outcomes] == [False, "clean", "clean", "clean", "clean"]
    assert outcomes[0] == {"event_id": event.pk, "version": 1, "skipped": False, "rows": 4}


def test_task_is_idempotent_and_small(event):
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    first = standings_recompute_task.apply(kwargs={"event_id": event.pk}).get()
    rows = list(Standing.objects.filter(event=event).values_list("entry__number", "rank", "total_points"))
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    second = standings_recompute_task.apply(kwargs={"event_id": event.pk}).get()
    assert second["version"] == first["version"] + 1
    assert list(Standing.objects.filter(event=event).values_list("entry__number", "rank", "total_points")) == rows
    assert standings_recompute_task.apply(kwargs={"event_id": 10**9}).get()["skipped"] == "missing"


def test_task_options():
    assert standings_recompute_task.acks_late is True
    assert standings_recompute_task.name == "scoring.standings_recompute"
    assert standings_recompute_task.max_retries >= 5


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_a_second_recompute_skips_while_the_first_holds_the_event(event):
    """While one recompute holds the event row, another task skips at once (it does not wait); a
    confirmation arriving meanwhile waits for the row and marks the event dirty again afterwards."""
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    holding, release = threading.Event(), threading.Event()
    marked = threading.Event()

    def first_recompute():
        with transaction.atomic():
            Event.objects.select_for_update().get(pk=event.pk)
            holding.set()
            release.wait(10)
        connections.close_all()

    def confirmation():
        holding.wait(10)
        # Waits for the row lock, then lands: the mark is not lost.
        Event.objects.filter(pk=event.pk).update(standings_dirty=True)
        marked.set()
        connections.close_all()

    worker = threading.Thread(target=first_recompute)
    confirmer = threading.Thread(target=confirmation)
    worker.start()
    confirmer.start()
    assert holding.wait(10)
    assert standings_recompute_if_dirty(event_id=event.pk)["skipped"] == "busy"
    assert not marked.wait(0.5)  # still waiting for the row
    release.set()
    worker.join(10)
    confirmer.join(10)
    assert marked.is_set()
    result = standings_recompute_if_dirty(event_id=event.pk)
    assert result["skipped"] is False and result["version"] == 1
