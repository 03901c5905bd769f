"""The prize-giving on paper (A4), with the PDF export's fonts, styles and tables (`scoring.exports.pdf`):
every turn in calling order (place, team, pool, the lot taken or a line to write it on), the absent teams,
the lots left in each pool, and the teams tied with the last prize winner with what decided."""

from __future__ import annotations

from typing import BinaryIO

from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from scoring.exports.pdf import _p, _register_fonts, _styles, _table, build_document
from scoring.prizes.selectors import Board
from scoring.prizes.texts import tie_sentence


def _lot(prize) -> str:
    if prize is None:
        return ""
    if prize.value is None:
        return prize.label
    return f"{prize.label} ({number_format(prize.value, 2)}\u00a0€)"


def write_giving_pdf(*, board: Board, out: BinaryIO) -> None:
    _register_fonts()
    styles = _styles()
    event = board.event
    story = [
        _p(_("Prize-giving: %(event)s") % {"event": event.name}, styles["title"]),
        _p(
            " · ".join(x for x in (event.club.name, date_format(event.date, "DATE_FORMAT"), event.venue) if x),
            styles["body"],
        ),
        Spacer(1, 4 * mm),
    ]
    if not board.rows:
        story.append(_p(_("No prize to give yet: the prize list or the final standings are empty."), styles["body"]))
    else:
        data = [[_("Turn"), _("Place"), _("Team"), _("For"), _("Prize taken")]]
        for row in board.rows:
            entry = row.standing.entry
            data.append(
                [
                    str(row.turn.number),
                    str(row.standing.rank),
                    _p(f"{entry.number} · {entry.display_name}", styles["small"]),
                    _p(row.category.name if row.category else _("overall"), styles["small"]),
                    _p(_lot(row.award.prize) if row.award else "", styles["small"]),
                ]
            )
        story.append(_table(data, widths=[12 * mm, 12 * mm, 70 * mm, 30 * mm, 56 * mm]))
    if board.absent:
        story.append(_p(_("Not there"), styles["h2"]))
        story.append(_p(", ".join(f"{a.entry.number} · {a.entry.display_name}" for a in board.absent), styles["body"]))
    if board.ties:
        story.append(_p(_("Tied with the last prize winner"), styles["h2"]))
        for tie in board.ties:
            story.append(_p(tie_sentence(board, tie), styles["body"]))
    left = [(c, lots) for c, lots in _pools(board) if lots]
    if left:
        story.append(_p(_("Prizes left"), styles["h2"]))
        for category, lots in left:
            title = category.name if category else _("overall")
            story.append(_p(f"{title}: " + "; ".join(_lot(p) for p in lots), styles["body"]))

    build_document(out, story, title=event.name, author=event.club.name)


def _pools(board: Board):
    yield None, board.remaining.get(None, [])
    for c in board.lots.categories:
        yield c, board.remaining.get(c.pk, [])
