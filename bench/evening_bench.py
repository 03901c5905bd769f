"""Many club evenings at once (issue 23, item 3): K clubs each play an evening of `--tables` tables on this
machine, against gunicorn, PostgreSQL, Redis and a real Celery worker and beat; the largest K that holds.

Run: .venv/bin/python bench/evening_bench.py [--clubs 1,2,4,8] [--tables 20] [--deals 4] [--compress 30]
                                              [--viewers 40] [--poll-every 1.5] [--workers 4]
                                              [--celery-concurrency 2] [--threads 48] [--seed 1]
                                              [--arrive 30] [--push [--slow 120] [--askers 8]]
                                              [--client-processes 1]

Its own database (`atout_evening_bench` on the PostgreSQL of DATABASE_URL; EVENING_BENCH_DB names another,
dropped and created at each run) and Redis database EVENING_REDIS_URL (default redis://127.0.0.1:6379/3;
the live cache's keys are dropped at the start), which is the Celery broker, the cache and the live cache.
gunicorn (`--workers` sync workers), `celery worker` (prefork, `--celery-concurrency`) and `celery beat` run
as processes of their own for the whole run; each K then gets K fresh clubs, each with its own running event
(public standings) and one released round of `--tables` tables, and a venue screen.

Every club's evening, all clubs at once (client: `--threads` threads, one keep-alive session each, every
page on its own schedule; with `--client-processes N`, N processes forked with whole clubs each, the threads
and askers shared out, so one interpreter lock does not hold the client back); the pages open at random
moments over the first `--arrive` s (players coming in, not 648 pages in the same second), the deals start
after that:
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

With --push, every page follows its event's stream instead (bench/evening_push.py): gunicorn's answers name
it (LIVE_PUSH=proxy) and a uvicorn process of its own serves it, as compose's "scale" profile runs them; a
page asks on each message of its scope and every `--slow` s besides.

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
import itertools
import multiprocessing
import os
import random
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DB = os.environ.get("EVENING_BENCH_DB", "atout_evening_bench")
REDIS_URL = os.environ.get("EVENING_REDIS_URL", "redis://127.0.0.1:6379/3")

from entry_bench import setup_django  # noqa: E402
from entry_http import free_port, start_server, wait_until_up  # noqa: E402
from evening_client import DEAL_EVERY_UNCOMPRESSED, run_share, share_process  # noqa: E402
from evening_results import Results, report  # noqa: E402
from evening_setup import make_clubs, start_celery, stop  # noqa: E402
from harness import bench_database_url, recreate_database, server_env  # noqa: E402
from live_bench import _cpu_of, backend_pids, server_pids  # noqa: E402
from live_push import start_uvicorn  # noqa: E402


def cpu_by_pid(pids: list[int]) -> dict[int, float]:
    return {pid: _cpu_of([pid]) for pid in pids}


def cpu_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU used between two readings; processes new since count from 0 (ones gone since are lost)."""
    return sum(value - before.get(pid, 0.0) for pid, value in after.items())


def _club_of(job: tuple) -> int:
    _due, _order, kind, page = job
    if kind == "write":
        return page["club"]
    return page.get("club", page.get("home", 0))


