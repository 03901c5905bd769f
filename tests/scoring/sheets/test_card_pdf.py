"""Table cards: one PDF per round, one card per table, QR codes of both table links."""

import io

import pypdf
import pytest
import segno

from scoring.exceptions import SheetStateError
from scoring.models import TableLink
from scoring.sheets.card_pdf import draw_qr, round_cards_pdf
from tests.address_helpers import round_url
from tests.factories import MembershipFactory, RoundFactory
from tests.scoring.entry_helpers import released_round
from tournaments.models import Round

pytestmark = pytest.mark.django_db


class RecordingPath:
    def __init__(self):
        self.rects = []

    def rect(self, x, y, w, h):
        self.rects.append((x, y, w, h))


class RecordingCanvas:
    """Just enough of a ReportLab canvas to record the squares draw_qr paints."""

    def __init__(self):
        self.path = RecordingPath()

    def saveState(self):
        pass

    def restoreState(self):
        pass

    def setFillColorRGB(self, *rgb):
        pass

    def rect(self, *args, **kwargs):
        pass

    def beginPath(self):
        return self.path

    def drawPath(self, path, **kwargs):
        pass


def test_the_qr_code_drawn_is_the_links_qr_code():
    url = "https://atout.example/t/X5vlyIE_IPdlCfmAZRg9De8nFJxkqwNmobxRPapMlPg/"
    canvas = RecordingCanvas()
    size = 200.0
    draw_qr(canvas, url, 10.0, 20.0, size)
    matrix = segno.make(url, error="m", micro=False).matrix
    count = len(matrix) + 8
    module = size / count
    drawn = [[0] * len(matrix) for _ in matrix]
    for x, y, w, h in canvas.path.rects:
        row = round((20.0 + size - (y + h)) / module) - 4
        first = round((x - 10.0) / module) - 4
        for col in range(first, first + round(w / module)):
            drawn[row][col] = 1
    assert drawn == [list(r) for r in matrix]


def test_one_card_per_table_with_both_links():
    round, games = released_round(tables=3)
    pdf = round_cards_pdf(round=round, link_url=lambda token: f"https://atout.example/t/{token}/")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2  # two cards per A4 page
    text = "\n".join(page.extract_text() for page in reader.pages)
    for game in games:
        assert f"Table {game.table_number}" in text or f"Tisch {game.table_number}" in text
        assert game.entry_a.display_name in text and game.entry_b.display_name in text
        for link in TableLink.objects.active().filter(game=game):
            assert f"https://atout.example/t/{link.token}/" in text
    assert round.event.name in text


def test_cards_of_a_round_not_released_are_refused():
    round = RoundFactory(status=Round.Status.DRAFT)
    with pytest.raises(SheetStateError):
        round_cards_pdf(round=round, link_url=str)


def test_the_organiser_downloads_the_cards(client):
    round, _games = released_round(tables=2)
    client.force_login(MembershipFactory(club=round.event.club).user)
    response = client.get(round_url(round, "cards.pdf"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    assert response.content.startswith(b"%PDF")
    text = pypdf.PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "http://testserver/t/" in text
