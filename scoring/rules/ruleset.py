"""A rule set (spec §4): the frozen `RuleSet`, the values each setting may take, and the check of one setting
alone (`check_setting`). A preset plus overrides becomes a RuleSet in `resolve`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules.presets import COINCHE_ONLY, SETTING_NAMES, Family, tables_of
from scoring.rules.reachable import Reachable
from scoring.rules.rendering import Choices, Problem, Rank, RuleSetName, Setting, SettingValue, Table, render, show
from scoring.rules.words import CONTRACT_KINDS, RANKS, SUIT

ANNOUNCEMENTS = ("none", "belote_only", "all")
ANNOUNCEMENT_TIES = ("cancel", "eldest")
ROUNDINGS = ("none", "nearest_ten_5_up", "nearest_ten_6_up", "belot")
COINCHE_MAKE_RULES = ("bid_and_majority", "bid_only")
BIDS = tuple(range(80, 161, 10))
CAPOT_BID = "capot"
CAPOT_BID_VALUE = 250


class RuleSetError(ValueError):
    """An invalid rule set. `errors` are error objects {deal: None, field, code, message} (English)."""

    def __init__(self, problems: tuple[Problem, ...]):
        self.problems = problems
        self.errors = [render(p) for p in problems]
        super().__init__("; ".join(e["message"] for e in self.errors))


@dataclass(frozen=True, slots=True)
class ContractInfo:
    """What a contract kind means under one rule set's value tables."""

    kind: str  # "suit", "no_trump" or "all_trump"
    reach: Reachable
    deal_total: int  # trick points of a deal as entered, incl. the last 10 (belot no-trumps: raw)
    capot_tricks: int  # trick points the capot team scores (French: capot_total; belot: the deal total)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A validated, frozen rule set. Settings not used by the family are None."""

    name: str
    family: Family
    contracts: tuple[str, ...]
    trumps: tuple[str, ...]
    capot_total: int | None
    capot_bonus: int | None
    make_rule: str | int | None
    litige: bool
    announcements: str
    announcement_tie: str
    rounding: str
    multipliers: tuple[int, ...]
    bid_max: int | None
    surcoinche_factor: int | None
    coinche_make_rule: str | None
    failed_base: int | None
    end_while_held: bool
    deals: int | None
    target: int | None
    values: Mapping[str, Mapping[str, int]]
    contract_info: Mapping[str, ContractInfo]
    trump_info: Mapping[str, ContractInfo]  # by a deal's `trump` value
    settings: Mapping[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """Every setting of this rule set by name, as plain JSON: `build_ruleset(name, as_dict())` is equal."""
        out: dict[str, Any] = {}
        for name in SETTING_NAMES:
            if name in self.settings:
                value = self.settings[name]
                if name == "values":
                    value = {table: dict(ranks) for table, ranks in value.items()}
                elif name == "multipliers":
                    value = list(value)
                out[name] = value
        return out

    def info(self, trump: str) -> ContractInfo:
        return self.trump_info[trump]


# --- validation of single settings -------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return type(value) is int  # bool is an int subclass, and true is not a number of points


def _int_between(name: str, value: Any, low: int, high: int) -> Problem | None:
    if _is_int(value) and low <= value <= high:
        return None
    return Problem(
        None,
        f"options.{name}",
        "setting_not_integer",
        {"name": Setting(name), "min": low, "max": high, "got": show(value)},
    )


def _bool(name: str, value: Any) -> Problem | None:
    if type(value) is bool:
        return None
    return Problem(None, f"options.{name}", "setting_not_boolean", {"name": Setting(name), "got": show(value)})


def _choice(name: str, value: Any, choices: tuple[Any, ...]) -> Problem | None:
    if isinstance(value, str | int) and not isinstance(value, bool) and value in choices:
        return None
    return Problem(
        None,
        f"options.{name}",
        "setting_choice",
        {"name": Setting(name), "choices": Choices(tuple(SettingValue(name, c) for c in choices)), "got": show(value)},
    )


def check_setting(name: str, value: Any, family: Family, rules: str) -> list[Problem]:
    """Problems with one named setting of `options` for a rule set of `family`."""
    field = f"options.{name}"
    if family is not Family.COINCHE and name in COINCHE_ONLY:
        return [Problem(None, field, "setting_coinche_only", {"name": Setting(name), "rules": RuleSetName(rules)})]
    if family is not Family.BELOT and name == "capot_bonus":
        return [Problem(None, field, "setting_belot_only", {"name": Setting(name), "rules": RuleSetName(rules)})]
    if family is Family.BELOT and name == "capot_total":
        return [Problem(None, field, "capot_total_in_belot", {})]
    if name == "make_rule" and family is not Family.TAKE:
        code = "make_rule_in_belot" if family is Family.BELOT else "make_rule_in_coinche"
        return [Problem(None, field, code, {})]

    problem: Problem | None = None
    if name in ("capot_total", "capot_bonus"):
        problem = _int_between(name, value, 0, 1000)
    elif name == "make_rule":
        if value != "majority" and not (_is_int(value) and 1 <= value <= 500):
            problem = Problem(None, field, "make_rule_invalid", {"got": show(value)})
    elif name == "litige":
        problem = _bool(name, value)
        if problem is None and value and family is Family.COINCHE:
            problem = Problem(None, field, "litige_in_coinche", {})
    elif name == "announcements":
        problem = _choice(name, value, ANNOUNCEMENTS)
    elif name == "announcement_tie":
        problem = _choice(name, value, ANNOUNCEMENT_TIES)
        if problem is None and value == "eldest" and family is Family.BELOT:
            problem = Problem(None, field, "eldest_in_belot", {})
    elif name == "rounding":
        problem = _choice(name, value, ROUNDINGS)
        if problem is None and family is Family.BELOT and value != "belot":
            problem = Problem(None, field, "rounding_belot_required", {"got": SettingValue("rounding", value)})
        elif problem is None and family is not Family.BELOT and value == "belot":
            problem = Problem(None, field, "rounding_belot_elsewhere", {"rules": RuleSetName(rules)})
    elif name == "multipliers":
        problem = _check_multipliers(value, family, rules)
    elif name == "bid_max":
        if not (_is_int(value) and value in BIDS):
            problem = Problem(None, field, "bid_max_invalid", {"got": show(value)})
    elif name == "surcoinche_factor":
        problem = _choice(name, value, (4, 3))
    elif name == "coinche_make_rule":
        problem = _choice(name, value, COINCHE_MAKE_RULES)
    elif name == "failed_base":
        problem = _choice(name, value, (160, 162))
    elif name == "end_while_held":
        problem = _bool(name, value)
    elif name == "deals":
        problem = _int_between(name, value, 1, 1000)
    elif name == "target":
        problem = _int_between(name, value, 1, 100_000)
    elif name == "values":
        return _check_values(value, family, rules)
    return [problem] if problem else []


def _check_multipliers(value: Any, family: Family, rules: str) -> Problem | None:
    field = "options.multipliers"
    if (
        not isinstance(value, list)
        or not all(_is_int(m) and m in (1, 2, 4) for m in value)
        or len(set(value)) != len(value)
        or 1 not in value
    ):
        return Problem(None, field, "multipliers_invalid", {"got": show(value)})
    if family is Family.TAKE and value != [1]:
        return Problem(None, field, "multipliers_take_or_pass", {"rules": RuleSetName(rules), "got": show(value)})
    if 4 in value and 2 not in value:
        return Problem(None, field, "multipliers_four_without_two", {"got": show(value)})
    return None


def _check_values(value: Any, family: Family, rules: str) -> list[Problem]:
    preset_tables = tables_of(_contracts_of(family))
    choices = Choices(tuple(Table(t) for t in preset_tables))
    if not isinstance(value, dict):
        return [Problem(None, "options.values", "values_not_object", {"choices": choices, "got": show(value)})]
    problems = []
    for table, ranks in value.items():
        field = f"options.values.{table}"
        if table not in preset_tables:
            problems.append(
                Problem(
                    None,
                    "options.values",
                    "values_unknown_table",
                    {"got": show(table), "rules": RuleSetName(rules), "choices": choices},
                )
            )
        elif not isinstance(ranks, dict):
            problems.append(
                Problem(None, field, "values_table_not_object", {"table": Table(table), "got": show(ranks)})
            )
        else:
            for rank, points in ranks.items():
                if rank not in RANKS:
                    problems.append(
                        Problem(
                            None,
                            field,
                            "values_unknown_rank",
                            {"table": Table(table), "got": show(rank), "choices": " ".join(RANKS)},
                        )
                    )
                elif not (_is_int(points) and 0 <= points <= 1000):
                    problems.append(
                        Problem(
                            None,
                            f"{field}.{rank}",
                            "values_bad_value",
                            {"table": Table(table), "rank": Rank(rank), "got": show(points)},
                        )
                    )
    return problems


def _contracts_of(family: Family) -> tuple[str, ...]:
    return (SUIT,) if family is Family.TAKE else CONTRACT_KINDS
