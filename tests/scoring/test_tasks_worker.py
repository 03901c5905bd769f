"""End to end with a real Celery worker, Redis and PostgreSQL: a confirmation reaches the public standings;
a worker killed in the middle of a recompute leaves nothing half-written, and the next worker puts it right."""

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.urls import reverse

from config.celery import app
from scoring.models import Export, Sheet
from scoring.queueing import export_request
from scoring.sheets.permissions import Actor
from scoring.sheets.services import sheet_confirm
from scoring.standings.store import standings_recompute_now
from tests.factories import UserFactory
from tests.scoring.live_helpers import connect, database_url, wait_for
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, Round, Standing

pytestmark = [pytest.mark.needs_redis, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


def build_event():
    """Four teams in a released round. 1–2 is confirmed (900:700); 3–4 is submitted (200:1500), not counted."""
    event = make_event(status=Event.Status.RUNNING)
    t1, t2, t3, t4 = make_entries(event, 4)
    rnd = make_round(event, 1, status=Round.Status.RELEASED)
    play(rnd, t1, t2, won(900, 700))
    game = play(rnd, t3, t4, won(200, 1500), status=Sheet.Status.SUBMITTED)
    standings_recompute_now(event_id=event.pk)
    return Event.objects.select_related("club").get(pk=event.pk), game.sheet


def public_order(client, event) -> list[int]:
    html = client.get(reverse("public:standings_table", args=[event.club.slug, event.slug])).content.decode()
    return [int(n) for n in re.findall(r'<tr data-entry="(\d+)">', html)]


def test_confirmation_reaches_the_public_standings_through_the_worker(client):
    assert not app.conf.task_always_eager
    app.control.purge()
    event, sheet = build_event()
    # Before: only 1–2 counts. 1 (2 MP), 2 (0 MP, 700), then 3 and 4 (nothing counted yet, by start number).
    assert public_order(client, event) == [1, 2, 3, 4]
    version_url = reverse("public:standings_version", args=[event.club.slug, event.slug])
    before = client.get(version_url).json()["version"]
    organiser = UserFactory()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        sheet_confirm(sheet=sheet, version=sheet.version, actor=Actor(user=organiser, organiser=True))
        wait_for(lambda: client.get(version_url).json()["version"] > before)
    # 4 won 1500:200 and now leads; 1 (900) second; 2 (700) and 3 (200) follow.
    assert public_order(client, event) == [4, 1, 2, 3]


def _worker_command(log: Path) -> tuple[list[str], dict]:
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "SECRET_KEY": settings.SECRET_KEY,
        "PYTHONUNBUFFERED": "1",
    }
    # A short visibility timeout so the restarted worker takes the unacknowledged message back quickly
    # (production keeps Redis' default: any later recompute request repairs the standings sooner anyway).
    code = (
        "from config.celery import app; "
        "app.conf.broker_transport_options = {'visibility_timeout': 2, 'unacked_restore_interval': 1, "
        "'unacked_restore_throttle': 1}; "
        f"app.worker_main(['worker', '--pool=solo', '--concurrency=1', '--loglevel=INFO', '--without-heartbeat', "
        f"'--without-gossip', '--without-mingle', '--logfile={log}'])"
    )
    return [sys.executable, "-c", code], env


def test_worker_killed_during_a_recompute_then_the_next_one_gets_it_right(client, tmp_path):
    app.control.purge()
    event, sheet = build_event()
    db = settings.DATABASES["default"]

    # Hold the event's snapshot rows: the recompute will stop at its DELETE, in the middle of its transaction.
    blocker, monitor = connect(False), connect(True)
    blocker.execute("SELECT id FROM tournaments_standing WHERE event_id = %s FOR UPDATE", [event.pk])
    sheet_confirm(sheet=sheet, version=sheet.version, actor=Actor(user=UserFactory(), organiser=True))

    command, env = _worker_command(tmp_path / "worker1.log")
    first = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:

        def stuck():
            row = monitor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock' "
                "AND query LIKE 'DELETE FROM \"tournaments_standing\"%%'",
                [db["NAME"]],
            ).fetchone()
            return row[0] > 0

        try:
            wait_for(stuck, timeout=60)
        except AssertionError:
            raise AssertionError((tmp_path / "worker1.log").read_text()) from None
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
    finally:
        if first.poll() is None:
            first.kill()
        blocker.rollback()
        blocker.close()
        monitor.close()

    # Nothing half-written: the killed recompute rolled back, the event is still dirty, old snapshot intact.
    def rolled_back():
        event.refresh_from_db()
        return event.standings_version == 1 and event.standings_dirty

    wait_for(rolled_back, timeout=20)
    assert public_order(client, event)[0] == 1

    command, env = _worker_command(tmp_path / "worker2.log")
    second = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:

        def recomputed():
            event.refresh_from_db()
            return event.standings_version == 2 and not event.standings_dirty

        wait_for(recomputed, timeout=60)
    finally:
        second.send_signal(signal.SIGTERM)
        try:
            second.wait(20)
        except subprocess.TimeoutExpired:
            second.kill()
    assert "scoring.standings_recompute" in (tmp_path / "worker2.log").read_text()
    assert public_order(client, event) == [4, 1, 2, 3]
    assert Standing.objects.filter(event=event).count() == 4


def test_export_job_runs_on_the_worker_with_progress(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    app.control.purge()
    event, _sheet = build_event()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        export = export_request(event=event, kind="pdf")
        result = app.AsyncResult(export.task_id)
        outcome = result.get(timeout=60)
    export.refresh_from_db()
    assert outcome == {"export_id": export.pk, "status": "done", "file": export.file.name}
    assert export.status == Export.Status.DONE and export.progress == 100
    assert (tmp_path / "media" / export.file.name).read_bytes().startswith(b"%PDF")
