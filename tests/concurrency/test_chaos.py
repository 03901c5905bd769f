"""The chaos test: a club evening's score entry through outages, on PostgreSQL, a real Celery worker and
beat, and a Redis server (the broker) that the test owns and restarts.

20 tables type their deals, submit and confirm through the API while the worker is killed (SIGKILL) and
restarted once, Redis is restarted once, and the organiser closes the round (confirming the rest). Then:
every acknowledged deal is stored exactly once, no request answered 500, and the stored standings equal an
independent recompute within 60 s of the last fault, with the production sweep period and nobody pressing
anything. Its figures are printed (run with -s) and recorded in docs/reliability.md.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import Deal, Sheet
from scoring.standings.compute import standings_compute
from tests.address_helpers import round_url
from tests.own_redis import celery_broker, own_redis
from tests.scoring.entry_helpers import HOHELUFT_GAME, pin_of, released_round, table_of
from tests.scoring.live_helpers import database_url
from tournaments.models import Event, Round, Standing

pytestmark = [
    pytest.mark.needs_redis,
    pytest.mark.needs_postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(280),
]

ROOT = Path(__file__).resolve().parents[2]
TABLES = 20
STALE_LIMIT = 60.0


def mirrored(deal: dict) -> dict:
    """The same deal with the sides swapped (so that half the tables are won by side B)."""
    swap = {"A": "B", "B": "A"}
    out = dict(deal)
    if deal.get("contract"):
        out["contract"] = {**deal["contract"], "taker": swap[deal["contract"]["taker"]]}
    if "tricks" in deal:
        out["tricks"] = {"A": deal["tricks"]["B"], "B": deal["tricks"]["A"]}
    if "belote" in deal:
        out["belote"] = [swap[s] for s in deal["belote"]]
    if "capot" in deal:
        out["capot"] = swap[deal["capot"]]
    return out


class Tally:
    """What the tables saw, shared by their threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.statuses: dict[int, int] = {}
        self.errors: list[str] = []
        self.refusals: list[tuple] = []
        self.acknowledged: dict[int, set[str]] = {}  # sheet id → client ids answered 201

    def saw(self, status: int) -> None:
        with self.lock:
            self.requests += 1
            self.statuses[status] = self.statuses.get(status, 0) + 1


def play_table(index: int, sheet_id: int, link_a, link_b, tally: Tally, stop: threading.Event) -> None:
    """One table: side A types every deal, submits; side B confirms. Stops at the first refusal (the round
    was closed under it): what it was told was stored must be stored."""
    api = APIClient()
    version = Sheet.objects.get(pk=sheet_id).version
    deals = HOHELUFT_GAME if index % 2 else [mirrored(d) for d in HOHELUFT_GAME]
    try:
        for number, deal in enumerate(deals):
            if stop.is_set():
                return
            key = f"t{index}-d{number}"
            response = api.post(
                f"/api/v1/table/{link_a.token}/deals/",
                {"deal": deal, "version": version},
                format="json",
                HTTP_IDEMPOTENCY_KEY=key,
            )
            tally.saw(response.status_code)
            if response.status_code != 201:
                with tally.lock:
                    tally.refusals.append((index, response.status_code, response.content[:300]))
                return
            with tally.lock:
                tally.acknowledged.setdefault(sheet_id, set()).add(key)
            version = response.json()["sheet"]["version"]
        for token, action in ((link_a.token, "submit"), (link_b.token, "confirm")):
            body = {"version": version, **({"pin": pin_of(link_b)} if action == "confirm" else {})}
            response = api.post(f"/api/v1/table/{token}/{action}/", body, format="json")
            tally.saw(response.status_code)
            if response.status_code != 200:
                with tally.lock:
                    tally.refusals.append((index, response.status_code, response.content[:300]))
                return
            version = response.json()["version"]
    except Exception as exc:  # a 500 raised through the test client, a deadlock, a broker error...
        with tally.lock:
            tally.errors.append(f"table {index}: {exc!r}")
    finally:
        connection.close()


def _env(broker: str, log: Path) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker,
        "CELERY_RESULT_BACKEND": broker,
        "SECRET_KEY": settings.SECRET_KEY,
        "PYTHONUNBUFFERED": "1",
    }


