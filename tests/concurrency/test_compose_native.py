"""docker/compose.yaml, run without Docker (issue 23, item 5): each application service's own command and
environment, read from the compose file and the Dockerfile, run natively through the image's entrypoint.

What is mapped, and nothing else: the `postgres` and `redis` services become this machine's PostgreSQL (the
test database) and a Redis of the test's own; the image's paths (/app, /var/lib/atout) become the checkout and
a scratch folder; the published port becomes a free one; the sweep's period is shortened so that beat's work
is seen within seconds. The image's build step (collectstatic) runs as the Dockerfile writes it.

It checks what compose promises: the web service answers /healthz (and its own healthcheck passes), takes a
deal over HTTP, the worker recomputes the standings after the table's confirmation (and passes its
healthcheck), and beat's sweep recomputes an event left dirty with no message queued. A command, a variable or
a path that drifts from the code fails here.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from django.db import connection

from tests.concurrency.test_chaos import ROOT, standings_right, wait_until
from tests.own_redis import free_port, own_redis
from tests.scoring.entry_helpers import HOHELUFT_GAME, pin_of, released_round, table_of
from tests.scoring.live_helpers import database_url
from tournaments.models import Event

pytestmark = [
    pytest.mark.needs_redis,
    pytest.mark.needs_postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(280),
]

COMPOSE = ROOT / "docker" / "compose.yaml"
DOCKERFILE = ROOT / "docker" / "Dockerfile"
ENTRYPOINT = ROOT / "docker" / "entrypoint.sh"
APP_SERVICES = ("web", "worker", "beat")
SWEEP_SECONDS = 2
_VARIABLE = re.compile(r"\$\{(\w+)(?::-([^}]*))?\}")


def interpolate(text: str, host: dict[str, str]) -> str:
    """Compose's `${NAME}` and `${NAME:-default}`, from the host's environment (none is set: the defaults)."""
    return _VARIABLE.sub(lambda m: host.get(m.group(1)) or (m.group(2) or ""), text)


def dockerfile_env() -> dict[str, str]:
    """The image's ENV instruction (KEY=VALUE pairs, continued lines)."""
    text = DOCKERFILE.read_text().replace("\\\n", " ")
    env: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            env.update(pair.split("=", 1) for pair in shlex.split(line[4:]))
    return env


def dockerfile_collectstatic() -> str:
    """The build step that collects the static files, as the Dockerfile runs it."""
    text = DOCKERFILE.read_text().replace("\\\n", " ")
    step = next(line[4:] for line in text.splitlines() if line.startswith("RUN ") and "collectstatic" in line)
    return step.split("&&")[0].strip()


