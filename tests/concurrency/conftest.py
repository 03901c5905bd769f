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


@pytest.fixture(scope="session")
def image_static(tmp_path_factory):
    """The image's static files, collected once as docker/Dockerfile's build step does (the compose tests)."""
    from tests.concurrency.test_compose_native import image_build

    root = tmp_path_factory.mktemp("image") / "staticfiles"
    image_build(root, root.parent)
    return root
