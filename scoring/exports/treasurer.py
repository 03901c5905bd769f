"""The treasurer's sheets as files: an evening's (`tournaments.treasurer.treasurer_sheet`) and a season's
(`season_sheet`), each as an A4 PDF and an XLSX workbook, with the fonts, tables and formula-safe cells of the
event exports (`scoring.exports.pdf`, `scoring.exports.flat`). Words in the reader's language; amounts as
numbers in the workbook (so the spreadsheet adds them up), as "10,00 €" in the PDF."""

from __future__ import annotations

from decimal import Decimal
from typing import BinaryIO

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import SimpleDocTemplate, Spacer

from scoring.exports.flat import neutral
from scoring.exports.pdf import _p, _register_fonts, _styles, _table
from tournaments.money_labels import money_text
from tournaments.treasurer import SeasonSheet, Totals, TreasurerSheet


def _ways_rows(totals: Totals, fmt) -> list[list]:
    rows = [[capfirst(w.label), fmt(w.taken), fmt(w.refunded), fmt(w.net)] for w in totals.way_rows()]
    rows.append([_("Total"), fmt(totals.takings), fmt(totals.refunds), fmt(totals.net)])
    return rows


def _ways_header() -> list[str]:
    return [_("Way of payment"), _("Taken"), _("Refunded"), _("Net")]


def _reconcile_rows(totals: Totals, fmt, *, signs: bool = True) -> list[list]:
    """Takings − refunds − payout = remaining (the signs only in print: a cell starting with "=" or "−"
    would be taken for a formula, or shown with the apostrophe that stops one)."""
    minus, equals = ("− ", "= ") if signs else ("", "")
    return [
        [_("Takings"), fmt(totals.takings)],
        [minus + _("Refunds"), fmt(totals.refunds)],
        [minus + _("Payout"), fmt(totals.payout)],
        [equals + _("Remaining"), fmt(totals.remaining)],
        [_("Still owed"), fmt(totals.outstanding)],
    ]


def _count_line(totals: Totals) -> str:
    return _("%(entries)s entries: %(settled)s paid, %(owing)s still owe.") % {
        "entries": totals.entries,
        "settled": totals.settled,
        "owing": totals.owing,
    }


def _entry_rows(sheet: TreasurerSheet, fmt) -> list[list]:
    return [
        [
            line.entry.number,
            line.entry.display_name,
            fmt(line.money.owed),
            fmt(line.money.paid),
            fmt(max(line.money.balance, Decimal(0))),
        ]
        for line in sheet.lines
    ]


def _entry_header() -> list[str]:
    return [_("No."), _("Entry"), _("Owed"), _("Paid"), _("Still owed")]


def _payout_rows(sheet: TreasurerSheet, fmt) -> list[list]:
    return [
        [p.place, f"{p.rate} %" if p.rate is not None else _("fixed"), fmt(p.amount), p.winners or "–"]
        for p in sheet.payout
    ]


def _ledger_rows(sheet: TreasurerSheet, fmt) -> list[list]:
    return [
        [
            date_format(timezone.localtime(p.created_at), "SHORT_DATETIME_FORMAT"),
            p.entry_number,
            capfirst(str(p.get_kind_display())),
            capfirst(str(p.get_way_display())),
            fmt(p.amount),
            p.comment,
            p.user.username if p.user else "–",
        ]
        for p in sheet.ledger
    ]


def _ledger_header() -> list[str]:
    return [_("When"), _("No."), _("Kind"), _("Way of payment"), pgettext("money", "Amount"), _("Comment"), _("By")]


def _build(out: BinaryIO, title: str, author: str, story: list) -> None:
    doc = SimpleDocTemplate(
        out,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=title,
        author=author,
    )
    doc.build(story)


def write_treasurer_pdf(sheet: TreasurerSheet, out: BinaryIO) -> None:
    """The evening's sheet on A4: counts, totals by way, the reconciliation, the payout, who still owes,
    every entry, the ledger."""
    _register_fonts()
    styles = _styles()
    event = sheet.event

    def fmt(value):
        return money_text(value, sheet.currency)

    story = [
        _p(_("Treasurer's sheet") + " · " + event.name, styles["title"]),
        _p(
            " · ".join(x for x in (event.club.name, date_format(event.date, "DATE_FORMAT"), event.venue) if x),
            styles["body"],
        ),
        _p(_count_line(sheet.totals), styles["body"]),
        Spacer(1, 3 * mm),
        _p(_("Money in and out"), styles["h2"]),
        _table(
            [_ways_header(), *_ways_rows(sheet.totals, fmt)],
            widths=[60 * mm, 35 * mm, 35 * mm, 35 * mm],
            numeric_from=1,
        ),
        Spacer(1, 3 * mm),
        _table(
            [[_("Reconciliation"), ""], *_reconcile_rows(sheet.totals, fmt)], widths=[60 * mm, 35 * mm], numeric_from=1
        ),
    ]
    if sheet.payout:
        story += [
            _p(_("Payout"), styles["h2"]),
            _table(
                [
                    [_("Place"), _("Share"), pgettext("money", "Amount"), _("Winners")],
                    *[[a, b, c, _p(d, styles["small"])] for a, b, c, d in _payout_rows(sheet, fmt)],
                ],
                widths=[15 * mm, 20 * mm, 30 * mm, 115 * mm],
            ),
        ]
    owing = [
        [line.entry.number, _p(line.entry.display_name, styles["small"]), fmt(line.money.balance)]
        for line in sheet.owing
    ]
    story += [_p(_("Who still owes"), styles["h2"])]
    story += (
        [_table([[_("No."), _("Entry"), _("Still owed")], *owing], widths=[15 * mm, 120 * mm, 35 * mm], numeric_from=2)]
        if owing
        else [_p(_("Nobody: every entry has paid."), styles["body"])]
    )
    story += [
        _p(_("Every entry"), styles["h2"]),
        _table(
            [_entry_header(), *[[a, _p(b, styles["small"]), c, d, e] for a, b, c, d, e in _entry_rows(sheet, fmt)]],
            widths=[15 * mm, 85 * mm, 25 * mm, 25 * mm, 25 * mm],
            numeric_from=2,
        ),
        _p(_("Ledger"), styles["h2"]),
        _table(
            [_ledger_header(), *[[*r[:5], _p(r[5], styles["small"]), r[6]] for r in _ledger_rows(sheet, fmt)]],
            widths=[28 * mm, 12 * mm, 22 * mm, 25 * mm, 22 * mm, 48 * mm, 23 * mm],
        ),
    ]
    _build(out, _("Treasurer's sheet") + " · " + event.name, event.club.name, story)


