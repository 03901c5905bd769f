"""The five presets of spec §4: each setting by its exchange name, plus the fixed facts of each rule set."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from scoring.rules.cards import COINCHE_ALL_TRUMP_VALUES, COINCHE_NO_TRUMP_VALUES, PLAIN_VALUES, TRUMP_VALUES
from scoring.rules.words import ALL_TRUMP, NO_TRUMP, SUIT


class Family(StrEnum):
    """How a rule set bids and scores: the settings only tune within a family."""

    TAKE = "take"  # take or pass (hoheluft, dertele, classic)
    COINCHE = "coinche"  # bids 80..160 or capot, coinche/surcoinche
    BELOT = "belot"  # Bulgarian: contract + contra/recontra, scores in tens


# Every setting a rule set can carry, in the order used for display and `as_dict()`.
SETTING_NAMES = (
    "capot_total",
    "capot_bonus",
    "make_rule",
    "litige",
    "announcements",
    "announcement_tie",
    "rounding",
    "multipliers",
    "bid_max",
    "surcoinche_factor",
    "coinche_make_rule",
    "failed_base",
    "end_while_held",
    "deals",
    "target",
    "values",
)
COINCHE_ONLY = ("bid_max", "surcoinche_factor", "coinche_make_rule", "failed_base")


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    seed: str
    family: Family
    contracts: tuple[str, ...]  # contract kinds: "suit", "no_trump", "all_trump"
    settings: MappingProxyType[str, Any]  # name -> value, as exchanged (JSON-safe)
    # Value tables defined from another (spec §2): a `values` override of the source that does not name the
    # derived table changes both.
    derived_tables: tuple[tuple[str, str], ...] = ()  # (derived table, the table it is defined from)


def _frozen(settings: dict[str, Any]) -> MappingProxyType[str, Any]:
    return MappingProxyType(settings)


_TAKE_TABLES = {"trump": TRUMP_VALUES, "plain": PLAIN_VALUES}

PRESETS: dict[str, Preset] = {
    "hoheluft": Preset(
        name="hoheluft",
        seed="002",
        family=Family.TAKE,
        contracts=(SUIT,),
        settings=_frozen(
            {
                "capot_total": 252,
                "make_rule": "majority",
                "litige": True,
                "announcements": "belote_only",
                "announcement_tie": "cancel",
                "rounding": "none",
                "multipliers": [1],
                "end_while_held": True,
                "deals": 12,
                "values": _TAKE_TABLES,
            }
        ),
    ),
    "dertele": Preset(
        name="dertele",
        seed="000",
        family=Family.TAKE,
        contracts=(SUIT,),
        settings=_frozen(
            {
                "capot_total": 162,
                "make_rule": 82,
                "litige": False,
                "announcements": "belote_only",
                "announcement_tie": "cancel",
                "rounding": "none",
                "multipliers": [1],
                "end_while_held": True,
                "deals": 12,
                "values": _TAKE_TABLES,
            }
        ),
    ),
    "classic": Preset(
        name="classic",
        seed="003",
        family=Family.TAKE,
        contracts=(SUIT,),
        settings=_frozen(
            {
                "capot_total": 252,
                "make_rule": "majority",
                "litige": True,
                "announcements": "all",
                "announcement_tie": "cancel",
                "rounding": "none",
                "multipliers": [1],
                "end_while_held": True,
                "target": 1000,
                "values": _TAKE_TABLES,
            }
        ),
    ),
    "coinche": Preset(
        name="coinche",
        seed="003",
        family=Family.COINCHE,
        contracts=(SUIT, NO_TRUMP, ALL_TRUMP),
        settings=_frozen(
            {
                "capot_total": 250,
                "litige": False,
                "announcements": "all",
                "announcement_tie": "cancel",
                "rounding": "none",
                "multipliers": [1, 2, 4],
                "bid_max": 160,
                "surcoinche_factor": 4,
                "coinche_make_rule": "bid_and_majority",
                "failed_base": 160,
                "end_while_held": True,
                "target": 2000,
                "values": {
                    "trump": TRUMP_VALUES,
                    "plain": PLAIN_VALUES,
                    "no_trump": COINCHE_NO_TRUMP_VALUES,
                    "all_trump": COINCHE_ALL_TRUMP_VALUES,
                },
            }
        ),
    ),
    "belot": Preset(
        name="belot",
        seed="004",
        family=Family.BELOT,
        contracts=(SUIT, NO_TRUMP, ALL_TRUMP),
        settings=_frozen(
            {
                "capot_bonus": 90,
                "litige": True,
                "announcements": "all",
                "announcement_tie": "cancel",
                "rounding": "belot",
                "multipliers": [1, 2, 4],
                "end_while_held": False,
                "target": 151,
                # Belot no-trumps: plain values in every suit, doubled by the rules (not by the table).
                "values": {
                    "trump": TRUMP_VALUES,
                    "plain": PLAIN_VALUES,
                    "no_trump": PLAIN_VALUES,
                    "all_trump": TRUMP_VALUES,
                },
            }
        ),
        derived_tables=((NO_TRUMP, "plain"), (ALL_TRUMP, "trump")),
    ),
}


def tables_of(contracts: tuple[str, ...]) -> tuple[str, ...]:
    """The value tables a rule set uses for its contract kinds."""
    tables = ["trump", "plain"] if SUIT in contracts else []
    return (*tables, *(kind for kind in (NO_TRUMP, ALL_TRUMP) if kind in contracts))
