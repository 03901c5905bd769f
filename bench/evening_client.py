"""The client half of the evening bench (bench/evening_bench.py): one client process's share of the pages and
phones, each on its own schedule from a heap, the phones' deals, submits and confirmations, and the watcher that
times confirmation → public. With --push the pages follow their streams (bench/evening_push.py)."""

from __future__ import annotations

import heapq
import random
import time
from concurrent.futures import ThreadPoolExecutor

from evening_push import Room, asker
from evening_results import Results
from evening_setup import form_of

DEAL_EVERY_UNCOMPRESSED = 360.0  # seconds: a deal every ~6 minutes at a real table


def client(
    base: str, jobs: list, args, end: float, results: Results, versions: dict, rng: random.Random, room: Room | None
) -> None:
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
            again = step(session, base, kind, job, results, versions, rng, deal_every, args, room)
        except requests.RequestException as exc:
            results.problem(repr(exc)[:200])
            again = args.poll_every
        if again is not None:
            heapq.heappush(queue, (due + again, order, kind, job))


def poll(session, base, job, results, versions, room: Room | None) -> None:
    """A page asks its version (with the ETag of its last answer), and fetches its live part when the answer
    differs from what the page shows ("shown": its version and status; sheet-live.js and live.js compare the
    same), as after another phone's deal, but not after its own, whose answer the page already shows; with
    --push, the first answer names the page's stream, which it then follows."""
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
        body = response.json()
        job["etag"] = response.headers.get("ETag")
        if job.get("club") is not None:
            versions[job["club"]] = body["version"]
        shown = (body.get("version"), body.get("status"))
        if job.get("part") and job.get("shown", shown) != shown:
            session.get(base + job["part"], timeout=30)
            with results.lock:
                results.parts[job["kind"]] += 1
        job["shown"] = shown
        if room is not None and not job.get("stream") and body.get("stream"):
            job["stream"], job["scope"] = body["stream"], body.get("scope")
            room.open(job)
    elif response.status_code != 304:
        results.problem((job["url"], response.status_code, response.text[:120]))


def step(session, base, kind, job, results, versions, rng, deal_every, args, room) -> float | None:
    """Run one scheduled request; returns the seconds until this job's next one (None: the job is done)."""
    if kind == "poll":  # a phone, a public page or the venue screen
        poll(session, base, job, results, versions, room)
        return args.slow if job.get("stream") else args.poll_every  # following its stream: the safety net
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
        shows(table, "a", "entered")  # the phone's page takes the answer's patch (or its whole part)
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
        shows(table, "a", "submitted")
        return rng.uniform(1.0, 3.0)
    before = versions.get(table["club"], 0)
    response = session.post(
        f"{base}/t/{table['b']}/confirm/",
        {"version": table["version"], "pin": table["pin"]},
        headers=accept,
        timeout=30,
    )
    answered, answered_at = time.monotonic(), time.time()
    if response.status_code != 200:
        results.problem(("confirm", response.status_code, response.text[:200]))
        return None
    shows(table, "b", "confirmed")
    with results.lock:
        results.pending.append((answered, table["club"], before, answered_at))
        results.confirmed += 1
    return None


def shows(table: dict, side: str, status: str) -> None:
    """The side's page after its own write: the answer carried the new sheet (the sheet's status by its
    value, scoring.models.Sheet.Status), so its next ask finds nothing to fetch."""
    table["pages"][side]["shown"] = (table["version"], status)


def watcher(base: str, clubs: list[dict], results: Results, end: float) -> None:
    """Confirmation → public: asks the club's standings version every 0.25 s while a confirmation waits. The
    standings count the table once they come from a recompute that finished after the confirmation was
    answered ("computed_at"; same machine, same clock): the confirmation locks the event row, so such a
    recompute read the sheets after it committed, even when a later confirmation has already marked the
    standings dirty again (the page then shows them with its "updating" mark). Or, as before, once they are
    clean with a version above the one before the confirmation."""
    import datetime

    import requests

    session = requests.Session()
    while time.monotonic() < end:
        with results.lock:
            waiting = sorted({club for _t, club, _v, _w in results.pending})
        for club in waiting:
            asked = time.monotonic()
            state = session.get(base + clubs[club]["standings"] + "version.json", timeout=30).json()
            computed = state["computed_at"] and datetime.datetime.fromisoformat(state["computed_at"]).timestamp()
            with results.lock:
                keep = []
                for answered, c, before, answered_at in results.pending:
                    counted = (computed or 0) > answered_at or (not state["dirty"] and state["version"] > before)
                    if c == club and answered < asked and counted and state["version"] > before:
                        results.public.append(time.monotonic() - answered)
                    else:
                        keep.append((answered, c, before, answered_at))
                results.pending = keep
        time.sleep(0.25)


def run_share(base: str, jobs: list, clubs: list, args, end: float, threads: int, askers: int, n: int):
    """One client process's pages and phones (all of the run's with one process): its threads, its watcher of
    the confirmations, and with --push its streams and askers. Returns (Results.state(), its CPU seconds)."""
    results, versions = Results(), {}
    room = Room(args.live_port, results) if args.push else None
    threads = max(1, min(threads, len(jobs)))
    shares = [jobs[i::threads] for i in range(threads)]
    askers = askers if room is not None else 0
    client_cpu = time.process_time()
    with ThreadPoolExecutor(threads + 2 + askers) as pool:
        futures = [
            pool.submit(
                client, base, share, args, end, results, versions, random.Random(args.seed + 1000 * n + i), room
            )
            for i, share in enumerate(shares)
        ]
        futures.append(pool.submit(watcher, base, clubs, results, end))
        if room is not None:
            futures.append(pool.submit(room.run, end))
            ask = lambda session, job: poll(session, base, job, results, versions, None)  # noqa: E731
            futures += [pool.submit(asker, base, room, end, ask) for _ in range(askers)]
        for future in futures:
            future.result()
    return results.state(), time.process_time() - client_cpu


def share_process(answers, *share) -> None:
    """A forked client process: its share run, its figures sent back on `answers` (a queue)."""
    answers.put(run_share(*share))