def _sheet(workbook: Workbook, title: str, header: list, rows: list[list]) -> None:
    """One worksheet: a bold header, frozen, columns wide enough, every text cell formula-safe."""
    sheet = workbook.create_sheet(title=title[:31])
    sheet.freeze_panes = "A2"
    widths = [len(str(h)) for h in header]
    for row in rows:
        for i, value in enumerate(row[: len(widths)]):
            widths[i] = max(widths[i], len(str(value)) if value is not None else 0)
    for column, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(column)].width = min(width + 2, 60)
    bold = Font(bold=True)
    cells = []
    for value in header:
        cell = WriteOnlyCell(sheet, value=neutral(value))
        cell.font = bold
        cells.append(cell)
    sheet.append(cells)
    for row in rows:
        sheet.append([neutral(v) for v in row])


def _number(value: Decimal) -> Decimal:
    return value


def write_treasurer_xlsx(sheet: TreasurerSheet, out: BinaryIO) -> None:
    """The evening's sheet as a workbook: Summary, Entries, Payout, Ledger (amounts as numbers)."""
    workbook = Workbook(write_only=True)
    currency = sheet.currency
    summary = [[_count_line(sheet.totals), "", "", ""], *_ways_rows(sheet.totals, _number), ["", "", "", ""]]
    summary += [[a, b, "", ""] for a, b in _reconcile_rows(sheet.totals, _number, signs=False)]
    _sheet(workbook, _("Summary"), [f"{h} ({currency})" if i else h for i, h in enumerate(_ways_header())], summary)
    _sheet(workbook, _("Entries"), _entry_header(), _entry_rows(sheet, _number))
    if sheet.payout:
        _sheet(
            workbook,
            _("Payout"),
            [_("Place"), _("Share"), pgettext("money", "Amount"), _("Winners")],
            _payout_rows(sheet, _number),
        )
    _sheet(workbook, _("Ledger"), _ledger_header(), _ledger_rows(sheet, _number))
    workbook.save(out)


def _season_rows(sheet: SeasonSheet, fmt) -> list[list]:
    rows = [
        [
            f"{date_format(line.event.date, 'SHORT_DATE_FORMAT')} {line.event.name}",
            line.totals.entries,
            line.totals.owing,
            fmt(line.totals.takings),
            fmt(line.totals.refunds),
            fmt(line.totals.payout),
            fmt(line.totals.remaining),
            fmt(line.totals.outstanding),
        ]
        for line in sheet.lines
    ]
    t = sheet.totals
    rows.append(
        [
            _("Season"),
            t.entries,
            t.owing,
            fmt(t.takings),
            fmt(t.refunds),
            fmt(t.payout),
            fmt(t.remaining),
            fmt(t.outstanding),
        ]
    )
    return rows


def _season_header() -> list[str]:
    return [
        _("Evening"),
        _("Entries"),
        _("Entries still owing"),
        _("Takings"),
        _("Refunds"),
        _("Payout"),
        _("Remaining"),
        _("Still owed"),
    ]


def write_season_pdf(sheet: SeasonSheet, out: BinaryIO) -> None:
    """The season's sheet on A4: each evening's figures and the sum, the totals by way of payment."""
    _register_fonts()
    styles = _styles()

    def fmt(value):
        return money_text(value, sheet.currency)

    title = _("Treasurer's sheet of the season %(season)s") % {"season": sheet.season.name}
    rows = [[_p(r[0], styles["small"]), *r[1:]] for r in _season_rows(sheet, fmt)]
    story = [
        _p(title, styles["title"]),
        _p(sheet.season.club.name, styles["body"]),
        _p(_count_line(sheet.totals), styles["body"]),
        Spacer(1, 3 * mm),
        _table(
            [_season_header(), *rows],
            widths=[46 * mm, 14 * mm, 14 * mm, 22 * mm, 20 * mm, 22 * mm, 22 * mm, 20 * mm],
            numeric_from=1,
        ),
        _p(_("Money in and out"), styles["h2"]),
        _table(
            [_ways_header(), *_ways_rows(sheet.totals, fmt)],
            widths=[60 * mm, 35 * mm, 35 * mm, 35 * mm],
            numeric_from=1,
        ),
    ]
    _build(out, title, sheet.season.club.name, story)


def write_season_xlsx(sheet: SeasonSheet, out: BinaryIO) -> None:
    """The season's sheet as a workbook: Evenings (with the season's sum), Ways of payment."""
    workbook = Workbook(write_only=True)
    _sheet(workbook, _("Evenings"), _season_header(), _season_rows(sheet, _number))
    _sheet(workbook, _("Ways of payment"), _ways_header(), _ways_rows(sheet.totals, _number))
    workbook.save(out)