def play(base: str, k: int, run: int, args, procs: dict) -> dict:
    """One K: its clubs made, then every page and phone of every club at once until the evenings end."""
    clubs = make_clubs(k, run, args.tables, args.deals, args.seed + 100 * run)
    rng = random.Random(args.seed + run)
    deal_every = DEAL_EVERY_UNCOMPRESSED / args.compress
    start = time.monotonic() + 3
    longest = max(len(t["deals"]) for club in clubs for t in club["tables"])  # passed deals add to a game
    play_seconds = deal_every * longest + 5  # the last deals, their submits and confirms
    end = start + args.arrive + play_seconds + args.settle
    jobs: list = []
    order = itertools.count()  # unique: the heap never compares two jobs
    for c, club in enumerate(clubs):
        for table in club["tables"]:
            table.update(version=0, next=0, club=c, pages={})
            jobs.append((start + args.arrive + rng.uniform(0, deal_every), next(order), "write", table))
            for side in ("a", "b"):
                page = f"/t/{table[side]}/"
                job = {"page": page, "url": page + "version.json", "part": page + "?live=1", "kind": "phone", "home": c}
                table["pages"][side] = job  # the phone that writes is this page: it shows its own answers
                jobs.append((start + rng.uniform(0, args.arrive), next(order), "poll", job))
        standings = club["standings"]
        for _ in range(args.viewers):
            job = {
                "page": standings,
                "url": standings + "version.json",
                "part": standings + "table/",
                "club": c,
                "kind": "public",
            }
            jobs.append((start + rng.uniform(0, args.arrive), next(order), "poll", job))
        jobs.append((start + rng.uniform(0, args.arrive), next(order), "poll", {"url": club["screen"], "home": c}))
    rng.shuffle(jobs)
    results = Results()
    web = cpu_by_pid(server_pids(procs["web"]))
    live = cpu_by_pid(server_pids(procs["live"])) if args.push else {}
    db = cpu_by_pid(backend_pids(BENCH_DB))
    celery = cpu_by_pid(server_pids(procs["worker"]) + server_pids(procs["beat"]))
    wall = time.monotonic()
    # Whole clubs to each client process: a club's confirmations, its viewers and its watcher in one.
    processes = max(1, min(args.client_processes, k))
    groups = [[j for j in jobs if _club_of(j) % processes == n] for n in range(processes)]
    groups[0].append((start, next(order), "health", {}))
    if processes == 1:
        state, client_cpu = run_share(base, groups[0], clubs, args, end, args.threads, args.askers, 0)
        results.merge(state)
    else:
        context = multiprocessing.get_context("fork")  # the share's jobs and clubs as they are; no Django used
        answers = context.Queue()
        children = [
            context.Process(
                target=share_process,
                args=(
                    answers,
                    base,
                    group,
                    clubs,
                    args,
                    end,
                    -(-args.threads // processes),
                    -(-args.askers // processes),
                    n,
                ),
            )
            for n, group in enumerate(groups)
        ]
        for child in children:
            child.start()
        client_cpu = 0.0
        for _ in children:
            state, used = answers.get()
            results.merge(state)
            client_cpu += used
        for child in children:
            child.join()
    wall = time.monotonic() - wall
    cpu = {
        "web": cpu_since(web, cpu_by_pid(server_pids(procs["web"]))),
        "db": cpu_since(db, cpu_by_pid(backend_pids(BENCH_DB))),
        "celery": cpu_since(celery, cpu_by_pid(server_pids(procs["worker"]) + server_pids(procs["beat"]))),
    }
    if args.push:
        cpu["live"] = cpu_since(live, cpu_by_pid(server_pids(procs["live"])))
    return {"k": k, "results": results, "cpu": cpu, "wall": wall, "load": os.getloadavg(), "client": client_cpu}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clubs", default="1,2,4,8", help="the K values, comma-separated")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--deals", type=int, default=4, help="deals per table (a real game has 12 or more)")
    parser.add_argument("--compress", type=float, default=30.0, help="a deal every 360 s / this per table")
    parser.add_argument("--viewers", type=int, default=40, help="public standings pages per club")
    parser.add_argument("--poll-every", type=float, default=1.5)
    parser.add_argument(
        "--arrive", type=float, default=30.0, help="seconds over which the pages open, before the first deals"
    )
    parser.add_argument("--settle", type=float, default=10.0, help="seconds after the last confirmations")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--celery-concurrency", type=int, default=2)
    parser.add_argument("--threads", type=int, default=48, help="client threads (all processes together)")
    parser.add_argument(
        "--client-processes",
        type=int,
        default=1,
        help="client processes, each with whole clubs (the threads and askers shared out among them)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--push", action="store_true", help="pages follow their event's stream (uvicorn)")
    parser.add_argument("--slow", type=float, default=120.0, help="with --push: the safety net's seconds")
    parser.add_argument("--askers", type=int, default=8, help="with --push: threads asking on a message")
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
        # --push: gunicorn's answers name the stream, which uvicorn serves (compose's "scale" profile).
        LIVE_PUSH="proxy" if args.push else "off",
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
    args.live_port = free_port()
    if args.push:
        procs["live"] = start_uvicorn(env, args.live_port)
    try:
        procs["worker"] = start_celery(
            env, directory, "worker", f"--concurrency={args.celery_concurrency}", "--without-gossip", "--without-mingle"
        )
        procs["beat"] = start_celery(env, directory, "beat", f"--schedule={directory / 'beat-schedule'}")
        wait_until_up(base, procs["web"])
        if args.push:
            wait_until_up(f"http://127.0.0.1:{args.live_port}", procs["live"])
        time.sleep(3)  # the worker connects to the broker
        print(
            f"evening_bench: gunicorn {args.workers} sync workers, celery worker (prefork {args.celery_concurrency})"
            f" + beat, Redis {REDIS_URL}, PostgreSQL {BENCH_DB}; {args.tables} tables a club, {args.deals} deals a"
            f" table every {DEAL_EVERY_UNCOMPRESSED / args.compress:.0f} s (compress {args.compress:g}),"
            f" {args.viewers} public pages and a venue screen a club, "
            + (
                f"each following its stream (uvicorn, one process; a safety ask every {args.slow:g} s);"
                if args.push
                else f"polls every {args.poll_every:g} s;"
            )
            + f" {os.cpu_count()} cores, load average before {os.getloadavg()[0]:.2f}"
        )
        warm = argparse.Namespace(**{**vars(args), "tables": 2, "deals": 1, "viewers": 4, "settle": 3.0, "arrive": 5.0})
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
