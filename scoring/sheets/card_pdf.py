"""Table cards: one PDF per round, one card per table, with a QR code for each side's table link.

Two A5 cards per A4 page (cut along the dashed line). Each card shows the event, round and table number,
both teams with their seats, the first dealer, and per side a QR code of its secret link (plus the link as
text, for a phone that cannot scan). Rendered server-side with ReportLab; the QR codes come from segno and
are drawn as vector squares, so they stay sharp at any print size.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import segno
from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from scoring.exceptions import SheetStateError
from scoring.labels import SIDE_LABELS
from scoring.models import TableCard, TableLink
from scoring.rules.words import TEAMS
from scoring.sheets.selectors import attach_entries, first_dealer, game_sides
from tournaments.models import Game, Round

# DejaVu covers every European name (ł, ő, ç...); ReportLab's built-in Helvetica only Latin-1.
_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
_fonts: tuple[str, str] | None = None


def _font_names() -> tuple[str, str]:
    global _fonts
    if _fonts is None:
        _fonts = ("Helvetica", "Helvetica-Bold")
        for folder in _FONT_DIRS:
            regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
            if regular.exists() and bold.exists():
                pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
                pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
                _fonts = ("DejaVuSans", "DejaVuSans-Bold")
                break
    return _fonts


def draw_qr(canvas: Canvas, data: str, x: float, y: float, size: float) -> None:
    """A QR code of `data` with its quiet zone, `size` wide, lower-left corner at (x, y)."""
    qr = segno.make(data, error="m", micro=False)
    matrix = qr.matrix
    border = 4
    count = len(matrix) + 2 * border
    module = size / count
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    path = canvas.beginPath()
    for row_index, row in enumerate(matrix):
        top = y + size - (row_index + border + 1) * module
        start = None
        # Merge runs of dark modules in a row into one rectangle: fewer, cleaner shapes.
        for col, dark in enumerate([*row, 0]):
            if dark and start is None:
                start = col
            elif not dark and start is not None:
                path.rect(x + (start + border) * module, top, (col - start) * module, module)
                start = None
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def _fit(canvas: Canvas, text: str, font: str, size: float, width: float) -> float:
    """The largest font size ≤ `size` at which `text` fits `width`."""
    while size > 6 and canvas.stringWidth(text, font, size) > width:
        size -= 0.5
    return size


def _card(
    canvas: Canvas, game: Game, links: dict[str, TableLink], link_url: Callable[[str], str], top: float, height: float
) -> None:
    regular, bold = _font_names()
    width, _height = A4
    margin = 12 * mm
    event = game.round.event
    x0, x1 = margin, width - margin
    y = top - margin

    canvas.setFont(bold, 14)
    canvas.drawString(x0, y - 4 * mm, event.name[:80])
    canvas.setFont(regular, 10)
    date = formats.date_format(event.date, "DATE_FORMAT")
    canvas.drawString(x0, y - 9 * mm, f"{date} · {_('Round %(number)s') % {'number': game.round.number}}")
    label = _("Table %(number)s") % {"number": game.table_number}
    canvas.setFont(bold, 30)
    canvas.drawRightString(x1, y - 10 * mm, label)

    sides = game_sides(game)
    column = (x1 - x0) / 2
    qr_size = min(58 * mm, height - 62 * mm)
    for index, side in enumerate(TEAMS):
        info = sides[side]
        cx = x0 + index * column
        cy = y - 20 * mm
        canvas.setFont(bold, 12)
        canvas.drawString(cx, cy, str(info["label"]))
        name = info["name"]
        size = _fit(canvas, name, regular, 11, column - 6 * mm)
        canvas.setFont(regular, size)
        canvas.drawString(cx, cy - 5.5 * mm, name)
        canvas.setFont(regular, 10)
        for offset, (seat, player) in enumerate(info["seat_rows"]):
            canvas.drawString(cx, cy - (11 + offset * 4.5) * mm, f"{seat}: {player or '—'}")
        link = links.get(side)
        if link is not None:
            url = link_url(link.token)
            qr_y = cy - 22 * mm - qr_size
            draw_qr(canvas, url, cx, qr_y, qr_size)
            canvas.setFont(regular, 8)
            canvas.drawString(cx, qr_y - 3.5 * mm, _("Scan to open the sheet of %(side)s") % {"side": info["label"]})
            canvas.setFont(regular, _fit(canvas, url, regular, 6.5, column - 6 * mm))
            canvas.drawString(cx, qr_y - 7 * mm, url)

    # Both sides' links are on this one card: confirming through one needs that side's PIN, which only its
    # half of the table card shows.
    canvas.setFont(regular, 8)
    canvas.drawRightString(
        x1, top - height + 4 * mm, _("To confirm or dispute, type your side's PIN from your half of the table card.")
    )
    dealer = first_dealer(game, sides)
    if dealer is not None:
        canvas.setFont(regular, 10)
        canvas.drawString(
            x0, top - height + 8 * mm, _("First dealer: %(seat)s %(player)s") % {"seat": dealer[0], "player": dealer[1]}
        )


def round_cards_pdf(*, round: Round, link_url: Callable[[str], str]) -> bytes:
    """The table cards of a released (or closed) round as PDF bytes; `link_url(token)` gives the absolute
    address of a table link (the round-release hook made them; a table without one gets no QR code). A fixed
    number of queries whatever the number of tables; raises SheetStateError for a round not released yet."""
    if round.status not in Round.PUBLIC_STATUSES:
        raise SheetStateError(_("Table links exist once the round is released."), code="round_not_released")
    games = list(Game.objects.filter(round=round, is_bye=False).order_by("table_number"))
    attach_entries(games)
    links: dict[int, dict[str, TableLink]] = {}
    for link in TableLink.objects.active().filter(game__round=round):
        links.setdefault(link.game_id, {})[link.side] = link
    for game in games:
        game.round = round
    return _two_up_pdf(
        title=f"{round.event.name} · {_('Round %(number)s') % {'number': round.number}}",
        items=games,
        draw=lambda canvas, game, top, half: _card(canvas, game, links.get(game.pk, {}), link_url, top, half),
        empty=_("This round has no tables."),
    )


def _two_up_pdf(*, title: str, items: list, draw: Callable[[Canvas, Any, float, float], None], empty: str) -> bytes:
    """Two A5 cards per A4 page with a dashed cutting line between them; `draw(canvas, item, top, height)`
    draws one card, and `empty` is printed on a lone page when there is nothing to draw."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    canvas.setTitle(title)
    width, height = A4
    half = height / 2
    if not items:
        canvas.setFont(_font_names()[0], 12)
        canvas.drawString(20 * mm, height - 30 * mm, empty)
    for index, item in enumerate(items):
        slot = index % 2
        draw(canvas, item, height - slot * half, half)
        if slot == 0:
            canvas.saveState()
            canvas.setDash(3, 3)
            canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
            canvas.line(8 * mm, half, width - 8 * mm, half)
            canvas.restoreState()
        if slot == 1 or index == len(items) - 1:
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# --- cards for the whole evening ---------------------------------------------------------------------------


