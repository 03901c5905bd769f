"""What the deal form takes from the event's rule set (`RuleFacts`), and the choices it offers from them:
the announcements of the 32-card deck in words, each as one choice value, and the belote choices (one per
suit where every suit is trump)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.labels import (
    CARRE_BUTTONS,
    RUN_LENGTHS,
    RUN_RANKS,
    SIDE_LABELS,
    SUIT_SYMBOLS,
    SUITS,
    TRUMP_LABELS,
    announcement_words,
)
from scoring.rules import Family, RuleSet, build_ruleset
from scoring.rules.words import TEAMS


@dataclass(frozen=True)
class RuleFacts:
    """What the deal form needs from the event's rule set."""

    name: str
    family: str
    trumps: tuple[str, ...]
    multipliers: tuple[int, ...]
    announcements: str
    announcement_tie: str
    bid_max: int | None
    deal_totals: dict[str, int]  # trump → trick points of a deal as entered
    deals: int | None
    target: int | None

    @classmethod
    def of(cls, rules: dict[str, Any]) -> RuleFacts:
        """From {"rules", "options"}; raises scoring.rules.RuleSetError for an invalid rule set."""
        rs: RuleSet = build_ruleset(rules["rules"], rules.get("options") or {})
        return cls(
            name=rs.name,
            family=rs.family.value,
            trumps=tuple(rs.trumps),
            multipliers=tuple(rs.multipliers),
            announcements=rs.announcements,
            announcement_tie=rs.announcement_tie,
            bid_max=rs.bid_max,
            deal_totals={t: rs.info(t).deal_total for t in rs.trumps},
            deals=rs.deals,
            target=rs.target,
        )

    @property
    def has_bid(self) -> bool:
        return self.family == Family.COINCHE.value

    @property
    def has_all_trump(self) -> bool:
        return "all_trump" in self.trumps


def declaration_code(item: dict[str, Any]) -> str:
    """A declaration as one choice value: "tierce:hearts:K", "quinte:clubs:A:6", "carre:J"."""
    if item.get("type") == "carre":
        return f"carre:{item.get('rank')}"
    code = f"{item.get('type')}:{item.get('suit')}:{item.get('high')}"
    return f"{code}:{item['length']}" if item.get("length") else code


def declaration_from_code(code: str) -> dict[str, Any]:
    parts = code.split(":")
    if parts[0] == "carre":
        return {"type": "carre", "rank": parts[1]}
    item: dict[str, Any] = {"type": parts[0], "suit": parts[1], "high": parts[2]}
    if len(parts) == 4:
        item["length"] = int(parts[3])
    return item


def declaration_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every announcement of the 32-card deck as grouped choices (runs by suit, then carrés), in words."""
    groups = []
    for suit in SUITS:
        options = []
        for kind, length in RUN_LENGTHS.items():
            lengths = [length] if kind != "quinte" else [5, 6, 7, 8]
            for run in lengths:
                for high in RUN_RANKS[run - 1 :]:
                    code = f"{kind}:{suit}:{high}" + (f":{run}" if run > 5 else "")
                    options.append((code, announcement_words(declaration_from_code(code))))
        groups.append((TRUMP_LABELS[suit], options))
    carres = [(f"carre:{r}", announcement_words({"type": "carre", "rank": r})) for r in CARRE_BUTTONS]
    groups.append((_("Carré"), carres))
    return groups


def belote_choices(facts: RuleFacts) -> list[tuple[str, str]]:
    choices = [(side, SIDE_LABELS[side]) for side in TEAMS]
    if facts.has_all_trump:
        # All trumps: one belote per suit, so the long form names the suit.
        choices += [(f"{side}:{suit}", f"{SIDE_LABELS[side]} {SUIT_SYMBOLS[suit]}") for side in TEAMS for suit in SUITS]
    return choices
