"""Error codes and their English message templates.

The core never imports Django. Each template is wrapped in a module-local `gettext_noop` so that Django's
`makemessages` (which scans every .py file for that name) extracts it; the edge passes Django's `gettext` as
`translate`, and a message is `translate(TEMPLATE).format(**params)`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple


def gettext_noop(message: str) -> str:
    """Marks a string for extraction; returns it unchanged."""
    return message


MESSAGES: dict[str, str] = {
    # The game and its rule set.
    "game_not_object": gettext_noop("A game must be a JSON object with rules, options and deals; got {got}."),
    "rules_missing": gettext_noop("Name the rule set in rules: one of {choices}."),
    "unknown_rules": gettext_noop("Unknown rule set {got}; choose one of {choices}."),
    "options_not_object": gettext_noop("options must be an object of settings by name; got {got}."),
    "unknown_setting": gettext_noop("Unknown setting {name}; the settings are {choices}."),
    "setting_coinche_only": gettext_noop("{name} is a coinche setting; the {rules} rule set does not use it."),
    "setting_belot_only": gettext_noop(
        "{name} is the belot capot premium; the {rules} rule set scores a capot with capot_total instead."
    ),
    "capot_total_in_belot": gettext_noop(
        "capot_total does not apply to belot, where a capot scores the deal total plus capot_bonus."
    ),
    "make_rule_in_belot": gettext_noop(
        "make_rule cannot be set in belot: the declarer always needs more raw points than the defenders."
    ),
    "make_rule_in_coinche": gettext_noop(
        "make_rule does not apply to coinche: the bid decides; set coinche_make_rule instead."
    ),
    "litige_in_coinche": gettext_noop("litige cannot be true in coinche: a tie fails the contract there."),
    "eldest_in_belot": gettext_noop(
        "announcement_tie cannot be eldest in belot: an exact tie between runs cancels every run."
    ),
    "rounding_belot_elsewhere": gettext_noop(
        "rounding belot (scores in tens) exists only in the belot rule set; got it for {rules}."
    ),
    "rounding_belot_required": gettext_noop(
        "The belot rule set writes scores in tens: rounding must be belot; got {got}."
    ),
    "setting_not_integer": gettext_noop("{name} must be a whole number from {min} to {max}; got {got}."),
    "setting_not_boolean": gettext_noop("{name} must be true or false; got {got}."),
    "setting_choice": gettext_noop("{name} must be one of {choices}; got {got}."),
    "make_rule_invalid": gettext_noop("make_rule must be majority or a points threshold from 1 to 500; got {got}."),
    "bid_max_invalid": gettext_noop("bid_max must be a bid from 80 to 160 in steps of 10; got {got}."),
    "multipliers_invalid": gettext_noop(
        "multipliers must be a list of distinct values from 1, 2, 4 that includes 1; got {got}."
    ),
    "multipliers_four_without_two": gettext_noop(
        "multipliers: 4 (surcoinche, recontra) only comes after 2 (coinche, contra), so 4 needs 2; got {got}."
    ),
    "multipliers_take_or_pass": gettext_noop(
        "multipliers must be [1] in the {rules} rule set: a take-or-pass game has no coinche or contra; got {got}."
    ),
    "both_deals_and_target": gettext_noop(
        "A game ends after a number of deals or at a points target: set deals or target, not both."
    ),
    "values_not_object": gettext_noop("values must be an object of value tables by name ({choices}); got {got}."),
    "values_unknown_table": gettext_noop(
        "Value table {got} is not used by the {rules} rule set; its tables are {choices}."
    ),
    "values_table_not_object": gettext_noop(
        "The {table} value table must be an object of card values by rank; got {got}."
    ),
    "values_unknown_rank": gettext_noop("The {table} value table names rank {got}; ranks are {choices}."),
    "values_bad_value": gettext_noop(
        "The value of {rank} in the {table} table must be a whole number from 0 to 1000; got {got}."
    ),
    "deals_not_list": gettext_noop("deals must be a list of deals; got {got}."),
    "game_over": gettext_noop("The game already ended after deal {last}; no further deal can be scored."),
    # One deal: shape.
    "deal_not_object": gettext_noop(
        "A deal must be an object with contract, tricks, belote and the other deal fields; got {got}."
    ),
    "unknown_field": gettext_noop("{name} is not a field here; the fields are {choices}."),
    "contract_missing": gettext_noop(
        "Each deal needs a contract: an object with taker and trump, or null for a passed-out deal."
    ),
    "contract_not_object": gettext_noop(
        "contract must be an object with taker and trump, or null for a passed-out deal; got {got}."
    ),
    "passed_with_play": gettext_noop(
        "A passed-out deal (contract null) has no {name}; remove it or enter the contract."
    ),
    "team_invalid": gettext_noop("{name} must be team A or B; got {got}."),
    "trump_invalid": gettext_noop("The trump must be one of {choices} in the {rules} rule set; got {got}."),
    "bid_not_allowed": gettext_noop(
        "Bids exist only in coinche; the {rules} rule set has none, so remove the bid {got}."
    ),
    "bid_missing": gettext_noop("A coinche contract needs a bid: 80 to {bid_max} in steps of 10, or capot."),
    "bid_invalid": gettext_noop("The bid must be 80 to {bid_max} in steps of 10, or capot; got {got}."),
    "multiplier_invalid": gettext_noop("The multiplier must be one of {choices} in the {rules} rule set; got {got}."),
    # Trick points.
    "tricks_missing": gettext_noop("Enter the trick points of both teams (tricks), or name the capot team."),
    "tricks_not_object": gettext_noop('tricks must be an object {{"A": points, "B": points}}; got {got}.'),
    "tricks_not_integer": gettext_noop("Trick points of team {team} must be a whole number of at least 0; got {got}."),
    "sum_mismatch": gettext_noop("Trick points must add up to {total}; got {a} + {b} = {sum}."),
    "unreachable": gettext_noop(
        "Team {team} cannot have {points} trick points: no set of whole tricks, with or without the 10 "
        "for the last trick, is worth exactly {points}."
    ),
    "last_trick_below_ten": gettext_noop(
        "Team {team} took the last trick, worth 10, so it has at least 10 trick points; got {points}."
    ),
    "last_trick_unreachable": gettext_noop(
        "Team {team} took the last trick: its {points} trick points leave {cards} card points, and no "
        "set of whole tricks is worth {cards}."
    ),
    "capot_tricks": gettext_noop(
        "A capot gives team {team} all the trick points ({total}) and team {other} 0; got A {a}, B {b}."
    ),
    "capot_last_trick": gettext_noop(
        "Team {team} made capot, so it also took the last trick; last_trick names team {got}."
    ),
    # Belote.
    "belote_not_list": gettext_noop(
        'belote must be a list with one entry per belote ("A", "B" or {{"team": ..., "suit": ...}}); got {got}.'
    ),
    "belote_entry_invalid": gettext_noop('A belote entry is "A", "B" or {{"team": "A", "suit": "hearts"}}; got {got}.'),
    "belote_not_allowed": gettext_noop("The {rules} rule set counts no belote (announcements: none); remove it."),
    "belote_no_trump": gettext_noop("A no-trumps contract has no belote; remove it."),
    "belote_count_suit": gettext_noop("A suit contract has at most one belote (K and Q of trumps); got {count}."),
    "belote_count_all_trump": gettext_noop("An all-trumps contract has at most 4 belotes, one per suit; got {count}."),
    "belote_suit_mismatch": gettext_noop("A belote is the K and Q of trumps ({trump}); got suit {got}."),
    "belote_suit_twice": gettext_noop("Two belotes in {suit}: the deck has one K and one Q of each suit."),
    "belote_card_conflict": gettext_noop(
        "Team {team}'s belote needs {card}, but {card} is in team {other}'s announcement {announcement}."
    ),
    # Announcements (declarations).
    "declarations_not_allowed": gettext_noop(
        "The {rules} rule set counts no announcements other than belote (announcements: {setting}); remove them."
    ),
    "declarations_no_trump": gettext_noop("A belot no-trumps contract has no declarations; remove them."),
    "declarations_not_object": gettext_noop('declarations must be an object {{"A": [...], "B": [...]}}; got {got}.'),
    "declarations_not_list": gettext_noop("The announcements of team {team} must be a list; got {got}."),
    "declaration_not_object": gettext_noop(
        'An announcement is an object such as {{"type": "tierce", "suit": "spades", "high": "K"}} or '
        '{{"type": "carre", "rank": "J"}}; got {got}.'
    ),
    "declaration_type": gettext_noop("An announcement type is one of tierce, quarte, quinte, carre; got {got}."),
    "declaration_suit": gettext_noop("A {type} needs its suit, one of {choices}; got {got}."),
    "declaration_high": gettext_noop("A {type} needs its top card (high), one of {choices}; got {got}."),
    "declaration_length": gettext_noop("A {type} has {expected} cards; got length {got}."),
    "declaration_run_too_low": gettext_noop(
        "A run of {length} cards in the order 7 8 9 10 J Q K A ends at {lowest} or higher; got high {got}."
    ),
    "carre_rank_invalid": gettext_noop("A carré needs its rank, one of {choices}; got {got}."),
    "carre_not_announcement": gettext_noop(
        "Four {rank}s are not an announcement: carrés of eights and sevens do not count."
    ),
    "card_twice": gettext_noop(
        "{card} cannot be in two announcements: team {team}'s {first} and team {other}'s {second}."
    ),
    "hand_overflow": gettext_noop(
        "Team {team}'s announcements and belotes use {cards} cards that cannot be split between two hands of 8 cards."
    ),
    "eldest_missing": gettext_noop(
        "The best announcements tie ({best}); with announcement_tie eldest the deal must name the eldest team (eldest)."
    ),
}


class Problem(NamedTuple):
    """A validation failure before rendering: where, which rule (code), and the numbers (params)."""

    deal: int | None
    field: str
    code: str
    params: dict[str, Any]


def show(value: Any) -> str:
    """A short, language-neutral rendering of a user-supplied value for messages."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    except RecursionError:
        text = f"<deeply nested {type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def render(problem: Problem, translate: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The spec's error object {deal, field, code, message}, the message in `translate`'s language."""
    template = MESSAGES[problem.code]
    message = None
    if translate is not None:
        try:
            message = translate(template).format(**problem.params)
        except Exception:
            message = None  # a broken translation must not hide the error: fall back to English
    if message is None:
        message = template.format(**problem.params)
    return {"deal": problem.deal, "field": problem.field, "code": problem.code, "message": message}