def _table_card(
    canvas: Canvas,
    event,
    table_number: int,
    cards: dict[str, TableCard],
    link_url: Callable[[str], str],
    top: float,
    height: float,
    code_address: str = "",
) -> None:
    regular, bold = _font_names()
    width, _height = A4
    margin = 12 * mm
    x0, x1 = margin, width - margin
    y = top - margin
    canvas.setFont(bold, 14)
    canvas.drawString(x0, y - 4 * mm, event.name[:80])
    canvas.setFont(regular, 10)
    canvas.drawString(x0, y - 9 * mm, formats.date_format(event.date, "DATE_FORMAT"))
    canvas.setFont(bold, 30)
    canvas.drawRightString(x1, y - 10 * mm, _("Table %(number)s") % {"number": table_number})
    canvas.setFont(regular, 9)
    canvas.drawString(
        x0,
        y - 16 * mm,
        _("This card stays on the table all evening: it always opens the sheet of the round being played here."),
    )
    column = (x1 - x0) / 2
    qr_size = min(62 * mm, height - 58 * mm)
    for index, side in enumerate(TEAMS):
        cx = x0 + index * column
        cy = y - 25 * mm
        canvas.setFont(bold, 13)
        canvas.drawString(cx, cy, str(SIDE_LABELS[side]))
        card = cards.get(side)
        if card is None:
            continue
        url = link_url(card.token)
        qr_y = cy - 4 * mm - qr_size
        draw_qr(canvas, url, cx, qr_y, qr_size)
        canvas.setFont(regular, 8)
        canvas.drawString(cx, qr_y - 3.5 * mm, _("Scan to open the sheet of %(side)s") % {"side": SIDE_LABELS[side]})
        canvas.setFont(regular, _fit(canvas, url, regular, 6.5, column - 6 * mm))
        canvas.drawString(cx, qr_y - 7 * mm, url)
        if code_address:
            _short_code(canvas, card, code_address, cx, qr_y - 7 * mm, column - 6 * mm)
        _side_pin(canvas, card, table_number, cx + qr_size + 3 * mm, qr_y + qr_size, column - qr_size - 8 * mm)
    _cut_line(canvas, x0 + column - 3 * mm, y - 20 * mm, top - height + 6 * mm)


