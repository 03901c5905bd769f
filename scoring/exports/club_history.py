"""The club's history as files an organiser keeps (XLSX to file and filter, PDF to print): one line per change,
newest first, with when, by whom, the sentence of the page and the reason. The rows come from
`tournaments.selectors.club_history_all`; the writers read nothing from the database."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from scoring.exports.pdf import _register_fonts, _styles, _table, build_document
from scoring.exports.treasurer import _sheet


def _header() -> list[str]:
    return [_("When"), _("By"), pgettext("a row of a history", "Change"), _("Reason")]


def write_club_history_xlsx(*, rows: list[dict]) -> bytes:
    """One worksheet; the moment is a date-time cell (local time), so a spreadsheet sorts and filters it."""
    workbook = Workbook(write_only=True)
    lines = [
        [
            timezone.localtime(item["row"].created_at).replace(tzinfo=None),
            item["author"],
            item["text"],
            item["row"].reason,
        ]
        for item in rows
    ]
    _sheet(workbook, _("History"), _header(), lines)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def write_club_history_pdf(*, title: str, author: str, rows: list[dict]) -> bytes:
    """A4 portrait: the title and the club (`author`), then the changes, their sentences wrapped in the column."""
    _register_fonts()
    styles = _styles()
    cell = styles["small"]
    data = [
        _header(),
        *(
            [
                date_format(timezone.localtime(item["row"].created_at), "SHORT_DATETIME_FORMAT"),
                Paragraph(escape(item["author"]), cell),
                Paragraph(escape(item["text"]), cell),
                Paragraph(escape(item["row"].reason), cell),
            ]
            for item in rows
        ),
    ]
    story = [Paragraph(escape(f"{title} · {author}"), styles["title"]), Spacer(1, 3 * mm)]
    if rows:
        story.append(_table(data, widths=[28 * mm, 25 * mm, 95 * mm, 32 * mm]))
    else:
        story.append(Paragraph(escape(_("Nothing changed yet.")), styles["body"]))
    out = io.BytesIO()
    build_document(out, story, title=title, author=author)
    return out.getvalue()
