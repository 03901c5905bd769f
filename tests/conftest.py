"""Test-wide set-up: which real services this run has, and what happens when one is missing.

Tests that need PostgreSQL, Redis or Chromium carry a marker (needs_postgres, needs_redis, browser). When a
service is missing, those tests are skipped with one summary line, except with CI=true, where a missing
service fails the run before any test starts: CI must never look green without its real parts.
"""

import contextlib
import os
import re
import shutil
import socket
import time
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


# Under pytest-xdist each worker (gw0, gw1, ...) takes Redis database 10 + its number, for the broker, the
# result backend and the cache, as pytest-django gives it a database of its own: a worker's purge, queued
# tasks and cached pages never meet another's. Redis has 16 databases: at most six workers.
XDIST_REDIS_FIRST_DB = 10
REDIS_URL_SETTINGS = ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CACHE_URL", "LIVE_REDIS_URL")


def worker_redis_url(url: str, worker: str) -> str:
    """`url` (redis:// or rediscache://) on the database of xdist worker `worker` ("gw1" → /11)."""
    number = int(worker.removeprefix("gw"))
    db = XDIST_REDIS_FIRST_DB + number
    if db > 15:
        raise pytest.UsageError(f"xdist worker {worker} would need Redis database {db}: run at most six workers")
    parsed = urlparse(url)
    return parsed._replace(path=f"/{db}").geturl()


