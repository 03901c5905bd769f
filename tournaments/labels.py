"""Names people read for the codes the engine and the database keep: rule sets, pairing methods, rule-set
settings and their values, the draw's flags and the pairing core's user errors. Pages, forms and exports show
these, never the codes (`hoheluft`, `round_robin`, `rematch_no_alternative`).

Every code of the registries (`scoring.rules.PRESETS`, `tournaments.pairing.types.METHOD_NAMES`,
`scoring.rules.SETTING_NAMES`) has a name here; `tests/scoring/test_labels_no_raw_codes.py` checks that.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.rules import messages as rules_messages
from tournaments.draw_labels import SEASON_FLAG_LABELS
from tournaments.exceptions import DrawFailed
from tournaments.pairing import FLAG_CODES, USER_ERROR_CODES, DrawUserError

# The rules engine names the rule sets (its messages say "In {rules} ..."); pages and forms show the same.
PRESET_LABELS = {code: _(name) for code, name in rules_messages.PRESET_LABELS.items()}

# A seat's letter in the reader's language (German N O S W, French N E S O), for the draw's pages and the
# sheets' (scoring.labels takes it from here).
SEAT_LABELS = {
    "N": pgettext_lazy("seat", "N"),
    "E": pgettext_lazy("seat", "E"),
    "S": pgettext_lazy("seat", "S"),
    "W": pgettext_lazy("seat", "W"),
}

PAIRING_METHOD_LABELS = {
    "random": _("Random"),
    "swiss": _("Swiss system"),
    "round_robin": _("Round robin"),
    "melee": _("Mêlée"),
}

# Not the engine's SETTING_LABELS: its messages need fragments to use mid-sentence, a form needs labels.
# The settings of spec §4 by name, as the rule-set form shows them (the game length has its own field and
# the card value tables are kept as the preset or import gave them).
SETTING_LABELS = {
    "capot_total": _("Points for a capot"),
    "capot_bonus": _("Capot premium"),
    "make_rule": _("The contract is made when the taker has"),
    "litige": _("A tie is held (litige)"),
    "announcements": _("Announcements"),
    "announcement_tie": _("Equal announcements"),
    "rounding": _("Rounding"),
    "multipliers": _("Multipliers"),
    "bid_max": _("Highest bid"),
    "surcoinche_factor": _("Surcoinche counts"),
    "coinche_make_rule": _("A coinche contract is made when the taker has"),
    "failed_base": _("Base of a failed contract"),
    "end_while_held": _("The game may end while points are held"),
    "deals": _("Deals per game"),
    "target": _("Points to win a game"),
    "values": _("Card values"),
}

SETTING_VALUE_LABELS = {
    "make_rule": {"majority": _("more points than the defenders")},
    "announcements": {
        "none": _("none"),
        "belote_only": _("belote only"),
        "all": _("all (runs, carrés and belote)"),
    },
    "announcement_tie": {"cancel": _("cancel each other"), "eldest": _("the eldest hand's count")},
    "rounding": {
        "none": _("none"),
        "nearest_ten_5_up": _("to the nearest ten, 5 up (85 → 90)"),
        "nearest_ten_6_up": _("to the nearest ten, 6 up (85 → 80)"),
        "belot": _("belot tens"),
    },
    "coinche_make_rule": {
        "bid_and_majority": _("at least the bid and more than the defenders"),
        "bid_only": _("at least the bid"),
    },
    "surcoinche_factor": {4: _("four times"), 3: _("three times")},
}


def preset_label(code: str) -> str:
    """A rule set's name in the active language (an unknown code, e.g. from an old archive, as it is)."""
    return str(PRESET_LABELS.get(code, code))


def pairing_method_label(code: str) -> str:
    return str(PAIRING_METHOD_LABELS.get(code, code))


