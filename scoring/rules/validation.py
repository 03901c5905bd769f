"""Validation of one deal against a rule set (spec §5): the deal JSON in, a `ParsedDeal` or problems out.

Two paths: `parse_plain` takes a valid deal in its usual shape in one pass, and gives up on anything else;
`parse_fully` makes every check, field by field (`deal_fields`), in dependency order, and stops at a broken
layer (a bad trump makes the trick total unknown), so one mistake gives one message rather than a cascade.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from scoring.rules.announcements import parse_declarations, quick_templates
from scoring.rules.counting import best_label, counted_belot, counted_french, quick_counted_belot, quick_counted_french
from scoring.rules.deal_fields import (
    CONTRACT_FIELD_SET,
    DEAL_FIELD_SET,
    DEAL_FIELDS,
    PLAY_FIELDS,
    TEAM_OR_NONE,
    TEAM_SET,
    check_belotes,
    check_contract,
    check_team,
    check_tricks,
)
from scoring.rules.deck import check_deck, quick_deck
from scoring.rules.presets import Family
from scoring.rules.rendering import PlayField, Problem, RuleSetName, SettingValue, field_keys, show
from scoring.rules.ruleset import BIDS, CAPOT_BID, CAPOT_BID_VALUE, ContractInfo, RuleSet
from scoring.rules.words import ALL_TRUMP, NO_TRUMP, PASSED, SUIT

_MISSING = object()
_BELOT, _COINCHE = Family.BELOT, Family.COINCHE  # module constants: enum attribute lookups cost


class ParsedDeal(NamedTuple):
    """A valid, played deal reduced to what scoring needs. Trick points are those of the contract as
    entered (belot no-trumps raw); for a capot they are the capot team's capot trick points and 0.

    Built with `_parsed((...))` (tuple.__new__, in C): a NamedTuple's own constructor is a Python function
    and cost a tenth of a deal's time; its fields are read in C either way."""

    taker: str
    trump: str
    info: ContractInfo
    bid: int | None
    capot_bid: bool
    multiplier: int
    tricks_a: int
    tricks_b: int
    capot: str | None
    belote_a: int
    belote_b: int
    ann_a: int
    ann_b: int


def _parsed(fields: tuple[Any, ...]) -> ParsedDeal:
    return tuple.__new__(ParsedDeal, fields)


def parse_deal(rs: RuleSet, deal: Any, index: int) -> tuple[ParsedDeal | Literal["passed"] | None, list[Problem]]:
    """(ParsedDeal, []) for a valid played deal, (PASSED, []) for a passed-out one, (None, problems) else."""
    parsed = parse_plain(rs, deal)
    if parsed is not None:
        return parsed, []
    return parse_fully(rs, deal, index)


def parse_plain(rs: RuleSet, deal: Any) -> ParsedDeal | None:
    """The fast path: a valid played deal in its usual shape, else None.

    Most deals are like this, and validation was two thirds of the cost of scoring them. Every test here is
    one the full path makes too; whatever is unusual or wrong goes to the full path, which names the problem.
    """
    if type(deal) is not dict or not deal.keys() <= DEAL_FIELD_SET:
        return None
    contract = deal.get("contract")
    if type(contract) is not dict or not contract.keys() <= CONTRACT_FIELD_SET:
        return None
    taker = contract.get("taker")
    trump = contract.get("trump")
    if (taker != "A" and taker != "B") or type(trump) is not str:
        return None
    info = rs.trump_info.get(trump)
    if info is None:
        return None
    coinche = rs.family is _COINCHE
    capot_bid = False
    if len(contract) == 2:  # taker and trump only
        if coinche:
            return None  # a coinche contract needs its bid
        bid, multiplier = None, 1
    else:
        bid = contract.get("bid")
        if coinche:
            assert rs.bid_max is not None  # every coinche rule set has one
            if bid == CAPOT_BID:
                bid, capot_bid = CAPOT_BID_VALUE, True
            elif type(bid) is not int or bid not in BIDS or bid > rs.bid_max:
                return None
        elif bid is not None:
            return None
        written = contract.get("multiplier")
        if written is None:
            multiplier = 1
        elif type(written) is not int or written not in rs.multipliers:
            return None
        else:
            multiplier = written
    last_trick, eldest = deal.get("last_trick"), deal.get("eldest")
    if (last_trick is not None and last_trick != "A" and last_trick != "B") or (
        eldest is not None and eldest != "A" and eldest != "B"
    ):
        return None
    tricks = deal.get("tricks")
    capot = deal.get("capot")
    if capot is not None:
        # A capot: its team's trick points as written or as counted, or none given (spec §5.4).
        if (capot != "A" and capot != "B") or (last_trick is not None and last_trick != capot):
            return None
        if tricks is not None:
            if type(tricks) is not dict or len(tricks) != 2:
                return None
            whole, zero = (tricks.get("A"), tricks.get("B")) if capot == "A" else (tricks.get("B"), tricks.get("A"))
            if zero != 0 or type(zero) is not int or type(whole) is not int:
                return None
            if whole != info.capot_tricks and whole != info.deal_total:
                return None
        a, b = (info.capot_tricks, 0) if capot == "A" else (0, info.capot_tricks)
    else:
        if type(tricks) is not dict or len(tricks) != 2:
            return None
        got_a, got_b = tricks.get("A"), tricks.get("B")
        if type(got_a) is not int or type(got_b) is not int or got_a < 0 or got_b < 0:
            return None
        if got_a + got_b != info.deal_total:
            return None
        a, b = got_a, got_b
        reach = info.reach
        if last_trick is None:
            if a not in reach.totals:
                return None
        else:
            points = a if last_trick == "A" else b
            if points < 10 or points - 10 not in reach.card_sums:
                return None
    kind = info.kind
    belote_a = belote_b = 0
    belotes = deal.get("belote")
    if belotes:
        if (
            type(belotes) is not list
            or rs.announcements == "none"
            or len(belotes) > (1 if kind == SUIT else 4 if kind == ALL_TRUMP else 0)
        ):
            return None
        for entry in belotes:
            if entry == "A":
                belote_a += 1
            elif entry == "B":
                belote_b += 1
            else:
                return None  # the long form, or not a belote
    elif belotes is not None and belotes != []:
        return None
    ann_a = ann_b = 0
    declarations = deal.get("declarations")
    if declarations is not None:
        if type(declarations) is not dict or not declarations.keys() <= TEAM_SET:
            return None
        raw_a, raw_b = declarations.get("A"), declarations.get("B")
        if not raw_a and not raw_b:
            if (raw_a is not None and raw_a != []) or (raw_b is not None and raw_b != []):
                return None
        else:
            own_a, own_b = quick_templates(raw_a), quick_templates(raw_b)
            if own_a is None or own_b is None:
                return None
            if rs.announcements != "all" or (rs.family is _BELOT and kind == NO_TRUMP):
                return None
            if (belote_a or belote_b) and kind != SUIT:
                return None  # all-trumps belotes without a suit: check_deck places them
            if not quick_deck(own_a, own_b, belote_a, belote_b, trump):
                return None
            if rs.family is _BELOT:
                ann_a, ann_b = quick_counted_belot(own_a, own_b, capot)
            else:
                counted = quick_counted_french(own_a, own_b, trump, rs.announcement_tie, eldest, capot)
                if counted is None:
                    return None
                ann_a, ann_b = counted
    return _parsed((taker, trump, info, bid, capot_bid, multiplier, a, b, capot, belote_a, belote_b, ann_a, ann_b))


