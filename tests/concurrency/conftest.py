"""The PostgreSQL-only races and outages: threads that race for row locks, real Celery workers and beat,
Redis servers that a test stops and restarts. They carry the `serial` marker, which `make test` runs in a
pytest call of its own after the parallel one: their timings (a lock wait, a worker's restart, a burst
within one second) are measured on a machine that runs nothing else of the suite."""

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.serial)
