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

`grid_check` parses and scores posted rows without storing anything (the live check and the POST's
validation); `grid_rows` turns stored deals back into rows. The write is `services.sheet_grid_save`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring.engine import seat_side, sheet_score
from scoring.labels import (
    BELOT_COLUMNS,
    COINCHE_COLUMNS,
    GRID_CAPOT_BID_KEY,
    GRID_CARRE_KEY,
    GRID_COLUMNS,
    GRID_SIDE_KEYS,
    GRID_TRUMP_KEYS,
    RANK_LABELS,
    TRUMP_NAMES,
)
from scoring.rules.words import OTHER, RANKS, SUITS, TEAMS
from scoring.sheets.forms import RuleFacts

PASS_KEY = "-"
MAX_ROWS = 200  # a points game of a whole evening stays far below
RUN_KINDS = {3: "tierce", 4: "quarte", 5: "quinte"}
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


@dataclass(frozen=True)
class GridKeys:
    """The keys of the grid in the reader's language, lower case: key → code."""

    sides: dict[str, str]
    trumps: dict[str, str]
    ranks: dict[str, str]
    carre: str
    capot_bid: str

    @classmethod
    def current(cls, facts: RuleFacts) -> GridKeys:
        return cls(
            sides={str(GRID_SIDE_KEYS[s]).lower(): s for s in TEAMS},
            trumps={str(GRID_TRUMP_KEYS[t]).lower(): t for t in facts.trumps},
            ranks={str(RANK_LABELS[r]).lower(): r for r in RANKS},
            carre=str(GRID_CARRE_KEY).lower(),
            capot_bid=str(GRID_CAPOT_BID_KEY).lower(),
        )

    def side_key(self, side: str) -> str:
        return next(k for k, v in self.sides.items() if v == side)

    def trump_key(self, trump: str) -> str:
        return next((k for k, v in self.trumps.items() if v == trump), trump)

    def rank_key(self, rank: str) -> str:
        return next(k for k, v in self.ranks.items() if v == rank)

    def suit_keys(self) -> dict[str, str]:
        return {str(GRID_TRUMP_KEYS[s]).lower(): s for s in SUITS}

    def legend(self) -> dict[str, Any]:
        """What the page shows beside the grid: each key with its meaning."""
        return {
            "sides": [(k, seat_side(v)) for k, v in self.sides.items()],
            "trumps": [(k, str(TRUMP_NAMES[v])) for k, v in self.trumps.items()],
            "ranks": [(k, k.upper()) for k in self.ranks],
            "carre": self.carre,
            "capot_bid": self.capot_bid,
            "pass": PASS_KEY,
            "run_example": _example_run(self),
            "carre_example": _example_carre(self),
        }

    def script_data(self, facts: RuleFacts) -> dict[str, Any]:
        """The keys the page's script moves on with (JSON), and each trump's deal total."""
        return {
            "sides": self.sides,
            "trumps": self.trumps,
            "pass": PASS_KEY,
            "totals": facts.deal_totals,
            "max": max(facts.deal_totals.values()),
            "bidMax": facts.bid_max or 0,
            "multipliers": [str(m) for m in facts.multipliers if m > 1],
            "allTrump": "all_trump" in facts.trumps,
        }


@dataclass
class GridRow:
    """One posted row: its text by field, the deal it makes (None while empty or not parsed), its errors
    by field ("" for the row as a whole), and once scored its outcome, score and running totals."""

    number: int
    values: dict[str, str]
    deal: dict[str, Any] | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)
    outcome: str = ""
    score: dict[str, int] | None = None
    running: dict[str, int] | None = None
    tricks: dict[str, int] | None = None

    @property
    def empty(self) -> bool:
        return not any(v.strip() for v in self.values.values())

    def error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, []).append(message)

    @property
    def messages(self) -> list[str]:
        return [m for messages in self.errors.values() for m in messages]


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
        row.deal = _parse_row(row, facts, keys)
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