def parse_fully(rs: RuleSet, deal: Any, index: int) -> tuple[ParsedDeal | Literal["passed"] | None, list[Problem]]:
    """parse_deal without the fast path: every check, each problem named."""
    if not isinstance(deal, dict):
        return None, [Problem(index, "deal", "deal_not_object", {"got": show(deal)})]
    if not deal.keys() <= DEAL_FIELD_SET:
        key = next(key for key in deal if key not in DEAL_FIELD_SET)
        return None, [Problem(index, "deal", "unknown_field", {"name": show(key), "choices": field_keys(DEAL_FIELDS)})]
    contract = deal.get("contract", _MISSING)
    if contract is None:
        for key in PLAY_FIELDS:  # `eldest` may stay: who sat left of the dealer is still true
            value = deal.get(key)
            if isinstance(value, dict) and key == "declarations":
                value = [items for items in value.values() if items not in (None, [])]
            if value not in (None, [], {}):
                return None, [Problem(index, key, "passed_with_play", {"name": PlayField(key)})]
        return PASSED, []
    if contract is _MISSING:
        return None, [Problem(index, "contract", "contract_missing", {})]
    if not isinstance(contract, dict):
        return None, [Problem(index, "contract", "contract_not_object", {"got": show(contract)})]

    problems: list[Problem] = []
    taker, trump, bid, capot_bid, multiplier = check_contract(rs, contract, index, problems)
    capot, last_trick, eldest = deal.get("capot"), deal.get("last_trick"), deal.get("eldest")
    if capot not in TEAM_OR_NONE or last_trick not in TEAM_OR_NONE or eldest not in TEAM_OR_NONE:
        capot = check_team(capot, "capot", index, problems)
        last_trick = check_team(last_trick, "last_trick", index, problems)
        eldest = check_team(eldest, "eldest", index, problems)
    if problems:
        return None, problems

    info = rs.trump_info[trump]
    tricks_a, tricks_b = check_tricks(deal.get("tricks"), info, capot, last_trick, index, problems)
    raw = deal.get("belote")
    belotes = [] if raw is None or raw == [] else check_belotes(rs, raw, trump, info.kind, index, problems)
    raw = deal.get("declarations")
    declarations = None
    if raw is not None:
        declarations, found = parse_declarations(raw, index)
        problems.extend(found)
        if declarations["A"] or declarations["B"]:
            if rs.family is _BELOT and info.kind == NO_TRUMP:
                problems.append(Problem(index, "declarations", "declarations_no_trump", {}))
            elif rs.announcements != "all":
                problems.append(
                    Problem(
                        index,
                        "declarations",
                        "declarations_not_allowed",
                        {
                            "rules": RuleSetName(rs.name),
                            "setting": SettingValue("announcements", rs.announcements),
                        },
                    )
                )
        else:
            declarations = None
    if problems:
        return None, problems
    ann_a = ann_b = 0
    if declarations is not None:
        belotes, found = check_deck(declarations, belotes, trump, index)
        if found:
            return None, found
        if rs.family is _BELOT:
            ann_a, ann_b = counted_belot(declarations, capot)
        else:
            counted = counted_french(declarations, trump, rs.announcement_tie, eldest, capot)
            if counted is None:
                return None, [Problem(index, "eldest", "eldest_missing", {"best": best_label(declarations, trump)})]
            ann_a, ann_b = counted
    belote_a = belote_b = 0
    for belote in belotes:
        if belote.team == "A":
            belote_a += 1
        else:
            belote_b += 1
    deal_out = ParsedDeal(
        taker, trump, info, bid, capot_bid, multiplier, tricks_a, tricks_b, capot, belote_a, belote_b, ann_a, ann_b
    )
    return deal_out, []
