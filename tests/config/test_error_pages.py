"""The pages a wrong or replaced link and a server error show: in the visitor's language, not Django's bare English."""

import pytest
from django.test import RequestFactory
from django.utils import translation
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/t/no-such-card/", "/p/no-such-team-link/", "/e/no-club/no-event/"])
def test_an_unknown_link_answers_in_german(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert response.status_code == 404
    assert '<html lang="de">' in html
    assert "Seite nicht gefunden" in html
    assert "Fragen Sie die Turnierleitung nach dem neuen." in html
    assert "Not Found" not in html


def test_an_unknown_link_answers_in_french(client):
    html = client.get("/t/no-such-card/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Page introuvable" in html


def test_a_server_error_answers_in_german():
    with translation.override("de"):
        response = server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="de">' in html
    assert "Etwas ist schiefgegangen" in html
    assert "Server Error" not in html
