"""Score entry under load: 200 tables each type 12 deals through the API at once, against PostgreSQL;
then an evening at the tables: both sides' pages polling while one deal a table comes every 20 s.

Run: .venv/bin/python bench/entry_bench.py [--tables 200] [--deals 12] [--clients 32] [--workers 4]
                                            [--deadline 300] [--seed 1] [--live-seconds 60]
                                            [--poll-every 1.5] [--deal-every 20]
                                            [--cpu N [--cpu-only]] [--live-only]

`--cpu N` first measures, in process, the CPU time (process + PostgreSQL backend) of N deal POSTs against N
bare DRF inserts (see `cpu_phase`; the kinds take turns of 25 requests, so the box's load falls on all alike;
`ENTRY_PROFILE=card` (or bare, deal, phone, check) writes that kind's cProfile to /tmp/entry_<kind>.prof);
`--poll-every 0` leaves the live phase with writers only.

The bench makes its own database (`atout_entry_bench` on the PostgreSQL of DATABASE_URL, default
postgres://postgres@127.0.0.1:5432; dropped and created again at each run), migrates it, creates one
released round with `--tables` tables (sheets and links through `table_links_ensure`), and starts gunicorn on
127.0.0.1 (`--workers` sync workers, eager Celery: no broker needed). Each table's deals come from the rules
engine's random dealer (real shuffled hands played out), made before timing starts.

A pool of `--clients` threads (one keep-alive HTTP session each) then plays the tables: a client takes a
table and posts its deals one after the other, as a phone does: `POST /api/v1/table/<token>/deals/` with an
Idempotency-Key and the version from the previous answer. Tables run in parallel up to the pool size; the
run stops early at `--deadline` seconds. Every answer must be 201.

Baseline, in the same process against the same server and pool: the same number of requests to
`/healthz` (one `SELECT 1`). Printed: requests per second, median and p95 latency of both, and the ratios.

Live phase (`--live-seconds`, 0 skips it), on a second round of `--tables` fresh tables: every table has
both sides' referee pages open, each polling `GET /t/<token>/version.json` every `--poll-every` seconds
with the ETag of its last answer (If-None-Match, as the browser's `cache: "no-cache"` does), and one deal a
table is posted every `--deal-every` seconds (tables start at random offsets). When a poll sees a new
version, that page fetches its live part (`?live=1`), as sheet-live.js does. Printed: p50/p95 of deal
writes, of update checks (polls) and of live-part fetches, the polling rate (requests/s) and the share of
304s, and how late the pollers fell behind their schedule (p95 lag: the server keeping up or not).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import signal
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Its own database, dropped at each run (ENTRY_BENCH_DB names another, e.g. when two people bench at once).
BENCH_DB = os.environ.get("ENTRY_BENCH_DB", "atout_entry_bench")

from entry_cpu import cpu_phase, print_cpu  # noqa: E402
from entry_http import (  # noqa: E402
    Pool,
    free_port,
    hit_health,
    ms,
    p95,
    play_table,
    run,
    run_live,
    start_server,
    wait_until_up,
)
from harness import bench_database_url, recreate_database, server_env  # noqa: E402


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def make_round(
    tables: int, deals: int, seed: int, *, slug: str = "bench", migrate: bool = True
) -> list[tuple[str, list[dict]]]:
    """One released round of `tables` tables (club and event `slug`); returns each table's side-A token and
    its deals. `migrate=False` when the database is migrated already (several clubs in one database)."""
    import datetime

    from django.core.management import call_command

    from scoring.models import TableLink
    from scoring.rules import random_game
    from scoring.sheets.rounds import table_links_ensure
    from tournaments.models import Club, Entry, Event, Game, Player, Round

    if migrate:
        call_command("migrate", verbosity=0)
    club = Club.objects.create(slug=slug, name=f"Bench club {slug}")
    event = Event.objects.create(
        club=club,
        name="Bench evening",
        slug=slug,
        date=datetime.date(2026, 11, 30),
        rules_preset="hoheluft",
        rules_options={"deals": deals},
    )
    players = Player.objects.bulk_create(
        [Player(club=club, first_name=f"P{i}", last_name=f"Bench{i}") for i in range(tables * 4)]
    )
    entries = Entry.objects.bulk_create(
        [
            Entry(event=event, number=i + 1, player_1=players[2 * i], player_2=players[2 * i + 1])
            for i in range(tables * 2)
        ]
    )
    round = Round.objects.create(event=event, number=1, method="random", seed=seed, status=Round.Status.RELEASED)
    Game.objects.bulk_create(
        [
            Game(
                round=round,
                table_number=t + 1,
                entry_a=entries[2 * t],
                entry_b=entries[2 * t + 1],
                first_dealer="N",
                seats={
                    "N": players[4 * t].pk,
                    "S": players[4 * t + 1].pk,
                    "E": players[4 * t + 2].pk,
                    "W": players[4 * t + 3].pk,
                },
            )
            for t in range(tables)
        ]
    )
    table_links_ensure(round=round)
    rng = random.Random(seed)
    tokens = list(
        TableLink.objects.filter(game__round=round, side="A")
        .order_by("game__table_number")
        .values_list("token", flat=True)
    )
    return [(token, random_game(rng, "hoheluft", {"deals": deals}, deals=deals)["deals"]) for token in tokens]


def make_live_round(tables: int, deals: int, seed: int, number: int = 2) -> list[tuple[str, str, list[dict]]]:
    """Another released round (`number`) with `tables` fresh tables: (token A, token B, deals) per table."""
    from scoring.models import TableLink
    from scoring.rules import random_game
    from scoring.sheets.rounds import table_links_ensure
    from tournaments.models import Event, Game, Round

    event = Event.objects.get(slug="bench")
    first = Game.objects.filter(round__event=event, round__number=1).order_by("table_number")
    round = Round.objects.create(event=event, number=number, method="random", seed=seed, status=Round.Status.RELEASED)
    Game.objects.bulk_create(
        [
            Game(
                round=round,
                table_number=g.table_number,
                entry_a_id=g.entry_b_id,
                entry_b_id=g.entry_a_id,
                first_dealer="E",
                seats=g.seats,
            )
            for g in first[:tables]
        ]
    )
    table_links_ensure(round=round)
    links = {}
    for game_id, side, token in TableLink.objects.filter(game__round=round).values_list("game_id", "side", "token"):
        links.setdefault(game_id, {})[side] = token
    rng = random.Random(seed + number - 1)
    return [
        (sides["A"], sides["B"], random_game(rng, "hoheluft", {"deals": deals}, deals=deals)["deals"])
        for _game, sides in sorted(links.items())
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--deadline", type=float, default=300.0, help="stop after this many seconds per phase")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--live-seconds", type=float, default=60.0, help="length of the live phase (0: skip)")
    parser.add_argument("--poll-every", type=float, default=1.5, help="seconds between a page's update checks")
    parser.add_argument("--deal-every", type=float, default=20.0, help="seconds between a table's deals")
    parser.add_argument("--live-only", action="store_true", help="skip the burst phase (baseline and live only)")
    parser.add_argument("--cpu-only", action="store_true", help="stop after the CPU phase")
    parser.add_argument(
        "--cpu",
        type=int,
        default=0,
        metavar="N",
        help="first, in process: CPU of N deal POSTs against N bare DRF inserts (0: skip)",
    )
    args = parser.parse_args()

    url = bench_database_url(BENCH_DB, "entry_bench")
    env = server_env(
        url,
        secrets.token_urlsafe(50),
        # The API's per-address limits (config/throttles.py) would stop the bench's one client address.
        ATOUT_THROTTLE_ANON="",
        ATOUT_THROTTLE_USER="",
        ATOUT_THROTTLE_TABLE_TOKEN="",
    )
    recreate_database(url)
    setup_django(env)
    tables = make_round(args.tables, args.deals, args.seed)
    total_deals = sum(len(deals) for _, deals in tables)
    cpu = None
    if args.cpu:
        cpu_tables = make_live_round(args.tables, args.deals, args.seed, number=3)
        cpu = cpu_phase(cpu_tables, args.cpu)
        print_cpu(cpu)
        if args.cpu_only:
            return 0

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(env, args.workers, port)
    try:
        wait_until_up(base, server)
        pool = Pool(args.clients)
        # Warm every worker's connection and caches (rule set, templates) before timing.
        run(pool, [(hit_health, pool, base, 5, time.monotonic() + 30) for _ in range(args.clients)])

        deadline = time.monotonic() + args.deadline
        burst = tables if not args.live_only else []
        entry_time, entry_lat, entry_problems = run(
            pool, [(play_table, pool, base, token, deals, deadline) for token, deals in burst]
        )
        per_client = max(1, total_deals // args.clients)
        deadline = time.monotonic() + args.deadline
        base_time, base_lat, base_problems = run(
            pool, [(hit_health, pool, base, per_client, deadline) for _ in range(args.clients)]
        )
        live = None
        if args.live_seconds > 0:
            live_tables = make_live_round(args.tables, args.deals, args.seed)
            # Polling threads sleep most of the time: more of them than the burst phase's pool.
            live_pool = Pool(max(args.clients, 64))
            live = run_live(live_pool, base, max(args.clients, 64), live_tables, args)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)

    from scoring.models import Deal

    stored = Deal.objects.count()
    if args.live_only:
        total_deals = 0
    base_rate = len(base_lat) / base_time
    print(
        f"entry bench: {args.tables} tables x {args.deals} deals = {total_deals} deals, {args.clients} client "
        f"threads, gunicorn {args.workers} sync workers, PostgreSQL, {os.cpu_count()} CPUs"
    )
    if entry_lat:
        entry_rate = len(entry_lat) / entry_time
        print(
            f"  deals      : {len(entry_lat)} in {entry_time:.2f} s = {entry_rate:.0f} deals/s; "
            f"median {statistics.median(entry_lat) * 1000:.1f} ms, p95 {p95(entry_lat) * 1000:.1f} ms"
        )
    print(
        f"  baseline   : {len(base_lat)} GET /healthz in {base_time:.2f} s = {base_rate:.0f} req/s; "
        f"median {statistics.median(base_lat) * 1000:.1f} ms, p95 {p95(base_lat) * 1000:.1f} ms"
    )
    if entry_lat:
        print(
            f"  ratio      : throughput {base_rate / entry_rate:.1f}x lower, p95 "
            f"{p95(entry_lat) / p95(base_lat):.1f}x higher than the baseline"
        )
    print(
        f"  stored     : {stored} deals in the database (expected {total_deals} from the burst phase"
        f"{' plus the live phase' if live else ''})"
    )
    problems = entry_problems + base_problems
    if live is not None:
        polls = len(live["poll"])
        pages = f"2 pages polling every {args.poll_every:g} s" if args.poll_every > 0 else "no polling pages"
        print(
            f"live phase : {args.tables} tables x {pages}, one deal a table every {args.deal_every:g} s, for "
            f"{live['seconds']:.0f} s"
        )
        if polls:
            print(
                f"  polling    : {polls} update checks = {polls / live['seconds']:.0f} req/s (scheduled "
                f"{2 * args.tables / args.poll_every:.0f} req/s), {live['not_modified'] / max(polls, 1):.0%} "
                f"answered 304; {ms(live['poll'])}"
            )
            print(f"  live parts : {len(live['live'])} fetched after a change; {ms(live['live'])}")
        print(
            f"  deals      : {len(live['deal'])} written = {len(live['deal']) / live['seconds']:.1f} deals/s; "
            f"{ms(live['deal'])}"
        )
        print(
            f"  lag        : pollers behind schedule {ms(live['lag'])} (a change shows within the poll "
            f"interval plus this lag plus one live-part fetch)"
        )
        if polls:
            print(f"  vs baseline: update check p95 {p95(live['poll']) / p95(base_lat):.1f}x the /healthz p95")
        problems += live["problems"]
    if problems or stored < total_deals:
        print(f"  PROBLEMS   : {problems[:5]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