def _parse_row(row: GridRow, facts: RuleFacts, keys: GridKeys) -> dict[str, Any] | None:
    """The deal a row's keys make, or None with the row's errors set (each names the deal and the field)."""
    v = {name: text.strip().lower() for name, text in row.values.items()}
    number = row.number
    taker_key = v.get("taker", "")
    if taker_key == PASS_KEY:
        if any(v.get(name) for name in v if name != "taker"):
            row.error(
                "taker",
                _("Deal %(number)s is passed (–): clear its other fields or type the taker.") % {"number": number},
            )
            return None
        return {"contract": None}
    taker = keys.sides.get(taker_key)
    if taker is None:
        row.error("taker", _side_message(number, _("taker"), taker_key, keys, passed=True))
    trump = keys.trumps.get(v.get("trump", ""))
    if trump is None:
        choices = ", ".join(f"{k} ({TRUMP_NAMES[t]})" for k, t in keys.trumps.items())
        row.error(
            "trump",
            _('Deal %(number)s, trump: type one of %(choices)s; got "%(got)s".')
            % {"number": number, "choices": choices, "got": v.get("trump", "")},
        )
    if taker is None or trump is None:
        return None
    contract: dict[str, Any] = {"taker": taker, "trump": trump}
    if "bid" in v:
        bid = _bid(row, v["bid"], facts, keys)
        if bid is None:
            return None
        contract["bid"] = bid
    if "multiplier" in v:
        text = v["multiplier"] or "1"
        allowed = [str(m) for m in facts.multipliers]
        if text not in allowed:
            row.error(
                "multiplier",
                _('Deal %(number)s, doubled: type %(choices)s or leave it empty; got "%(got)s".')
                % {"number": number, "choices": ", ".join(allowed[1:]), "got": text},
            )
            return None
        contract["multiplier"] = int(text)
    deal: dict[str, Any] = {"contract": contract}
    belote = [keys.sides.get(ch) for ch in v.get("belote", "").replace(" ", "")]
    if None in belote:
        row.error("belote", _side_message(number, _("belote"), v["belote"], keys))
        return None
    if belote:
        deal["belote"] = belote
    if v.get("announcements"):
        declarations = _announcements(row, v["announcements"], keys)
        if declarations is None:
            return None
        deal["declarations"] = declarations
    capot_key = v.get("capot", "")
    if capot_key:
        capot = keys.sides.get(capot_key)
        if capot is None:
            row.error("capot", _side_message(number, _("capot"), capot_key, keys))
            return None
        deal["capot"] = capot
    tricks = _tricks(row, v, facts.deal_totals[trump], taker, capot=bool(capot_key))
    if tricks is False:
        return None
    if tricks is not None:
        deal["tricks"] = tricks
        row.tricks = tricks
    return deal


def _side_message(number: int, what: str, got: str, keys: GridKeys, *, passed: bool = False) -> str:
    choices = ", ".join(f"{k} ({seat_side(s)})" for k, s in keys.sides.items())
    if passed:
        choices += ", " + _("%(key)s (passed)") % {"key": PASS_KEY}
    return _('Deal %(number)s, %(field)s: type %(choices)s; got "%(got)s".') % {
        "number": number,
        "field": what,
        "choices": choices,
        "got": got,
    }


def _bid(row: GridRow, text: str, facts: RuleFacts, keys: GridKeys) -> int | str | None:
    if text == keys.capot_bid:
        return "capot"
    if text.isascii() and text.isdigit() and len(text) <= 4:
        return int(text)  # the engine checks the range and the step, in its words
    row.error(
        "bid",
        _('Deal %(number)s, bid: type the bid (80 to %(max)s) or %(key)s for capot; got "%(got)s".')
        % {"number": row.number, "max": facts.bid_max or 160, "key": keys.capot_bid, "got": text},
    )
    return None


