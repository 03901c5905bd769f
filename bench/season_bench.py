"""Season benchmark: the season recompute over 30 evenings × 40 players (issue 22).

Run (PostgreSQL as in production; builds and drops its own test database):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_season_bench \
    CELERY_BROKER_URL=redis://127.0.0.1:6379/6 SECRET_KEY=dev .venv/bin/python bench/season_bench.py

The season: 30 evenings of one club's 40 players, 15 in fixed pairs (20 pairs, the same pairs all season)
and 15 in mêlée (40 single entries, partners drawn per game), 3 rounds each; every evening's final standings
rows and every game's counted sheet are built with bulk_create (not timed). Timed, best of 5: the season
ranking (`season_ranking`: loading the final rows, both rankings, every rule) under the plain rules; under
the heaviest rules (2 divisions, points by place, best 20, head-to-head first: every counted game of the
season is read too); the same with the places after each evening (what the public page draws: one ranking
per evening so far); and the public season page uncached (four rankings of 40 rows × 30 evening columns
and four charts rendered), with its query count. The figures are in docs/performance.md, "The season".
"""

from __future__ import annotations

import datetime
import os
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("STATIC_MANIFEST", "false")  # as in the tests: no collectstatic needed

import django

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    setup_databases,
    setup_test_environment,
    teardown_databases,
)
from django.urls import reverse  # noqa: E402

from scoring.models import Sheet  # noqa: E402
from scoring.standings.season import season_ranking  # noqa: E402
from tournaments.models import Club, Entry, Event, Game, Player, Round, Season, SeasonDivision, Standing  # noqa: E402

EVENINGS, PLAYERS, ROUNDS = 30, 40, 3


