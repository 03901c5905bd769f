"""CSV (the standings, or a zip of every table) and XLSX exports of standings and results.

Every text cell that a spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage
return: OWASP's list) is written with a leading apostrophe, so a team named `=HYPERLINK(...)` stays text."""

from __future__ import annotations

import csv
import io
import zipfile
from typing import BinaryIO

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from scoring.exports import tables
from scoring.exports.data import load_results

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutral(value):
    """`value` safe for a spreadsheet cell: text that would start a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _neutral_rows(rows) -> list[list]:
    return [[neutral(v) for v in row] for row in rows]


def _csv_text(header, rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(_neutral_rows([header])[0])
    writer.writerows(_neutral_rows(rows))
    return "\ufeff" + buffer.getvalue()


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
            archive.writestr(name, _csv_text(header, rows))
            progress(20 + 80 * i // len(files))


def write_standings_csv(*, event_id: int, out: BinaryIO, progress=lambda pct: None) -> None:
    """The standings after the last round as one semicolon-separated UTF-8 CSV file (with BOM)."""
    results = load_results(event_id)
    progress(50)
    final = results.final_round
    rows = tables.standings_rows(results, final) if final else []
    out.write(_csv_text(tables.standings_header(results), rows).encode("utf-8"))
    progress(100)


def _widths(header, rows) -> list[float]:
    """Column widths (in characters) that fit the header and the values, capped for long names."""
    widths = [len(str(h)) for h in header]
    for row in rows:
        for i, value in enumerate(row[: len(widths)]):
            widths[i] = max(widths[i], len(str(value)) if value is not None else 0)
    return [min(w + 2, 60) for w in widths]


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
        for column, width in enumerate(_widths(header, rows), start=1):
            sheet.column_dimensions[get_column_letter(column)].width = width
        cells = []
        for value in header:
            cell = WriteOnlyCell(sheet, value=neutral(value))
            cell.font = bold
            cells.append(cell)
        sheet.append(cells)
        for row in _neutral_rows(rows):
            sheet.append(row)
        progress(20 + 70 * i // len(sheets))
    workbook.save(out)
    progress(100)
