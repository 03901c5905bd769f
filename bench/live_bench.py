"""What a live page costs the server: a version poll answered 304 against a bare `/healthz`, and the push
stream (server-sent events) against polling.

Run: .venv/bin/python bench/live_bench.py [--requests 500] [--rounds 5] [--tables 20]
                                           [--pages 200] [--idle-seconds 30] [--changes 40]

The bench makes its own database (`atout_live_bench` on the PostgreSQL of DATABASE_URL; LIVE_BENCH_DB names
another), migrates it and creates one released round of `--tables` tables. LIVE_REDIS_URL (e.g.
redis://127.0.0.1:6379/8) is passed on to the servers, which keep the live versions there; unset, they keep
them in their own memory. Tasks run eagerly (no broker): `/healthz` is then one `SELECT 1`.

Poll phase, twice: gunicorn (one sync worker) on a free port, first with LIVE_ANSWERS=false (every poll
reads the database, as before the live cache), then with the live cache. One keep-alive session asks, in
`--rounds` alternating rounds of `--requests` each, `GET /healthz` and `GET /t/<token>/version.json` with the
ETag of its first answer (a 304, as a phone's poll is while nothing changes), and
`GET .../standings/table/` of another event's public standings, 40 teams after 3 rounds (what every viewer
fetches after a recompute). Server CPU per request is the
CPU time of the gunicorn processes and of the bench database's PostgreSQL backends (/proc), divided by the
requests; printed: the median round of each, and the ratio.

Push phase (`--pages` > 0): uvicorn (config.asgi, one worker) on a free port. `--pages` event streams are
held open for `--idle-seconds` with nothing changing (server CPU per open page per second), then the same
number of pages poll every 1.5 s for as long (the same figure for polling). Then `--changes` deals are
posted one by one: the time from the answer of the deal's POST (committed) until a stream page hears of it,
and the same for a page polling every 1.5 s (p50, p95).
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DB = os.environ.get("LIVE_BENCH_DB", "atout_live_bench")

from entry_bench import make_round, setup_django  # noqa: E402
from entry_http import free_port, start_server, wait_until_up  # noqa: E402
from harness import bench_database_url, recreate_database, server_env  # noqa: E402


def _cpu_of(pids: list[int]) -> float:
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def server_pids(server) -> list[int]:
    """The server's processes (its own session: master and workers)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == server.pid:
                    pids.append(int(entry.name))
            except OSError:
                pass
    return pids


def backend_pids(database: str) -> list[int]:
    import psycopg

    url = os.environ["DATABASE_URL"]
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [database]
        ).fetchall()
    return [row[0] for row in rows]


def server_cpu(server) -> float:
    return _cpu_of(server_pids(server)) + _cpu_of(backend_pids(BENCH_DB))


def ask(session, url: str, count: int, headers: dict[str, str], status: int) -> None:
    for _ in range(count):
        response = session.get(url, headers=headers, timeout=30)
        if response.status_code != status:
            sys.exit(f"{url} answered {response.status_code}, expected {status}: {response.text[:200]}")


def poll_phase(server, base: str, token: str, args, table_path: str | None = None) -> dict[str, float]:
    import requests

    session = requests.Session()
    poll = f"{base}/t/{token}/version.json"
    etag = session.get(poll, timeout=30).headers["ETag"]
    targets = {
        "healthz": (f"{base}/healthz", {}, 200),
        "poll_304": (poll, {"If-None-Match": etag}, 304),
    }
    if table_path:  # what 40 viewers fetch at once after each recompute
        targets["table"] = (base + table_path, {}, 200)
    for url, headers, status in targets.values():  # warm the worker (connections, imports)
        ask(session, url, 50, headers, status)
    per_request: dict[str, list[float]] = {name: [] for name in targets}
    wall: dict[str, list[float]] = {name: [] for name in targets}
    for _ in range(args.rounds):
        for name, (url, headers, status) in targets.items():
            cpu0, t0 = server_cpu(server), time.perf_counter()
            ask(session, url, args.requests, headers, status)
            wall[name].append((time.perf_counter() - t0) / args.requests)
            per_request[name].append((server_cpu(server) - cpu0) / args.requests)
    out = {name: statistics.median(values) for name, values in per_request.items()}
    out.update({f"{name}_wall": statistics.median(values) for name, values in wall.items()})
    return out


def _public_standings() -> str:
    """An event of 40 teams after 3 rounds with public standings (the public pages' test builder); the address
    of its standings table."""
    from tests.scoring.public.public_helpers import build, url

    return url(build(teams=40, rounds=3, public_standings=True), "standings_table")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--pages", type=int, default=0, help="open pages of the push phase (0: skip it)")
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--changes", type=int, default=40)
    args = parser.parse_args()

    url = bench_database_url(BENCH_DB, "live_bench")
    # Eager tasks, so that `/healthz` is one `SELECT 1` (with a broker it also connects to it).
    env = server_env(url, secrets.token_urlsafe(50), LIVE_REDIS_URL=os.environ.get("LIVE_REDIS_URL", ""))
    recreate_database(url)
    setup_django(env)
    tables = make_round(args.tables, 12, 1)
    table_path = _public_standings()
    from config import live

    live.forget_all()  # answers kept from an earlier run of the same ids
    redis = "in Redis" if env["LIVE_REDIS_URL"] else "in the process's memory"
    runs = [("the database at every poll (LIVE_ANSWERS=false: as before the live cache)", {"LIVE_ANSWERS": "false"})]
    runs.append((f"the live cache, {redis}", {}))
    for title, extra in runs:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server({**env, **extra}, 1, port)
        try:
            wait_until_up(base, server)
            figures = poll_phase(server, base, tables[0][0], args, table_path)
        finally:
            os.killpg(server.pid, 15)
            server.wait(timeout=30)
        print(f"gunicorn, one sync worker; polls answered from {title}; {args.rounds} x {args.requests} requests")
        for name in ("healthz", "poll_304", "table"):
            print(
                f"  {name:9} server CPU {figures[name] * 1000:.2f} ms/request, "
                f"wall {figures[name + '_wall'] * 1000:.2f} ms/request"
            )
        print(f"  poll 304 / healthz: {figures['poll_304'] / figures['healthz']:.2f}x")
        print(f"  standings table / healthz: {figures['table'] / figures['healthz']:.2f}x")
    if args.pages:
        from live_push import push_phase

        push_phase(env, tables, args, server_cpu, poll_phase)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
