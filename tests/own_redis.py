"""A Redis server that a test owns: started on a free port, stopped and restarted at will, killed at the end.

Never the shared server on 6379: outage tests stop their own instance. Waits for conditions, not times."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class OwnRedis:
    """`redis-server` on a free port with append-only persistence in `directory` (a restart keeps queued
    messages, as in docker/compose.yaml)."""

    def __init__(self, directory: Path):
        self.port = free_port()
        self.directory = directory
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        command = [
            shutil.which("redis-server") or "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--dir",
            str(self.directory),
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not _answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None


@contextmanager
def own_redis(directory: Path):
    server = OwnRedis(directory)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def celery_broker(url: str):
    """Point the project's Celery app at `url` for the duration (its connection pools are rebuilt)."""
    from kombu import pools

    from config.celery import app

    def reset():
        # kombu keeps one pool per broker in a registry: close them all and forget them, so that the next
        # send connects afresh to whichever broker the app now names.
        pools.reset()
        app._pool = None
        app.amqp._producer_pool = None

    names = ("broker_url", "broker_read_url", "broker_write_url")
    was = {name: app.conf[name] for name in names}, app.conf.task_always_eager
    app.conf.update({name: url for name in names}, task_always_eager=False)
    reset()
    try:
        yield app
    finally:
        app.conf.update(was[0], task_always_eager=was[1])
        reset()
