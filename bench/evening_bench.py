"""Many club evenings at once (issue 23, item 3): K clubs each play an evening of `--tables` tables on this
machine, against gunicorn, PostgreSQL, Redis and a real Celery worker and beat; the largest K that holds.

Run: .venv/bin/python bench/evening_bench.py [--clubs 1,2,4,8] [--tables 20] [--deals 4] [--compress 30]
                                              [--viewers 40] [--poll-every 1.5] [--workers 4]
                                              [--celery-concurrency 2] [--threads 48] [--seed 1]

Its own database (`atout_evening_bench` on the PostgreSQL of DATABASE_URL; EVENING_BENCH_DB names another,
dropped and created at each run) and Redis database EVENING_REDIS_URL (default redis://127.0.0.1:6379/3;
the live cache's keys are dropped at the start), which is the Celery broker, the cache and the live cache.
gunicorn (`--workers` sync workers), `celery worker` (prefork, `--celery-concurrency`) and `celery beat` run
as processes of their own for the whole run; each K then gets K fresh clubs, each with its own running event
(public standings) and one released round of `--tables` tables, and a venue screen.

Every club's evening, all clubs at once (client: `--threads` threads, one keep-alive session each, every
page on its own schedule):
- both phones of every table open (`GET /t/<token>/` once, then `GET /t/<token>/version.json` every
  `--poll-every` s with the ETag of its last answer, as static/poll.js does on gunicorn, where no event
  stream is offered; on a new version the page fetches its live part, `?live=1`);
- the deals typed on side A's phone: `POST /t/<token>/deals/` (the phone's form post with
  Accept: application/json, the version and a client_id), one every 360 / `--compress` s per table (a
  human deal every ~6 min, compressed), random start offsets; after the table's last deal side A submits
  (`/t/<A>/submit/`) and, 1-3 s later, side B confirms with its own game link and its PIN (`/t/<B>/confirm/`,
  scoring/sheets/pins.py: the four digits on side B's half of the table card);
- `--viewers` public pages polling `e/<club>/<event>/standings/version.json` (ETag), fetching
  `standings/table/` when it changed, and the venue screen polling `v/<token>/version.json`.

Measured per K: deal POST p50/p95; confirmation → public: from the confirm POST's answer until
`standings/version.json`, asked every 0.25 s from then on, answers not dirty with a version above the one
before the confirmation (the recompute that cleared the mark started after the confirmation committed, so it
counts the table); a `/healthz` probe every 0.2 s during the same load (the baseline); the polls' p95 and the
share of 304s; how late the client threads fell behind their schedule. CPU seconds from /proc over the K
run, split: web (gunicorn's processes), PostgreSQL (the bench database's backends) and worker + beat, each
per club evening. K holds when deal p95 <= 300 ms and confirmation → public p95 <= 2 s.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import os
import random
import secrets
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DB = os.environ.get("EVENING_BENCH_DB", "atout_evening_bench")
REDIS_URL = os.environ.get("EVENING_REDIS_URL", "redis://127.0.0.1:6379/3")

from entry_bench import setup_django  # noqa: E402
from entry_http import free_port, p95, start_server, wait_until_up  # noqa: E402
from evening_setup import form_of, make_clubs, start_celery, stop  # noqa: E402
from harness import bench_database_url, recreate_database, server_env  # noqa: E402
from live_bench import _cpu_of, backend_pids, server_pids  # noqa: E402

DEAL_EVERY_UNCOMPRESSED = 360.0  # seconds: a deal every ~6 minutes at a real table


class Results:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.deal: list[float] = []
        self.poll: list[float] = []
        self.health: list[float] = []
        self.public: list[float] = []
        self.lag: list[float] = []
        self.not_modified = 0
        self.parts = {"phone": 0, "public": 0}  # live parts fetched after a poll saw a change
        self.polls = 0
        self.problems: list = []
        self.pending: list[tuple[float, int, int]] = []  # (confirm answered, club, standings version before)
        self.confirmed = 0

    def problem(self, what) -> None:
        with self.lock:
            if len(self.problems) < 20:
                self.problems.append(what)


def client(base: str, jobs: list, args, end: float, results: Results, versions: dict, rng: random.Random) -> None:
    """One thread's share: a heap of (due, kind, job) for pages polling and phones writing."""
    import requests

    session = requests.Session()
    session.get(base + "/healthz", timeout=30)
    queue = list(jobs)
    heapq.heapify(queue)
    deal_every = DEAL_EVERY_UNCOMPRESSED / args.compress
    while queue:
        due, order, kind, job = heapq.heappop(queue)
        if due > end:
            break
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        with results.lock:
            results.lag.append(max(0.0, -wait))
        try:
            again = step(session, base, kind, job, results, versions, rng, deal_every, args)
        except requests.RequestException as exc:
            results.problem(repr(exc)[:200])
            again = args.poll_every
        if again is not None:
            heapq.heappush(queue, (due + again, order, kind, job))


