"""Score entry under load: 200 tables each type 12 deals through the API at once, against PostgreSQL;
then an evening at the tables: both sides' pages polling while one deal a table comes every 20 s.

Run: .venv/bin/python bench/entry_bench.py [--tables 200] [--deals 12] [--clients 32] [--workers 4]
                                            [--deadline 300] [--seed 1] [--live-seconds 60]
                                            [--poll-every 1.5] [--deal-every 20]
                                            [--cpu N [--cpu-only]] [--live-only]

`--cpu N` first measures, in process, the CPU time (process + PostgreSQL backend) of N deal POSTs against N
bare DRF inserts (see `cpu_phase`); `--poll-every 0` leaves the live phase with writers only.

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
import heapq
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Its own database, dropped at each run (ENTRY_BENCH_DB names another, e.g. when two people bench at once).
BENCH_DB = os.environ.get("ENTRY_BENCH_DB", "atout_entry_bench")

from harness import backend_cpu, bench_database_url, recreate_database  # noqa: E402


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def make_round(tables: int, deals: int, seed: int) -> list[tuple[str, list[dict]]]:
    """One released round of `tables` tables; returns each table's side-A token and its deals."""
    import datetime

    from django.core.management import call_command

    from scoring.models import TableLink
    from scoring.rules import random_game
    from scoring.sheets.rounds import table_links_ensure
    from tournaments.models import Club, Entry, Event, Game, Player, Round

    call_command("migrate", verbosity=0)
    club = Club.objects.create(slug="bench", name="Bench club")
    event = Event.objects.create(
        club=club,
        name="Bench evening",
        slug="bench",
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(env: dict[str, str], workers: int, port: int) -> subprocess.Popen:
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    process = subprocess.Popen(
        [
            gunicorn,
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--worker-class",
            "sync",
            "--log-level",
            "warning",
            "--timeout",
            "60",
        ],
        cwd=ROOT,
        env={**os.environ, **env},
        start_new_session=True,
    )
    return process


def wait_until_up(base: str, process: subprocess.Popen, timeout: float = 60) -> None:
    import requests

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            sys.exit("gunicorn stopped while starting")
        try:
            if requests.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.3)
    sys.exit("gunicorn did not answer /healthz in time")


class Pool:
    """A thread pool whose threads each keep one HTTP session (keep-alive, like a phone's browser)."""

    def __init__(self, clients: int):
        import requests

        self.local = threading.local()
        self.requests = requests
        self.executor = ThreadPoolExecutor(max_workers=clients)

    def session(self):
        if not hasattr(self.local, "session"):
            self.local.session = self.requests.Session()
        return self.local.session


def play_table(pool: Pool, base: str, token: str, deals: list[dict], deadline: float) -> tuple[list[float], list]:
    """Post one table's deals in order; returns latencies and any unexpected answers."""
    session = pool.session()
    latencies, problems = [], []
    version = 0
    for deal in deals:
        if time.monotonic() > deadline:
            problems.append("deadline")
            break
        start = time.perf_counter()
        response = session.post(
            f"{base}/api/v1/table/{token}/deals/",
            json={"deal": deal, "version": version},
            headers={"Idempotency-Key": uuid.uuid4().hex},
            timeout=30,
        )
        latencies.append(time.perf_counter() - start)
        if response.status_code != 201:
            problems.append((response.status_code, response.text[:200]))
            break
        version = response.json()["sheet"]["version"]
    return latencies, problems


def hit_health(pool: Pool, base: str, count: int, deadline: float) -> tuple[list[float], list]:
    session = pool.session()
    latencies, problems = [], []
    for _ in range(count):
        if time.monotonic() > deadline:
            problems.append("deadline")
            break
        start = time.perf_counter()
        response = session.get(f"{base}/healthz", timeout=30)
        latencies.append(time.perf_counter() - start)
        if response.status_code != 200:
            problems.append((response.status_code, response.text[:200]))
    return latencies, problems


def run(pool: Pool, jobs) -> tuple[float, list[float], list]:
    start = time.perf_counter()
    futures = [pool.executor.submit(*job) for job in jobs]
    latencies, problems = [], []
    for future in futures:
        lat, prob = future.result()
        latencies.extend(lat)
        problems.extend(prob)
    return time.perf_counter() - start, latencies, problems


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


