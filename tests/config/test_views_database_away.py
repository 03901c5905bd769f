"""A database that is away (restarting, refusing connections) is no bug: the API answers its error contract
with 503 and Retry-After, pages a translated "try again in a moment", never Django's 500; and a kept
connection is checked before reuse (CONN_HEALTH_CHECKS), so a restart costs no request at all."""

import pytest
from django.conf import settings
from django.db import OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client, RequestFactory

from config import views

pytestmark = pytest.mark.django_db
UNKNOWN_TOKEN = "A" * 43  # the shape of a link token: the look-up reaches the database


@pytest.fixture
def database_away(monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(CursorWrapper, "execute", refuse)
    monkeypatch.setattr(CursorWrapper, "executemany", refuse)


def test_kept_connections_are_checked_before_reuse():
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


def test_the_api_answers_503_with_retry_after_in_its_error_contract(database_away):
    response = Client(raise_request_exception=False).post(
        f"/api/v1/table/{UNKNOWN_TOKEN}/deals/", {"deal": {}}, content_type="application/json"
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == "unavailable" and body["errors"] == []
    assert "try again" in body["detail"]


def test_a_phone_that_asks_for_json_gets_json(database_away):
    response = Client(raise_request_exception=False).post(
        f"/t/{UNKNOWN_TOKEN}/deals/", {"version": 1}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 503
    assert response.json()["code"] == "unavailable"


def test_a_page_answers_in_the_visitors_language(database_away):
    response = Client(raise_request_exception=False).get("/e/club/abend/", HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert '<html lang="de">' in html and "Einen Moment bitte" in html
    assert "Server Error" not in html


def test_any_other_error_stays_a_500():
    try:
        raise ValueError("a bug")
    except ValueError:
        answer = views.server_error(RequestFactory().get("/api/v1/rules/"))
    assert answer.status_code == 500
    assert not answer.has_header("Retry-After")
