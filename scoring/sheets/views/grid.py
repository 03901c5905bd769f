"""The desk's paper-sheet grid (`o/<club>/events/<event>/rounds/<n>/tables/<t>/grid/`): a whole paper score
sheet typed from the keyboard, one row per deal, one reason for the sheet; the same grid corrects a confirmed
sheet. `grid/check/` answers the live check (JSON, nothing stored). Without JavaScript the grid is a plain
form: a refused grid comes back with each row's message and nothing stored.

Permission of every view: a logged-in organiser of the sheet's club (other clubs' sheets answer 404; a table
link has no address here).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.engine import game_rules, seat_side
from scoring.exceptions import DealInvalid, ScoringError
from scoring.labels import OUTCOME_WORDS
from scoring.models import MAX_REASON, Sheet
from scoring.rules import RuleSetError
from scoring.sheets.addresses import round_address, sheet_address
from scoring.sheets.forms import RuleFacts
from scoring.sheets.grid import GridCheck, GridKeys, column_labels, grid_check, grid_fields, grid_rows, posted_rows
from scoring.sheets.selectors import SheetAccess, first_dealer, game_sides, sheet_deal_data
from scoring.sheets.services import sheet_grid_save
from scoring.sheets.views.referee import organiser_sheet_view, rule_set_broken

SPARE_ROWS = 2  # passed deals do not count towards a deal limit: room for them
POINTS_GAME_ROWS = 20  # a points game's grid starts with this many rows; the script adds more


def _row_count(facts: RuleFacts, stored: int) -> int:
    wanted = facts.deals + SPARE_ROWS if facts.deals else POINTS_GAME_ROWS
    return max(wanted, stored + SPARE_ROWS)


def _default_reason(sheet_has_deals: bool) -> str:
    # Typing a paper sheet is one reason for all its deals, given here; a correction asks for its own.
    return "" if sheet_has_deals else _("Paper score sheet typed at the desk")


def _context(access: SheetAccess, facts: RuleFacts, *, check: GridCheck | None, post=None) -> dict[str, Any]:
    stored = sheet_deal_data(access.sheet)
    fields = grid_fields(facts)
    keys = GridKeys.current(facts)
    labels = column_labels(facts)
    if check is not None:
        values = [row.values for row in posted_rows(post, fields)]
        errors = {row.number: row for row in check.rows}
    else:
        values = grid_rows(stored, facts, _row_count(facts, len(stored)))
        errors = {}
    rows = []
    for n, row_values in enumerate(values):
        checked = errors.get(n + 1)
        rows.append(
            {
                "number": n + 1,
                "cells": [
                    {
                        "name": f"r{n}-{f}",
                        "field": f,
                        "value": row_values.get(f, ""),
                        "label": labels[f],
                        "errors": checked.errors.get(f, []) if checked else [],
                    }
                    for f in fields
                ],
                "messages": checked.messages if checked else [],
                "outcome": str(OUTCOME_WORDS.get(checked.outcome, "")) if checked else "",
                "score": checked.score if checked else None,
                "running": checked.running if checked else None,
            }
        )
    sides = game_sides(access.game)
    settled = access.sheet.status in Sheet.COUNTED_STATUSES
    reason = post.get("reason", "") if post is not None else _default_reason(bool(stored))
    return {
        "access": access,
        "sheet": access.sheet,
        "event": access.event,
        "club": access.event.club,
        "facts": facts,
        "fields": fields,
        "headings": [labels[f] for f in fields],
        "rows": rows,
        "keys": keys.legend(),
        "script_keys": keys.script_data(facts),
        "sides": sides,
        "short": {side: seat_side(side) for side in sides},
        "dealer": first_dealer(access.game, sides),
        "reason": reason,
        "reason_max": MAX_REASON,
        "correcting": bool(stored),
        "settled": settled,
        "confirm": (post.get("confirm") == "1") if post is not None else not settled,
        "version": access.sheet.version,
        "check": check,
        "totals": check.totals if check is not None else {"A": access.sheet.total_a, "B": access.sheet.total_b},
        "urls": {
            "check": reverse("desk:sheet-grid-check", args=sheet_address(access.sheet)),
            "sheet": reverse("desk:sheet", args=sheet_address(access.sheet)),
            "round": reverse("desk:round", args=round_address(access.round)),
            "blank": reverse("desk:sheet-blank", args=sheet_address(access.sheet)),
        },
    }


@require_http_methods(["GET", "POST"])
def grid_page(request, access: SheetAccess):
    """GET: the grid, prefilled with the sheet's deals. POST: every row checked, then all deals written in
    one transaction with the one reason (redirect to the round's sheets), or the grid again with each row's
    message and nothing stored (400)."""
    try:
        facts = RuleFacts.of(game_rules(access.event))
    except RuleSetError as exc:
        return rule_set_broken(request, exc)
    if request.method == "GET":
        return render(request, "organiser/grid.html", _context(access, facts, check=None))
    fields = grid_fields(facts)
    stored = sheet_deal_data(access.sheet)
    check = grid_check(event=access.event, facts=facts, rows=posted_rows(request.POST, fields), stored=stored)
    refusal = _refusal(check)
    if refusal is None:
        try:
            sheet, changed = sheet_grid_save(
                sheet=access.sheet,
                deals=check.deals,
                version=_int(request.POST.get("version")),
                actor=access.actor,
                reason=request.POST.get("reason", ""),
                confirm=request.POST.get("confirm") == "1",
            )
        except DealInvalid as exc:
            refusal = " ".join(e["message"] for e in exc.errors)
        except ScoringError as exc:
            refusal = str(exc.message)
        else:
            messages.success(
                request,
                _("Table %(table)s: %(count)s deals saved (total %(a)s : %(b)s).")
                % {"table": access.game.table_number, "count": changed, "a": sheet.total_a, "b": sheet.total_b},
            )
            # Back to the round's sheets, where the next table's grid link has the focus (Enter opens it).
            url = reverse("desk:round", args=round_address(access.round))
            return HttpResponseRedirect(f"{url}?typed={access.game.table_number}")
    messages.error(request, _("Nothing was saved: %(reason)s") % {"reason": refusal})
    return render(request, "organiser/grid.html", _context(access, facts, check=check, post=request.POST), status=400)


def _refusal(check: GridCheck) -> str | None:
    if check.form_errors:
        return " ".join(check.form_errors)
    for row in check.rows:
        if row.messages:
            return row.messages[0]
    if not check.deals:
        return _("the grid has no deal.")
    if not check.valid:
        return _("the sheet is not valid.")
    return None


def _int(value: Any) -> int | None:
    text = str(value or "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


@require_POST
def grid_check_view(request, access: SheetAccess):
    """`grid/check/`: the posted grid parsed and scored, nothing stored: per row its messages by field, the
    outcome in words, the deal's score and the running totals; the sheet's totals and whether the game is
    over."""
    try:
        facts = RuleFacts.of(game_rules(access.event))
    except RuleSetError as exc:
        return rule_set_broken(request, exc)
    fields = grid_fields(facts)
    check = grid_check(
        event=access.event, facts=facts, rows=posted_rows(request.POST, fields), stored=sheet_deal_data(access.sheet)
    )
    return JsonResponse(
        {
            "valid": check.valid,
            "finished": check.finished,
            "totals": check.totals,
            "errors": check.form_errors,
            "rows": [
                {
                    "number": row.number,
                    "errors": row.errors,
                    "outcome": str(OUTCOME_WORDS.get(row.outcome, "")),
                    "score": row.score,
                    "running": row.running,
                    "tricks": row.tricks,
                }
                for row in check.rows
            ],
        }
    )


grid = organiser_sheet_view(grid_page)
check = organiser_sheet_view(grid_check_view)
