"""Archive benchmark: write, read and import the JSON archive of a 300-pair evening.

Run (PostgreSQL; builds and drops its own test database):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_archive \
    SECRET_KEY=dev .venv/bin/python bench/archive_bench.py

`simulate_event` plays 300 pairs × 4 rounds (random, then Swiss) with random played-out deals (untimed).
Then: writing the archive (the baseline), parsing it, and importing it into another club, which checks every
value against its model field, scores all 600 sheets again with the rules engine and stores everything in
one transaction. Prints the archive's size, each time, the import's ratio to the write, and the process's
peak memory. Floor: the import of a 300-pair evening takes less than 30 s.
"""

from __future__ import annotations

import io
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("CELERY_BROKER_URL", "")  # the simulation's recomputes run in-process

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_databases, setup_test_environment, teardown_databases  # noqa: E402

from config.celery import app  # noqa: E402
from scoring.exports.archive import event_archive_import, event_archive_load, event_archive_write  # noqa: E402
from scoring.models import Deal  # noqa: E402
from tournaments.models import Event  # noqa: E402

FLOOR_SECONDS = 30


def main() -> int:
    setup_test_environment()
    app.conf.task_always_eager = True
    old = setup_databases(verbosity=0, interactive=False)
    try:
        print(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
        call_command(
            "simulate_event",
            entries=300,
            rounds=4,
            method="random,swiss",
            mode="pairs",
            seed=7,
            keep=True,
            stdout=io.StringIO(),
        )
        event = Event.objects.order_by("-pk").first()
        deals = Deal.objects.filter(sheet__game__round__event=event).count()
        buffer = io.BytesIO()
        start = time.perf_counter()
        event_archive_write(event_id=event.pk, out=buffer)
        write = time.perf_counter() - start
        raw = buffer.getvalue()
        start = time.perf_counter()
        data = event_archive_load(raw)
        parse = time.perf_counter() - start
        start = time.perf_counter()
        event_archive_import(data=data, club_slug="archiv-bench")
        imported = time.perf_counter() - start
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"event: 300 pairs, 4 rounds, {deals} deals; archive {len(raw) / 2**20:.1f} MiB")
        print(
            f"write (baseline) {write:.2f} s | parse {parse:.2f} s | import {imported:.2f} s "
            f"({imported / write:.1f}x the write) | peak memory {rss:.0f} MiB"
        )
        ok = imported < FLOOR_SECONDS
        print(f"floor: import < {FLOOR_SECONDS} s: {'ok' if ok else 'MISSED'}")
        return 0 if ok else 1
    finally:
        teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
