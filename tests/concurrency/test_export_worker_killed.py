"""A worker killed in the middle of an export (SIGKILL, no clean shutdown): a new worker and beat's sweep finish
the export by themselves, within a few heartbeats, and its file is whole. Real worker, beat and Redis.

To kill it mid-export and not after, the worker is frozen (SIGSTOP) as soon as the export's row says running,
checked still running, then killed: a frozen process dies as a busy one does.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.db import connection

from scoring.models import Export
from scoring.queueing import export_request
from tests.concurrency.test_chaos import ROOT, stop, wait_until
from tests.own_redis import celery_broker, own_redis
from tests.scoring.entry_helpers import HOHELUFT_GAME, released_round
from tests.scoring.live_helpers import database_url

pytestmark = [
    pytest.mark.needs_redis,
    pytest.mark.needs_postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(200),
]

HEARTBEAT = "0.5"  # seconds between a running export's beats; three missed and the sweep restarts it
SWEEP = "1"


def _celery(broker: str, log, *arguments: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker,
        "CELERY_RESULT_BACKEND": broker,
        "SECRET_KEY": settings.SECRET_KEY,
        "ATOUT_EXPORT_HEARTBEAT_SECONDS": HEARTBEAT,
        "ATOUT_SWEEP_SECONDS": SWEEP,
        # The killed worker's unacknowledged message is not what brings the export back: the sweep is.
        "CELERY_VISIBILITY_TIMEOUT": "3600",
        "PYTHONUNBUFFERED": "1",
    }
    command = [sys.executable, "-m", "celery", "-A", "config", *arguments, "--loglevel=INFO", f"--logfile={log}"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


def _worker(broker: str, log) -> subprocess.Popen:
    return _celery(broker, log, "worker", "--pool=solo", "--without-heartbeat", "--without-gossip", "--without-mingle")


def _big_event(organiser):
    """An evening large enough that its PDF takes the worker a while: 30 tables with full sheets."""
    from scoring.models import Deal, Sheet

    rnd, games = released_round(tables=30, club=organiser.club)
    for game in games:
        sheet = Sheet.objects.get(game=game)
        Deal.objects.bulk_create(Deal(sheet=sheet, position=i, data=d) for i, d in enumerate(HOHELUFT_GAME))
    return rnd.event


def test_an_export_whose_worker_is_killed_mid_run_finishes_by_itself(tmp_path, organiser):
    event = _big_event(organiser)
    worker = beat = None
    with own_redis(tmp_path) as redis_server, celery_broker(redis_server.url()):
        broker = redis_server.url()
        try:
            worker = _worker(broker, tmp_path / "worker1.log")
            beat = _celery(broker, tmp_path / "beat.log", "beat", f"--schedule={tmp_path / 'beat-schedule'}")
            killed, attempts = None, 0
            for _ in range(5):
                attempts += 1
                export = export_request(event=event, kind=Export.Kind.PDF, user=organiser.user)
                running = wait_until(
                    lambda pk=export.pk: Export.objects.get(pk=pk).status != Export.Status.PENDING, 60, step=0.01
                )
                assert running, (tmp_path / "worker1.log").read_text()[-2000:]
                worker.send_signal(signal.SIGSTOP)
                if Export.objects.get(pk=export.pk).status == Export.Status.RUNNING:
                    worker.send_signal(signal.SIGKILL)
                    worker.wait(timeout=15)
                    killed = export.pk
                    break
                worker.send_signal(signal.SIGCONT)  # it had finished already: a new export, caught sooner
            assert killed is not None, "the export never stayed running long enough to be killed"
            frozen = Export.objects.get(pk=killed)
            died_at = time.monotonic()

            worker = _worker(broker, tmp_path / "worker2.log")
            done = wait_until(lambda: Export.objects.get(pk=killed).status == Export.Status.DONE, 90, step=0.2)
            recovered_after = time.monotonic() - died_at
        finally:
            stop(worker)
            stop(beat)
            connection.close()

    export = Export.objects.get(pk=killed)
    print(
        "EXPORT-KILLED "
        + json.dumps(
            {
                "attempts": attempts,
                "progress_when_killed": frozen.progress,
                "recovered_seconds": round(recovered_after, 1),
                "status": export.status,
            }
        )
    )
    assert done, (tmp_path / "worker2.log").read_text()[-3000:]
    assert frozen.status == Export.Status.RUNNING
    assert export.progress == 100 and export.error == ""
    with export.file.open("rb") as pdf:
        data = pdf.read()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    # Three missed beats and one sweep period, with room for the new worker to start: seconds, not minutes.
    assert recovered_after < 60
