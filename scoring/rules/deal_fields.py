"""The checks of one deal's fields (spec §5), each naming what breaks: the teams it names, the
contract, the trick points, the belotes. `validation.parse_fully` calls them in dependency order."""

from __future__ import annotations

from typing import Any, cast

from scoring.rules.announcements import Belote
from scoring.rules.presets import Family
from scoring.rules.rendering import Choices, FieldName, Multiplier, Problem, RuleSetName, Suit, field_keys, show
from scoring.rules.ruleset import BIDS, CAPOT_BID, CAPOT_BID_VALUE, ContractInfo, RuleSet
from scoring.rules.words import ALL_TRUMP, NO_TRUMP, SUIT, SUITS, TEAMS

DEAL_FIELDS = ("contract", "tricks", "last_trick", "capot", "belote", "declarations", "eldest")
PLAY_FIELDS = ("tricks", "last_trick", "capot", "belote", "declarations")
CONTRACT_FIELDS = ("taker", "trump", "bid", "multiplier")
DEAL_FIELD_SET = frozenset(DEAL_FIELDS)
CONTRACT_FIELD_SET = frozenset(CONTRACT_FIELDS)
TEAM_SET = frozenset(TEAMS)
TEAM_OR_NONE = (None, *TEAMS)  # a tuple: membership compares, so unhashable JSON cannot raise
_COINCHE = Family.COINCHE


def _team_params(name: FieldName, got: Any) -> dict[str, Any]:
    """A team_invalid problem's parameters: the two teams by their codes, so the edge can name them by seats."""
    return {"name": name, "team": TEAMS[0], "other": TEAMS[1], "got": show(got)}


def check_team(value: Any, name: str, index: int, problems: list[Problem]) -> str | None:
    """The team named by field `name` (A, B or None); None and a problem when it names none."""
    if value is None or value in TEAMS:  # a tuple: membership must not hash arbitrary JSON
        return cast("str | None", value)
    problems.append(Problem(index, name, "team_invalid", _team_params(FieldName(name), value)))
    return None


def check_contract(rs: RuleSet, contract: dict[str, Any], index: int, problems: list[Problem]) -> tuple[Any, ...]:
    """(taker, trump, bid, capot_bid, multiplier) of the contract object; problems when they break §5.1 and §5.7."""
    if not contract.keys() <= CONTRACT_FIELD_SET:
        key = next(key for key in contract if key not in CONTRACT_FIELD_SET)
        problems.append(
            Problem(index, "contract", "unknown_field", {"name": show(key), "choices": field_keys(CONTRACT_FIELDS)})
        )
        return None, None, None, False, 1
    taker = contract.get("taker")
    if taker not in TEAMS:
        problems.append(Problem(index, "contract.taker", "team_invalid", _team_params(FieldName("taker"), taker)))
    trump = contract.get("trump")
    if type(trump) is not str or trump not in rs.trump_info:
        problems.append(
            Problem(
                index,
                "contract.trump",
                "trump_invalid",
                {
                    "choices": Choices(tuple(Suit(t) for t in rs.trumps)),
                    "count": len(rs.trumps),
                    "rules": RuleSetName(rs.name),
                    "got": show(trump),
                },
            )
        )
    bid = contract.get("bid")
    capot_bid = False
    if rs.family is _COINCHE:
        assert rs.bid_max is not None  # every coinche rule set has one
        if bid is None:
            problems.append(Problem(index, "contract.bid", "bid_missing", {"bid_max": rs.bid_max}))
        elif bid == CAPOT_BID:
            bid, capot_bid = CAPOT_BID_VALUE, True
        elif type(bid) is not int or bid not in BIDS or bid > rs.bid_max:
            problems.append(Problem(index, "contract.bid", "bid_invalid", {"bid_max": rs.bid_max, "got": show(bid)}))
    elif bid is not None:
        problems.append(
            Problem(index, "contract.bid", "bid_not_allowed", {"rules": RuleSetName(rs.name), "got": show(bid)})
        )
    multiplier = contract.get("multiplier")
    if multiplier is None:
        multiplier = 1
    elif type(multiplier) is not int or multiplier not in rs.multipliers:
        problems.append(
            Problem(
                index,
                "contract.multiplier",
                "multiplier_invalid",
                {
                    "choices": Choices(tuple(Multiplier(m, rs.family.value) for m in rs.multipliers)),
                    "count": len(rs.multipliers),
                    "rules": RuleSetName(rs.name),
                    "got": show(multiplier),
                },
            )
        )
    return taker, trump, bid, capot_bid, multiplier


