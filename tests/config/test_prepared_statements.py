"""DATABASE_PREPARE_THRESHOLD: off unless set (PgBouncer in transaction mode); when set, server-side binding
and psycopg's prepare threshold, and a deal POST still works with them (PostgreSQL prepares its queries)."""

import json
import os

import psycopg
import pytest

from tests.config.settings_helpers import run_settings

PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps(settings.DATABASES['default'].get('OPTIONS', {})))"
)
PRODUCTION = {"DATABASE_URL": "postgres://atout:pw@db.example:5432/atout", "SECRET_KEY": "k" * 60}


def test_prepared_statements_are_off_by_default():
    result = run_settings(PRODUCTION, PROBE)
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout)
    assert "prepare_threshold" not in options and not options.get("server_side_binding")


def test_the_setting_turns_on_server_side_binding_and_the_threshold():
    result = run_settings({**PRODUCTION, "DATABASE_PREPARE_THRESHOLD": "2"}, PROBE)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"server_side_binding": True, "prepare_threshold": 2}


@pytest.mark.needs_postgres
def test_deal_posts_run_as_prepared_statements():
    """A few deal POSTs in a subprocess with the setting on: all answered 201, and the server holds the
    prepared statements of the lock and the link lookup afterwards."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        pytest.fail("needs_postgres test without a PostgreSQL DATABASE_URL")
    name = "atout_prepared_probe_" + str(os.getpid())
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    code = (
        "import json, django; django.setup()\n"
        "from django.conf import settings; settings.ALLOWED_HOSTS = ['*']\n"
        "from django.core.management import call_command; call_command('migrate', verbosity=0)\n"
        "from django.db import connection\n"
        "from django.test import Client\n"
        "from tests.scoring.entry_helpers import HOHELUFT_GAME, released_round, table_of\n"
        "_round, games = released_round(tables=1)\n"
        "_sheet, link, _ = table_of(games[0])\n"
        "client = Client()\n"
        "codes = [client.post(f'/api/v1/table/{link.token}/deals/', {'deal': d, 'version': n},\n"
        "         content_type='application/json', HTTP_IDEMPOTENCY_KEY=f'p-{n}').status_code\n"
        "         for n, d in enumerate(HOHELUFT_GAME[:5])]\n"
        "with connection.cursor() as cursor:\n"
        "    cursor.execute('SELECT statement FROM pg_prepared_statements')\n"
        "    prepared = [row[0] for row in cursor.fetchall()]\n"
        "print(json.dumps({'codes': codes, 'prepared': prepared}))\n"
    )
    try:
        result = run_settings(
            {
                "DATABASE_URL": url.rsplit("/", 1)[0] + "/" + name,
                "SECRET_KEY": "k" * 60,
                "DEBUG": "false",
                "SECURE_SSL_REDIRECT": "false",
                "DATABASE_PREPARE_THRESHOLD": "1",
                "CELERY_BROKER_URL": "",
            },
            code,
        )
        assert result.returncode == 0, result.stderr[-2000:]
        out = json.loads(result.stdout.strip().splitlines()[-1])
        assert out["codes"] == [201] * 5
        assert any("FOR UPDATE" in sql for sql in out["prepared"])
        assert any("scoring_tablelink" in sql for sql in out["prepared"])
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