def _redis_per_worker() -> None:
    """Point this xdist worker's Redis settings at its own database. The settings were read before any
    conftest ran (pytest-django sets Django up first), so the Django settings, the Celery app's
    configuration and the environment (for the worker and beat processes some tests start) all change."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    for name in REDIS_URL_SETTINGS:
        if re.match(r"redis(cache)?://", os.environ.get(name, "")):
            os.environ[name] = worker_redis_url(os.environ[name], worker)
    try:
        from django.conf import settings
    except ImportError:  # the pure cores' runs without Django
        return
    if not settings.configured:
        return
    from config.celery import app

    if settings.CELERY_BROKER_URL.startswith("redis"):
        settings.CELERY_BROKER_URL = worker_redis_url(settings.CELERY_BROKER_URL, worker)
        app.conf.broker_url = settings.CELERY_BROKER_URL
    if (settings.CELERY_RESULT_BACKEND or "").startswith("redis"):
        settings.CELERY_RESULT_BACKEND = worker_redis_url(settings.CELERY_RESULT_BACKEND, worker)
        app.conf.result_backend = settings.CELERY_RESULT_BACKEND
    for cache in (settings.CACHES["default"], settings.CACHES["live"]):
        if str(cache.get("LOCATION", "")).startswith("redis"):
            cache["LOCATION"] = worker_redis_url(cache["LOCATION"], worker)
    if settings.LIVE_REDIS_URL:
        settings.LIVE_REDIS_URL = worker_redis_url(settings.LIVE_REDIS_URL, worker)
        os.environ["LIVE_REDIS_URL"] = settings.LIVE_REDIS_URL


def pytest_configure(config):
    config.addinivalue_line("markers", "ci_missing_service(message): set by this conftest, fails the test at setup")
    _redis_per_worker()


def pytest_collection_modifyitems(config, items):
    problems = service_problems()
    needed = {name for name in problems for item in items if item.get_closest_marker(name)}
    if CI and needed:
        message = "CI=true and a service the tests need is missing: " + "; ".join(problems[n] for n in sorted(needed))
        if not os.environ.get("PYTEST_XDIST_WORKER"):
            raise pytest.UsageError(message)
        # An xdist worker that stops at collection shows only "node down": there each such test fails instead.
        for item in items:
            if any(item.get_closest_marker(name) for name in needed):
                item.add_marker(pytest.mark.ci_missing_service(message))
        return
    for item in items:
        for name, reason in problems.items():
            if item.get_closest_marker(name):
                item.add_marker(pytest.mark.skip(reason=reason))
                _skipped[reason] += 1


def pytest_runtest_setup(item):
    missing = item.get_closest_marker("ci_missing_service")
    if missing:
        pytest.fail(missing.args[0], pytrace=False)


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


@pytest.fixture(autouse=True, scope="session")
def _flush_outlasts_a_late_request(request):
    """A live-server test's flush (TRUNCATE of every table) can meet a request the closed page had already
    sent (a poll, a stream's last read) still running in a server thread: PostgreSQL then ends one of the two
    as a deadlock victim, sometimes the flush, and the next test would find the last one's rows. The flush is
    retried, a few times, once that request has had time to finish."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.db import OperationalError
    from django.db.backends.base.operations import BaseDatabaseOperations

    flush = BaseDatabaseOperations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        for attempt in range(5):
            try:
                return flush(self, sql_list)
            except OperationalError as exc:
                if "deadlock detected" not in str(exc) or attempt == 4:
                    raise
                time.sleep(0.2 * (attempt + 1))  # the victim was the flush: the other side's query finishes first

    BaseDatabaseOperations.execute_sql_flush = execute_sql_flush
    yield
    BaseDatabaseOperations.execute_sql_flush = flush


@pytest.fixture(autouse=True)
def _source_language(request):
    """Tests read the English source wording unless they ask for a language (Accept-Language, a browser
    locale, translation.override); the site's German default is tested with an explicit "de".

    The pure cores' tests also run without Django (`-p no:django`); then there is nothing to set."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    request.getfixturevalue("settings").LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def _fast_password_hasher(request):
    """Every user the factories make gets a hashed password: with Django's PBKDF2 (a million rounds) that was
    about a third of a second of CPU per user, in most tests. MD5 keeps logins real and fast; the production
    hashers are checked by the settings tests, which load the settings in a process of their own."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    request.getfixturevalue("settings").PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    """Each test starts with an empty cache: counters (the password-reset rate limit) and cached pages of one
    test never leak into the next. Nothing to do for the pure cores' runs without Django."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    from django.core.cache import cache

    from config import live

    # A test that stopped the cache's server on purpose cleans up after itself. The live answers too: they
    # are keyed by tokens and slugs, which the next test may make again (only their keys: the broker's
    # queues share that Redis database).
    with contextlib.suppress(Exception):
        cache.clear()
    with contextlib.suppress(Exception):
        live.forget_all()


@pytest.fixture(autouse=True)
def _live_answers(request):
    """The live cache keeps version answers until a change commits (config/live.py). A test in a transaction
    that never commits (plain `db`) would see answers its own changes never replaced: those tests read the
    database at every poll, as before, with no streams (so no live bump is queued after their commit either:
    their on-commit callbacks are the tasks they count). Tests that commit (transactional_db, live_server)
    or say so (marker `live_answers`, with django_capture_on_commit_callbacks(execute=True)) keep them."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    commits = {"transactional_db", "live_server", "asgi_server"} & set(request.fixturenames)
    if not commits and request.node.get_closest_marker("live_answers") is None:
        settings = request.getfixturevalue("settings")
        settings.LIVE_ANSWERS, settings.LIVE_PUSH = False, "off"


@pytest.fixture
def asgi_server(transactional_db):
    """The site served by uvicorn (ASGI, as compose runs it) in a thread of this process, on the test
    database: what the push path needs (pytest-django's live_server serves WSGI, where no stream is
    offered). `.url` as live_server's. Each request closes its database connection (the server's threads
    would otherwise keep theirs open past the test)."""
    import threading
    from types import SimpleNamespace

    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections

    from config.asgi import application as site

    was = connections.settings["default"]["CONN_MAX_AGE"]
    connections.settings["default"]["CONN_MAX_AGE"] = 0
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    application = ASGIStaticFilesHandler(site)  # the static files too, as live_server serves them
    config = uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    yield SimpleNamespace(url=f"http://127.0.0.1:{port}")
    server.should_exit = True
    server.force_exit = True  # open event streams end with the server
    thread.join(timeout=15)
    connections.settings["default"]["CONN_MAX_AGE"] = was


@pytest.fixture
def celery_eager():
    """Run tasks in-process for one test, whatever the broker (the Celery app reads its settings once)."""
    from config.celery import app

    was = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = was


@pytest.fixture
def organiser(db):
    """A user who organises one club; returns the Membership (user and club on it)."""
    from tests.factories import MembershipFactory

    return MembershipFactory()


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser.user)
    return client


CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def _chromium():
    """Debian's headless Chromium driven by Playwright (no browser download: executable_path)."""
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls that tests make between
    # browser steps are still synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        # Playwright's wait_for_function evaluates strings (eval), which the site's CSP forbids: every context
        # bypasses the policy unless it asks otherwise; tests/browser/test_csp_browser.py keeps it on.
        new_context = browser.new_context
        browser.new_context = lambda **options: new_context(**{"bypass_csp": True, **options})
        yield browser
        browser.close()


@pytest.fixture
def phone_page(_chromium):
    """A fresh browser page the size of a small phone (360 × 740), German first like the club."""
    context = _chromium.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="de-DE",
        bypass_csp=True,  # Playwright's wait_for_function polls with eval(); test_csp_browser.py keeps the policy on
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def desktop_page(_chromium):
    context = _chromium.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE", bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
