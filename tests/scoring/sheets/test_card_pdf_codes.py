"""The cards PDF prints each card side's short code large, with the code page's address under SITE_URL,
read back from the PDF's text as a person reads the card (pypdfium2), and the organiser's cards page shows
the codes too."""

import re

import pypdfium2
import pytest

from scoring.models import TableCard
from scoring.sheets.links import event_cards_prepare
from tests.address_helpers import event_url
from tests.factories import EventFactory
from tests.scoring.sheets.qr_helpers import pdf_qr_codes

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


@pytest.fixture
def event(organiser):
    event = EventFactory(club=organiser.club, slug="abend")
    event_cards_prepare(event=event, table_numbers=[1, 2, 3])
    return event


@pytest.mark.parametrize(
    ("site_url", "printed"),
    [("http://192.168.1.20:8000", "http://192.168.1.20:8000/c"), ("https://atout.example", "atout.example/c")],
)
def test_every_cards_code_is_printed_with_the_code_pages_address(organiser_client, event, settings, site_url, printed):
    settings.SITE_URL = site_url
    response = organiser_client.get(event_url(event, "cards.pdf"))
    assert response.status_code == 200
    text = pdf_text(response.content)
    cards = list(TableCard.objects.active().filter(event=event))
    assert len(cards) == 6
    for card in cards:
        assert card.short_code in text, card.short_code
    # "Open <address> and type:" once per card side; the address is the site's, never the request's host.
    addresses = re.findall(r"(\S+/c) ", text)
    assert addresses == [printed] * 6
    assert site_url.removeprefix("https://") == printed.removesuffix("/c")
    assert "testserver" not in text
    # The large code leaves the QR codes readable.
    assert len(pdf_qr_codes(response.content)) == 6


def test_one_tables_reprint_shows_its_new_code(organiser_client, event):
    old = TableCard.objects.active().get(event=event, table_number=2, side="A").short_code
    organiser_client.post(event_url(event, "cards/tables/2/reissue/"))
    new = TableCard.objects.active().get(event=event, table_number=2, side="A").short_code
    text = pdf_text(organiser_client.get(event_url(event, "cards.pdf") + "?table=2").content)
    assert new in text and (old == new or old not in text)


def test_the_cards_page_shows_each_sides_code_and_where_to_type_it(organiser_client, event, settings):
    settings.SITE_URL = "https://atout.example"
    html = organiser_client.get(event_url(event, "cards/")).content.decode()
    for card in TableCard.objects.active().filter(event=event):
        assert f'<span class="short-code">{card.short_code}</span>' in html
    assert "atout.example/c" in html