def join_words(items) -> str:
    """A list as a sentence writes it in the active language: "6", "5 and 6", "4, 5 and 6"."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return gettext("%(items)s and %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def join_choices(items) -> str:
    """Alternatives as a sentence writes them: "Random, Swiss system or Round robin"."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return gettext("%(items)s or %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def setting_value_label(name: str, value) -> str:
    """A setting's value as words: "yes", "belote only", "more points than the defenders", "1, 2, 4"."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    labels = SETTING_VALUE_LABELS.get(name, {})
    if isinstance(value, str | int) and value in labels:
        return str(labels[value])
    if name == "make_rule" and isinstance(value, int):
        return gettext("at least %(points)s points") % {"points": value}
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def setting_rows(settings: dict) -> list[tuple[str, str]]:
    """A rule set's settings as (name, value) in words, for pages; the card value tables are left out."""
    return [
        (str(SETTING_LABELS[name]), setting_value_label(name, value))
        for name, value in settings.items()
        if name in SETTING_LABELS and name != "values"
    ]


# Pairing-core user error code → translated message; each uses only placeholders the core's description has.
_DRAW_ERROR_MESSAGES: dict[str, Any] = {
    "unknown_method": _("The draw method %(method)s does not exist."),
    "unknown_option": _("The option %(option)s is not an option of the %(method)s draw."),
    "invalid_option": _("The option %(option)s has an invalid value %(value)s: %(rule)s."),
    "invalid_round_number": _("The round number must be 1 or more, got %(round_number)s."),
    "too_few_entrants": _("A %(method)s draw needs at least %(minimum)s entries present, got %(count)s."),
    "duplicate_entrant": _("Entry no. %(entrant)s is listed twice."),
    "duplicate_player": _("A player is in entries no. %(entrant)s and no. %(other)s."),
    "team_size": _("Entry no. %(entrant)s has %(count)s players; a %(method)s draw needs %(expected)s."),
    "invalid_entrant": _("Entry no. %(entrant)s has an invalid %(field)s: %(rule)s."),
    "duplicate_table": _("Table %(table)s is listed twice."),
    "invalid_table": _("Table number %(table)s is invalid: table numbers are whole numbers of 1 or more."),
    "unknown_fixed_table": _("Entry no. %(entrant)s stays at table %(table)s, which is not among the event's tables."),
    "not_enough_tables": _("The draw needs %(games)s tables, only %(tables)s are available."),
    "entrant_not_in_order": _("Entry no. %(entrant)s is present but not in the round-robin order."),
    "entrant_not_in_draw": _("Entry no. %(entrant)s is neither at a table nor on a bye in this draw."),
    "same_entrant": _("An entry cannot be swapped with itself (no. %(entrant)s)."),
    "no_game_at_table": _("There is no game at table %(table)s."),
    "unknown_table": _("Table %(table)s is not among the tables."),
}

# Flag code → translated explanation, for the organiser's draw page.
_FLAG_LABELS: dict[str, Any] = {
    "rematch_no_alternative": _("Rematch: every possible draw has at least as many."),
    "rematch": _("Rematch (set by hand)."),
    "same_club": _("Both sides come from the same club."),
    "pulled_up": _("Pulled up: the sides come from different score groups."),
    "repeated_partner_no_alternative": _("Repeated partners: every possible draw repeats at least as many."),
    "repeated_partner": _("Repeated partners (set by hand)."),
    "repeated_opponent": _("Some players have met before across a table."),
    "fixed_table": _("Held at its fixed table."),
    "fixed_table_unmet": _("An entry here is fixed to another table, which could not be given."),
    "step_free_unmet": _("An entry here needs a step-free table; none was free."),
    "repeat_bye": _("Second bye: everyone playing has had at least as many."),
    "bye_unfair": _("Bye although someone playing has had fewer byes (set by hand)."),
    "schedule_bye": _("Round robin: no opponent in the schedule this round."),
    "opponent_absent": _("Round robin: the scheduled opponent is absent."),
}

#: The two tables keyed by the pairing core's codes, in its order: a code the core adds without a translation
#: here fails at import (and tests/tournaments/test_draws_edge.py checks that no stale one is left).
DRAW_ERROR_MESSAGES: dict[str, Any] = {code: _DRAW_ERROR_MESSAGES[code] for code in USER_ERROR_CODES}
_FLAG_LABELS.update(SEASON_FLAG_LABELS)
FLAG_LABELS: dict[str, Any] = {code: _FLAG_LABELS[code] for code in FLAG_CODES}


def flag_label(code: str) -> str:
    """The translated explanation of a flag code (the code itself when unknown)."""
    label = FLAG_LABELS.get(code)
    return str(label) if label is not None else code


