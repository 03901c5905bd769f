"""The HTTP side of the entry bench: a gunicorn server on a free port, a pool of keep-alive sessions, the
phones that type a table's deals, the pages that poll, and the figures (median, p95). Used by entry_bench.py;
not a bench of its own (`make bench` runs `*_bench.py`)."""

import heapq
import os
import random
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


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"p50 {statistics.median(values) * 1000:.1f} ms, p95 {p95(values) * 1000:.1f} ms"


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values)
