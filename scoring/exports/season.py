"""The season export: the season ranking (each division, pairs and players as the season ranks them) as a
printable PDF and an XLSX workbook, from `scoring.standings.season.season_ranking`.

Each evening is a column: a counted result as its value, a dropped one in brackets "(12)", absent "–"
(never by colour alone). Both writers return the file's bytes; they read nothing from the database."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from scoring.exports.flat import _widths, neutral
from scoring.exports.pdf import _register_fonts, _styles, _table, build_document
from tournaments.models.divisions import division_letter


def _cell(cell: dict) -> str:
    if cell["state"] == "absent":
        return "–"
    return f"({cell['points']})" if cell["state"] == "dropped" else str(cell["points"])


def season_blocks(ranking: dict) -> list[tuple[str, list[str], list[list]]]:
    """(title, header, rows) per ranking shown: ranked, then guests and the not yet ranked, marked so."""
    blocks = []
    evenings = [date_format(e["date"], "SHORT_DATE_FORMAT") for e in ranking["events"]]
    for section in ranking["sections"]:
        for r in (x for x in section["rankings"] if x["shown"]):
            kind = _("Pairs") if r["kind"] == "pairs" else _("Players")
            title = kind
            if section["division"]:
                title = _("Division %(letter)s: %(kind)s") % {
                    "letter": division_letter(section["division"]),
                    "kind": kind,
                }
            header = [
                _("Rank"),
                _("Pair") if r["kind"] == "pairs" else _("Player"),
                _("Points"),
                _("Game points"),
                _("Counted evenings"),
                _("Evenings"),
                *evenings,
            ]
            rows = []
            guest, not_yet = _("guest"), _("not yet ranked")
            # Guests ranked apart carry "(guest)" after the name; the not yet ranked say so instead of a rank.
            for group, kind in ((r["rows"], "ranked"), (r["guests"], "guest"), (r["not_yet"], "not_yet")):
                for row in group:
                    rank = not_yet if kind == "not_yet" else row["rank"]
                    name = f"{row['name']} ({guest})" if kind == "guest" else row["name"]
                    rows.append(
                        [
                            rank,
                            name,
                            row["points_display"],
                            row["total_points"],
                            row["counted"],
                            row["evenings"],
                            *[_cell(c) for c in row["cells"]],
                        ]
                    )
            blocks.append((title, header, rows))
    return blocks


def write_season_xlsx(*, season, ranking: dict) -> bytes:
    """One sheet per ranking shown, with the rules' sentence on top."""
    workbook = Workbook(write_only=True)
    bold = Font(bold=True)
    blocks = season_blocks(ranking) or [(_("Season ranking"), [_("No evenings with results yet.")], [])]
    for title, header, rows in blocks:
        sheet = workbook.create_sheet(title=title[:31].replace(":", ""))
        for column, width in enumerate(_widths(header, rows), start=1):
            sheet.column_dimensions[get_column_letter(column)].width = width
        sheet.append([neutral(f"{season.name}: {ranking['sentence']}")])
        sheet.append([_("(…) dropped, – absent.")])
        cells = []
        for value in header:
            cell = WriteOnlyCell(sheet, value=neutral(value))
            cell.font = bold
            cells.append(cell)
        sheet.append(cells)
        for row in rows:
            sheet.append([neutral(v) for v in row])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def write_season_pdf(*, season, ranking: dict) -> bytes:
    """A4 landscape: the season's name and rules, then each ranking shown with its evenings as columns."""
    _register_fonts()
    styles = _styles()
    story = [
        Paragraph(escape(f"{season.name} · {season.club.name}"), styles["title"]),
        Paragraph(escape(ranking["sentence"]), styles["body"]),
        Paragraph(escape(_("(…) dropped, – absent.")), styles["small"]),
        Spacer(1, 3 * mm),
    ]
    blocks = season_blocks(ranking)
    if not blocks:
        story.append(Paragraph(escape(_("No evenings with results yet.")), styles["body"]))
    for title, header, rows in blocks:
        story.append(Paragraph(escape(title), styles["h2"]))
        evenings = len(header) - 6
        name_width = 55 * mm
        rest = (landscape(A4)[0] - 24 * mm - name_width - 5 * 14 * mm) / max(evenings, 1)
        widths = [12 * mm, name_width, 14 * mm, 14 * mm, 14 * mm, 14 * mm, *[rest] * evenings]
        story.append(_table([header, *rows], widths=widths, numeric_from=2))
    out = io.BytesIO()

    build_document(out, story, title=season.name, author=season.club.name, page_size=landscape(A4), margin=12 * mm)
    return out.getvalue()
