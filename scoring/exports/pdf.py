"""Printable PDF of an event: standings, results round by round, and every counted sheet deal by deal."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO
from xml.sax.saxutils import escape

import reportlab
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from scoring.exports.data import EventResults, load_results, ruling_note
from scoring.exports.tables import withdrawn_text
from scoring.labels import TRUMP_NAMES, deal_extras, outcome_label, side_short
from scoring.standings import metrics
from tournaments.labels import withdrawn_label

# A Unicode TrueType font so names with accents print: DejaVu where the system has it, else the Vera font
# that ReportLab ships (always there).
_FONT_CANDIDATES = [
    (
        Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
        Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ),
    (Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf"),
]
FONT, FONT_BOLD = "AtoutSans", "AtoutSans-Bold"


def _register_fonts() -> None:
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    for regular, bold in _FONT_CANDIDATES:
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont(FONT, str(regular)))
            pdfmetrics.registerFont(TTFont(FONT_BOLD, str(bold)))
            return
    raise RuntimeError("No TrueType font found for the PDF export")


def _styles():
    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("title", parent=base["Title"], fontName=FONT_BOLD, fontSize=18),
        "h2": ParagraphStyle("h2", parent=base["Heading2"], fontName=FONT_BOLD, fontSize=13, spaceBefore=8),
        "h3": ParagraphStyle(
            "h3", parent=base["Heading3"], fontName=FONT_BOLD, fontSize=10, spaceBefore=6, spaceAfter=2
        ),
        "body": ParagraphStyle("body", parent=base["BodyText"], fontName=FONT, fontSize=9),
        "small": ParagraphStyle("small", parent=base["BodyText"], fontName=FONT, fontSize=7.5, leading=9),
    }


def _table(data: list[list], widths=None, numeric_from: int = 0, header_rows: int = 1) -> Table:
    table = Table(data, colWidths=widths, repeatRows=header_rows)
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("FONT", (0, 0), (-1, header_rows - 1), FONT_BOLD, 8),
        ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, colors.HexColor("#f1f3f4")]),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    if numeric_from:
        style.append(("ALIGN", (numeric_from, 0), (-1, -1), "RIGHT"))
    table.setStyle(TableStyle(style))
    return table


def _p(text, style) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def _standings_story(results: EventResults, styles) -> list:
    final = results.final_round
    if results.event.is_finished:
        heading = _("Final standings")
    else:
        heading = _("Standings after round %(number)s") % {"number": final}
    story = [_p(heading, styles["h2"])]
    keys = [k for k in results.precedence if k not in ("match_points", "lots")]
    header = ["#", _("No."), _("Team"), _("G"), _("MP"), *[str(metrics.METRICS[k].abbr) for k in keys]]
    data = [header]
    for s in results.standings[final]:
        notes = [s.entry.late_label] if s.entry.late else []
        if s.metrics.get("withdrawn"):
            notes.append(withdrawn_label(s.metrics.get("withdrawn_after")))
        name = s.entry.display_name + (f" ({', '.join(notes)})" if notes else "")
        data.append(
            [
                s.rank,
                s.entry.number,
                _p(name, styles["small"]),
                s.games + s.byes,
                metrics.json_value(s.match_points),
                *["–" if s.metrics.get(k) is None else s.metrics.get(k) for k in keys],
            ]
        )
    widths = [10 * mm, 10 * mm, 70 * mm, 10 * mm, 14 * mm] + [max(12, 70 // max(len(keys), 1)) * mm] * len(keys)
    story.append(_table(data, widths=widths[: len(header)], numeric_from=3))
    if results.adjustments:
        story.append(_p(_("Penalties and adjustments"), styles["h3"]))
        for a in results.adjustments:
            amount = ", ".join(
                x
                for x in (
                    f"{metrics.json_value(a.match_points)} {_('MP')}" if a.match_points else "",
                    f"{a.points} {_('pts')}" if a.points else "",
                )
                if x
            )
            what = a.penalty_label or a.get_kind_display()
            if a.penalised_entry_id and a.penalised_entry_id != a.entry_id:
                what = _("%(penalty)s of %(number)s") % {"penalty": what, "number": a.penalised_entry.number}
            line = f"{a.entry.number} {a.entry.display_name}: {what} {amount} – {a.reason}"
            if a.withdrawn_at is not None:
                # Struck through and said in words: kept on the record, no longer counted.
                line = f"<strike>{escape(line)}</strike> ({escape(withdrawn_text(a))})"
                story.append(Paragraph(line, styles["small"]))
            else:
                story.append(_p(line, styles["small"]))
    return story


def _round_story(results: EventResults, number: int, styles) -> list:
    story = [CondPageBreak(40 * mm), _p(_("Results of round %(number)s") % {"number": number}, styles["h2"])]
    data = [[_("Table"), _("North/South"), _("East/West"), _("Score")]]
    for game in results.games.get(number, []):
        counted = results.counted(game)
        if game.is_bye:
            score = _("Bye")
        elif counted and counted.unfinished_rule:
            # The counted score, and beside it the rule that made it and what was played.
            total_a, total_b = counted.counted_totals
            score = Paragraph(f"{total_a} : {total_b}<br/>{escape(ruling_note(counted))}", styles["small"])
        elif counted:
            score = f"{counted.total_a} : {counted.total_b}"
        else:
            score = _("open")
        data.append(
            [
                "–" if game.is_bye else game.table_number,
                _p(results.side_label(game, "A"), styles["small"]),
                _p(results.event.bye_text if game.is_bye else results.side_label(game, "B"), styles["small"]),
                score,
            ]
        )
    story.append(_table(data, widths=[14 * mm, 58 * mm, 58 * mm, 44 * mm], numeric_from=3))
    return story


def _sheet_story(results: EventResults, game, styles) -> list:
    sheet = results.counted(game)
    number = next(n for n, games in results.games.items() if game in games)
    title = _("Round %(round)s · table %(table)s: %(a)s – %(b)s") % {
        "round": number,
        "table": game.table_number,
        "a": results.side_label(game, "A"),
        "b": results.side_label(game, "B"),
    }
    deal_results = (sheet.result or {}).get("deals") or []
    small = styles["small"]
    header = [_("Deal"), _("Taker"), _("Trump"), _("Outcome"), _("Capot, belote, announcements")]
    header += [_("N/S"), _("E/W"), _("Total N/S"), _("Total E/W")]
    # Header and outcome as paragraphs, so a long word ("Litige (Punkte gehalten)") wraps in its own column.
    head = ParagraphStyle("head", parent=small, fontName=FONT_BOLD)
    head_num = ParagraphStyle("head_num", parent=head, alignment=TA_RIGHT)
    data: list[list] = [[_p(h, head if i < 5 else head_num) for i, h in enumerate(header)]]
    run_a = run_b = 0
    for deal in results.deals.get(sheet.pk, []):
        result = deal_results[deal.position] if deal.position < len(deal_results) else {}
        score = result.get("score") or {}
        contract = (deal.data or {}).get("contract") or {}
        run_a += score.get("A") or 0
        run_b += score.get("B") or 0
        trump = contract.get("trump") or ""
        data.append(
            [
                deal.position + 1,
                side_short(contract.get("taker"), "–"),
                # Words, not suit symbols: the fallback font has no card suits.
                str(TRUMP_NAMES.get(trump, trump)),
                _p(outcome_label(result.get("outcome")), small),
                _p(" · ".join(deal_extras(deal.data or {}, symbols=False)), small),
                score.get("A", ""),
                score.get("B", ""),
                run_a,
                run_b,
            ]
        )
    data.append(["", "", "", _("Total"), "", "", "", sheet.total_a, sheet.total_b])
    if sheet.unfinished_rule:
        total_a, total_b = sheet.counted_totals
        data.append(["", "", "", _p(_("Counted"), small), _p(ruling_note(sheet), small), "", "", total_a, total_b])
    # 180 mm: the A4 page between its margins.
    widths = [12 * mm, 16 * mm, 21 * mm, 26 * mm, 41 * mm, 14 * mm, 14 * mm, 18 * mm, 18 * mm]
    table = _table(data, widths=widths, numeric_from=5)
    table.setStyle(
        TableStyle([("FONT", (0, -1), (-1, -1), FONT_BOLD, 8), ("LINEABOVE", (0, -1), (-1, -1), 0.5, colors.black)])
    )
    return [KeepTogether([_p(title, styles["h3"]), table])]


def write_pdf(*, event_id: int, out: BinaryIO, progress=lambda pct: None) -> None:
    """A4 PDF: final standings (with penalties and adjustments), each round's results, then every
    confirmed sheet deal by deal. Reports progress while laying out the sheets."""
    _register_fonts()
    styles = _styles()
    results = load_results(event_id, with_deals=True)
    event = results.event
    progress(10)
    story = [
        _p(event.name, styles["title"]),
        _p(
            " · ".join(x for x in (event.club.name, date_format(event.date, "DATE_FORMAT"), event.venue) if x),
            styles["body"],
        ),
        Spacer(1, 4 * mm),
    ]
    if results.final_round:
        story += _standings_story(results, styles)
    else:
        story.append(_p(_("No results yet."), styles["body"]))
    for number in sorted(results.games):
        story += _round_story(results, number, styles)
    counted = [g for n in sorted(results.games) for g in results.games[n] if not g.is_bye and results.counted(g)]
    if counted:
        story += [PageBreak(), _p(_("Score sheets"), styles["h2"])]
        for i, game in enumerate(counted, start=1):
            story += _sheet_story(results, game, styles)
            if i % 25 == 0:
                progress(10 + 40 * i // len(counted))
    progress(50)

    build_document(out, story, title=event.name, author=event.club.name)
    progress(100)


def build_document(out, story: list, *, title: str, author: str, page_size=A4, margin: float = 15 * mm) -> None:
    """Write `story` as a PDF to `out` with every export's footer: "title · author" and the page number."""
    width = page_size[0]

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setFont(FONT, 7)
        canvas.drawString(margin, margin * 2 / 3, f"{title} · {author}")
        canvas.drawRightString(width - margin, margin * 2 / 3, _("Page %(page)s") % {"page": doc.page})
        canvas.restoreState()

    doc = SimpleDocTemplate(
        out,
        pagesize=page_size,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin * 1.2,
        title=title,
        author=author,
    )
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
