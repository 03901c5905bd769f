"""CSV (a zip of tables) and XLSX exports of standings and results."""

from __future__ import annotations

import csv
import io
import zipfile
from typing import BinaryIO

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from scoring.exports import tables
from scoring.exports.data import load_results


def _all_standings(results) -> list[list]:
    rows = []
    for number in sorted(results.standings):
        rows.extend(tables.standings_rows(results, number))
    return rows


def write_csv(*, event_id: int, out: BinaryIO, progress=lambda pct: None) -> None:
    """A zip of semicolon-separated UTF-8 CSV files (with BOM, so spreadsheet programs read umlauts):
    standings.csv (final), standings_by_round.csv, results.csv, adjustments.csv."""
    results = load_results(event_id)
    progress(20)
    final = results.final_round
    files = [
        ("standings.csv", tables.standings_header(results), tables.standings_rows(results, final) if final else []),
        ("standings_by_round.csv", tables.standings_header(results), _all_standings(results)),
        ("results.csv", tables.results_header(), tables.results_rows(results)),
        ("adjustments.csv", tables.adjustments_header(), tables.adjustments_rows(results)),
    ]
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for i, (name, header, rows) in enumerate(files, start=1):
            buffer = io.StringIO()
            writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
            writer.writerow(header)
            writer.writerows(rows)
            archive.writestr(name, "\ufeff" + buffer.getvalue())
            progress(20 + 80 * i // len(files))


def write_xlsx(*, event_id: int, out: BinaryIO, progress=lambda pct: None) -> None:
    """One workbook: Standings (final), Standings by round, Results, Adjustments (write-only, streamed)."""
    results = load_results(event_id)
    progress(20)
    workbook = Workbook(write_only=True)
    bold = Font(bold=True)
    final = results.final_round
    sheets = [
        (_("Standings"), tables.standings_header(results), tables.standings_rows(results, final) if final else []),
        (_("Standings by round"), tables.standings_header(results), _all_standings(results)),
        (_("Results"), tables.results_header(), tables.results_rows(results)),
        (_("Adjustments"), tables.adjustments_header(), tables.adjustments_rows(results)),
    ]
    for i, (title, header, rows) in enumerate(sheets, start=1):
        sheet = workbook.create_sheet(title=title[:31])
        sheet.freeze_panes = "A2"
        cells = []
        for value in header:
            cell = WriteOnlyCell(sheet, value=value)
            cell.font = bold
            cells.append(cell)
        sheet.append(cells)
        for row in rows:
            sheet.append(row)
        progress(20 + 70 * i // len(sheets))
    workbook.save(out)
    progress(100)
