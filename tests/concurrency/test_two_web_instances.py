"""More web processes behind a proxy, as docker/compose.yaml's "scale" profile describes them (issue 23, item 4):
the `web` and `web2` services behind nginx with docker/nginx.conf, two Celery workers and beat, on one
PostgreSQL and one Redis, all run natively from the compose file (tests/concurrency/test_compose_native.py
maps its services and paths).

It checks that what a person does on one instance holds on the other: a login, a CSRF token, a live version,
the cached public standings after a recompute, an export written by a worker and downloaded through the
other instance. Then the tables type through nginx while one instance is killed with SIGKILL: no acknowledged
deal is lost or stored twice, the phones' retries land on the other instance, and the failed requests are
counted (printed with -s, recorded in docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest
import requests
from django.db import connection
from django.urls import reverse

from scoring.models import Deal, Export
from tests.concurrency.test_chaos import ROOT, mirrored, standings_right, wait_until
from tests.concurrency.test_compose_native import Native, healthz, stop_group
from tests.own_redis import free_port, own_redis
from tests.scoring.entry_helpers import HOHELUFT_GAME, pin_of, released_round, table_of
from tournaments.models import Event

pytestmark = [
    pytest.mark.needs_redis,
    pytest.mark.needs_postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(280),
]

NGINX_CONF = ROOT / "docker" / "nginx.conf"
PASSWORD = "correct horse battery staple"  # tests/factories.py UserFactory
TABLES = 6


def start_nginx(native: Native, port: int) -> subprocess.Popen:
    """nginx with docker/nginx.conf's server block, its upstreams mapped to the two local instances."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert os.path.exists(nginx), "nginx is not installed (.ci/run installs Debian's nginx-light)"
    site = NGINX_CONF.read_text()
    site = site.replace("server web:8000", f"server 127.0.0.1:{native.ports['web']}")
    site = site.replace("server web2:8000", f"server 127.0.0.1:{native.ports['web2']}")
    site = site.replace("server live:8000", f"server 127.0.0.1:{native.ports['live']}")
    site = re.sub(r"listen 80;", f"listen 127.0.0.1:{port};", site)
    prefix = native.tmp / "nginx"
    for folder in ("logs", "temp"):
        (prefix / folder).mkdir(parents=True, exist_ok=True)
    user = "user root;\n" if os.geteuid() == 0 else ""
    temp = "".join(
        f"    {kind}_temp_path {prefix}/temp/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    conf = prefix / "nginx.conf"
    conf.write_text(
        f"{user}worker_processes 1;\npid {prefix}/nginx.pid;\nerror_log {prefix}/logs/error.log;\n"
        f"events {{ worker_connections 512; }}\n"
        f"http {{\n    access_log {prefix}/logs/access.log;\n{temp}{site}\n}}\n"
    )
    return subprocess.Popen(
        [nginx, "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=(prefix / "logs" / "stderr.log").open("w"),
        start_new_session=True,
    )


def login(base: str, username: str) -> requests.Session:
    session = requests.Session()
    page = session.get(f"{base}/accounts/login/", timeout=10)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    answer = session.post(
        f"{base}/accounts/login/",
        data={"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token},
        headers={"Referer": f"{base}/accounts/login/"},
        allow_redirects=False,
        timeout=10,
    )
    assert answer.status_code == 302, answer.text[:500]
    return session


class Phones:
    """The tables' phones: each deal through nginx with its idempotency key, retried as the phone's queue
    retries (a refused connection or a 502/503 is tried again; nothing else)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.failed: dict[str, int] = {}
        self.acknowledged: dict[int, set[str]] = {}
        self.errors: list[str] = []

    def send(self, url: str, body: dict, key: str = "") -> dict:
        headers = {"Idempotency-Key": key} if key else {}
        for _attempt in range(100):
            with self.lock:
                self.requests += 1
            try:
                answer = requests.post(url, json=body, headers=headers, timeout=30)
            except requests.ConnectionError:
                failure = "connection"
            else:
                if answer.status_code in (200, 201):
                    return answer.json()
                if answer.status_code not in (502, 503):
                    raise AssertionError(f"{url}: {answer.status_code} {answer.text[:300]}")
                failure = str(answer.status_code)
            with self.lock:
                self.failed[failure] = self.failed.get(failure, 0) + 1
            time.sleep(0.2)  # the phone's backoff, shortened
        raise AssertionError(f"{url}: no answer after 100 tries")

    @staticmethod
    def deals(index: int) -> list[dict]:
        return HOHELUFT_GAME if index % 2 else [mirrored(d) for d in HOHELUFT_GAME]

    def play(self, base: str, index: int, version: int, link_a, link_b, confirm_pin: str, start: int = 0) -> None:
        try:
            for number, deal in list(enumerate(self.deals(index)))[start:]:
                key = f"two-{index}-{number}"
                answer = self.send(
                    f"{base}/api/v1/table/{link_a.token}/deals/", {"deal": deal, "version": version}, key
                )
                with self.lock:
                    self.acknowledged.setdefault(link_a.game_id, set()).add(key)
                version = answer["sheet"]["version"]
                time.sleep(0.1)  # a little of a human pace, so that the kill falls mid-evening
            answer = self.send(f"{base}/api/v1/table/{link_a.token}/submit/", {"version": version})
            self.send(
                f"{base}/api/v1/table/{link_b.token}/confirm/", {"version": answer["version"], "pin": confirm_pin}
            )
        except Exception as exc:
            with self.lock:
                self.errors.append(f"table {index}: {exc!r}")


def test_two_web_instances_behind_nginx(tmp_path, organiser, settings, image_static):
    # The instances hash passwords as production does, not with the suite's fast hasher.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    organiser.user.set_password(PASSWORD)
    organiser.user.save()
    rnd, games = released_round(tables=TABLES, club=organiser.club)
    Event.objects.filter(pk=rnd.event_id).update(status=Event.Status.RUNNING)  # public pages show it
    event = Event.objects.get(pk=rnd.event_id)
    tables = [(i, *table_of(game)) for i, game in enumerate(games)]
    processes: dict[str, subprocess.Popen] = {}
    proxy_port = free_port()
    proxy = f"http://127.0.0.1:{proxy_port}"
    with own_redis(tmp_path) as redis_server:
        native = Native(tmp_path, redis_server.port, image_static)
        one, two = (f"http://127.0.0.1:{native.ports[name]}" for name in ("web", "web2"))
        try:
            # The scale profile as its comment says to start it: LIVE_PUSH=proxy (nginx sends /live/ to `live`).
            processes["web"] = native.start("web", LIVE_PUSH="proxy")
            assert wait_until(lambda: healthz(one), 90), native.log("web")
            processes["web2"] = native.start("web2", LIVE_PUSH="proxy")
            processes["live"] = native.start("live", LIVE_PUSH="proxy")
            processes["worker"] = native.start("worker")
            processes["worker2"] = native.start("worker", label="worker2")
            processes["beat"] = native.start("beat")
            processes["nginx"] = start_nginx(native, proxy_port)
            assert wait_until(lambda: healthz(two) and healthz(proxy), 90), native.log("web2")
            live_base = f"http://127.0.0.1:{native.ports['live']}"
            assert wait_until(lambda: healthz(live_base), 90), native.log("live")

            # A login on one instance is a login on the other (sessions in the database).
            session = login(one, organiser.user.username)
            results = reverse("results:page", args=[event.club.slug, event.slug])
            assert session.get(two + results, allow_redirects=False, timeout=10).status_code == 200
            # A CSRF token given by one instance is taken by the other; a post without it is refused.
            token = session.cookies["csrftoken"]
            start = reverse("results:export_start", args=[event.club.slug, event.slug])
            refused = session.post(two + start, data={"kind": "pdf"}, headers={"Referer": two + results}, timeout=10)
            assert refused.status_code == 403
            started = session.post(
                two + start,
                data={"kind": "pdf"},
                headers={"X-CSRFToken": token, "Referer": two + results, "Accept": "application/json"},
                timeout=10,
            )
            assert started.status_code == 202, started.text[:300]

            # An export written by a worker downloads through the other instance (the shared data volume).
            assert wait_until(lambda: Export.objects.filter(status=Export.Status.DONE).exists(), 90), native.log(
                "worker"
            )
            export = Export.objects.get()
            download = session.get(
                one + reverse("results:export_download", args=[event.club.slug, event.slug, export.pk]), timeout=30
            )
            assert download.status_code == 200 and download.content.startswith(b"%PDF")

            # A live version read on one instance moves with a deal stored through the other.
            link_a = tables[0][2]
            version_url = f"/t/{link_a.token}/version.json"
            before = requests.get(one + version_url, timeout=10).json()["version"]
            phones = Phones()
            key = "two-0-0"  # table 0's first two deals: the evening below goes on from its third
            answer = phones.send(
                f"{two}/api/v1/table/{link_a.token}/deals/", {"deal": phones.deals(0)[0], "version": before}, key
            )
            phones.acknowledged[link_a.game_id] = {key}
            assert requests.get(one + version_url, timeout=10).json()["version"] == answer["sheet"]["version"] > before

            # Push through the proxy: the poll names the event's stream, nginx holds it open on `live`, and a
            # deal stored through a web instance reaches it.
            offered = requests.get(proxy + version_url, timeout=10).json()
            assert offered.get("stream", "").startswith("/live/"), offered
            heard: list[str] = []

            def listen() -> None:
                with requests.get(proxy + offered["stream"], stream=True, timeout=30) as events:
                    for line in events.iter_lines(decode_unicode=True):
                        if line and line.startswith("data:"):
                            heard.append(line)
                            return

            listener = threading.Thread(target=listen, daemon=True)
            listener.start()
            # uvicorn logs a stream's request once its answer has started, after it listens.
            assert wait_until(lambda: "/live/" in native.log("live"), 20), native.log("live")
            second = phones.send(
                f"{two}/api/v1/table/{link_a.token}/deals/",
                {"deal": phones.deals(0)[1], "version": answer["sheet"]["version"]},
                "two-0-1",
            )
            phones.acknowledged[link_a.game_id].add("two-0-1")
            listener.join(timeout=20)
            assert heard, native.log("live")
            versions = {0: second["sheet"]["version"]}

            # The public standings, cached in the shared Redis by one instance, follow a recompute made by a
            # worker after a confirmation through the other.
            standings = reverse("public:standings_version", args=[event.club.slug, event.slug])
            first_version = requests.get(one + standings, timeout=10).json()["version"]
            table = reverse("public:standings_table", args=[event.club.slug, event.slug])
            first_table = requests.get(one + table, timeout=10)
            assert first_table.status_code == 200

            # The evening: every table types through nginx; one instance is killed mid-load.
            threads = [
                threading.Thread(
                    target=phones.play, args=(proxy, i, versions.get(i, s.version), a, b, pin_of(b), 2 if i == 0 else 0)
                )
                for i, s, a, b in tables
            ]
            for thread in threads:
                thread.start()
            total = TABLES * (len(HOHELUFT_GAME) + 2)
            assert wait_until(lambda: phones.requests >= total * 0.3, 120), phones.errors
            os.killpg(processes["web"].pid, signal.SIGKILL)
            killed_at_request = phones.requests
            for thread in threads:
                thread.join(timeout=150)
            assert not any(t.is_alive() for t in threads)
            assert phones.errors == [], (phones.errors[:3], native.log("web2"))
            # The retries landed on the other instance: it stored the deals typed after the kill.
            assert native.log("web2").count("POST /api/v1/table/") > 0

            assert wait_until(lambda: standings_right(event.pk), 60, step=0.2), native.log("worker")
            connection.close()
            public = requests.get(two + standings, timeout=10).json()
            assert public["version"] > first_version and public["dirty"] is False
            # Both instances serve the new standings from the shared cache, none the cached old ones.
            tables_now = [requests.get(base + table, timeout=10).text for base in (two, two, proxy)]
            assert tables_now[0] == tables_now[1] == tables_now[2] != first_table.text
        finally:
            for process in processes.values():
                stop_group(process)
            connection.close()

    stored = {
        s.game_id: list(Deal.objects.filter(sheet=s).values_list("client_id", flat=True)) for _i, s, _a, _b in tables
    }
    lost = sum(len(keys - set(stored[game_id])) for game_id, keys in phones.acknowledged.items())
    duplicated = sum(len(keys) - len(set(keys)) for keys in stored.values())
    figures = {
        "requests": phones.requests,
        "killed_after_request": killed_at_request,
        "failed": phones.failed,
        "acknowledged_deals": sum(len(k) for k in phones.acknowledged.values()),
        "lost": lost,
        "duplicated": duplicated,
    }
    print("TWO-INSTANCES " + json.dumps(figures, sort_keys=True))
    assert lost == 0 and duplicated == 0
    assert figures["acknowledged_deals"] == TABLES * len(HOHELUFT_GAME)
