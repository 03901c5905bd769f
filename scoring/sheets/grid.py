"""The desk's paper-sheet grid: a whole paper score sheet typed from the keyboard, one row per deal, each
field a key or a number in the reader's language, turned into deal JSON (spec §6) and checked by the rules
engine as a whole sheet.

A row's fields (those the rule set has): taker (a side key, or "-" for a passed deal), trump (one key), bid
(coinche: a number, or the capot key), doubled ("2" or "4"), belote (a side key; all-trumps: one per belote),
announcements (short form, below), capot (a side key), and the trick points of each side (one is enough:
the other is the deal's total minus it).

Announcements in short form, separated by spaces: a side key, then a run's length (3 to 8), its suit key
and its top card ("n3hk": N/S, tierce in hearts to the king), or the carré key and its rank ("ecj": E/W, carré
of jacks). The keys are the reader's (German "o3hk", "ocb"): `GridKeys.current`.

A row's keys become a deal in scoring/sheets/grid_keys.py. `grid_check` parses and scores posted rows
without storing anything (the live check and the POST's validation); `grid_rows` turns stored deals back
into rows. The write is `services.sheet_grid_save`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring.engine import seat_side, sheet_score
from scoring.labels import BELOT_COLUMNS, COINCHE_COLUMNS, GRID_COLUMNS
from scoring.rules.words import OTHER, TEAMS
from scoring.sheets.forms import RuleFacts
from scoring.sheets.grid_keys import PASS_KEY, GridKeys, GridRow, announcement_short, parse_row

__all__ = ["GridCheck", "GridKeys", "GridRow", "column_labels", "grid_check", "grid_fields", "grid_rows", "posted_rows"]

MAX_ROWS = 200  # a points game of a whole evening stays far below
KEPT_FIELDS = ("last_trick", "eldest")


def grid_fields(facts: RuleFacts) -> list[str]:
    """The row's fields for this rule set, in the order Tab and the keys move through them: the contract,
    what a deal adds (belote, announcements, capot), then the trick points (a digit typed in an empty
    one-key field goes on to the taker's points, so a plain deal skips what it does not have)."""
    names = ["taker", "trump"]
    if facts.has_bid:
        names.append("bid")
    if len(facts.multipliers) > 1:
        names.append("multiplier")
    if facts.announcements != "none":
        names.append("belote")
    if facts.announcements == "all":
        names.append("announcements")
    names += ["capot", "tricks_a", "tricks_b"]
    return names


def column_labels(facts: RuleFacts) -> dict[str, str]:
    """The headings of the rule set's columns in the reader's words (the grid's and the blank sheet's)."""
    labels = {name: str(word) for name, word in GRID_COLUMNS.items()}
    if facts.family == "belot":
        labels.update({name: str(word) for name, word in BELOT_COLUMNS.items()})
    elif facts.family == "coinche":
        labels.update({name: str(word) for name, word in COINCHE_COLUMNS.items()})
    labels["tricks_a"] = _("Points %(side)s") % {"side": seat_side("A")}
    labels["tricks_b"] = _("Points %(side)s") % {"side": seat_side("B")}
    return labels


@dataclass
class GridCheck:
    """The rows as posted and scored: valid when every filled row makes a deal the engine takes."""

    rows: list[GridRow]
    result: dict[str, Any] | None
    form_errors: list[str] = field(default_factory=list)

    @property
    def deals(self) -> list[dict[str, Any]]:
        return [row.deal for row in self.rows if row.deal is not None]

    @property
    def valid(self) -> bool:
        return (
            not self.form_errors and not any(r.errors for r in self.rows) and bool(self.result and self.result["valid"])
        )

    @property
    def totals(self) -> dict[str, int]:
        return (self.result or {}).get("totals") or {"A": 0, "B": 0}

    @property
    def finished(self) -> bool:
        return bool((self.result or {}).get("finished"))


def posted_rows(data, fields: list[str]) -> list[GridRow]:
    """The grid's rows from POSTed data (`r<n>-<field>`, n from 0), up to the first row number missing."""
    rows = []
    for n in range(MAX_ROWS):
        if f"r{n}-taker" not in data:
            break
        rows.append(GridRow(number=n + 1, values={f: str(data.get(f"r{n}-{f}", ""))[:200] for f in fields}))
    return rows


def grid_check(
    *, event, facts: RuleFacts, rows: list[GridRow], stored: list[dict[str, Any]] | None = None
) -> GridCheck:
    """Parse every row, then score the deals in order with the rules engine (nothing stored).

    Empty rows at the end are left out; an empty row between deals is an error (a deal's number is its
    place). A row that did not change from the stored deal at its place (`stored`: the sheet's deals) keeps
    that deal's data as stored, so a correction changes only the rows typed again. Scoring runs up to the
    first row that does not parse; the engine's errors go to the fields they name, in its own words."""
    keys = GridKeys.current(facts)
    fields = list(rows[0].values) if rows else []
    last = max((i for i, r in enumerate(rows) if not r.empty), default=-1)
    rows = rows[: max(last + 1, 0)] if last >= 0 else []
    stored_rows = [deal_row(d, facts, keys) for d in stored or []]
    for i, row in enumerate(rows):
        if row.empty:
            row.error("", _("Deal %(number)s is empty, but later deals are filled in.") % {"number": row.number})
            continue
        if i < len(stored_rows) and {f: row.values.get(f, "").strip().lower() for f in fields} == stored_rows[i]:
            row.deal = (stored or [])[i]
            continue
        row.deal = parse_row(row, facts, keys)
        if row.deal is not None and row.deal.get("contract") and i < len(stored_rows):
            # What the grid has no field for (who won the last trick, the eldest hand) stays as stored.
            old = (stored or [])[i]
            kept = {k: old[k] for k in KEPT_FIELDS if old.get(k) and not (k == "last_trick" and row.deal.get("capot"))}
            row.deal = {**row.deal, **kept}
    scored = []
    for row in rows:
        if row.deal is None:
            break
        scored.append(row)
    if not scored:
        return GridCheck(rows=rows, result=None)
    result = sheet_score(event=event, deals=[r.deal for r in scored if r.deal is not None])
    running = {"A": 0, "B": 0}
    for row, item in zip(scored, result["deals"], strict=False):
        row.outcome = item.get("outcome") or ""
        for error in item.get("errors") or []:
            row.error(_row_field(error.get("field") or "", row, fields), error["message"])
        if item.get("score"):
            row.score = item["score"]
            running = {t: running[t] + item["score"][t] for t in TEAMS}
            row.running = dict(running)
    form_errors = [e["message"] for e in result["errors"] if e.get("deal") is None]
    if not result["valid"] and not form_errors and not any(r.errors for r in scored):
        form_errors = [e["message"] for e in result["errors"]]  # never an invalid sheet without its message
    return GridCheck(rows=rows, result=result, form_errors=form_errors)


def _row_field(engine_field: str, row: GridRow, fields: list[str]) -> str:
    """The grid field an engine error names ("" for the row as a whole)."""
    head, _sep, rest = engine_field.partition(".")
    contract = row.deal.get("contract") if row.deal else None
    taker = contract.get("taker") if isinstance(contract, dict) else "A"
    if head == "contract":
        name = rest.split(".")[0]
    elif head in ("tricks", "last_trick"):
        side = rest.split(".")[0] if rest[:1] in TEAMS else taker
        name = f"tricks_{str(side).lower()}"
    elif head == "declarations" or head == "eldest":
        name = "announcements"
    else:
        name = head
    return name if name in fields else ""


def deal_row(deal: dict[str, Any], facts: RuleFacts, keys: GridKeys) -> dict[str, str]:
    """A stored deal as the grid's row of keys (lower case), for a correction."""
    names = grid_fields(facts)
    row = dict.fromkeys(names, "")
    contract = deal.get("contract")
    if not contract:
        row["taker"] = PASS_KEY
        return row
    taker = contract.get("taker")
    row["taker"] = keys.side_key(taker)
    row["trump"] = keys.trump_key(contract.get("trump"))
    if "bid" in row and "bid" in contract:
        row["bid"] = keys.capot_bid if contract["bid"] == "capot" else str(contract["bid"])
    if "multiplier" in row and contract.get("multiplier", 1) != 1:
        row["multiplier"] = str(contract["multiplier"])
    if "belote" in row:
        row["belote"] = "".join(
            keys.side_key(b if isinstance(b, str) else b.get("team")) for b in deal.get("belote") or []
        )
    if "announcements" in row:
        declarations = deal.get("declarations") or {}
        row["announcements"] = " ".join(
            keys.side_key(side) + announcement_short(item, keys)
            for side in TEAMS
            for item in declarations.get(side) or []
        )
    if deal.get("capot"):
        row["capot"] = keys.side_key(deal["capot"])
    else:
        tricks = deal.get("tricks") or {}
        # The taker's points only: the other side's are the total minus them, as the grid fills them in.
        row[f"tricks_{taker.lower()}"] = str(tricks.get(taker, ""))
        other = OTHER[taker]
        if tricks.get(taker, 0) + tricks.get(other, 0) != facts.deal_totals.get(contract.get("trump"), 0):
            row[f"tricks_{other.lower()}"] = str(tricks.get(other, ""))
    return row


def grid_rows(deals: list[dict[str, Any]], facts: RuleFacts, count: int) -> list[dict[str, str]]:
    """The grid's rows for a page: the stored deals as keys, then empty rows up to `count`."""
    keys = GridKeys.current(facts)
    rows = [deal_row(d, facts, keys) for d in deals]
    empty = dict.fromkeys(grid_fields(facts), "")
    return rows + [dict(empty) for _i in range(max(count - len(rows), 0))]
