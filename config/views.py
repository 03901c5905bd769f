"""Site-wide views: the landing page and the health check."""

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app as celery_app


@require_GET
def landing(request):
    """Public landing page. Permission: anyone."""
    return render(request, "landing.html")


def _database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the message says which
        return f"down: {exc.__class__.__name__}"
    return "ok"


def _broker_status() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "not in use"
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:  # kombu raises many kinds; all of them mean the broker does not answer
        return f"down: {exc.__class__.__name__}"
    return "ok"


@never_cache
@require_GET
def healthz(request):
    """Liveness of the database and the broker for load balancers. Permission: anyone (no data shown).

    200 when both answer (an embedded, eager setup reports the broker as "not in use", which is healthy),
    503 naming what is down.
    """
    checks = {"database": _database_status(), "broker": _broker_status()}
    healthy = all(value in ("ok", "not in use") for value in checks.values())
    return JsonResponse({"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503)
