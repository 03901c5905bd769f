"""A deal seen from the other side of the table: every team letter swapped (A ↔ B), nothing else changed.

The sheet's "N/S and E/W swapped" fix mirrors each stored deal with `mirror_deal`: the contract's taker, the
trick points, the last trick, the capot, each belote, the announcements by team and the eldest team. Scoring
the mirrored deals gives the mirrored result (the rules treat both teams alike), which the tests check on
random games of every preset. Pure: no Django.
"""

from __future__ import annotations

from typing import Any

from scoring.rules.words import OTHER

# The deal fields (spec §6) whose value is a team letter, and those that are keyed by team.
_LETTER_FIELDS = ("last_trick", "capot", "eldest")
_BY_TEAM_FIELDS = ("tricks", "declarations")


def _other(value: Any) -> Any:
    return OTHER.get(value, value) if isinstance(value, str) else value


def _by_team(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    return {_other(key): item for key, item in value.items()}


def mirror_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """`deal` (the exchange format of spec §6) with A and B swapped wherever a field names a team; a new dict,
    the argument is not changed. Values that name no team (a passed deal's null contract, a trump, a count)
    are kept as they are; keys the format does not know are kept too (the engine refuses them anyway)."""
    out = dict(deal)
    contract = deal.get("contract")
    if isinstance(contract, dict) and "taker" in contract:
        out["contract"] = {**contract, "taker": _other(contract["taker"])}
    for name in _LETTER_FIELDS:
        if name in deal:
            out[name] = _other(deal[name])
    for name in _BY_TEAM_FIELDS:
        if name in deal:
            out[name] = _by_team(deal[name])
    belote = deal.get("belote")
    if isinstance(belote, list):
        out["belote"] = [
            {**item, "team": _other(item.get("team"))} if isinstance(item, dict) else _other(item) for item in belote
        ]
    return out