# --- each side's PIN, on its own half -------------------------------------------------------------------


def _side_pin(canvas: Canvas, card: TableCard, table_number: int, x: float, top: float, width: float) -> None:
    """The side's PIN, large, right of its QR code: a game link (printed where both sides see it) confirms
    or disputes only with it, so it is printed on this side's half alone."""
    regular, bold = _font_names()
    canvas.setFont(bold, 10)
    canvas.drawString(x, top - 5 * mm, _("PIN"))
    canvas.setFont(bold, _fit(canvas, card.pin, bold, 24, width))
    canvas.drawString(x, top - 14 * mm, card.pin)
    canvas.setFont(regular, 7)
    canvas.drawString(x, top - 19 * mm, _("Table %(number)s") % {"number": table_number})
    canvas.drawString(x, top - 22.5 * mm, str(SIDE_LABELS[card.side]))


def _cut_line(canvas: Canvas, x: float, top: float, bottom: float) -> None:
    """Between the two sides: cut here, and each side keeps its own half (its QR code and its PIN)."""
    canvas.saveState()
    canvas.setDash(2, 3)
    canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
    canvas.line(x, top, x, bottom)
    canvas.setFillColorRGB(0.4, 0.4, 0.4)
    canvas.setFont(_font_names()[0], 6.5)
    canvas.translate(x - 1.2 * mm, bottom)
    canvas.rotate(90)
    canvas.drawString(0, 0, _("Cut here: each side keeps its own half, with its PIN."))
    canvas.restoreState()


def _short_code(canvas: Canvas, card: TableCard, address: str, x: float, below: float, width: float) -> None:
    """The card's short code, large, under its QR code, and where to type it: for a phone that cannot scan
    (the 70-character address above is too small to type)."""
    regular, bold = _font_names()
    shown = address.removeprefix("https://")  # a phone's browser adds https itself; a LAN's http:// stays
    line = _("No QR scanner? Open %(address)s and type:") % {"address": shown}
    canvas.setFont(regular, _fit(canvas, line, regular, 9, width))
    canvas.drawString(x, below - 6 * mm, line)
    canvas.setFont(bold, _fit(canvas, card.short_code, bold, 26, width))
    canvas.drawString(x, below - 16 * mm, card.short_code)


def event_cards_pdf(
    *, event, link_url: Callable[[str], str], table_number: int | None = None, code_address: str = ""
) -> bytes:
    """The event's table cards as PDF bytes, two A5 cards per A4 page: one per table with the QR codes
    of its two active cards (only table `table_number` when given, to reprint one). `link_url(token)`
    gives a card's absolute address; `code_address`, the absolute address of the code page (/c), printed
    with each card's short code (none without it). Reads only (two queries); tables without cards get no
    card."""
    cards = TableCard.objects.active().filter(event=event)
    if table_number is not None:
        cards = cards.filter(table_number=table_number)
    by_table: dict[int, dict[str, TableCard]] = {}
    for card in cards.order_by("table_number", "side"):
        by_table.setdefault(card.table_number, {})[card.side] = card
    return _two_up_pdf(
        title=f"{event.name} · {_('Table cards')}",
        items=sorted(by_table),
        draw=lambda canvas, number, top, half: _table_card(
            canvas, event, number, by_table[number], link_url, top, half, code_address
        ),
        empty=_("No table cards yet: make them on the table cards page."),
    )