def step(session, base, kind, job, results, versions, rng, deal_every, args) -> float | None:
    """Run one scheduled request; returns the seconds until this job's next one (None: the job is done)."""
    if kind == "poll":  # a phone, a public page or the venue screen
        if not job.get("opened") and job.get("page"):
            session.get(base + job["page"], timeout=30)
            job["opened"] = True
        headers = {"If-None-Match": job["etag"]} if job.get("etag") else {}
        t0 = time.perf_counter()
        response = session.get(base + job["url"], headers=headers, timeout=30)
        took = time.perf_counter() - t0
        with results.lock:
            results.poll.append(took)
            results.polls += 1
            results.not_modified += response.status_code == 304
        if response.status_code == 200:
            job["etag"] = response.headers.get("ETag")
            if job.get("club") is not None:
                versions[job["club"]] = response.json()["version"]
            if job.get("part"):
                session.get(base + job["part"], timeout=30)
                with results.lock:
                    results.parts[job["kind"]] += 1
        elif response.status_code != 304:
            results.problem((job["url"], response.status_code, response.text[:120]))
        return args.poll_every
    if kind == "health":
        t0 = time.perf_counter()
        response = session.get(base + "/healthz", timeout=30)
        with results.lock:
            results.health.append(time.perf_counter() - t0)
        return 0.2
    table = job  # kind == "write": side A's phone, then side B's to confirm
    if not table.get("opened"):  # the phone's page (it sets the CSRF cookie the posts send back)
        session.get(f"{base}/t/{table['a']}/", timeout=30)
        session.get(f"{base}/t/{table['b']}/", timeout=30)
        table["opened"] = True
    accept = {"Accept": "application/json", "X-CSRFToken": session.cookies.get("csrftoken", "")}
    if table["next"] < len(table["deals"]):
        t0 = time.perf_counter()
        response = session.post(
            f"{base}/t/{table['a']}/deals/",
            form_of(table["deals"][table["next"]], table["version"]),
            headers=accept,
            timeout=30,
        )
        took = time.perf_counter() - t0
        if response.status_code != 201:
            results.problem(("deal", response.status_code, response.text[:200]))
            return None
        with results.lock:
            results.deal.append(took)
        table["version"] = response.json()["version"]
        table["next"] += 1
        return 0.0 if table["next"] == len(table["deals"]) else deal_every
    if not table.get("submitted"):
        response = session.post(
            f"{base}/t/{table['a']}/submit/", {"version": table["version"]}, headers=accept, timeout=30
        )
        if response.status_code != 200:
            results.problem(("submit", response.status_code, response.text[:200]))
            return None
        table["version"], table["submitted"] = response.json()["version"], True
        return rng.uniform(1.0, 3.0)
    before = versions.get(table["club"], 0)
    response = session.post(
        f"{base}/t/{table['b']}/confirm/",
        {"version": table["version"], "pin": table["pin"]},
        headers=accept,
        timeout=30,
    )
    answered = time.monotonic()
    if response.status_code != 200:
        results.problem(("confirm", response.status_code, response.text[:200]))
        return None
    with results.lock:
        results.pending.append((answered, table["club"], before))
        results.confirmed += 1
    return None


def watcher(base: str, clubs: list[dict], results: Results, end: float) -> None:
    """Confirmation → public: asks the club's standings version every 0.25 s while a confirmation waits."""
    import requests

    session = requests.Session()
    while time.monotonic() < end:
        with results.lock:
            waiting = sorted({club for _t, club, _v in results.pending})
        for club in waiting:
            asked = time.monotonic()
            state = session.get(base + clubs[club]["standings"] + "version.json", timeout=30).json()
            if state["dirty"]:
                continue
            with results.lock:
                keep = []
                for answered, c, before in results.pending:
                    if c == club and answered < asked and state["version"] > before:
                        results.public.append(time.monotonic() - answered)
                    else:
                        keep.append((answered, c, before))
                results.pending = keep
        time.sleep(0.25)