def live_client(
    pool: Pool, base: str, tables: list, seconds: float, poll_every: float, deal_every: float, seed: int
) -> dict:
    """One thread's share of the evening: its tables' two pollers and one writer, on one schedule."""
    session = pool.session()
    rng = random.Random(seed)
    start = time.monotonic()
    end = start + seconds
    out = {"poll": [], "live": [], "deal": [], "lag": [], "not_modified": 0, "problems": []}
    state = {}
    queue = []
    for i, (token_a, token_b, deals) in enumerate(tables):
        state[i] = {"version": 0, "next": 0, "deals": deals, "tokens": (token_a, token_b)}
        for side in (0, 1):
            state[(i, side)] = {"etag": None, "seen": 0}
            if poll_every > 0:  # 0: writers only (the deal POST's own latency target)
                heapq.heappush(queue, (start + rng.uniform(0, poll_every), 1, i, side))
        heapq.heappush(queue, (start + rng.uniform(0, deal_every), 0, i, None))
    while queue:
        due, kind, i, side = heapq.heappop(queue)
        if due > end or time.monotonic() > end:
            break
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        out["lag"].append(max(0.0, -wait))
        table = state[i]
        if kind == 0:
            if table["next"] < len(table["deals"]):
                t0 = time.perf_counter()
                response = session.post(
                    f"{base}/api/v1/table/{table['tokens'][0]}/deals/",
                    json={"deal": table["deals"][table["next"]], "version": table["version"]},
                    headers={"Idempotency-Key": uuid.uuid4().hex},
                    timeout=30,
                )
                out["deal"].append(time.perf_counter() - t0)
                if response.status_code != 201:
                    out["problems"].append((response.status_code, response.text[:200]))
                else:
                    table["version"] = response.json()["sheet"]["version"]
                    table["next"] += 1
            heapq.heappush(queue, (due + deal_every, 0, i, None))
            continue
        page = state[(i, side)]
        token = table["tokens"][side]
        headers = {"If-None-Match": page["etag"]} if page["etag"] else {}
        t0 = time.perf_counter()
        response = session.get(f"{base}/t/{token}/version.json", headers=headers, timeout=30)
        out["poll"].append(time.perf_counter() - t0)
        if response.status_code == 304:
            out["not_modified"] += 1
        elif response.status_code == 200:
            page["etag"] = response.headers.get("ETag")
            version = response.json()["version"]
            if version != page["seen"]:
                page["seen"] = version
                t0 = time.perf_counter()
                live = session.get(f"{base}/t/{token}/?live=1", timeout=30)
                out["live"].append(time.perf_counter() - t0)
                if live.status_code != 200:
                    out["problems"].append((live.status_code, live.text[:200]))
        else:
            out["problems"].append((response.status_code, response.text[:200]))
        heapq.heappush(queue, (due + poll_every, 1, i, side))
    return out


def run_live(pool: Pool, base: str, clients: int, tables: list, args) -> dict:
    shares = [tables[n::clients] for n in range(clients)]
    started = time.monotonic()
    futures = [
        pool.executor.submit(
            live_client, pool, base, share, args.live_seconds, args.poll_every, args.deal_every, args.seed + n
        )
        for n, share in enumerate(shares)
        if share
    ]
    total = {"poll": [], "live": [], "deal": [], "lag": [], "not_modified": 0, "problems": []}
    for future in futures:
        part = future.result()
        for key in ("poll", "live", "deal", "lag", "problems"):
            total[key].extend(part[key])
        total["not_modified"] += part["not_modified"]
    total["seconds"] = time.monotonic() - started
    return total


def bare_urlconf():
    """The baseline of the CPU phase: a bare DRF insert (a view with a serializer storing one history row in
    a transaction: BEGIN, INSERT, COMMIT), next to the app's own URLs, through the same middleware."""
    import types

    from django.db import transaction
    from django.urls import path
    from rest_framework import serializers
    from rest_framework.permissions import AllowAny
    from rest_framework.response import Response
    from rest_framework.views import APIView

    from config import urls
    from scoring.models import SheetChange

    class BareSerializer(serializers.Serializer):
        deal = serializers.JSONField()
        version = serializers.IntegerField()

    class BareInsert(APIView):
        permission_classes = [AllowAny]
        authentication_classes = []

        def post(self, request, sheet_id):
            data = BareSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            with transaction.atomic():
                row = SheetChange.objects.create(
                    sheet_id=sheet_id,
                    action="deal_create",
                    after=data.validated_data["deal"],
                    version=data.validated_data["version"],
                    client_id=request.headers.get("Idempotency-Key", ""),
                )
            return Response({"id": row.pk, "version": row.version}, status=201)

    module = types.ModuleType("entry_bench_urls")
    module.urlpatterns = [path("bench/bare/<int:sheet_id>/", BareInsert.as_view()), *urls.urlpatterns]
    return module


