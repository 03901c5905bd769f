"""A dead worker's export is restarted within a sweep, not after ten minutes: the worker writing an export
touches its row every ATOUT_EXPORT_HEARTBEAT_SECONDS, three missed beats and the sweep queues it again, and the
results page says "restarting" instead of a frozen "running 10 %"."""

import dataclasses
import datetime
import time

import pytest
from django.utils import timezone

from scoring import exports, tasks
from scoring.exports import export_execute
from scoring.models import Export
from scoring.tasks import sweep_owed
from tests.scoring.standings_helpers import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """The sweep's messages, kept instead of sent (so that an eager run does not finish them at once)."""
    messages = []
    monkeypatch.setattr(tasks, "send", lambda task, **options: messages.append(options["kwargs"]) or object())
    return messages


def _running(event, *, queued_ago: float, beat_ago: float | None) -> Export:
    export = Export.objects.create(event=event, kind=Export.Kind.CSV, status=Export.Status.RUNNING, progress=10)
    now = timezone.now()
    Export.objects.filter(pk=export.pk).update(
        created_at=now - datetime.timedelta(seconds=queued_ago),
        heartbeat_at=None if beat_ago is None else now - datetime.timedelta(seconds=beat_ago),
    )
    return export


def test_an_export_whose_heartbeat_stopped_is_restarted_at_the_next_sweep(settings, sent):
    settings.ATOUT_EXPORT_HEARTBEAT_SECONDS = 10
    event = make_event()
    dead = _running(event, queued_ago=60, beat_ago=31)
    alive = _running(event, queued_ago=3600, beat_ago=5)  # a long export whose worker still beats
    assert sweep_owed()["exports"] == [dead.pk]
    assert sent == [{"export_id": dead.pk}]
    dead.refresh_from_db()
    assert (dead.status, dead.progress) == (Export.Status.PENDING, 0)
    assert dead.status_label() == "Restarting"
    assert Export.objects.get(pk=alive.pk).status == Export.Status.RUNNING


def test_an_export_without_heartbeat_falls_back_to_its_age(settings, sent):
    settings.ATOUT_EXPORT_RUNNING_SECONDS = 600
    event = make_event()
    old = _running(event, queued_ago=601, beat_ago=None)
    young = _running(event, queued_ago=100, beat_ago=None)
    assert sweep_owed()["exports"] == [old.pk]
    assert Export.objects.get(pk=young.pk).status == Export.Status.RUNNING


def test_the_results_page_says_restarting(organiser_client, organiser, sent):
    event = make_event(club=organiser.club)
    export = _running(event, queued_ago=120, beat_ago=120)
    sweep_owed()
    url = f"/o/{event.club.slug}/events/{event.slug}/results/exports/{export.pk}.json"
    answer = organiser_client.get(url, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["status_label"] == "Restarting"


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_a_worker_beats_while_it_writes_a_long_export(settings, monkeypatch):
    """The heartbeat comes from a thread of its own, so a long step between two progress reports still
    beats; the writer here waits (bounded) until it has seen two beats, instead of sleeping a fixed time."""
    settings.ATOUT_EXPORT_HEARTBEAT_SECONDS = 0.05
    event = make_event()
    export = Export.objects.create(event=event, kind=Export.Kind.CSV)
    beats = []

    def slow_write(*, event_id, out, progress):
        deadline = time.monotonic() + 10
        while len(beats) < 2 and time.monotonic() < deadline:
            stamp = Export.objects.filter(pk=export.pk).values_list("heartbeat_at", flat=True).get()
            if not beats or stamp != beats[-1]:
                beats.append(stamp)
        out.write(b"done\n")

    slow = dataclasses.replace(exports.EXPORTERS[Export.Kind.CSV], write=slow_write)
    monkeypatch.setitem(exports.EXPORTERS, Export.Kind.CSV, slow)
    assert export_execute(export_id=export.pk, heartbeat=True)["status"] == Export.Status.DONE
    assert len(beats) == 2 and beats[1] > beats[0]
