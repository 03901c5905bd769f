"""The prize-giving's sentences, shared by the page and the print: how a tie at the end of the prize list
was broken."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scoring.prizes.selectors import Board, TieRow
from scoring.standings import metrics


def _number(value: object) -> str:
    return "–" if value is None else str(number_format(value))


def tie_sentence(board: Board, tie: TieRow) -> str:
    """ "No. 14 (…) is level with no. 12 (…), the last prize winner (Match points: 9 each). Decided by Total
    points: 1,234 against 1,180." or, level on every criterion, that the start number ordered the shared place."""
    last = board.last_winner
    assert last is not None  # a tie is always with a last winner
    first = metrics.METRICS[board.precedence[0]]
    values = {
        "number": tie.standing.entry.number,
        "name": tie.standing.entry.display_name,
        "winner_number": last.entry.number,
        "winner_name": last.entry.display_name,
        "first": first.name,
        "score": _number((last.metrics or {}).get(first.key)),
        "rank": last.rank,
    }
    if tie.decided_by is None:
        return (
            _(
                "No. %(number)s (%(name)s) is level with no. %(winner_number)s (%(winner_name)s), the last prize "
                "winner, on every criterion (shared place %(rank)s): the start number decided."
            )
            % values
        )
    return _(
        "No. %(number)s (%(name)s) is level with no. %(winner_number)s (%(winner_name)s), the last prize "
        "winner (%(first)s: %(score)s each). Decided by %(criterion)s: %(winner_value)s against %(own_value)s."
    ) % {
        **values,
        "criterion": tie.decided_by_name,
        "winner_value": _number(tie.winner_value),
        "own_value": _number(tie.own_value),
    }