class Native:
    """The compose file's services as processes on this machine."""

    def __init__(self, tmp: Path, redis_port: int, static_root: Path):
        self.tmp = tmp
        self.static_root = static_root
        self.data = tmp / "var-lib-atout"
        (self.data / "media").mkdir(parents=True)
        self.redis_port = redis_port
        # Each web service's published port 8000 becomes a free one of its own.
        self.ports = {name: free_port() for name in ("web", "web2", "live")}
        self.port = self.ports["web"]
        self.compose = yaml.safe_load(COMPOSE.read_text())
        self.bin = tmp / "bin"
        self.bin.mkdir()
        # The image's entrypoint at its own name, on PATH, with its paths mapped.
        shim = self.bin / "atout-entrypoint"
        shim.write_text(self.map(ENTRYPOINT.read_text()))
        shim.chmod(0o755)

    def map(self, text: str, service: str = "web") -> str:
        text = text.replace("/var/lib/atout", str(self.data))
        text = text.replace("0.0.0.0", "127.0.0.1")
        return re.sub(r"\b8000\b", str(self.ports.get(service, self.port)), text)

    def map_url(self, url: str) -> str:
        if "@postgres:" in url:
            return database_url()
        return re.sub(r"//redis:6379/", f"//127.0.0.1:{self.redis_port}/", url)

    def environment(self, name: str) -> dict[str, str]:
        service = self.compose["services"][name]
        declared = {k: interpolate(str(v), {}) for k, v in (service.get("environment") or {}).items()}
        image = {k: v.replace("/app", str(ROOT)) for k, v in dockerfile_env().items()}
        return {
            "PATH": f"{self.bin}:{Path(sys.executable).parent}:{os.environ['PATH']}",
            "HOME": str(self.tmp),
            "LANG": "C.UTF-8",
            **image,
            **{k: self.map(self.map_url(v), name) for k, v in declared.items()},
            "STATIC_ROOT": str(self.static_root),  # the image's /app/staticfiles
            "ATOUT_SWEEP_SECONDS": str(SWEEP_SECONDS),
        }

    def argv(self, command, service: str = "web") -> list[str]:
        parts = shlex.split(command) if isinstance(command, str) else list(command)
        return [self.map(part, service) for part in parts]

    def start(self, name: str, label: str = "", **extra_env: str) -> subprocess.Popen:
        """Service `name` as a process (`label` names a second one of the same service, and its log)."""
        command = self.argv(self.compose["services"][name]["command"], name)
        log = (self.tmp / f"{label or name}.log").open("w")
        return subprocess.Popen(
            [str(self.bin / "atout-entrypoint"), *command],
            cwd=ROOT,
            env={**self.environment(name), **extra_env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # `sh -c "migrate && gunicorn"` forks: stopped as a group, as compose does
        )

    def healthcheck(self, name: str) -> bool:
        test = self.compose["services"][name]["healthcheck"]["test"]
        kind, rest = test[0], test[1:]
        argv = ["sh", "-c", self.map(rest[0])] if kind == "CMD-SHELL" else self.argv(rest)
        done = subprocess.run(argv, cwd=ROOT, env=self.environment(name), capture_output=True, timeout=60)
        return done.returncode == 0

    def log(self, name: str) -> str:
        return (self.tmp / f"{name}.log").read_text()[-3000:]


def stop_group(process: subprocess.Popen) -> None:
    """SIGTERM to the service's whole process group (as `docker compose stop`), SIGKILL after 20 s."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    # The group's other members (gunicorn's workers, celery's pool) go with their parent; wait for them.
    wait_until(lambda: not _group_alive(process.pid), 20, step=0.1)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def image_build(static_root: Path, scratch: Path) -> None:
    """The Dockerfile's collectstatic step: its own variables, then its command, in the image's paths
    (/app/staticfiles is `static_root`). Run once per session: tests/concurrency/conftest.py `image_static`."""
    words = shlex.split(dockerfile_collectstatic().replace("/tmp/", f"{scratch}/"))
    assignments = words[: next(i for i, w in enumerate(words) if "=" not in w)]
    env = {
        "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
        "HOME": str(scratch),
        **{k: v.replace("/app", str(ROOT)) for k, v in dockerfile_env().items()},
        **dict(a.split("=", 1) for a in assignments),
        "STATIC_ROOT": str(static_root),
    }
    command = words[len(assignments) :]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]


def post(base: str, path: str, body: dict, **headers: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, {"body": refused.read().decode()[:500]}


def healthz(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/healthz", timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def test_the_compose_services_run_natively_as_written(tmp_path, organiser, image_static):
    compose = yaml.safe_load(COMPOSE.read_text())
    assert set(APP_SERVICES) <= set(compose["services"]), "the application services are web, worker and beat"
    rnd, games = released_round(tables=1, club=organiser.club)
    sheet, link_a, link_b = table_of(games[0])
    processes: dict[str, subprocess.Popen] = {}
    with own_redis(tmp_path) as redis_server:
        native = Native(tmp_path, redis_server.port, image_static)
        base = f"http://127.0.0.1:{native.port}"
        try:
            processes["web"] = native.start("web")
            assert wait_until(lambda: healthz(base), 90), native.log("web")
            assert native.healthcheck("web"), native.log("web")
            processes["worker"] = native.start("worker")
            processes["beat"] = native.start("beat")
            # The key the entrypoint generated once into the data volume, owner-only, for all three.
            key_file = native.data / "secret_key"
            assert key_file.stat().st_mode & 0o077 == 0 and len(key_file.read_text().strip()) >= 50

            version = sheet.version
            for number, deal in enumerate(HOHELUFT_GAME):
                status, answer = post(
                    base,
                    f"/api/v1/table/{link_a.token}/deals/",
                    {"deal": deal, "version": version},
                    **{"Idempotency-Key": f"compose-{number}"},
                )
                assert status == 201, (number, answer, native.log("web"))
                version = answer["sheet"]["version"]
            status, answer = post(base, f"/api/v1/table/{link_a.token}/submit/", {"version": version})
            assert status == 200, answer
            status, answer = post(
                base, f"/api/v1/table/{link_b.token}/confirm/", {"version": answer["version"], "pin": pin_of(link_b)}
            )
            assert status == 200, answer
            # The worker's recompute, queued after the confirmation's commit.
            assert wait_until(lambda: standings_right(rnd.event_id), 60, step=0.2), native.log("worker")
            assert wait_until(lambda: native.healthcheck("worker"), 30), native.log("worker")

            # Beat's sweep: an event left dirty with no message queued is recomputed all the same.
            Event.objects.filter(pk=rnd.event_id).update(standings_dirty=True)
            assert wait_until(lambda: standings_right(rnd.event_id), 10 * SWEEP_SECONDS + 30, step=0.2), (
                native.log("beat"),
                native.log("worker"),
            )
            assert "sweep" in native.log("beat")
            for name, process in processes.items():
                assert process.poll() is None, (name, native.log(name))
        finally:
            for process in processes.values():
                stop_group(process)
            connection.close()
