"""Score entry under load: 200 tables each type 12 deals through the API at once, against PostgreSQL.

Run: .venv/bin/python bench/entry_bench.py [--tables 200] [--deals 12] [--clients 32] [--workers 4]
                                            [--deadline 300] [--seed 1]

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
"""

from __future__ import annotations

import argparse
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
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DB = "atout_entry_bench"


def database_url() -> str:
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/atout")
    parsed = urlparse(base)
    if not parsed.scheme.startswith("postgres"):
        sys.exit("entry_bench needs PostgreSQL: set DATABASE_URL=postgres://...")
    return parsed._replace(path=f"/{BENCH_DB}").geturl()


def recreate_database(url: str) -> None:
    import psycopg

    admin = urlparse(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{BENCH_DB}"')


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
    from scoring.services import table_links_ensure
    from tournaments.models import Club, Entry, Event, Game, Player, Round

    call_command("migrate", verbosity=0)
    club = Club.objects.create(slug="bench", name="Bench club")
    event = Event.objects.create(club=club, name="Bench evening", slug="bench", date=datetime.date(2026, 11, 30),
                                 rules_preset="hoheluft", rules_options={"deals": deals})
    players = Player.objects.bulk_create(
        [Player(club=club, first_name=f"P{i}", last_name=f"Bench{i}") for i in range(tables * 4)]
    )
    entries = Entry.objects.bulk_create(
        [Entry(event=event, number=i + 1, player_1=players[2 * i], player_2=players[2 * i + 1])
         for i in range(tables * 2)]
    )
    round = Round.objects.create(event=event, number=1, method="random", seed=seed, status=Round.Status.RELEASED)
    Game.objects.bulk_create([
        Game(round=round, table_number=t + 1, entry_a=entries[2 * t], entry_b=entries[2 * t + 1], first_dealer="N",
             seats={"N": players[4 * t].pk, "S": players[4 * t + 1].pk, "E": players[4 * t + 2].pk,
                    "W": players[4 * t + 3].pk})
        for t in range(tables)
    ])
    table_links_ensure(round=round)
    rng = random.Random(seed)
    tokens = list(TableLink.objects.filter(game__round=round, side="A").order_by("game__table_number")
                  .values_list("token", flat=True))
    return [(token, random_game(rng, "hoheluft", {"deals": deals}, deals=deals)["deals"]) for token in tokens]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(env: dict[str, str], workers: int, port: int) -> subprocess.Popen:
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    process = subprocess.Popen(
        [gunicorn, "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--worker-class", "sync", "--log-level", "warning", "--timeout", "60"],
        cwd=ROOT, env={**os.environ, **env}, start_new_session=True,
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
        response = session.post(f"{base}/api/v1/table/{token}/deals/", json={"deal": deal, "version": version},
                                headers={"Idempotency-Key": uuid.uuid4().hex}, timeout=30)
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
    args = parser.parse_args()

    url = database_url()
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

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(env, args.workers, port)
    try:
        wait_until_up(base, server)
        pool = Pool(args.clients)
        # Warm every worker's connection and caches (rule set, templates) before timing.
        run(pool, [(hit_health, pool, base, 5, time.monotonic() + 30) for _ in range(args.clients)])

        deadline = time.monotonic() + args.deadline
        entry_time, entry_lat, entry_problems = run(
            pool, [(play_table, pool, base, token, deals, deadline) for token, deals in tables])
        per_client = max(1, total_deals // args.clients)
        deadline = time.monotonic() + args.deadline
        base_time, base_lat, base_problems = run(
            pool, [(hit_health, pool, base, per_client, deadline) for _ in range(args.clients)])
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)

    from scoring.models import Deal

    stored = Deal.objects.count()
    entry_rate = len(entry_lat) / entry_time
    base_rate = len(base_lat) / base_time
    print(f"entry bench: {args.tables} tables x {args.deals} deals = {total_deals} deals, {args.clients} client "
          f"threads, gunicorn {args.workers} sync workers, PostgreSQL, {os.cpu_count()} CPUs")
    print(f"  deals      : {len(entry_lat)} in {entry_time:.2f} s = {entry_rate:.0f} deals/s; "
          f"median {statistics.median(entry_lat) * 1000:.1f} ms, p95 {p95(entry_lat) * 1000:.1f} ms")
    print(f"  baseline   : {len(base_lat)} GET /healthz in {base_time:.2f} s = {base_rate:.0f} req/s; "
          f"median {statistics.median(base_lat) * 1000:.1f} ms, p95 {p95(base_lat) * 1000:.1f} ms")
    print(f"  ratio      : throughput {base_rate / entry_rate:.1f}x lower, p95 {p95(entry_lat) / p95(base_lat):.1f}x "
          f"higher than the baseline")
    print(f"  stored     : {stored} deals in the database (expected {total_deals})")
    problems = entry_problems + base_problems
    if problems or stored != total_deals:
        print(f"  PROBLEMS   : {problems[:5]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
