"""For the tests that run against the real services (PostgreSQL, a Celery worker): the test database reached
from outside Django (a connection of the test's own, a URL for a worker process), and waiting for a
condition instead of a time."""

from __future__ import annotations

import time
from urllib.parse import quote

import psycopg
from django.conf import settings


def connect(autocommit: bool = False) -> psycopg.Connection:
    """A connection to the test database of its own, beside Django's (to hold a lock, or to watch one)."""
    db = settings.DATABASES["default"]
    return psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname=db["NAME"],
        autocommit=autocommit,
    )


def database_url() -> str:
    """The test database as a DATABASE_URL, for a worker or beat started as a process of its own."""
    db = settings.DATABASES["default"]
    return (
        f"postgres://{quote(db['USER'] or '')}:{quote(db['PASSWORD'] or '')}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


def wait_for(predicate, timeout: float = 30.0, step: float = 0.1):
    """Polls `predicate` every `step` seconds; returns its first true value, or fails the test after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out")
