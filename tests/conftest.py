"""Test-wide set-up: which real services this run has, and what happens when one is missing.

Tests that need PostgreSQL, Redis or Chromium carry a marker (needs_postgres, needs_redis, browser). When a
service is missing, those tests are skipped with one summary line, except with CI=true, where a missing
service fails the run before any test starts: CI must never look green without its real parts.
"""

import os
import shutil
import socket
from collections import Counter
from urllib.parse import urlparse

import pytest

CI = os.environ.get("CI", "").lower() == "true"
_skipped: Counter = Counter()


def _answers(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=1):
            return True
    except OSError:
        return False


def service_problems() -> dict[str, str]:
    """Marker name → why its service is missing (empty when every service is there)."""
    problems = {}
    db_url = os.environ.get("DATABASE_URL", "")
    if not db_url.startswith(("postgres", "pgsql")):
        problems["needs_postgres"] = "PostgreSQL is not configured (DATABASE_URL unset, tests run on SQLite)"
    elif not _answers(db_url, 5432):
        problems["needs_postgres"] = f"PostgreSQL does not answer at {urlparse(db_url).hostname}"
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith("redis"):
        problems["needs_redis"] = "Redis is not configured (CELERY_BROKER_URL unset, tasks run eagerly)"
    elif not _answers(broker, 6379):
        problems["needs_redis"] = f"Redis does not answer at {urlparse(broker).hostname}"
    if not shutil.which("chromium"):
        problems["browser"] = "Chromium is not installed (apt-get install chromium)"
    return problems


def pytest_collection_modifyitems(config, items):
    problems = service_problems()
    needed = {name for name in problems for item in items if item.get_closest_marker(name)}
    if CI and needed:
        raise pytest.UsageError(
            "CI=true and a service the tests need is missing: " + "; ".join(problems[n] for n in sorted(needed))
        )
    for item in items:
        for name, reason in problems.items():
            if item.get_closest_marker(name):
                item.add_marker(pytest.mark.skip(reason=reason))
                _skipped[reason] += 1


def pytest_report_header(config):
    if not config.pluginmanager.hasplugin("django"):
        return []
    from django.conf import settings

    db = settings.DATABASES["default"]
    broker = "eager (no broker)" if settings.CELERY_TASK_ALWAYS_EAGER else settings.CELERY_BROKER_URL
    return [f"atout: database {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or db['NAME']}; celery {broker}"]


def pytest_terminal_summary(terminalreporter):
    for reason, count in _skipped.items():
        terminalreporter.write_line(f"services: {count} tests skipped because {reason}", yellow=True)


@pytest.fixture(autouse=True)
def _test_settings(request):
    """Production settings redirect to HTTPS, mark cookies secure and want collected static files; the
    test client and the live server speak plain http from the source tree."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    settings = request.getfixturevalue("settings")
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    settings.CSRF_COOKIE_SECURE = False


@pytest.fixture
def organiser(db):
    """A user who organises one club; returns the Membership (user and club on it)."""
    from tests.factories import MembershipFactory

    return MembershipFactory()


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser.user)
    return client
