"""Load the settings in a fresh process with a given environment (nothing of this run's environment that
settings read leaks in), and print what they resolved to."""

import os
import subprocess
import sys
from pathlib import Path

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