def cpu_by_pid(pids: list[int]) -> dict[int, float]:
    return {pid: _cpu_of([pid]) for pid in pids}


def cpu_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU used between two readings; processes new since count from 0 (ones gone since are lost)."""
    return sum(value - before.get(pid, 0.0) for pid, value in after.items())


def play(base: str, k: int, run: int, args, procs: dict) -> dict:
    clubs = make_clubs(k, run, args.tables, args.deals, args.seed + 100 * run)
    rng = random.Random(args.seed + run)
    deal_every = DEAL_EVERY_UNCOMPRESSED / args.compress
    start = time.monotonic() + 3
    longest = max(len(t["deals"]) for club in clubs for t in club["tables"])  # passed deals add to a game
    play_seconds = deal_every * longest + 5  # the last deals, their submits and confirms
    end = start + play_seconds + args.settle
    jobs: list = []
    order = itertools.count()  # unique: the heap never compares two jobs
    for c, club in enumerate(clubs):
        for table in club["tables"]:
            table.update(version=0, next=0, club=c)
            jobs.append((start + rng.uniform(0, deal_every), next(order), "write", table))
            for side in ("a", "b"):
                page = f"/t/{table[side]}/"
                job = {"page": page, "url": page + "version.json", "part": page + "?live=1", "kind": "phone"}
                jobs.append((start + rng.uniform(0, args.poll_every), next(order), "poll", job))
        standings = club["standings"]
        for _ in range(args.viewers):
            job = {
                "page": standings,
                "url": standings + "version.json",
                "part": standings + "table/",
                "club": c,
                "kind": "public",
            }
            jobs.append((start + rng.uniform(0, args.poll_every), next(order), "poll", job))
        jobs.append((start + rng.uniform(0, args.poll_every), next(order), "poll", {"url": club["screen"]}))
    rng.shuffle(jobs)
    threads = max(1, min(args.threads, len(jobs)))
    shares = [jobs[n::threads] for n in range(threads)]
    shares[0].append((start, next(order), "health", {}))
    results, versions = Results(), {}
    web = cpu_by_pid(server_pids(procs["web"]))
    db = cpu_by_pid(backend_pids(BENCH_DB))
    celery = cpu_by_pid(server_pids(procs["worker"]) + server_pids(procs["beat"]))
    wall, client_cpu = time.monotonic(), time.process_time()
    with ThreadPoolExecutor(threads + 1) as pool:
        futures = [
            pool.submit(client, base, share, args, end, results, versions, random.Random(args.seed + n))
            for n, share in enumerate(shares)
        ]
        futures.append(pool.submit(watcher, base, clubs, results, end))
        for future in futures:
            future.result()
    wall, client_cpu = time.monotonic() - wall, time.process_time() - client_cpu
    cpu = {
        "web": cpu_since(web, cpu_by_pid(server_pids(procs["web"]))),
        "db": cpu_since(db, cpu_by_pid(backend_pids(BENCH_DB))),
        "celery": cpu_since(celery, cpu_by_pid(server_pids(procs["worker"]) + server_pids(procs["beat"]))),
    }
    return {"k": k, "results": results, "cpu": cpu, "wall": wall, "load": os.getloadavg(), "client": client_cpu}


def report(figure: dict, args) -> bool:
    r: Results = figure["results"]
    k, tables = figure["k"], figure["k"] * args.tables
    pages = k * (2 * args.tables + args.viewers + 1)
    ms = lambda values: (  # noqa: E731
        f"p50 {sorted(values)[len(values) // 2] * 1000:.0f} ms, p95 {p95(values) * 1000:.0f} ms" if values else "-"
    )
    deal95 = p95(r.deal) if r.deal else float("inf")
    public95 = p95(r.public) if r.public and not r.pending else float("inf")
    held = deal95 <= 0.300 and public95 <= 2.0 and len(r.public) == tables and not r.problems
    cpu = figure["cpu"]
    print(f"K = {k}: {k} club evenings, {tables} tables, {pages} open pages, {figure['wall']:.0f} s")
    print(f"  deal POST ({len(r.deal)} posts, passed deals included): {ms(r.deal)}")
    print(f"  confirmation → public ({len(r.public)} of {tables} counted, {len(r.pending)} not seen): {ms(r.public)}")
    print(f"  /healthz during the same load (baseline, {len(r.health)}): {ms(r.health)}")
    print(
        f"  polls {r.polls} ({r.polls / figure['wall']:.0f}/s), {100 * r.not_modified / max(1, r.polls):.0f}% 304: "
        f"{ms(r.poll)}; client lag {ms(r.lag)}"
    )
    print(f"  live parts fetched on a change: phones {r.parts['phone']}, public standings tables {r.parts['public']}")
    print(
        f"  CPU s per club evening ({figure['wall']:.0f} s): web {cpu['web'] / k:.1f}, PostgreSQL {cpu['db'] / k:.1f}, "
        f"worker+beat {cpu['celery'] / k:.1f}; all {sum(cpu.values()):.1f} s = "
        f"{sum(cpu.values()) / figure['wall']:.2f} cores"
    )
    cores = sum(cpu.values()) / figure["wall"]
    print(
        f"  open pages per core of server CPU: {pages / cores:,.0f}; the bench's own client used "
        f"{figure['client']:.1f} CPU s ({figure['client'] / figure['wall']:.2f} cores) on the same machine"
    )
    print(f"  load average {' '.join(f'{x:.2f}' for x in figure['load'])}; held: {'yes' if held else 'no'}")
    for problem in r.problems[:5]:
        print(f"  problem: {problem}")
    return held


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clubs", default="1,2,4,8", help="the K values, comma-separated")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--deals", type=int, default=4, help="deals per table (a real game has 12 or more)")
    parser.add_argument("--compress", type=float, default=30.0, help="a deal every 360 s / this per table")
    parser.add_argument("--viewers", type=int, default=40, help="public standings pages per club")
    parser.add_argument("--poll-every", type=float, default=1.5)
    parser.add_argument("--settle", type=float, default=10.0, help="seconds after the last confirmations")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--celery-concurrency", type=int, default=2)
    parser.add_argument("--threads", type=int, default=48, help="client threads")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ks = [int(x) for x in args.clubs.split(",")]

    url = bench_database_url(BENCH_DB, "evening_bench")
    recreate_database(url)
    env = server_env(
        url,
        secrets.token_urlsafe(50),
        CELERY_BROKER_URL=REDIS_URL,
        CACHE_URL="rediscache://" + REDIS_URL.split("://", 1)[1],
        LIVE_REDIS_URL=REDIS_URL,
        # Every client is 127.0.0.1 here: the API's per-address limits would stop them.
        ATOUT_THROTTLE_ANON="",
        ATOUT_THROTTLE_USER="",
        ATOUT_THROTTLE_TABLE_TOKEN="",
    )
    setup_django(env)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from config import live

    live.forget_all()  # answers kept from an earlier run of the same ids (only the live cache's own keys)
    directory = Path(tempfile.mkdtemp(prefix="atout-evening-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    procs = {"web": start_server(env, args.workers, port)}
    try:
        procs["worker"] = start_celery(
            env, directory, "worker", f"--concurrency={args.celery_concurrency}", "--without-gossip", "--without-mingle"
        )
        procs["beat"] = start_celery(env, directory, "beat", f"--schedule={directory / 'beat-schedule'}")
        wait_until_up(base, procs["web"])
        time.sleep(3)  # the worker connects to the broker
        print(
            f"evening_bench: gunicorn {args.workers} sync workers, celery worker (prefork {args.celery_concurrency})"
            f" + beat, Redis {REDIS_URL}, PostgreSQL {BENCH_DB}; {args.tables} tables a club, {args.deals} deals a"
            f" table every {DEAL_EVERY_UNCOMPRESSED / args.compress:.0f} s (compress {args.compress:g}),"
            f" {args.viewers} public pages and a venue screen a club, polls every {args.poll_every:g} s;"
            f" {os.cpu_count()} cores, load average before {os.getloadavg()[0]:.2f}"
        )
        warm = argparse.Namespace(**{**vars(args), "tables": 2, "deals": 1, "viewers": 4, "settle": 3.0})
        play(base, 1, 0, warm, procs)  # warm-up, not reported: every worker's imports, caches and connections
        largest = 0
        for run, k in enumerate(ks, start=1):
            if report(play(base, k, run, args, procs), args):
                largest = max(largest, k)
        print(f"largest K that held (deal p95 <= 300 ms, confirmation → public p95 <= 2 s): {largest or 'none'}")
    finally:
        for process in procs.values():
            stop(process)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
