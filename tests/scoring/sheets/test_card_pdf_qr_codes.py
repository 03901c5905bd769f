"""Every printed QR code starts with SITE_URL when it is set, while the organiser browses on another host
(the demo served to the club's LAN, the organiser still at 127.0.0.1): the codes are decoded from the PDFs
and pages as a phone's camera reads them, not read from the markup."""

import re

import pytest
from django.urls import reverse

from scoring.models import TableCard, TeamLink, VenueScreen
from scoring.sheets.links import event_cards_prepare, team_links_ensure
from tests.address_helpers import event_url, round_url
from tests.factories import EntryFactory, EventFactory
from tests.scoring.sheets.qr_helpers import pdf_qr_codes, screenshot_qr_codes
from tournaments import services

pytestmark = pytest.mark.django_db
LAN = "http://192.168.1.20:8000"


@pytest.fixture
def evening(organiser, settings):
    settings.SITE_URL = LAN
    event = EventFactory(club=organiser.club, slug="abend", status="open")
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    round = services.round_draw(event=event, number=1, seed=7)
    services.round_confirm(round=round)
    services.round_release(round=round)
    event_cards_prepare(event=event, table_numbers=[1, 2])
    team_links_ensure(event=event)
    return event, round


def test_the_evenings_cards_pdf_codes_open_the_lan_address(organiser_client, evening):
    event, _round = evening
    response = organiser_client.get(event_url(event, "cards.pdf"))
    assert response.status_code == 200
    codes = pdf_qr_codes(response.content)
    tokens = set(TableCard.objects.filter(event=event).values_list("token", flat=True))
    assert sorted(codes) == sorted(f"{LAN}/t/{token}/" for token in tokens)


def test_the_rounds_cards_pdf_codes_open_the_lan_address(organiser_client, evening):
    _event, round = evening
    response = organiser_client.get(round_url(round, "cards.pdf"))
    assert response.status_code == 200
    codes = pdf_qr_codes(response.content)
    assert len(codes) == 4  # two tables, a code per side
    assert all(code.startswith(f"{LAN}/t/") for code in codes), codes


def test_the_cards_pages_links_start_with_the_lan_address(organiser_client, evening):
    event, _round = evening
    html = organiser_client.get(event_url(event, "cards/")).content.decode()
    links = re.findall(r'href="(https?://[^"]+/[tp]/[^"]+)"', html)
    assert links, "the cards page links no sheet"
    assert all(link.startswith(LAN + "/") for link in links), links
    assert "testserver" not in html


@pytest.mark.browser
def test_the_by_name_prints_codes_open_the_lan_address(organiser_client, evening, desktop_page):
    event, _round = evening
    url = reverse(
        "tournaments:round_print_names", kwargs={"club_slug": event.club.slug, "event_slug": "abend", "number": 1}
    )
    desktop_page.set_content(organiser_client.get(url).content.decode())
    codes = screenshot_qr_codes(desktop_page.screenshot(full_page=True))
    team_tokens = TeamLink.objects.filter(entry__event=event).values_list("token", flat=True)
    expected = {f"{LAN}/p/{token}/" for token in team_tokens} | {f"{LAN}/e/{event.club.slug}/abend/standings/"}
    assert set(codes) == expected


@pytest.mark.browser
def test_the_venue_screens_code_opens_the_lan_standings(client, evening, desktop_page):
    event, _round = evening
    event.public_standings = True
    event.save(update_fields=["public_standings"])
    screen = VenueScreen.objects.create(event=event)
    html = client.get(f"/v/{screen.token}/").content.decode()
    desktop_page.set_content(html)
    codes = screenshot_qr_codes(desktop_page.screenshot(full_page=True))
    assert codes == [f"{LAN}/e/{event.club.slug}/abend/standings/"]