def _celery(broker: str, log: Path, *arguments: str) -> subprocess.Popen:
    """`celery -A config <arguments>` as a process of its own, on the test database and `broker`, logging to `log`."""
    command = [sys.executable, "-m", "celery", "-A", "config", *arguments, "--loglevel=INFO", f"--logfile={log}"]
    return subprocess.Popen(
        command, cwd=ROOT, env=_env(broker, log), stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
    )


def start_worker(broker: str, log: Path) -> subprocess.Popen:
    return _celery(broker, log, "worker", "--pool=solo", "--without-heartbeat", "--without-gossip", "--without-mingle")


def start_beat(broker: str, directory: Path) -> subprocess.Popen:
    return _celery(broker, directory / "beat.log", "beat", f"--schedule={directory / 'beat-schedule'}")


def stop(process: subprocess.Popen | None, sig=signal.SIGTERM) -> None:
    if process is not None and process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


def wait_until(predicate, timeout: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def standings_right(event_id: int) -> bool:
    """The stored snapshot equals an independent recompute from the stored sheets, and nothing is owed."""
    event = Event.objects.get(pk=event_id)
    if event.standings_dirty:
        return False

    def key(s):
        return (s.round_number, s.entry_id, s.rank, s.match_points, s.total_points, s.games, s.wins, s.losses)

    fresh = sorted(key(s) for s in standings_compute(event=event))
    stored = sorted(key(s) for s in Standing.objects.filter(event=event))
    return bool(fresh) and fresh == stored


def test_chaos_evening(tmp_path, organiser):
    rnd, games = released_round(tables=TABLES, club=organiser.club)
    tables = [(i, *table_of(game)) for i, game in enumerate(games)]
    total = TABLES * (len(HOHELUFT_GAME) + 2)
    tally, stop_tables = Tally(), threading.Event()
    worker = beat = None
    faults: list[str] = []
    with own_redis(tmp_path) as redis_server, celery_broker(redis_server.url()):
        broker = redis_server.url()
        try:
            worker = start_worker(broker, tmp_path / "worker1.log")
            beat = start_beat(broker, tmp_path)
            threads = [
                threading.Thread(target=play_table, args=(i, sheet.pk, a, b, tally, stop_tables))
                for i, sheet, a, b in tables
            ]
            for thread in threads:
                thread.start()

            def progress(share: float) -> bool:
                """Wait until `share` of the evening's requests are answered (False if the tables stopped)."""
                wait_until(lambda: tally.requests >= total * share or not any(t.is_alive() for t in threads), 120)
                return tally.requests >= total * share

            # Fault 1: the worker dies mid-evening (SIGKILL: no clean shutdown) and a new one starts.
            assert progress(0.25), (tally.statuses, tally.refusals[:3], tally.errors[:3])
            worker.send_signal(signal.SIGKILL)
            worker.wait(timeout=15)
            faults.append("worker killed")
            worker = start_worker(broker, tmp_path / "worker2.log")

            # Fault 2: Redis goes away while the tables keep typing, then comes back (its append-only file
            # keeps what was queued).
            assert progress(0.55), (tally.statuses, tally.refusals[:3], tally.errors[:3])
            redis_server.stop()
            during = tally.requests
            wait_until(lambda: tally.requests >= during + 15, 30)
            redis_server.start()
            last_fault = time.monotonic()
            faults.append("redis restarted")

            # The organiser closes the round while the last tables confirm: the rest is confirmed by the
            # organiser, later confirmations are refused with a message.
            assert progress(0.85), (tally.statuses, tally.refusals[:3], tally.errors[:3])
            organiser_client = Client()
            organiser_client.force_login(organiser.user)
            # The close page shows the unfinished tables first; a table typing between the page and the post
            # sends the organiser back to it (the page's stamp moved), so the organiser closes again.
            for _attempt in range(10):
                seen = organiser_client.get(round_url(rnd, "close/")).context["plan"].stamp
                form = {"confirm_all": "on", "reason": "closing time", "seen": seen}
                close = organiser_client.post(round_url(rnd, "close/"), form)
                if not close["Location"].endswith("/close/"):
                    break
            tally.saw(close.status_code)
            closed_at = time.monotonic()
            for thread in threads:
                thread.join(timeout=120)
            stop_tables.set()
            assert not any(t.is_alive() for t in threads)

            right = wait_until(lambda: standings_right(rnd.event_id), STALE_LIMIT + 5, step=0.5)
            right_at = time.monotonic()
        finally:
            stop(worker)
            stop(beat)
            connection.close()

    rnd.refresh_from_db()
    stored = {
        sheet.pk: set(Deal.objects.filter(sheet=sheet).values_list("client_id", flat=True))
        for _i, sheet, _a, _b in tables
    }
    counts = {sheet.pk: Deal.objects.filter(sheet=sheet).count() for _i, sheet, _a, _b in tables}
    lost = sum(len(keys - stored[sheet_id]) for sheet_id, keys in tally.acknowledged.items())
    duplicated = sum(counts[s] - len(stored[s]) for s in counts)
    figures = {
        "requests": tally.requests,
        "statuses": tally.statuses,
        "faults": faults,
        "errors": len(tally.errors),
        "http_500": sum(n for status, n in tally.statuses.items() if status >= 500),
        "acknowledged_deals": sum(len(k) for k in tally.acknowledged.values()),
        "lost": lost,
        "duplicated": duplicated,
        "stale_seconds_after_last_fault": round(right_at - last_fault, 1),
        "stale_seconds_after_close": round(right_at - closed_at, 1),
    }
    print("CHAOS " + json.dumps(figures, sort_keys=True))
    assert tally.errors == []
    assert figures["http_500"] == 0
    assert close.status_code == 302 and rnd.status == Round.Status.CLOSED
    assert lost == 0 and duplicated == 0
    assert set(Sheet.objects.filter(game__round=rnd).values_list("status", flat=True)) == {Sheet.Status.LOCKED}
    assert right, "standings still differ from a recompute 60 s after the last fault"
    assert right_at - last_fault <= STALE_LIMIT


def test_standings_catch_up_after_a_redis_outage_without_anyone_pressing_anything(tmp_path, organiser):
    """Confirmations while the broker is down are stored (200) but their recompute message is lost; once
    Redis is back, beat's sweep queues the recompute and the worker puts the standings right within 60 s,
    although nothing else happens on the event."""
    rnd, games = released_round(tables=2, club=organiser.club)
    worker = beat = None
    with own_redis(tmp_path) as redis_server, celery_broker(redis_server.url()):
        broker = redis_server.url()
        try:
            worker = start_worker(broker, tmp_path / "worker.log")
            beat = start_beat(broker, tmp_path)
            api = APIClient()
            redis_server.stop()
            for index, game in enumerate(games):
                _sheet, link_a, link_b = table_of(game)
                version = 0
                for number, deal in enumerate(HOHELUFT_GAME if index else [mirrored(d) for d in HOHELUFT_GAME]):
                    response = api.post(
                        f"/api/v1/table/{link_a.token}/deals/",
                        {"deal": deal, "version": version},
                        format="json",
                        HTTP_IDEMPOTENCY_KEY=f"c{index}-{number}",
                    )
                    assert response.status_code == 201, response.content
                    version = response.json()["sheet"]["version"]
                for token, action in ((link_a.token, "submit"), (link_b.token, "confirm")):
                    body = {"version": version, **({"pin": pin_of(link_b)} if action == "confirm" else {})}
                    response = api.post(f"/api/v1/table/{token}/{action}/", body, format="json")
                    assert response.status_code == 200, response.content
                    version = response.json()["version"]
            assert Event.objects.get(pk=rnd.event_id).standings_dirty
            redis_server.start()
            back = time.monotonic()
            right = wait_until(lambda: standings_right(rnd.event_id), STALE_LIMIT + 5, step=0.5)
            stale = time.monotonic() - back
        finally:
            stop(worker)
            stop(beat)
            connection.close()
    print(f"CATCH-UP stale_seconds_after_redis_returned={stale:.1f}")
    assert right and stale <= STALE_LIMIT, (tmp_path / "beat.log").read_text()[-2000:]