def cpu_phase(tables: list, deals: int) -> dict:
    """In process (Django's test client, no HTTP, no queue): `deals` deal POSTs through table links (whole
    games; every table's deal n, then deal n + 1) against as many bare DRF inserts; CPU time of this process
    plus its PostgreSQL backend, wall time, and the queries of one request of each (BEGIN and COMMIT
    counted; the counted deal POST is a table's second deal, with its teams cached)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    from scoring.models import Sheet

    client = Client()
    posts = []
    # Whole games, as an evening has them: each table's deals 1 to 12 (the first also loads its teams).
    per_table = max(len(tables[0][2]), 1)
    for token_a, _token_b, table_deals in tables[: -(-deals // per_table) + 1]:
        for n, deal in enumerate(table_deals):
            posts.append((token_a, n, deal))
    posts = sorted(posts, key=lambda p: p[1])[: deals + 2]
    sheet_ids = list(Sheet.objects.values_list("pk", flat=True)[:1])

    def deal_post(token, n, deal):
        response = client.post(
            f"/api/v1/table/{token}/deals/",
            {"deal": deal, "version": n},
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        if response.status_code != 201:
            raise SystemExit(f"deal POST answered {response.status_code}: {response.content[:200]!r}")

    def bare_post(_token, n, deal):
        response = client.post(
            f"/bench/bare/{sheet_ids[0]}/",
            {"deal": deal, "version": n},
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        if response.status_code != 201:
            raise SystemExit(f"bare insert answered {response.status_code}: {response.content[:200]!r}")

    def measure(fn, items):
        server, process, start = backend_cpu(), time.process_time(), time.perf_counter()
        for item in items:
            fn(*item)
        wall, process = time.perf_counter() - start, time.process_time() - process
        after = backend_cpu()
        backend = after - server if server is not None and after is not None else None
        return {
            "wall": wall / len(items),
            "process": process / len(items),
            "backend": backend / len(items) if backend is not None else None,
        }

    out = {}
    with override_settings(ROOT_URLCONF=bare_urlconf(), ALLOWED_HOSTS=["*"]):
        # Warm-up (templates, caches, the first statements of a connection), then one counted request each.
        first = [p for p in posts if p[0] == posts[0][0]][:2]  # the first table's deals 1 and 2
        bare_post(*first[0])
        deal_post(*first[0])
        with CaptureQueriesContext(connection) as queries:
            bare_post(*first[1])
        out["bare_queries"] = len(queries)
        with CaptureQueriesContext(connection) as queries:
            deal_post(*first[1])
        out["deal_queries"] = len(queries)
        rest = [p for p in posts if p not in first]
        out["bare"] = measure(bare_post, rest)
        out["deal"] = measure(deal_post, rest)
        out["count"] = len(rest)
    return out


def print_cpu(cpu: dict) -> None:
    def line(name, m, queries):
        backend = m["backend"]
        total = m["process"] + (backend or 0)
        return (
            f"  {name}: CPU {total * 1000:.2f} ms (process {m['process'] * 1000:.2f} + PostgreSQL backend "
            f"{'-' if backend is None else f'{backend * 1000:.2f}'}), wall {m['wall'] * 1000:.2f} ms, "
            f"{queries} queries"
        ), total

    print(f"cpu phase  : {cpu['count']} requests each, in process (test client), mean per request")
    deal_line, deal_total = line("deal POST ", cpu["deal"], cpu["deal_queries"])
    bare_line, bare_total = line("bare DRF  ", cpu["bare"], cpu["bare_queries"])
    print(deal_line)
    print(bare_line)
    print(f"  ratio     : deal POST CPU {deal_total / bare_total:.2f}x the bare insert's")


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"p50 {statistics.median(values) * 1000:.1f} ms, p95 {p95(values) * 1000:.1f} ms"


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values)


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
    env = {
        "DATABASE_URL": url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "CELERY_BROKER_URL": "",
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SECURE_HSTS_SECONDS": "0",
        "STATIC_MANIFEST": "false",
        "CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
        # WhiteNoise warns that collectstatic never ran; the bench serves no static files.
        "PYTHONWARNINGS": "ignore:No directory at:UserWarning",
    }
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
