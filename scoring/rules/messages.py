"""Error codes and their English message templates, and the words for rule sets, settings and fields that a
message is built from (the words for cards and contracts are in `words`).

The core never imports Django. Each template is wrapped in a marker of the core that Django's `makemessages`
knows by name (`gettext_noop`, `ngettext_lazy` for plurals), so that it is extracted; the edge passes Django's
`gettext` (and `ngettext`) to `rendering.render`, and a message is `translate(TEMPLATE).format(**params)`,
prefixed with the deal it is about ("Deal 5: …").
"""

from __future__ import annotations

from typing import NamedTuple

from scoring.rules.words import gettext_noop


class Plural(NamedTuple):
    """A message with singular and plural forms, chosen by the number in the param named `count_param`."""

    singular: str
    plural: str
    count_param: str  # not `count`, which would hide tuple.count


def ngettext_lazy(singular: str, plural: str, count: str) -> Plural:
    """Marks a plural pair for extraction (Django's name); `count` names the param that picks the form."""
    return Plural(singular, plural, count)


DEAL_PREFIX = gettext_noop("Deal {number}: {message}")

MESSAGES: dict[str, str | Plural] = {
    # The game and its rule set.
    "game_not_object": gettext_noop("A game must be a JSON object with rules, options and deals; got {got}."),
    "rules_missing": gettext_noop("Name the rule set: {choices}."),
    "unknown_rules": gettext_noop("Unknown rule set {got}; choose {choices}."),
    "options_not_object": gettext_noop("The rule options must be an object of settings by name; got {got}."),
    "unknown_setting": gettext_noop("There is no setting {name}; you can set {choices}."),
    "setting_coinche_only": gettext_noop("“{name}” is a coinche setting; “{rules}” does not use it."),
    "setting_belot_only": gettext_noop(
        "“{name}” is the premium for a capot in Bulgarian belot; “{rules}” scores a capot with the capot total instead."
    ),
    "capot_total_in_belot": gettext_noop(
        "The capot total does not apply to Bulgarian belot, where a capot scores the deal total plus the capot premium."
    ),
    "make_rule_in_belot": gettext_noop(
        "The points needed to make a contract cannot be set in Bulgarian belot: the declarer always needs more "
        "points than the defenders."
    ),
    "make_rule_in_coinche": gettext_noop(
        "The points needed to make a contract do not apply to coinche: the bid decides (see “made in coinche”)."
    ),
    "litige_in_coinche": gettext_noop("A tie cannot be held (litige) in coinche: a tie fails the contract there."),
    "eldest_in_belot": gettext_noop(
        "A tie between announcements cannot go to the eldest team in Bulgarian belot: an exact tie between "
        "runs cancels every run."
    ),
    "rounding_belot_elsewhere": gettext_noop(
        "Belot rounding (scores in tens) exists only in Bulgarian belot, not in “{rules}”."
    ),
    "rounding_belot_required": gettext_noop(
        "Bulgarian belot writes scores in tens, so its rounding is always belot rounding; got {got}."
    ),
    "setting_not_integer": gettext_noop("“{name}” must be a whole number from {min} to {max}; got {got}."),
    "setting_not_boolean": gettext_noop("“{name}” is yes (true) or no (false); got {got}."),
    "setting_choice": gettext_noop("“{name}” can be {choices}; got {got}."),
    "make_rule_invalid": gettext_noop(
        "The points needed to make a contract are either more than the defenders or a threshold from 1 to 500; "
        "got {got}."
    ),
    "bid_max_invalid": gettext_noop("The highest bid is 80 to 160 in steps of 10; got {got}."),
    "multipliers_invalid": gettext_noop(
        "The doubling levels are different values from 1, 2 and 4, and 1 is always one of them; got {got}."
    ),
    "multipliers_four_without_two": gettext_noop(
        "Doubling levels: 4 (surcoinche, recontra) only comes after 2 (coinche, contra), so 4 needs 2; got {got}."
    ),
    "multipliers_take_or_pass": gettext_noop(
        "“{rules}” is take or pass, without coinche or contra: its only doubling level is 1; got {got}."
    ),
    "both_deals_and_target": gettext_noop(
        "A game ends after a number of deals or at a points target: set one of the two, not both."
    ),
    "values_not_object": gettext_noop("Card values are value tables by name ({choices}); got {got}."),
    "values_unknown_table": gettext_noop("“{rules}” has no value table {got}; its tables are {choices}."),
    "values_table_not_object": gettext_noop("The value table for {table} must give card values by rank; got {got}."),
    "values_unknown_rank": gettext_noop("The value table for {table} names rank {got}; the ranks are {choices}."),
    "values_bad_value": gettext_noop(
        "The value of {rank} in the table for {table} must be a whole number from 0 to 1000; got {got}."
    ),
    "deals_not_list": gettext_noop("The deals must be a list; got {got}."),
    "game_over": gettext_noop("The game already ended after deal {last}; no further deal can be scored."),
    # One deal: shape.
    "deal_not_object": gettext_noop(
        "A deal must be an object with contract, tricks, belote and the other deal fields; got {got}."
    ),
    "unknown_field": gettext_noop("{name} is not a field here; use {choices}."),
    "contract_missing": gettext_noop("Enter the contract (who took and the trump), or mark the deal as passed out."),
    "contract_not_object": gettext_noop(
        "The contract must name the taker and the trump, or be empty for a passed-out deal; got {got}."
    ),
    # No pronoun for {name}: it is plural ("trick points", "points de plis") or feminine ("belote").
    "passed_with_play": gettext_noop("A passed-out deal has no {name}; clear the field or enter the contract."),
    # {team} and {other} are the two codes A and B, which the edge names by their seats (N/S, E/W).
    "team_invalid": gettext_noop("{name} must be {team} or {other}; got {got}."),
    "trump_invalid": ngettext_lazy(
        "In “{rules}” the trump is {choices}; got {got}.",
        "In “{rules}” the trump is one of {choices}; got {got}.",
        "count",
    ),
    "bid_not_allowed": gettext_noop("Only coinche has bids; “{rules}” has none, so remove the bid {got}."),
    "bid_missing": gettext_noop("A coinche contract needs a bid: 80 to {bid_max} in steps of 10, or capot."),
    "bid_invalid": gettext_noop("The bid is 80 to {bid_max} in steps of 10, or capot; got {got}."),
    "multiplier_invalid": ngettext_lazy(
        "“{rules}” has no doubling: the multiplier can only be {choices}; got {got}.",
        "In “{rules}” the multiplier can be {choices}; got {got}.",
        "count",
    ),
    # Trick points.
    "tricks_missing": gettext_noop("Enter the trick points of both teams, or name the capot team."),
    "tricks_not_object": gettext_noop('Trick points are given as {{"A": points, "B": points}}; got {got}.'),
    "tricks_not_integer": gettext_noop("Trick points of team {team} must be a whole number of at least 0; got {got}."),
    "sum_mismatch": gettext_noop("Trick points must add up to {total}; got {a} + {b} = {sum}."),
    "unreachable": ngettext_lazy(
        "Team {team} cannot have {points} trick point: no set of whole tricks, with or without the 10 for the "
        "last trick, is worth exactly {points}.",
        "Team {team} cannot have {points} trick points: no set of whole tricks, with or without the 10 for the "
        "last trick, is worth exactly {points}.",
        "points",
    ),
    "last_trick_below_ten": gettext_noop(
        "Team {team} took the last trick, worth 10, so it has at least 10 trick points; got {points}."
    ),
    "last_trick_unreachable": ngettext_lazy(
        "Team {team} took the last trick: its {points} trick points leave {cards} card point, and no set of "
        "whole tricks is worth {cards}.",
        "Team {team} took the last trick: its {points} trick points leave {cards} card points, and no set of "
        "whole tricks is worth {cards}.",
        "cards",
    ),
    "capot_tricks": gettext_noop(
        "A capot gives team {team} all the trick points ({counted} as counted, or {total} as written) and "
        "team {other} 0; got {team} {team_got}, {other} {other_got}."
    ),
    "capot_tricks_total": gettext_noop(
        "A capot gives team {team} all {total} trick points and team {other} 0; "
        "got {team} {team_got}, {other} {other_got}."
    ),
    "capot_last_trick": gettext_noop("Team {team} made capot, so it also took the last trick, not team {other}."),
    # Belote.
    "belote_not_list": gettext_noop(
        'The belotes are a list with one entry per belote ("A", "B" or {{"team": ..., "suit": ...}}); got {got}.'
    ),
    "belote_entry_invalid": gettext_noop('A belote entry is "A", "B" or {{"team": "A", "suit": "hearts"}}; got {got}.'),
    "belote_not_allowed": gettext_noop("“{rules}” is played here without belote; remove it."),
    "belote_no_trump": gettext_noop("A no-trumps contract has no belote; remove it."),
    "belote_count_suit": gettext_noop("A suit contract has at most one belote (K and Q of trumps); got {count}."),
    "belote_count_all_trump": gettext_noop("An all-trumps contract has at most 4 belotes, one per suit; got {count}."),
    "belote_suit_mismatch": gettext_noop("A belote is the K and Q of trumps ({trump}); got {got}."),
    "belote_suit_twice": gettext_noop("Two belotes in {suit}: the deck has one K and one Q of each suit."),
    "belote_card_conflict": gettext_noop(
        "Team {team}'s belote needs {card}, but {card} is in team {other}'s {announcement}."
    ),
    # Announcements (declarations).
    "declarations_not_allowed": gettext_noop(
        "“{rules}” is played here with {setting}: no other announcements count; remove them."
    ),
    "declarations_no_trump": gettext_noop("A no-trumps contract in Bulgarian belot has no announcements; remove them."),
    "declarations_not_object": gettext_noop('Announcements are given as {{"A": [...], "B": [...]}}; got {got}.'),
    "declarations_not_list": gettext_noop("The announcements of team {team} must be a list; got {got}."),
    "declaration_not_object": gettext_noop(
        'An announcement is given as {{"type": "tierce", "suit": "spades", "high": "K"}} or '
        '{{"type": "carre", "rank": "J"}}; got {got}.'
    ),
    "declaration_type": gettext_noop("An announcement is a tierce, quarte, quinte or carré; got {got}."),
    "declaration_suit": gettext_noop("A {type} needs its suit ({choices}); got {got}."),
    "declaration_high": gettext_noop("A {type} needs its top card ({choices}); got {got}."),
    "declaration_length": gettext_noop("A {type} has {expected} cards; got {got}."),
    "declaration_run_too_low": gettext_noop(
        "A run of {length} cards in the order {order} ends at {lowest} or higher; got {got}."
    ),
    "carre_rank_invalid": gettext_noop("A carré needs its rank ({choices}); got {got}."),
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
        "The best announcements tie ({best}); when a tie goes to the eldest team, name the eldest team of the deal."
    ),
}

