"""SITE_URL, the site's public address: every absolute link and QR code starts with it (table cards, the
by-name print, mails, the demo's printed addresses); its host is allowed."""

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.sheets.views import desk as round_views
from tests.address_helpers import round_url
from tests.config.settings_helpers import run_settings
from tests.factories import EntryFactory, EventFactory
from tournaments import services

pytestmark = pytest.mark.django_db
LAN = "http://192.168.1.20:8000"


@pytest.fixture
def released(organiser):
    event = EventFactory(club=organiser.club, slug="abend", status="open")
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    round = services.round_draw(event=event, number=1, seed=7)
    services.round_confirm(round=round)
    services.round_release(round=round)
    return event, round


def test_table_cards_point_at_the_public_address(organiser_client, released, settings, monkeypatch):
    settings.SITE_URL = LAN
    _event, round = released
    seen = []

    def fake_pdf(*, round, link_url):
        seen.append(link_url("TOKEN"))
        return b"%PDF-1.4"

    monkeypatch.setattr(round_views, "round_cards_pdf", fake_pdf)
    response = organiser_client.get(round_url(round, "cards.pdf"))
    assert response.status_code == 200
    assert seen == [f"{LAN}/t/TOKEN/"]


def test_without_site_url_links_use_the_requests_address(organiser_client, released, settings, monkeypatch):
    settings.SITE_URL = ""
    _event, round = released
    seen = []
    monkeypatch.setattr(round_views, "round_cards_pdf", lambda *, round, link_url: seen.append(link_url("T")) or b"")
    organiser_client.get(round_url(round, "cards.pdf"))
    assert seen == ["http://testserver/t/T/"]


def test_by_name_print_carries_the_public_standings_address_as_qr(organiser_client, released, settings):
    settings.SITE_URL = LAN
    event, _round = released
    url = reverse(
        "tournaments:round_print_names", kwargs={"club_slug": event.club.slug, "event_slug": "abend", "number": 1}
    )
    html = organiser_client.get(url).content.decode()
    address = f"{LAN}/e/{event.club.slug}/abend/standings/"
    assert f'aria-label="QR code: {address}"' in html
    assert "<svg" in html and address in html


def test_demo_prints_the_results_page_under_the_public_address(settings):
    settings.SITE_URL = LAN
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    text = out.getvalue()
    assert f"{LAN}/o/hoheluft/events/clubabend/results/" in text
    assert f"{LAN}/accounts/login/" in text and "127.0.0.1" not in text


def test_the_public_address_is_an_allowed_host_and_trusted_origin():
    probe = (
        "import json, django; from django.conf import settings; django.setup(); "
        "print(json.dumps([settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS, settings.SITE_URL]))"
    )
    result = run_settings({"SITE_URL": LAN + "/"}, probe)
    assert result.returncode == 0, result.stderr
    hosts, origins, site = json.loads(result.stdout)
    assert "192.168.1.20" in hosts and "localhost" in hosts
    assert origins == [LAN] and site == LAN
