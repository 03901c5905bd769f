"""Landing page, language switch, health check, API root and schema."""

import json

import pytest
from django.core.management import call_command
from django.db.utils import OperationalError

pytestmark = pytest.mark.django_db


def test_landing_page_renders_in_german_by_default(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert response["Content-Language"] == "de"
    assert "Belote-Turniere für Clubs" in response.content.decode()


def test_landing_page_renders_in_english(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "Belote tournaments for clubs" in response.content.decode()


def test_language_switcher_sets_the_language(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302
    assert "Belote tournaments for clubs" in client.get("/").content.decode()


def test_healthz_is_ok_when_database_answers_and_broker_not_in_use(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "not in use"}


def test_healthz_names_the_broker_when_it_is_down(client, settings, monkeypatch):
    from kombu import Connection

    from config import views

    settings.CELERY_TASK_ALWAYS_EAGER = False
    # Nothing listens on port 1: the broker does not answer.
    monkeypatch.setattr(views.celery_app, "connection_for_write", lambda: Connection("redis://127.0.0.1:1/0"))
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"] == "ok"
    assert body["broker"].startswith("down")


def test_healthz_names_the_database_when_it_is_down(client, monkeypatch):
    from config import views

    class BrokenCursor:
        def __enter__(self):
            raise OperationalError("connection refused")

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(views.connection, "cursor", lambda: BrokenCursor())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "down: OperationalError"


@pytest.mark.needs_redis
def test_healthz_reports_a_real_redis_broker(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["broker"] == "ok"


@pytest.mark.needs_postgres
def test_tests_run_on_postgresql():
    from django.db import connection

    assert connection.vendor == "postgresql"


def test_api_root_links_schema_and_docs(client):
    body = client.get("/api/v1/").json()
    assert body["schema"].endswith("/api/schema/")
    assert body["docs"].endswith("/api/docs/")


def test_api_docs_page_renders(client):
    assert client.get("/api/docs/").status_code == 200


def test_openapi_schema_validates(tmp_path):
    out = tmp_path / "schema.json"
    call_command("spectacular", "--validate", "--fail-on-warn", "--format", "openapi-json", "--file", str(out))
    schema = json.loads(out.read_text())
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Atout API"


def test_admin_login_page_renders(client):
    assert client.get("/admin/login/").status_code == 200