def check_tricks(
    raw: Any, info: ContractInfo, capot: str | None, last_trick: str | None, index: int, problems: list[Problem]
) -> tuple[int, int]:
    """Trick points (A, B) to score with; problems when they break §5.2–5.4."""
    if capot is not None and last_trick is not None and last_trick != capot:
        problems.append(Problem(index, "last_trick", "capot_last_trick", {"team": capot, "other": last_trick}))
    capot_points = (info.capot_tricks, 0) if capot == "A" else (0, info.capot_tricks)
    if raw is None:
        if capot is None:
            problems.append(Problem(index, "tricks", "tricks_missing", {}))
        return capot_points
    if not isinstance(raw, dict):
        problems.append(Problem(index, "tricks", "tricks_not_object", {"got": show(raw)}))
        return 0, 0
    if not raw.keys() <= TEAM_SET:
        key = next(key for key in raw if key not in TEAM_SET)
        problems.append(Problem(index, "tricks", "unknown_field", {"name": show(key), "choices": field_keys(TEAMS)}))
        return 0, 0
    a, b = raw.get("A"), raw.get("B")
    if type(a) is not int or a < 0 or type(b) is not int or b < 0:
        for team, points in (("A", a), ("B", b)):
            if type(points) is not int or points < 0:
                problems.append(
                    Problem(index, f"tricks.{team}", "tricks_not_integer", {"team": team, "got": show(points)})
                )
        return 0, 0
    if capot is not None:
        whole, zero = (a, b) if capot == "A" else (b, a)
        # The capot team's points as written (capot_total) or as counted at the table (the deal total).
        if zero != 0 or whole not in (info.capot_tricks, info.deal_total):
            problems.append(
                Problem(
                    index,
                    "tricks",
                    "capot_tricks" if info.capot_tricks != info.deal_total else "capot_tricks_total",
                    {
                        "team": capot,
                        "other": "B" if capot == "A" else "A",
                        "total": info.capot_tricks,
                        "counted": info.deal_total,
                        "a": a,
                        "b": b,
                        # The capot team first, each named: at the table the teams read as their seats.
                        "team_got": whole,
                        "other_got": zero,
                    },
                )
            )
        return capot_points
    total = info.deal_total
    if a + b != total:
        problems.append(Problem(index, "tricks", "sum_mismatch", {"total": total, "a": a, "b": b, "sum": a + b}))
        return a, b
    reach = info.reach
    if last_trick is not None:
        points = a if last_trick == "A" else b
        if points < 10:
            problems.append(
                Problem(index, f"tricks.{last_trick}", "last_trick_below_ten", {"team": last_trick, "points": points})
            )
        elif points - 10 not in reach.card_sums:
            problems.append(
                Problem(
                    index,
                    f"tricks.{last_trick}",
                    "last_trick_unreachable",
                    {"team": last_trick, "points": points, "cards": points - 10},
                )
            )
    elif a not in reach.totals:
        # Reachability is symmetric (the other team holds the complementary tricks): name the odd one.
        team, points = ("A", a) if a < b else ("B", b)
        problems.append(Problem(index, f"tricks.{team}", "unreachable", {"team": team, "points": points}))
    return a, b


def check_belotes(rs: RuleSet, raw: Any, trump: str, kind: str, index: int, problems: list[Problem]) -> list[Belote]:
    """The deal's belotes (a suit contract's given its trump suit); problems when they break §5.5."""
    if raw is None or raw == []:
        return []
    if not isinstance(raw, list):
        problems.append(Problem(index, "belote", "belote_not_list", {"got": show(raw)}))
        return []
    belotes = []
    before = len(problems)
    for i, entry in enumerate(raw):
        if entry in TEAMS:
            belotes.append(Belote(entry, i, trump if kind == SUIT else None))
            continue
        if (
            isinstance(entry, dict)
            and entry.get("team") in TEAMS
            and set(entry) <= {"team", "suit"}
            and (entry.get("suit") is None or entry.get("suit") in SUITS)
        ):
            suit = entry.get("suit")
            if kind == SUIT:
                if suit is not None and suit != trump:
                    problems.append(
                        Problem(
                            index, f"belote.{i}.suit", "belote_suit_mismatch", {"trump": Suit(trump), "got": Suit(suit)}
                        )
                    )
                suit = trump
            belotes.append(Belote(entry["team"], i, suit))
            continue
        problems.append(Problem(index, f"belote.{i}", "belote_entry_invalid", {"got": show(entry)}))
    if len(problems) > before:
        return []
    if rs.announcements == "none":
        problems.append(Problem(index, "belote", "belote_not_allowed", {"rules": RuleSetName(rs.name)}))
    elif kind == NO_TRUMP:
        problems.append(Problem(index, "belote", "belote_no_trump", {}))
    elif kind == SUIT and len(belotes) > 1:
        problems.append(Problem(index, "belote", "belote_count_suit", {"count": len(belotes)}))
    elif kind == ALL_TRUMP:
        if len(belotes) > 4:
            problems.append(Problem(index, "belote", "belote_count_all_trump", {"count": len(belotes)}))
        else:
            seen: set[str] = set()
            for belote in belotes:
                if belote.suit in seen:
                    problems.append(
                        Problem(index, f"belote.{belote.position}", "belote_suit_twice", {"suit": Suit(belote.suit)})
                    )
                    break
                if belote.suit is not None:
                    seen.add(belote.suit)
    return belotes
