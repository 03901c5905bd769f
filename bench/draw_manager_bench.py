"""What the draw manager's database edge costs on top of the pure pairing core.

    .venv/bin/python bench/draw_manager_bench.py            # in-memory SQLite, nothing else needed
    DATABASE_URL=postgres://... SECRET_KEY=... .venv/bin/python bench/draw_manager_bench.py   # a scratch PostgreSQL

For each field: round 1 is drawn, released and closed, a standings snapshot is written, then round 2 is drawn
(Swiss, or mêlée) five times with different seeds through `services.round_draw` (locks, five loads, generate,
delete + bulk insert), and the same five requests are given to the pure `generate_draw` in the same process:
the baseline. Prints seconds (median), the ratio manager / core, and the number of queries per draw, which must
not grow with the field. Everything it creates is deleted at the end.
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scoring.models import Sheet  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.draws import DrawManager  # noqa: E402
from tournaments.models import CheckIn, Club, Entry, Event, Game, Player, Standing  # noqa: E402
from tournaments.pairing import generate_draw  # noqa: E402

FIELDS = [("pairs", "swiss", 12), ("pairs", "swiss", 80), ("pairs", "swiss", 300), ("melee", "melee", 240)]
SEEDS = [11, 12, 13, 14, 15]


def setup_event(mode: str, method: str, size: int) -> Event:
    tag = f"bench-{secrets.token_hex(3)}"
    club = Club.objects.create(slug=tag, name=tag)
    per = 1 if mode == "melee" else 2
    players = Player.objects.bulk_create(
        [Player(club=club, first_name="P", last_name=str(n)) for n in range(size * per)]
    )
    first = "melee" if mode == "melee" else "random"
    event = Event.objects.create(
        club=club,
        name=tag,
        slug=tag,
        date="2026-11-30",
        team_mode=mode,
        rounds=4,
        pairing_methods=[first, method],
        rules_options={"deals": 12},
    )
    partner = (lambda n: players[2 * n + 1]) if per == 2 else (lambda n: None)
    entries = Entry.objects.bulk_create(
        [Entry(event=event, number=n + 1, player_1=players[per * n], player_2=partner(n)) for n in range(size)]
    )
    CheckIn.objects.bulk_create([CheckIn(entry=e, round_number=1) for e in entries])
    round = services.round_draw(event=event, number=1, seed=1)
    services.round_confirm(round=round)
    services.round_release(round=round)
    Sheet.objects.filter(game__round=round).update(status=Sheet.Status.CONFIRMED)
    services.round_close(round=round)
    Standing.objects.bulk_create(
        [
            Standing(event=event, round_number=1, entry=e, rank=i + 1, match_points=(2 if i < size // 2 else 0))
            for i, e in enumerate(entries)
        ]
    )
    return Event.objects.get(pk=event.pk)


def measure(mode: str, method: str, size: int) -> dict:
    event = setup_event(mode, method, size)
    manager_times, core_times, queries = [], [], []
    for index, seed in enumerate(SEEDS):
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            services.round_draw(event=event, number=2, seed=seed, regenerate=index > 0)
            manager_times.append(time.perf_counter() - start)
        queries.append(len(ctx.captured_queries))
        request = DrawManager(event, 2).request(method=method, seed=seed)  # untimed: the same input
        start = time.perf_counter()
        generate_draw(request)
        core_times.append(time.perf_counter() - start)
    Game.objects.filter(round__event=event).delete()
    club = event.club
    event.delete()
    club.delete()
    manager, core = statistics.median(manager_times), statistics.median(core_times)
    return {
        "field": f"{method}, {size} {'players' if mode == 'melee' else 'pairs'}",
        "manager": manager,
        "core": core,
        "ratio": manager / core,
        "queries": max(queries),
    }


def main() -> int:
    call_command("migrate", verbosity=0)
    print(f"database: {connection.vendor}")
    print(f"{'draw of round 2':<28} {'manager s':>10} {'core s':>10} {'ratio':>7} {'queries':>8}")
    rows = [measure(*field) for field in FIELDS]
    for row in rows:
        figures = f"{row['manager']:>10.4f} {row['core']:>10.4f} {row['ratio']:>6.2f}x {row['queries']:>8}"
        print(f"{row['field']:<28} {figures}")
    # SQLite splits a bulk insert at 999 parameters, so only PostgreSQL must show one count for every field.
    if connection.vendor == "postgresql" and len({row["queries"] for row in rows}) != 1:
        print("query count grows with the field size", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
