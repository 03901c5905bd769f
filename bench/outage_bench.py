"""What a Redis outage costs a request: confirmations and the public standings page, Redis up against
Redis down, in one run against PostgreSQL.

Run: .venv/bin/python bench/outage_bench.py [--sheets 30]

The bench makes its own database (`atout_outage_bench` on the PostgreSQL of DATABASE_URL, default
postgres://postgres@127.0.0.1:5432; dropped and created again at each run) and its own `redis-server` on a
free port, which is the broker (CELERY_BROKER_URL) and the cache (CACHE_URL, `rediscache://`). It creates
`--sheets` submitted sheets and times, through Django's test client (the whole middleware and view stack):

- side B's confirmation (`POST /api/v1/table/<token>/confirm/`), half with Redis up (baseline: the
  recompute is queued), half with Redis stopped (queueing fails, is logged and left to the sweep);
- the public standings page with Redis up (cache warm: baseline) and stopped (rendered from the database).

Printed: median and max milliseconds of each, the ratios down/up, and the status codes (all must be 2xx).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DB = "atout_outage_bench"

from harness import bench_database_url, recreate_database  # noqa: E402


def timed(call) -> tuple[float, int]:
    start = time.perf_counter()
    response = call()
    return (time.perf_counter() - start) * 1000, response.status_code


def summary(name: str, samples: list[tuple[float, int]]) -> float:
    ms = [m for m, _ in samples]
    codes = sorted({c for _, c in samples})
    median = statistics.median(ms)
    print(f"{name:<44} median {median:8.1f} ms   max {max(ms):8.1f} ms   statuses {codes}")
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=30)
    args = parser.parse_args()

    from tests.own_redis import OwnRedis

    url = bench_database_url(BENCH_DB, "outage_bench")
    recreate_database(url)
    redis_server = OwnRedis(Path(tempfile.mkdtemp(prefix="atout-outage-")))
    redis_server.start()
    try:
        os.environ.update(
            {
                "DATABASE_URL": url,
                "CELERY_BROKER_URL": redis_server.url(0),
                "CACHE_URL": f"rediscache://127.0.0.1:{redis_server.port}/1",
                "SECRET_KEY": os.environ.get("SECRET_KEY", "bench" * 10),
                "SECURE_SSL_REDIRECT": "false",
                "STATIC_MANIFEST": "false",
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "LOG_LEVEL": "ERROR",
            }
        )
        import django

        django.setup()
        from django.core.management import call_command
        from django.test import Client
        from django.test.utils import setup_test_environment
        from django.urls import reverse

        setup_test_environment()
        call_command("migrate", verbosity=0)

        from scoring.models import Sheet
        from scoring.sheets.services import sheet_correct
        from scoring.standings.store import standings_recompute_now
        from tests.factories import MembershipFactory
        from tests.scoring.entry_helpers import HOHELUFT_GAME, organiser_actor, released_round, table_of
        from tournaments.models import Event

        membership = MembershipFactory()
        rnd, games = released_round(tables=args.sheets, club=membership.club)
        Event.objects.filter(pk=rnd.event_id).update(status=Event.Status.RUNNING)
        confirms = []
        for game in games:
            sheet, _link_a, link_b = table_of(game)
            sheet = sheet_correct(
                sheet=sheet,
                deals=HOHELUFT_GAME,
                version=sheet.version,
                actor=organiser_actor(membership),
                reason="bench",
            )
            Sheet.objects.filter(pk=sheet.pk).update(
                status=Sheet.Status.SUBMITTED, entering_side="A", version=sheet.version + 1
            )
            confirms.append((link_b.token, sheet.version + 1))
        standings_recompute_now(event_id=rnd.event_id)
        event = Event.objects.select_related("club").get(pk=rnd.event_id)
        page = reverse("public:standings", args=[event.club.slug, event.slug])
        client = Client()

        def confirm(token, version):
            return lambda: client.post(
                f"/api/v1/table/{token}/confirm/", {"version": version}, content_type="application/json"
            )

        half = len(confirms) // 2
        client.get(page)  # warm the cache and the imports
        up_confirm = [timed(confirm(*c)) for c in confirms[:half]]
        up_page = [timed(lambda: client.get(page)) for _ in range(half)]
        redis_server.stop()
        down_confirm = [timed(confirm(*c)) for c in confirms[half:]]
        down_page = [timed(lambda: client.get(page)) for _ in range(half)]
    finally:
        redis_server.stop()

    print(f"outage_bench: {args.sheets} sheets, PostgreSQL {BENCH_DB}, Redis own instance (broker and cache)")
    a = summary("confirm, Redis up (baseline)", up_confirm)
    b = summary("confirm, Redis down", down_confirm)
    c = summary("public standings, Redis cache up (baseline)", up_page)
    d = summary("public standings, Redis cache down", down_page)
    print(f"ratio confirm down/up: {b / a:.2f}x   ratio standings down/up: {d / c:.2f}x")
    statuses = {code for _, code in up_confirm + down_confirm + up_page + down_page}
    return 0 if all(200 <= code < 300 for code in statuses) else 1


if __name__ == "__main__":
    sys.exit(main())
