"""Exports: the files are read back (csv module, openpyxl, pypdf, json) and checked against the event."""

import csv
import io
import json
import zipfile

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.exports import EXPORTERS, ExportError, export_execute
from scoring.exports.flat import write_csv, write_xlsx
from scoring.exports.pdf import write_pdf
from scoring.models import Export
from scoring.queueing import export_request
from tests.scoring.standings_helpers import make_entries, make_event

pytestmark = pytest.mark.django_db


def test_csv_zip_holds_standings_results_and_adjustments(evening):
    out = io.BytesIO()
    steps = []
    write_csv(event_id=evening.pk, out=out, progress=steps.append)
    assert steps[-1] == 100 and steps == sorted(steps)
    with zipfile.ZipFile(out) as archive:
        assert sorted(archive.namelist()) == [
            "adjustments.csv",
            "results.csv",
            "standings.csv",
            "standings_by_round.csv",
        ]
        read = {
            name: list(csv.reader(io.StringIO(archive.read(name).decode("utf-8-sig")), delimiter=";"))
            for name in archive.namelist()
        }
    header, *standings = read["standings.csv"]
    assert header[:4] == ["After round", "Rank", "Start number", "Team"]
    col = {name: header.index(name) for name in ("Rank", "Start number", "Team", "Match points", "Points", "Byes")}
    # After round 2: 1 → 4 MP (1900); 3 → 2 MP (bye 800 + 650 = 1450); 2 → 2 - 1 = 1 MP (700 + bye 800 = 1500).
    assert [
        (r[col["Rank"]], r[col["Start number"]], r[col["Team"]], r[col["Match points"]], r[col["Points"]])
        for r in standings
    ] == [
        ("1", "1", "Kreuz Bube", "4", "1900"),
        ("2", "3", evening.entries.get(number=3).display_name, "2", "1450"),
        ("3", "2", evening.entries.get(number=2).display_name, "1", "1500"),
    ]
    assert len(read["standings_by_round.csv"]) == 1 + 6
    _, *results = read["results.csv"]
    assert [(r[0], r[1], r[3], r[5], r[6], r[7]) for r in results] == [
        ("1", "1", "1", "2", "900", "700"),
        ("1", "", "3", "", "800", ""),
        ("2", "1", "3", "1", "650", "1000"),
        ("2", "", "2", "", "800", ""),
    ]
    _, adjustment = read["adjustments.csv"]
    # Start number, team, kind, penalty (none: a free adjustment), penalised entry, round, MP, points, reason,
    # withdrawn (not).
    assert adjustment[0] == "2" and adjustment[3:] == ["", "", adjustment[5], "-1", "0", "Handy", ""]


def test_xlsx_has_the_same_tables(evening):
    out = io.BytesIO()
    write_xlsx(event_id=evening.pk, out=out)
    workbook = load_workbook(io.BytesIO(out.getvalue()), read_only=True)
    assert workbook.sheetnames == ["Standings", "Standings by round", "Results", "Adjustments"]
    standings = list(workbook["Standings"].iter_rows(values_only=True))
    header = standings[0]
    mp, pts = header.index("Match points"), header.index("Points")
    assert [(r[1], r[2], r[mp], r[pts]) for r in standings[1:]] == [(1, 1, 4, 1900), (2, 3, 2, 1450), (3, 2, 1, 1500)]
    results = list(workbook["Results"].iter_rows(values_only=True))
    assert results[3][6:8] == (650, 1000)
    assert list(workbook["Adjustments"].iter_rows(values_only=True))[1][-2] == "Handy"


def test_pdf_prints_standings_rounds_and_every_sheet(evening):
    out = io.BytesIO()
    steps = []
    write_pdf(event_id=evening.pk, out=out, progress=steps.append)
    assert steps[-1] == 100
    reader = PdfReader(io.BytesIO(out.getvalue()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Clubabend Jänner" in text
    assert "Standings after round 2" in text
    assert "Results of round 1" in text and "Results of round 2" in text
    assert "Kreuz Bube" in text and "Handy" in text
    assert "Score sheets" in text
    # Round 1, table 1, deal by deal: 500:300 then 400:400, running 900:700.
    assert "Round 1 · table 1" in text
    assert "Hearts" in text and "No trumps" in text
    assert "900" in text and "1000" in text


def test_json_export_is_the_archive(evening):
    out = io.BytesIO()
    EXPORTERS["json"].write(event_id=evening.pk, out=out)
    data = json.loads(out.getvalue())
    assert data["event"]["name"] == "Clubabend Jänner"
    assert [r["number"] for r in data["rounds"]] == [1, 2]
    assert len(data["standings"]) == 6


def test_export_request_queues_after_commit_and_execute_stores_the_file(
    evening, organiser, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        export = export_request(event=evening, kind="xlsx", user=organiser.user)
    assert len(callbacks) == 1
    assert export.status == Export.Status.PENDING and len(export.task_id) == 36
    seen = []
    result = export_execute(export_id=export.pk, progress=seen.append)
    export.refresh_from_db()
    assert result == {"export_id": export.pk, "status": "done", "file": export.file.name}
    assert export.status == Export.Status.DONE and export.progress == 100 and export.finished_at
    assert export.file.name.endswith(".xlsx") and export.file.name.startswith("exports/")
    assert load_workbook(export.file.path, read_only=True).sheetnames[0] == "Standings"
    assert seen[-1] == 100


def test_a_failing_export_is_recorded_not_raised(evening, monkeypatch):
    export = Export.objects.create(event=evening, kind="pdf")

    def broken(**kwargs):
        raise RuntimeError("printer on fire")

    monkeypatch.setitem(EXPORTERS, "pdf", EXPORTERS["pdf"].__class__("pdf", "pdf", "application/pdf", broken))
    assert export_execute(export_id=export.pk)["status"] == "failed"
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED and "printer on fire" in export.error


def test_unknown_kind_is_refused(evening):
    with pytest.raises(ExportError, match="Unknown export “doc”"):
        export_request(event=evening, kind="doc")
    assert not Export.objects.exists()


def test_exports_of_an_event_without_results(db):
    event = make_event()
    make_entries(event, 2)
    for kind in ("csv", "xlsx", "pdf", "json"):
        out = io.BytesIO()
        EXPORTERS[kind].write(event_id=event.pk, out=out)
        assert out.getvalue(), kind
