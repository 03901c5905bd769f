"""A task travels through the real Redis broker to a real worker and back."""

import pytest
from celery.contrib.testing.worker import start_worker

from config.celery import app, ping


@pytest.mark.needs_redis
def test_task_runs_on_a_real_worker_through_redis(settings):
    assert not app.conf.task_always_eager, "this test must not run eagerly"
    assert app.conf.broker_url.startswith("redis://")
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        result = ping.delay()
        assert result.get(timeout=20) == "pong"
    assert result.successful()
