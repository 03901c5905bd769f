"""The results PDF of a finished event: its standings say final, and its score sheets show each deal's capot,
belote and announcements, the outcome wrapping inside its own column."""

import io

import pytest
from django.utils import translation
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from scoring.exports.pdf import FONT, write_pdf
from scoring.models import Deal, Sheet
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _pdf(event, language="de") -> bytes:
    out = io.BytesIO()
    with translation.override(language):
        write_pdf(event_id=event.pk, out=out)
    return out.getvalue()


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _chunks(pdf: bytes) -> list[tuple[str, float, float]]:
    """Every text chunk of the PDF with its x position and font size."""
    chunks = []
    for page in PdfReader(io.BytesIO(pdf)).pages:

        def visit(text, cm, tm, font, size):
            if text.strip():
                chunks.append((text.strip(), tm[4] * cm[0] + cm[4], size * tm[0]))

        page.extract_text(visitor_text=visit)
    return chunks


@pytest.fixture
def rich_evening(evening):
    """The export evening, its first sheet's deals now with a capot, a belote, announcements and a litige."""
    sheet = Sheet.objects.get(game__round__number=1, game__table_number=1)
    deals = list(Deal.objects.filter(sheet=sheet).order_by("position"))
    deals[0].data = {
        "contract": {"taker": "A", "trump": "hearts"},
        "capot": "A",
        "belote": ["A"],
        "declarations": {"A": [{"type": "tierce", "suit": "hearts", "high": "K"}], "B": []},
    }
    deals[0].save()
    result = dict(sheet.result)
    result["deals"] = [dict(d) for d in result["deals"]]
    result["deals"][1]["outcome"] = "litige"
    Sheet.objects.filter(pk=sheet.pk).update(result=result)
    return evening


def test_a_finished_events_pdf_says_final_standings(evening):
    running = _text(_pdf(evening))
    assert "Rangliste nach Runde 2" in running and "Endstand" not in running
    Event.objects.filter(pk=evening.pk).update(status=Event.Status.FINISHED)
    final = _text(_pdf(evening))
    assert "Endstand" in final and "Rangliste nach Runde" not in final
    assert "Final standings" in _text(_pdf(evening, "en"))


def test_the_score_sheets_show_capot_belote_and_announcements(rich_evening):
    text = " ".join(_text(_pdf(rich_evening)).split())
    assert "Capot N/S" in text
    assert "Belote N/S" in text
    assert "N/S: Terz bis König Herz (20)" in text
    french = " ".join(_text(_pdf(rich_evening, "fr")).split())
    assert "Tierce au roi Cœur (20)" in french


def test_a_long_outcome_wraps_before_the_next_column(rich_evening):
    chunks = _chunks(_pdf(rich_evening))
    # The score sheet's header: the outcome's column starts at "Ausgang", the next at "Capot, Belote, …".
    outcome_x = next(x for text, x, _ in chunks if text == "Ausgang")
    next_x = next(x for text, x, _ in chunks if text.startswith("Capot, Belote"))
    litige = [(text, x, size) for text, x, size in chunks if text.startswith("Litige")]
    assert litige, "the litige deal is printed"
    for text, x, size in litige:
        assert outcome_x <= x
        assert x + stringWidth(text, FONT, size) < next_x, text
