"""Settings load in both modes: embedded (nothing set) and production (environment set)."""

import json

import pytest

from tests.config.settings_helpers import ROOT, run_settings


def test_embedded_mode_uses_sqlite_eager_tasks_and_debug():
    result = run_settings({})
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert loaded["engine"] == "django.db.backends.sqlite3"
    assert loaded["name"].endswith("db.sqlite3")
    assert loaded["debug"] is True
    assert loaded["eager"] is True
    assert loaded["lang"] == "de"
    assert loaded["languages"] == ["de", "en", "fr"]
    assert loaded["ssl_redirect"] is False
    # The generated key is long and persisted with owner-only permissions.
    assert loaded["key_len"] >= 50
    assert (ROOT / ".secret_key").stat().st_mode & 0o077 == 0


def test_production_mode_uses_postgres_redis_and_is_safe():
    result = run_settings(
        {
            "DATABASE_URL": "postgres://atout:pw@db.example:5432/atout",
            "CELERY_BROKER_URL": "redis://redis.example:6379/0",
            "SECRET_KEY": "k" * 60,
            "ALLOWED_HOSTS": "atout.example",
        }
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert loaded["engine"] == "django.db.backends.postgresql"
    assert loaded["name"] == "atout"
    assert loaded["debug"] is False
    assert loaded["eager"] is False
    assert loaded["broker"] == "redis://redis.example:6379/0"
    assert loaded["ssl_redirect"] is True


def test_production_mode_refuses_to_start_without_secret_key():
    result = run_settings({"DATABASE_URL": "postgres://atout@db.example/atout"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_with_production_variables():
    result = run_settings(
        {
            "DATABASE_URL": "postgres://atout:pw@db.example:5432/atout",
            "CELERY_BROKER_URL": "redis://redis.example:6379/0",
            "SECRET_KEY": "x9!" * 20 + "Zq7-long-and-random-enough",
            "ALLOWED_HOSTS": "atout.example",
        },
        code="import sys; from django.core.management import execute_from_command_line; "
        "execute_from_command_line(['manage.py', 'check', '--deploy', '--fail-level', 'WARNING'])",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("debug", ["true", "false"])
def test_debug_can_be_forced_by_variable(debug):
    result = run_settings({"DEBUG": debug, "SECRET_KEY": "s" * 60})
    assert json.loads(result.stdout)["debug"] is (debug == "true")
