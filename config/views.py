"""Site-wide views: the landing page, the health check, and the server-error handler."""

import sys

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app as celery_app
from config.exceptions import error_body

# How long a client waits before it tries again while the database is away (a restart takes seconds).
RETRY_AFTER_SECONDS = 10


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


def _database_away(exc: BaseException | None) -> bool:
    """The database could not be reached or dropped the connection (a restart, a failover, connections
    refused): no bug of ours, and nothing was stored by the request that met it."""
    return isinstance(exc, OperationalError | InterfaceError) or (
        isinstance(exc, DatabaseError) and isinstance(exc.__cause__, OperationalError | InterfaceError)
    )


def server_error(request):
    """The 500 handler (`handler500`). While the database is away it answers 503 with `Retry-After`: the
    API's error contract as JSON for `/api/…` and for scripts that ask for JSON (the phone's queue then keeps
    the deal and sends it again), a translated "try again in a moment" page for people. Anything else is a
    bug: Django's own handler and the site's 500 page. Rendered without a request context: the database
    (sessions, the user) is what may be down."""
    if not _database_away(sys.exc_info()[1]):
        return defaults.server_error(request)
    wants_json = request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", "")
    if wants_json:
        detail = _("The database is not available for a moment; try again in a few seconds.")
        response = JsonResponse(error_body("unavailable", detail), status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response
