"""Settings load in both modes: embedded (nothing set) and production (environment set)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "db = settings.DATABASES['default']; "
    "print(json.dumps({'engine': db['ENGINE'], 'name': str(db['NAME']), 'debug': settings.DEBUG, "
    "'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL, "
    "'lang': settings.LANGUAGE_CODE, 'languages': [c for c, _ in settings.LANGUAGES], "
    "'ssl_redirect': settings.SECURE_SSL_REDIRECT, 'key_len': len(settings.SECRET_KEY)}))"
)
CLEAN = {
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CELERY_RESULT_BACKEND",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "STATIC_MANIFEST",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def run_settings(extra_env: dict[str, str], code: str = PROBE) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in CLEAN}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", **extra_env})
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)


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