def build() -> tuple[Season, Event]:
    club = Club.objects.create(slug="saison-bench", name="Saison-Bench")
    season = Season.objects.create(
        club=club, name="Bench", start_date=datetime.date(2026, 9, 1), end_date=datetime.date(2027, 7, 31)
    )
    players = Player.objects.bulk_create(
        [Player(club=club, first_name=f"V{i}", last_name=f"N{i}", is_guest=i >= 38) for i in range(PLAYERS)]
    )
    events = Event.objects.bulk_create(
        [
            Event(
                club=club,
                season=season,
                name=f"Abend {n + 1}",
                slug=f"abend-{n + 1}",
                date=datetime.date(2026, 9, 1) + datetime.timedelta(days=7 * n),
                status=Event.Status.FINISHED,
                team_mode=Event.TeamMode.PAIRS if n % 2 == 0 else Event.TeamMode.MELEE,
                rounds=ROUNDS,
                standings_version=ROUNDS,
                public_standings=True,
            )
            for n in range(EVENINGS)
        ]
    )
    entries, rounds = [], []
    for event in events:
        if event.team_mode == Event.TeamMode.PAIRS:
            entries += [
                Entry(event=event, number=i + 1, player_1=players[2 * i], player_2=players[2 * i + 1])
                for i in range(PLAYERS // 2)
            ]
        else:
            entries += [Entry(event=event, number=i + 1, player_1=players[i]) for i in range(PLAYERS)]
        rounds += [Round(event=event, number=r, method="swiss", seed=r, status=Round.Status.CLOSED) for r in (1, 2, 3)]
    Entry.objects.bulk_create(entries, batch_size=2000)
    Round.objects.bulk_create(rounds)
    by_event: dict[int, list[Entry]] = {}
    for entry in entries:
        by_event.setdefault(entry.event_id, []).append(entry)
    games, standings = [], []
    for n, event in enumerate(events):
        mine = by_event[event.pk]
        for rnd in (r for r in rounds if r.event_id == event.pk):
            order = mine[rnd.number + n :] + mine[: rnd.number + n]
            step = 2 if event.team_mode == Event.TeamMode.PAIRS else 4
            for table, i in enumerate(range(0, len(order), step), start=1):
                side = order[i : i + step]
                if step == 2:
                    games.append(Game(round=rnd, table_number=table, entry_a=side[0], entry_b=side[1]))
                else:
                    games.append(
                        Game(
                            round=rnd,
                            table_number=table,
                            entry_a=side[0],
                            entry_a_partner=side[1],
                            entry_b=side[2],
                            entry_b_partner=side[3],
                        )
                    )
        for place, entry in enumerate(sorted(mine, key=lambda e: (e.number * 7 + n * 11) % len(mine)), start=1):
            standings.append(
                Standing(
                    event=event,
                    round_number=ROUNDS,
                    entry=entry,
                    rank=place,
                    match_points=Decimal(max(0, 6 - place // 4)),
                    total_points=3000 - place * 17 - n,
                )
            )
    Game.objects.bulk_create(games, batch_size=2000)
    Standing.objects.bulk_create(standings, batch_size=2000)
    Sheet.objects.bulk_create(
        [
            Sheet(
                game=g,
                status=Sheet.Status.CONFIRMED,
                total_a=900 + (g.table_number * 37) % 300,
                total_b=900 + (g.table_number * 53) % 300,
                finished=True,
            )
            for g in games
        ],
        batch_size=2000,
    )
    with connection.cursor() as cursor:  # fresh tables: the statistics autovacuum would have by now
        cursor.execute("ANALYZE")
    return season, events[0]


CPU: list[float] = []  # the bench process's CPU time of the last `best` (the database's is apart)


def best(fn, times: int = 5) -> float:
    """The best wall time of `times` runs; the best CPU time of this process goes to CPU[-1]."""
    runs, cpu = [], []
    for _ in range(times):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        runs.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    CPU.append(min(cpu))
    return min(runs)


def ms(wall: float) -> str:
    return f"{wall * 1000:.0f} ms wall, {CPU[-1] * 1000:.0f} ms CPU"


def main() -> None:
    setup_test_environment()
    old = setup_databases(verbosity=0, interactive=False)
    try:
        season, event = build()
        print(f"database: {connection.vendor}; season: {EVENINGS} evenings × {PLAYERS} players (15 pairs, 15 mêlée)")
        plain = best(lambda: season_ranking(season=season))
        print(f"season ranking, plain rules (total of match points): {ms(plain)}")
        season.divisions, season.promotion = 2, 2
        season.points_basis, season.place_points = "place", " ".join(str(p) for p in range(40, 0, -1))
        season.ranking_rule, season.best_n = Season.Ranking.BEST_N, 20
        season.tie_breaks = ["head_to_head", "best_evening", "evenings"]
        season.guests = "apart"
        season.save()
        SeasonDivision.objects.bulk_create(
            [SeasonDivision(season=season, player=p, division=1) for p in Player.objects.filter(club=season.club)[:20]]
        )
        heavy = best(lambda: season_ranking(season=season))
        print(f"season ranking, 2 divisions, places, best 20, head-to-head first: {ms(heavy)}")
        if "--profile" in sys.argv:
            import cProfile

            cProfile.runctx(
                "season_ranking(season=season, public_only=True, with_places=True)",
                globals(),
                {"season": season},
                sort="cumtime",
            )
        places = best(lambda: season_ranking(season=season, public_only=True, with_places=True))
        print(f"  the same with the places after each of the 30 evenings (the chart): {ms(places)}")
        client = Client()
        address = reverse("public:season", args=[season.club.slug, event.slug])

        def page():
            cache.clear()
            response = client.get(address, secure=True)
            assert response.status_code == 200, response.status_code

        page()
        cache.clear()
        queries: list[str] = []

        def count(execute, sql, params, many, context):
            queries.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            response = client.get(address, secure=True)
        assert b"line-chart" in response.content
        wall = best(page)
        print(f"public season page, uncached: {ms(wall)}, {len(queries)} queries")
    finally:
        teardown_databases(old, verbosity=0)


if __name__ == "__main__":
    main()
