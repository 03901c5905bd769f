"""The public draw page, cold (cache empty: what every request cost before the page was cached) and warm
(the table list from the cache, keyed by the round's version), for fields of 30 and 300 teams.

Run (PostgreSQL; the bench creates and drops its own test database):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_draw_page SECRET_KEY=dev \
    .venv/bin/python bench/public_draw_bench.py

Each figure is the median of RUNS requests through Django's test client (wall-clock and CPU time, queries
of the last request). The baseline in the same run is the event's home page, which reads one small
query besides the event. Cold requests clear the cache first (untimed).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("STATIC_MANIFEST", "false")  # as in the tests: no collectstatic needed

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    setup_databases,
    setup_test_environment,
    teardown_databases,
)
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402

from tournaments.models import Club, Entry, Event, Game, Player, Round  # noqa: E402

RUNS = 21


def build(teams: int) -> Event:
    """A running event with one released round of `teams` teams at teams/2 tables."""
    slug = f"draw-{teams}"
    club = Club.objects.create(slug=slug, name=f"Bench {teams}")
    event = Event.objects.create(
        club=club, name=f"Bench {teams}", slug=slug, date="2026-11-30", status=Event.Status.RUNNING, rounds=4
    )
    players = Player.objects.bulk_create(
        [Player(club=club, first_name=f"Vorname{i}", last_name=f"Nachname{i}") for i in range(2 * teams)]
    )
    entries = Entry.objects.bulk_create(
        [Entry(event=event, number=i + 1, player_1=players[2 * i], player_2=players[2 * i + 1]) for i in range(teams)]
    )
    rnd = Round.objects.create(
        event=event, number=1, method="random", seed=1, status=Round.Status.RELEASED, released_at=timezone.now()
    )
    Game.objects.bulk_create(
        [
            Game(
                round=rnd,
                table_number=t + 1,
                entry_a=entries[2 * t],
                entry_b=entries[2 * t + 1],
                first_dealer="N",
                seats={
                    "N": entries[2 * t].player_1_id,
                    "S": entries[2 * t].player_2_id,
                    "E": entries[2 * t + 1].player_1_id,
                    "W": entries[2 * t + 1].player_2_id,
                },
            )
            for t in range(teams // 2)
        ]
    )
    return event


def timed(client: Client, address: str, *, cold: bool) -> tuple[float, float, int]:
    walls, cpus, queries = [], [], 0
    for _ in range(RUNS):
        if cold:
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(address, secure=True)
            walls.append(time.perf_counter() - start_wall)
            cpus.append(time.process_time() - start_cpu)
        assert response.status_code == 200, response.status_code
        queries = len(captured)
    return statistics.median(walls), statistics.median(cpus), queries


def main() -> None:
    setup_test_environment()
    old = setup_databases(verbosity=0, interactive=False)
    try:
        client = Client()
        backend = settings.CACHES["default"]["BACKEND"]
        print(f"database: {connection.vendor}; cache: {backend}; median of {RUNS} requests")
        print(f"{'teams':>6} {'page':>14} {'wall ms':>8} {'cpu ms':>7} {'queries':>7}")
        for teams in (30, 300):
            event = build(teams)
            draw = reverse("public:draw", args=[event.club.slug, event.slug])
            home = reverse("public:event", args=[event.club.slug, event.slug])
            figures = {
                "home (baseline)": timed(client, home, cold=False),
                "draw, cold": timed(client, draw, cold=True),
                "draw, warm": timed(client, draw, cold=False),
            }
            for label, (wall, cpu, queries) in figures.items():
                print(f"{teams:>6} {label:>14} {wall * 1000:>8.1f} {cpu * 1000:>7.1f} {queries:>7}")
            cold, warm, base = figures["draw, cold"][0], figures["draw, warm"][0], figures["home (baseline)"][0]
            print(f"{teams:>6} ratios: cold / warm {cold / warm:.1f}×, warm / home {warm / base:.2f}×")
    finally:
        connection.close()
        teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    main()
