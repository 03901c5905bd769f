"""A rule set: a preset plus overrides, validated as a whole and frozen (spec §4).

`build_ruleset(rules, options)` returns a `RuleSet` or raises `RuleSetError`; `ruleset_errors` returns the
same problems as error objects. Resolution is cached by (rules, options), so scoring many sheets of one event
validates its rule set once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.rules.cards import contract_card_values
from scoring.rules.presets import COINCHE_ONLY, PRESETS, SETTING_NAMES, Family, tables_of
from scoring.rules.reachable import Reachable, reachable
from scoring.rules.rendering import Choices, Problem, Rank, RuleSetName, Setting, SettingValue, Table, render, show
from scoring.rules.words import ALL_TRUMP, CONTRACT_KINDS, KIND_OF_TRUMP, NO_TRUMP, RANKS, SUIT, SUITS

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


def _check_setting(name: str, value: Any, family: Family, rules: str) -> list[Problem]:
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


# --- resolution ----------------------------------------------------------------------------------------


_PRESET_CHOICES = Choices(tuple(RuleSetName(name) for name in PRESETS))
_SETTING_CHOICES = Choices(tuple(Setting(name) for name in SETTING_NAMES))


def _resolve(rules: Any, options: Any) -> tuple[RuleSet | None, tuple[Problem, ...]]:
    if rules is None:
        return None, (Problem(None, "rules", "rules_missing", {"choices": _PRESET_CHOICES}),)
    if not isinstance(rules, str) or rules not in PRESETS:
        return None, (Problem(None, "rules", "unknown_rules", {"got": show(rules), "choices": _PRESET_CHOICES}),)
    preset = PRESETS[rules]
    if options is None:
        options = {}
    if not isinstance(options, dict):
        return None, (Problem(None, "options", "options_not_object", {"got": show(options)}),)

    settings: dict[str, Any] = {name: value for name, value in preset.settings.items() if name != "values"}
    values = {table: dict(ranks) for table, ranks in preset.settings["values"].items()}
    problems: list[Problem] = []
    for name, value in options.items():
        if name not in SETTING_NAMES:
            problems.append(
                Problem(
                    None,
                    f"options.{name}" if isinstance(name, str) else "options",
                    "unknown_setting",
                    {"name": show(name), "choices": _SETTING_CHOICES},
                )
            )
            continue
        if name in ("deals", "target") and value is None:
            continue  # a null game length names nothing; the other one (or the preset's) stands
        found = _check_setting(name, value, preset.family, rules)
        problems.extend(found)
        if found:
            continue
        if name == "values":
            for table, ranks in value.items():
                values[table].update(ranks)
            for table, source in preset.derived_tables:
                if table not in value and source in value:
                    values[table].update(value[source])
        elif name == "multipliers":
            settings[name] = sorted(value)
        else:
            settings[name] = value
    named = [name for name in ("deals", "target") if options.get(name) is not None]
    if len(named) == 2:
        problems.append(Problem(None, "options", "both_deals_and_target", {}))
    elif named:
        settings.pop("target" if named[0] == "deals" else "deals", None)
    if problems:
        return None, tuple(problems)

    settings["values"] = {table: {rank: values[table][rank] for rank in RANKS} for table in values}
    contract_info = {}
    for kind in preset.contracts:
        reach = reachable(contract_card_values(kind, settings["values"]))
        capot = reach.deal_total if preset.family is Family.BELOT else settings["capot_total"]
        contract_info[kind] = ContractInfo(kind=kind, reach=reach, deal_total=reach.deal_total, capot_tricks=capot)
    trumps = (*SUITS, *(kind for kind in (NO_TRUMP, ALL_TRUMP) if kind in preset.contracts))
    frozen_values = MappingProxyType({t: MappingProxyType(r) for t, r in settings["values"].items()})
    ruleset = RuleSet(
        name=rules,
        family=preset.family,
        contracts=preset.contracts,
        trumps=trumps,
        capot_total=settings.get("capot_total"),
        capot_bonus=settings.get("capot_bonus"),
        make_rule=settings.get("make_rule"),
        litige=settings["litige"],
        announcements=settings["announcements"],
        announcement_tie=settings["announcement_tie"],
        rounding=settings["rounding"],
        multipliers=tuple(settings["multipliers"]),
        bid_max=settings.get("bid_max"),
        surcoinche_factor=settings.get("surcoinche_factor"),
        coinche_make_rule=settings.get("coinche_make_rule"),
        failed_base=settings.get("failed_base"),
        end_while_held=settings["end_while_held"],
        deals=settings.get("deals"),
        target=settings.get("target"),
        values=frozen_values,
        contract_info=MappingProxyType(contract_info),
        trump_info=MappingProxyType({trump: contract_info[KIND_OF_TRUMP[trump]] for trump in trumps}),
        settings=MappingProxyType({**settings, "values": frozen_values}),
    )
    return ruleset, ()


_CACHE: dict[tuple[str, str | None], tuple[RuleSet | None, tuple[Problem, ...]]] = {}
_CACHE_SIZE = 512


def resolve_ruleset(rules: Any, options: Any) -> tuple[RuleSet | None, tuple[Problem, ...]]:
    """(RuleSet, ()) for a valid preset + options, else (None, problems). Never raises; cached."""
    key: tuple[str, str | None] | None
    try:
        if (type(options) is dict and not options) or options is None:
            key = (rules, None) if isinstance(rules, str) else None  # most sheets: no overrides
        else:
            key = (rules, json.dumps(options, sort_keys=True)) if isinstance(rules, str) else None
    except (TypeError, ValueError, RecursionError):
        key = None  # not JSON: validate without caching
    if key is None:
        return _resolve(rules, options)
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        hit = _CACHE[key] = _resolve(rules, options)
    return hit


def build_ruleset(rules: str, options: dict[str, Any] | None = None) -> RuleSet:
    """The frozen rule set for preset `rules` with `options` overrides. Raises RuleSetError when invalid."""
    ruleset, problems = resolve_ruleset(rules, options)
    if ruleset is None:
        raise RuleSetError(problems)
    return ruleset


def ruleset_errors(
    rules: Any,
    options: Any = None,
    *,
    translate: Callable[[str], str] | None = None,
    ngettext: Callable[[str, str, int], str] | None = None,
) -> list[dict[str, Any]]:
    """Error objects {deal: None, field, code, message} for preset + options; empty when valid."""
    return [render(p, translate, ngettext) for p in resolve_ruleset(rules, options)[1]]


def list_presets() -> list[dict[str, Any]]:
    """Each preset: name, seed, family, contracts, trumps, every setting (incl. value tables), the deal
    total and capot trick points of each contract kind, and the unreachable team totals (JSON-safe)."""
    out = []
    for name, preset in PRESETS.items():
        ruleset = build_ruleset(name)
        out.append(
            {
                "name": name,
                "seed": preset.seed,
                "family": preset.family.value,
                "contracts": list(preset.contracts),
                "trumps": list(ruleset.trumps),
                "settings": ruleset.as_dict(),
                "deal_totals": {k: info.deal_total for k, info in ruleset.contract_info.items()},
                "capot_tricks": {k: info.capot_tricks for k, info in ruleset.contract_info.items()},
                "unreachable": {k: info.reach.excluded() for k, info in ruleset.contract_info.items()},
            }
        )
    return out