def draw_error(exc: DrawUserError, numbers: Mapping[int, int] | None = None) -> DrawFailed:
    """The pairing core's user error as a translated domain error; `numbers` maps entry ids to start numbers
    (organisers know entries by number, the core by id)."""
    template = DRAW_ERROR_MESSAGES.get(exc.code)
    if template is None:
        return DrawFailed(str(exc), code=exc.code)
    params = dict(exc.params)
    for key in ("entrant", "other"):
        if numbers and params.get(key) in numbers:
            params[key] = numbers[params[key]]
    if isinstance(params.get("method"), str):
        params["method"] = pairing_method_label(params["method"])
    if exc.code == "not_enough_tables" and isinstance(params.get("tables"), int):
        template = ngettext(
            "The draw needs %(games)s tables, only %(tables)s is available.",
            "The draw needs %(games)s tables, only %(tables)s are available.",
            params["tables"],
        )
    try:
        message = str(template) % params
    except (KeyError, TypeError, ValueError):
        message = str(exc)
    return DrawFailed(message, code=exc.code)


# The built-in penalties of the catalogue (`scoring.results.penalties.BUILTINS`, by code), after the French
# belote federation's arbitration code: (name, what the director reads before giving it). A club's own
# penalties carry their own name.
PENALTY_LABELS = {
    "misdeal": (
        _("Misdeal after trumps are set"),
        _("The deal is not played again: the opponents score the deal's points."),
    ),
    "revoke": (
        _("Revoke"),
        _(
            "A player did not follow suit or trump when able: the opponents score the deal's points; add "
            "their announcements to the amount."
        ),
    ),
    "card_exposed": (
        _("Card exposed or played out of turn"),
        _("The card stays face up and is played at the first legal turn; a warning, points if it is repeated."),
    ),
    "late_arrival": (
        _("Late arrival"),
        _("A deal's points off for each five minutes late (adjust the amount); past the limit the round is lost."),
    ),
    "slow_play_warning": (
        _("Slow play: warning"),
        _("The first time: a warning, nothing off."),
    ),
    "slow_play": (
        _("Slow play after a warning"),
        _("Slow play again after a warning: a deal's points off."),
    ),
}


def penalty_name(code: str, name: str = "") -> str:
    """A penalty's name in the reader's language: the built-in's word for `code`, else the club's `name`."""
    label = PENALTY_LABELS.get(code)
    return str(label[0]) if label else name


def penalty_description(code: str) -> str:
    label = PENALTY_LABELS.get(code)
    return str(label[1]) if label else ""


# Why a table calls the director (tournaments.DirectorCall.reason): the phone's choice, the round page's words.
DIRECTOR_CALL_REASONS = {
    "question": _("a question"),
    "dispute": _("a dispute at the table"),
    "other": _("something else"),
}


def director_call_reason(code: str) -> str:
    """The reason's words ("" for none or an unknown code: a call needs no reason)."""
    label = DIRECTOR_CALL_REASONS.get(code)
    return str(label) if label is not None else ""


# How a late entry's missed rounds count (tournaments.Entry.MissedRounds), short, beside "late, from round 2".
MISSED_ROUNDS_LABELS = {
    "bye": _("missed rounds as byes"),
    "zero": _("missed rounds count nothing"),
    "average": _("missed rounds at its average"),
}


def late_label(joined_round: int | None, rule: str = "") -> str:
    """ "late, from round 2 (missed rounds as byes)": what the standings, the entries and the exports say."""
    if not joined_round:
        return gettext("late")
    text = gettext("late, from round %(round)s") % {"round": joined_round}
    if joined_round > 1 and rule in MISSED_ROUNDS_LABELS:
        text += f" ({MISSED_ROUNDS_LABELS[rule]})"
    return text


def withdrawn_label(after: int | None) -> str:
    """ "withdrawn after round 2" (after 0: before the first round; None, not known: "withdrawn")."""
    if after is None:
        return gettext("withdrawn")
    if not after:
        return gettext("withdrawn before round 1")
    return gettext("withdrawn after round %(round)s") % {"round": after}


def bye_label(match_points, points) -> str:
    """What a bye gives, as the draw, the venue screen and the standings say it: "Bye: 2 match points,
    0 game points"."""
    return gettext("Bye: %(match_points)s match points, %(points)s game points") % {
        "match_points": match_points,
        "points": points,
    }
