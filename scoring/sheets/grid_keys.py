"""The desk grid's keys and rows: a posted row's keys in the reader's language turned into a deal of the
JSON exchange format (spec §6), with each error naming the deal and the field; and back, one announcement in
short form. The grid as a whole (its fields, the check of a whole sheet, stored deals as rows) is
scoring/sheets/grid.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring.engine import seat_side
from scoring.labels import GRID_CAPOT_BID_KEY, GRID_CARRE_KEY, GRID_SIDE_KEYS, GRID_TRUMP_KEYS, RANK_LABELS, TRUMP_NAMES
from scoring.rules.words import RANKS, SUITS, TEAMS
from scoring.sheets.forms import RuleFacts

PASS_KEY = "-"
RUN_KINDS = {3: "tierce", 4: "quarte", 5: "quinte"}


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


def parse_row(row: GridRow, facts: RuleFacts, keys: GridKeys) -> dict[str, Any] | None:
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
