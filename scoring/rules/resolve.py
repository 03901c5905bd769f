"""A preset plus overrides, validated as a whole and frozen into a `RuleSet` (spec §4).

`build_ruleset(rules, options)` returns a `RuleSet` or raises `RuleSetError`; `ruleset_errors` returns the
same problems as error objects. Resolution is cached by (rules, options), so scoring many sheets of one event
validates its rule set once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from scoring.rules.cards import contract_card_values
from scoring.rules.presets import PRESETS, SETTING_NAMES, Family
from scoring.rules.reachable import reachable
from scoring.rules.rendering import Choices, Problem, RuleSetName, Setting, render, show
from scoring.rules.ruleset import ContractInfo, RuleSet, RuleSetError, check_setting
from scoring.rules.words import ALL_TRUMP, KIND_OF_TRUMP, NO_TRUMP, RANKS, SUITS

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
        found = check_setting(name, value, preset.family, rules)
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
