"""The push phase of live_bench.py (not a bench of its own): uvicorn serving config.asgi, open event streams
against polling pages, and the time from a change to a page that knows it, by either path."""

from __future__ import annotations

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

from entry_http import free_port, wait_until_up

ROOT = Path(__file__).resolve().parent.parent


def start_uvicorn(env: dict[str, str], port: int) -> subprocess.Popen:
    uvicorn = str(Path(sys.executable).with_name("uvicorn"))
    return subprocess.Popen(
        [
            *(uvicorn, "config.asgi:application", "--host", "127.0.0.1", "--port", str(port), "--workers", "1"),
            *("--log-level", "warning", "--no-access-log"),
        ],
        cwd=ROOT,
        env={**os.environ, **env},
        start_new_session=True,
    )


def open_stream(port: int, path: str) -> socket.socket:
    """An event stream held open on a raw socket (the client costs nothing while it is idle)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    head = b""
    while b"retry:" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            sys.exit("an event stream closed while opening")
        head += chunk
    if not head.startswith(b"HTTP/1.1 200"):
        sys.exit(f"the event stream answered {head[:40]!r}")
    return sock


def idle_streams(server, port: int, path: str, pages: int, seconds: float, cpu) -> float:
    """Server CPU seconds per open page per second, `pages` streams open and nothing changing."""
    socks = [open_stream(port, path) for _ in range(pages)]
    time.sleep(2)
    cpu0 = cpu(server)
    time.sleep(seconds)
    used = cpu(server) - cpu0
    for sock in socks:
        sock.close()
    return used / pages / seconds


def idle_polls(server, base: str, url: str, etag: str, pages: int, seconds: float, cpu) -> float:
    """The same for `pages` pages that each ask `url` every 1.5 s with its ETag (304s)."""
    import requests

    stop = time.monotonic() + seconds + 2
    threads = 16

    def pager(share: int, seed: int) -> None:
        session = requests.Session()
        rng = random.Random(seed)
        due = [time.monotonic() + rng.uniform(0, 1.5) for _ in range(share)]
        while time.monotonic() < stop:
            i = min(range(share), key=due.__getitem__)
            wait = due[i] - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            session.get(base + url, headers={"If-None-Match": etag}, timeout=30)
            due[i] += 1.5

    with ThreadPoolExecutor(threads) as pool:
        futures = [pool.submit(pager, pages // threads, n) for n in range(threads)]
        time.sleep(2)
        cpu0 = cpu(server)
        time.sleep(seconds)
        used = cpu(server) - cpu0
        for future in futures:
            future.result()
    return used / pages / seconds


def latencies(base: str, port: int, pairs: list, stream_path: str, changes: int) -> dict:
    """Seconds from sending a change (a deal POST) until a page knows it: by its stream (the message, then
    its poll's answer) and by polling every 1.5 s (the first answer with the new version)."""
    import requests

    heard: list[float] = []
    sock = open_stream(port, stream_path)

    def listen() -> None:
        while True:
            try:
                data = sock.recv(4096)
            except OSError:
                return
            if not data:
                return
            if b"data: " in data:
                heard.append(time.perf_counter())

    threading.Thread(target=listen, daemon=True).start()
    seen: list[tuple[float, str, int]] = []
    stop = threading.Event()
    watched = {"url": ""}  # the table the polling page shows (a game ends after 12 deals: the next table)

    def poller() -> None:
        session = requests.Session()
        time.sleep(random.uniform(0, 1.5))
        while not stop.is_set():
            url = watched["url"]
            if url:
                seen.append((time.perf_counter(), url, session.get(url, timeout=30).json()["version"]))
            time.sleep(1.5)

    threading.Thread(target=poller, daemon=True).start()
    session, follow = requests.Session(), requests.Session()
    version, push, poll = 0, [], []
    rng = random.Random(7)
    for n in range(changes):
        token_a, token_b, deals = pairs[n // 12]
        poll_url = f"{base}/t/{token_b}/version.json"
        if n % 12 == 0:
            version, watched["url"] = 0, poll_url
        time.sleep(rng.uniform(0.5, 2.5))
        count = len(heard)
        sent = time.perf_counter()
        response = session.post(
            f"{base}/api/v1/table/{token_a}/deals/",
            json={"deal": deals[n % 12], "version": version},
            headers={"Idempotency-Key": uuid.uuid4().hex},
            timeout=30,
        )
        if response.status_code != 201:
            sys.exit(f"deal POST answered {response.status_code}: {response.text[:200]}")
        version = response.json()["sheet"]["version"]
        while len(heard) == count:
            time.sleep(0.001)
        follow.get(poll_url, timeout=30)  # the page's poll on the message
        push.append(time.perf_counter() - sent)
        while not any(u == poll_url and v >= version for _t, u, v in seen[-3:]):
            time.sleep(0.01)
        poll.append(next(t for t, u, v in seen if u == poll_url and v >= version) - sent)
    stop.set()
    sock.close()
    return {"push": push, "poll": poll}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def push_phase(env: dict[str, str], tables, args, cpu, poll_phase) -> None:
    import requests

    if not env.get("LIVE_REDIS_URL"):
        sys.exit("the push phase needs LIVE_REDIS_URL (Redis)")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_uvicorn(env, port)
    try:
        wait_until_up(base, server)
        from scoring.models import TableLink

        pairs = [
            (token_a, TableLink.objects.get(game__links__token=token_a, side="B").token, deals)
            for token_a, deals in tables[1 : 1 + (args.changes + 11) // 12]
        ]
        token_b = pairs[0][1]
        figures = poll_phase(server, base, tables[0][0], args)
        first = requests.get(f"{base}/t/{token_b}/version.json", timeout=30)
        stream_path, etag = first.json()["stream"], first.headers["ETag"]
        streams = idle_streams(server, port, stream_path, args.pages, args.idle_seconds, cpu)
        polls = idle_polls(server, base, f"/t/{token_b}/version.json", etag, args.pages, args.idle_seconds, cpu)
        lat = latencies(base, port, pairs, stream_path, args.changes)
    finally:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait(timeout=15)
    print(f"uvicorn (ASGI), one worker; {args.pages} open pages, {args.idle_seconds:.0f} s idle each way")
    for name in ("healthz", "poll_304"):
        print(
            f"  {name:9} server CPU {figures[name] * 1000:.2f} ms/request, "
            f"wall {figures[name + '_wall'] * 1000:.2f} ms/request"
        )
    print(f"  poll 304 / healthz: {figures['poll_304'] / figures['healthz']:.2f}x")
    print(f"  idle page, stream open:       {streams * 1e6:8.1f} µs server CPU per second")
    print(f"  idle page, polling every 1.5 s: {polls * 1e6:6.1f} µs server CPU per second")
    print(f"  pages per core at that rate: stream {1 / streams:,.0f}, polling {1 / polls:,.0f}")
    for name in ("push", "poll"):
        values = lat[name]
        print(
            f"  change → page by {name}: p50 {statistics.median(values) * 1000:.0f} ms, "
            f"p95 {p95(values) * 1000:.0f} ms ({len(values)} changes)"
        )
