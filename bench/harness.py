"""What several benchmarks share: an own PostgreSQL database dropped at each run, and the CPU time of this
connection's PostgreSQL backend (to tell the server's work from the client's). Imported by the scripts in
this folder, which run as `python bench/<name>_bench.py` (so this folder is on sys.path)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlparse


def bench_database_url(name: str, script: str) -> str:
    """DATABASE_URL with its database swapped for the benchmark's own `name`; PostgreSQL only."""
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/atout")
    parsed = urlparse(base)
    if not parsed.scheme.startswith("postgres"):
        sys.exit(f"{script} needs PostgreSQL: set DATABASE_URL=postgres://...")
    return parsed._replace(path=f"/{name}").geturl()


def recreate_database(url: str) -> None:
    """Drop and create the database `url` names (connections to it are ended first)."""
    import psycopg

    name = urlparse(url).path.lstrip("/")
    admin = urlparse(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def backend_pid() -> int:
    """The process id of this connection's PostgreSQL backend."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def backend_cpu(pid: int | None = None) -> float | None:
    """CPU seconds used so far by this connection's PostgreSQL backend (same machine: /proc), or None; `pid`
    (from `backend_pid`) spares the query that asks it, for a reading between measured requests."""
    try:
        fields = Path(f"/proc/{pid or backend_pid()}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def server_env(url: str, secret: str, **extra: str) -> dict[str, str]:
    """The environment every bench's server runs with: production settings over plain HTTP on 127.0.0.1, the
    bench's own database, quiet logs; `extra` adds or overrides (a broker, the live cache, the API's limits)."""
    return {
        "DATABASE_URL": url,
        "SECRET_KEY": secret,
        "CELERY_BROKER_URL": "",
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SECURE_HSTS_SECONDS": "0",
        "STATIC_MANIFEST": "false",
        "CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
        # WhiteNoise warns that collectstatic never ran; the benches serve no static files.
        "PYTHONWARNINGS": "ignore:No directory at:UserWarning",
        **extra,
    }
