"""The pages a wrong or replaced link and a server error show: in the visitor's language, not Django's bare English."""

import pytest
from django.test import RequestFactory
from django.utils import timezone, translation
from django.views.defaults import server_error

from scoring.models import TeamLink
from tests.scoring.sheets.cards_helpers import card_of, evening

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


def test_a_revoked_card_shows_the_sites_404_even_with_debug_on(client, settings):
    """Issue 19: in the demo (DEBUG), a revoked table card showed Django's technical 404 page. A printed
    link that no longer works says what to do, whatever DEBUG says."""
    settings.DEBUG = True
    event, _round, entries, _games = evening(tables=1)
    card = card_of(event, 1, "A")
    team = TeamLink.objects.active().get(entry=entries[0])
    card.revoked_at = team.revoked_at = timezone.now()
    card.save(update_fields=["revoked_at"])
    team.save(update_fields=["revoked_at"])
    for path in (f"/t/{card.token}/", f"/p/{team.token}/", "/t/no-such-card/", f"/t/{card.token}/deals/"):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
        html = response.content.decode()
        assert response.status_code == 404, path
        assert 'id="not-found"' in html and "Fragen Sie die Turnierleitung nach dem neuen." in html, path
        assert "technical_404" not in html and "URLconf" not in html and "Raised by" not in html, path
