"""The tables every flat export shares (CSV, XLSX, PDF): header + rows of plain values."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.exports.data import EventResults, ruling_note
from scoring.labels import WINNER_LABELS
from scoring.standings import metrics
from tournaments.labels import withdrawn_label


def _players(entry) -> str:
    return f"{entry.player_1}" + (f" / {entry.player_2}" if entry.player_2_id else "")


def standings_header(results: EventResults) -> list[str]:
    extra = [str(metrics.METRICS[k].name) for k in results.precedence if k not in _FIXED]
    return [
        _("After round"),
        _("Rank"),
        _("Start number"),
        _("Team"),
        _("Players"),
        _("Games"),
        _("Wins"),
        _("Draws"),
        _("Losses"),
        _("Byes"),
        _("Match points"),
        _("Points"),
        _("Points against"),
        _("Difference"),
        _("Deals won"),
        _("Penalties"),
        _("Match points correction"),
        _("Points correction"),
        *extra,
        _("Withdrawn"),
        _("Late entry"),
    ]


# Metrics that already have their own column.
_FIXED = {"match_points", "total_points", "point_difference", "deals_won", "fewest_penalties"}


def standings_rows(results: EventResults, round_number: int) -> list[list]:
    keys = [k for k in results.precedence if k not in _FIXED]
    rows = []
    for s in results.standings.get(round_number, []):
        m = s.metrics or {}
        rows.append(
            [
                round_number,
                s.rank,
                s.entry.number,
                s.entry.display_name,
                _players(s.entry),
                s.games,
                s.wins,
                s.draws,
                s.losses,
                s.byes,
                metrics.json_value(s.match_points),
                s.total_points,
                s.points_against,
                s.total_points - s.points_against,
                s.deals_won,
                metrics.json_value(s.penalties),
                m.get("adjustment_match_points", 0),
                m.get("adjustment_points", 0),
                *[m.get(k) for k in keys],
                withdrawn_label(m.get("withdrawn_after")) if m.get("withdrawn") else "",
                s.entry.late_label,
            ]
        )
    return rows


def results_header() -> list[str]:
    return [
        _("Round"),
        _("Table"),
        _("North/South"),
        _("Start numbers N/S"),
        _("East/West"),
        _("Start numbers E/W"),
        _("Points N/S"),
        _("Points E/W"),
        _("Winner"),
        _("Sheet"),
        _("Unfinished game"),
    ]


def results_rows(results: EventResults) -> list[list]:
    rows = []
    for number, games in sorted(results.games.items()):
        for game in games:
            sheet = results.sheets.get(game.pk)
            counted = results.counted(game)
            winner = results.winner(game)
            rows.append(
                [
                    number,
                    "" if game.is_bye else game.table_number,
                    results.side_label(game, "A"),
                    results.side_numbers(game, "A"),
                    _("Bye") if game.is_bye else results.side_label(game, "B"),
                    "" if game.is_bye else results.side_numbers(game, "B"),
                    results.event.bye_points if game.is_bye else (counted.counted_totals[0] if counted else ""),
                    "" if game.is_bye else (counted.counted_totals[1] if counted else ""),
                    str(WINNER_LABELS.get(winner, "")),
                    "" if game.is_bye else (sheet.get_status_display() if sheet else _("No sheet")),
                    ruling_note(counted),
                ]
            )
    return rows


def adjustments_header() -> list[str]:
    return [
        _("Start number"),
        _("Team"),
        _("Kind"),
        _("Penalty"),
        _("Penalised entry"),
        _("Round"),
        _("Match points"),
        _("Points"),
        _("Reason"),
        _("Withdrawn"),
    ]


def withdrawn_text(a) -> str:
    """ "withdrawn: why (by whom)" for a withdrawn penalty or adjustment, else ""."""
    if a.withdrawn_at is None:
        return ""
    author = a.withdrawn_author
    if author:
        return _("withdrawn: %(why)s (%(author)s)") % {"why": a.withdraw_reason, "author": author}
    return _("withdrawn: %(why)s") % {"why": a.withdraw_reason}


def adjustments_rows(results: EventResults) -> list[list]:
    """Every penalty and adjustment, withdrawn ones too (marked: they no longer count)."""
    return [
        [
            a.entry.number,
            a.entry.display_name,
            a.get_kind_display(),
            a.penalty_label,
            a.penalised_entry.number if a.penalised_entry_id else "",
            a.round_number or "",
            metrics.json_value(a.match_points),
            a.points,
            a.reason,
            withdrawn_text(a),
        ]
        for a in results.adjustments
    ]