def _tricks(row: GridRow, v: dict[str, str], total: int, taker: str, *, capot: bool) -> dict[str, int] | bool | None:
    """Both sides' trick points from one or two typed numbers (None for a capot typed without them; False
    with an error)."""
    typed: dict[str, int | None] = {}
    for side in TEAMS:
        name = f"tricks_{side.lower()}"
        text = v.get(name, "")
        if not text:
            typed[side] = None
            continue
        if not (text.isascii() and text.isdigit() and len(text) <= 4):
            row.error(
                name,
                _('Deal %(number)s, points %(side)s: type a whole number of trick points; got "%(got)s".')
                % {"number": row.number, "side": seat_side(side), "got": text},
            )
            return False
        typed[side] = int(text)
    if typed["A"] is None and typed["B"] is None:
        if capot:
            return None
        row.error(
            f"tricks_{taker.lower()}",
            _("Deal %(number)s: type the trick points of the taker's side %(side)s (the other side's are filled in).")
            % {"number": row.number, "side": seat_side(taker)},
        )
        return False
    for side in TEAMS:
        value = typed[side]
        if value is not None and value > total and not capot:
            row.error(
                f"tricks_{side.lower()}",
                _("Deal %(number)s, points %(side)s: at most %(total)s trick points in this contract; got %(got)s.")
                % {"number": row.number, "side": seat_side(side), "total": total, "got": value},
            )
            return False
    a, b = typed["A"], typed["B"]
    if capot:
        return {"A": a or 0, "B": b or 0}
    if a is None:
        a = total - (b or 0)
    if b is None:
        b = total - a
    return {"A": a, "B": b}


def _announcements(row: GridRow, text: str, keys: GridKeys) -> dict[str, list[dict[str, Any]]] | None:
    """Short-form announcements by team, or None with an error naming the item that does not read."""
    suits = keys.suit_keys()
    found: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}
    for item in text.replace(",", " ").split():
        side = keys.sides.get(item[:1])
        rest = item[1:]
        parsed: dict[str, Any] | None = None
        if side is not None and rest.startswith(keys.carre) and rest[len(keys.carre) :] in keys.ranks:
            parsed = {"type": "carre", "rank": keys.ranks[rest[len(keys.carre) :]]}
        elif side is not None and len(rest) >= 3 and rest[0] in "345678" and rest[1] in suits:
            length, rank = int(rest[0]), keys.ranks.get(rest[2:])
            if rank is not None:
                parsed = {"type": RUN_KINDS.get(length, "quinte"), "suit": suits[rest[1]], "high": rank}
                if length > 5:
                    parsed["length"] = length
        if parsed is None or side is None:
            row.error(
                "announcements",
                _(
                    'Deal %(number)s, announcements: "%(got)s" does not read; type the side, then the run\'s '
                    "length, suit and top card (%(run)s) or %(carre)s and the rank (%(carre_example)s)."
                )
                % {
                    "number": row.number,
                    "got": item,
                    "run": _example_run(keys),
                    "carre": keys.carre,
                    "carre_example": _example_carre(keys),
                },
            )
            return None
        found[side].append(parsed)
    return found


def _example_run(keys: GridKeys) -> str:
    return f"{keys.side_key('A')}3{str(GRID_TRUMP_KEYS['hearts']).lower()}{keys.rank_key('K')}"


def _example_carre(keys: GridKeys) -> str:
    return f"{keys.side_key('B')}{keys.carre}{keys.rank_key('J')}"


def announcement_short(item: dict[str, Any], keys: GridKeys) -> str:
    """One announcement of the deal JSON in the grid's short form, without its side ("3hk", "cj")."""
    if item.get("type") == "carre":
        return f"{keys.carre}{keys.rank_key(item['rank'])}"
    length = item.get("length") or {"tierce": 3, "quarte": 4, "quinte": 5}.get(item.get("type"), 3)
    return f"{length}{str(GRID_TRUMP_KEYS[item['suit']]).lower()}{keys.rank_key(item['high'])}"


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
