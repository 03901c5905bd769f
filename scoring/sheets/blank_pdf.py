"""Blank score sheets to print (a *feuille de marque*): one A4 page per table, for players who keep score on
paper. Each page names the event, the round, the table, both teams with their seats' players, the first
dealer and the rule set, then one row per deal in the rule set's columns (as the desk's grid types them:
scoring/sheets/grid.py), a totals row and both sides' signatures. Rendered with ReportLab like the table cards.
"""

from __future__ import annotations

import io
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from scoring.engine import game_rules, seat_side
from scoring.rules.words import TEAMS
from scoring.sheets.card_pdf import _font_names
from scoring.sheets.forms import RuleFacts
from scoring.sheets.grid import column_labels, grid_fields  # the grid's headings: paper and grid agree
from scoring.sheets.selectors import attach_entries, first_dealer, game_sides
from tournaments.labels import preset_label
from tournaments.models import Game, Round

POINTS_GAME_ROWS = 24  # a points game's page: as many rows as fit, a second sheet for a long game
SPARE_ROWS = 2  # passed deals do not count towards a deal limit


def blank_rows(facts: RuleFacts) -> int:
    """The deal rows of one sheet: the game's deals (and room for passed ones), or a page's worth."""
    return facts.deals + SPARE_ROWS if facts.deals else POINTS_GAME_ROWS


def blank_sheets_pdf(*, round: Round, table_number: int | None = None) -> bytes:
    """The round's blank score sheets, one page per table (only `table_number`'s when given), in the
    reader's language. Two queries: the games, and their entries with players."""
    games = Game.objects.filter(round=round, is_bye=False).select_related("round__event__club").order_by("table_number")
    if table_number is not None:
        games = games.filter(table_number=table_number)
    games_list = list(games)
    attach_entries(games_list)
    event = round.event
    facts = RuleFacts.of(game_rules(event))
    labels = column_labels(facts)
    regular, bold = _font_names()
    styles = {
        "title": ParagraphStyle("title", fontName=bold, fontSize=16, leading=20),
        "line": ParagraphStyle("line", fontName=regular, fontSize=10, leading=13),
        "cell": ParagraphStyle("cell", fontName=regular, fontSize=9, leading=11),
        "head": ParagraphStyle("head", fontName=bold, fontSize=8, leading=10),
    }
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=A4,
        leftMargin=12 * mm,
        rightMargin=12 * mm,
        topMargin=12 * mm,
        bottomMargin=12 * mm,
        title=f"{event.name} · {_('Round %(number)s') % {'number': round.number}} · {_('Score sheets')}",
    )
    story: list[Any] = []
    for index, game in enumerate(games_list):
        if index:
            story.append(PageBreak())
        story += _page(game, facts, labels, styles, fonts=(regular, bold))
    if not games_list:
        story.append(Paragraph(_("This round has no tables."), styles["line"]))
    doc.build(story)
    return out.getvalue()


def _page(game: Game, facts: RuleFacts, labels: dict[str, str], styles, *, fonts: tuple[str, str]) -> list[Any]:
    regular, _bold = fonts
    event = game.round.event
    sides = game_sides(game)
    date = formats.date_format(event.date, "DATE_FORMAT") if event.date else ""
    title = _("Score sheet · Table %(table)s") % {"table": game.table_number}
    line = " · ".join(
        part
        for part in (
            event.name,
            _("Round %(number)s") % {"number": game.round.number},
            date,
            preset_label(facts.name),
        )
        if part
    )
    story: list[Any] = [Paragraph(title, styles["title"]), Paragraph(line, styles["line"]), Spacer(1, 3 * mm)]
    team_rows = []
    for side in TEAMS:
        info = sides[side]
        seats = ", ".join(f"{seat}: {player or '—'}" for seat, player in info["seat_rows"])
        team_rows.append(
            [
                Paragraph(f"<b>{seat_side(side)}</b>", styles["cell"]),
                Paragraph(_escape(info["name"] or "—"), styles["cell"]),
                Paragraph(_escape(seats), styles["cell"]),
            ]
        )
    teams = Table(team_rows, colWidths=[18 * mm, 70 * mm, 98 * mm])
    teams.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    story.append(teams)
    dealer = first_dealer(game, sides)
    if dealer is not None:
        text = _("First dealer: %(seat)s %(player)s") % {"seat": dealer[0], "player": dealer[1]}
        story += [Spacer(1, 2 * mm), Paragraph(_escape(text), styles["line"])]
    story.append(Spacer(1, 3 * mm))
    story.append(_deal_table(facts, labels, styles, fonts))
    story.append(Spacer(1, 8 * mm))
    signatures = Table(
        [[_("Signature %(side)s") % {"side": seat_side("A")}, _("Signature %(side)s") % {"side": seat_side("B")}]],
        colWidths=[93 * mm, 93 * mm],
        rowHeights=[14 * mm],
    )
    signatures.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), regular),
                ("FONTSIZE", (0, 0), (-1, -1), 9),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (0, 0), 0.6, colors.black),
                ("LINEBELOW", (1, 0), (1, 0), 0.6, colors.black),
                ("RIGHTPADDING", (0, 0), (0, 0), 8 * mm),
            ]
        )
    )
    story.append(signatures)
    return story


# Column widths in mm; the announcements get what is left.
_WIDTHS = {"taker": 20, "trump": 18, "bid": 15, "multiplier": 24, "belote": 16, "capot": 15, "tricks_a": 22}
_NUMBER = 15


def _deal_table(facts: RuleFacts, labels: dict[str, str], styles, fonts: tuple[str, str]) -> Table:
    regular, bold = fonts
    fields = grid_fields(facts)
    heads = [_("Deal"), *(labels[f] for f in fields)]
    header = [Paragraph(_escape(h), styles["head"]) for h in heads]
    count = blank_rows(facts)
    body = [[str(n), *([""] * len(fields))] for n in range(1, count + 1)]
    total = [_("Total"), *([""] * len(fields))]
    widths = [_NUMBER * mm]
    fixed = sum(_WIDTHS.get(f, _WIDTHS["tricks_a"]) for f in fields if f != "announcements")
    for f in fields:
        width = _WIDTHS.get(f, _WIDTHS["tricks_a"]) if f != "announcements" else max(186 - _NUMBER - fixed, 20)
        widths.append(width * mm)
    if "announcements" not in fields:
        # Without announcements the page is wider than the columns: the points get the rest.
        spare = (186 - _NUMBER - fixed) / 2
        widths[-1] += spare * mm
        widths[-2] += spare * mm
    height = min(11 * mm, (185 * mm) / (count + 2))
    table = Table(
        [header, *body, total], colWidths=widths, rowHeights=[None, *([height] * count), height], repeatRows=1
    )
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 1), (-1, -1), regular),
                ("FONTNAME", (0, -1), (-1, -1), bold),
                ("FONTSIZE", (0, 1), (-1, -1), 9),
                ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.92, 0.92, 0.92)),
                ("BACKGROUND", (0, -1), (-1, -1), colors.Color(0.95, 0.95, 0.95)),
                ("LINEABOVE", (0, -1), (-1, -1), 1.2, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("ALIGN", (0, 1), (0, -1), "CENTER"),
                # The totals' label spans the contract's columns: only the points add up.
                ("SPAN", (0, -1), (len(fields) - 2, -1)),
                ("ALIGN", (0, -1), (0, -1), "RIGHT"),
            ]
        )
    )
    return table


def _escape(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