# --- words of rule sets, settings and fields ----------------------------------------------------

# The one list of rule-set names: `tournaments.labels` shows these same msgids on pages and forms.
PRESET_LABELS = {
    "hoheluft": gettext_noop("Hoheluft tournament rules"),
    "dertele": gettext_noop("Alsatian Dertele"),
    "classic": gettext_noop("Classic belote with announcements"),
    "coinche": gettext_noop("Coinche"),
    "belot": gettext_noop("Bulgarian belot"),
}
SETTING_LABELS = {
    "capot_total": gettext_noop("capot total"),
    "capot_bonus": gettext_noop("capot premium"),
    "make_rule": gettext_noop("points needed to make a contract"),
    "litige": gettext_noop("ties are held (litige)"),
    "announcements": gettext_noop("announcements"),
    "announcement_tie": gettext_noop("tie between announcements"),
    "rounding": gettext_noop("rounding"),
    "multipliers": gettext_noop("doubling levels"),
    "bid_max": gettext_noop("highest bid"),
    "surcoinche_factor": gettext_noop("surcoinche factor"),
    "coinche_make_rule": gettext_noop("made in coinche"),
    "failed_base": gettext_noop("base of a failed contract"),
    "end_while_held": gettext_noop("game may end while points are held"),
    "deals": gettext_noop("number of deals"),
    "target": gettext_noop("points target"),
    "values": gettext_noop("card values"),
}
SETTING_VALUE_LABELS = {
    ("announcements", "none"): gettext_noop("no belote and no announcements"),
    ("announcements", "belote_only"): gettext_noop("belote only"),
    ("announcements", "all"): gettext_noop("belote and all announcements"),
    ("announcement_tie", "cancel"): gettext_noop("a tie cancels them"),
    ("announcement_tie", "eldest"): gettext_noop("the eldest team wins a tie"),
    ("rounding", "none"): gettext_noop("no rounding"),
    ("rounding", "nearest_ten_5_up"): gettext_noop("to tens (5 up)"),
    ("rounding", "nearest_ten_6_up"): gettext_noop("to tens (6 up)"),
    ("rounding", "belot"): gettext_noop("belot rounding (tens)"),
    ("coinche_make_rule", "bid_and_majority"): gettext_noop("the bid and more than the defenders"),
    ("coinche_make_rule", "bid_only"): gettext_noop("the bid only"),
}
TABLE_LABELS = {
    "trump": gettext_noop("the trump suit"),
    "plain": gettext_noop("plain suits"),
    "no_trump": gettext_noop("no-trumps"),
    "all_trump": gettext_noop("all-trumps"),
}
MULTIPLIER_WORDS = {
    (1, "take"): gettext_noop("1 (no doubling)"),
    (1, "coinche"): gettext_noop("1 (no doubling)"),
    (2, "coinche"): gettext_noop("2 (coinche)"),
    (4, "coinche"): gettext_noop("4 (surcoinche)"),
    (1, "belot"): gettext_noop("1 (no doubling)"),
    (2, "belot"): gettext_noop("2 (contra)"),
    (4, "belot"): gettext_noop("4 (recontra)"),
}
FIELD_WORDS = {  # fields that name a team, at the start of a sentence
    "taker": gettext_noop("The taker"),
    "capot": gettext_noop("The capot team"),
    "last_trick": gettext_noop("The team with the last trick"),
    "eldest": gettext_noop("The eldest team"),
}
PLAY_WORDS = {  # what a passed-out deal cannot have
    "tricks": gettext_noop("trick points"),
    "last_trick": gettext_noop("last trick"),
    "capot": gettext_noop("capot"),
    "belote": gettext_noop("belote"),
    "declarations": gettext_noop("announcements"),
}
OR_LIST = gettext_noop("{items} or {last}")
