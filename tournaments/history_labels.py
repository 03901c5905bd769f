"""The event history's sentences: each step of `tournaments.models.EventLogEntry` (its action code) as a
person reads it, filled from the row's details in the reader's language (`event_log_text`). The names these
sentences use (penalties, the director's calls, late entries) are tournaments/labels.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments.labels import MISSED_ROUNDS_LABELS, PENALTY_LABELS, director_call_reason, penalty_name
from tournaments.money_labels import MONEY_LOG_ACTIONS
from tournaments.prize_labels import PRIZE_LOG_ACTIONS


def _penalty_sentence(template: Promise) -> Any:
    # A built-in penalty reads in the reader's language (its code is kept), a club's under its own name.
    def sentence(details: Mapping[str, Any]) -> str:
        filled = DetailsOrDash(details)
        code = details.get("penalty_code")
        if isinstance(code, str) and code in PENALTY_LABELS:
            filled["penalty"] = penalty_name(code)
        return str(template) % filled

    return sentence


def _sides_swapped(details: Mapping[str, Any]) -> str:
    """The side swap's sentence: which of the two fixes (scoring.sheets.services.sides), or the short one for
    a row that does not say."""
    filled = DetailsOrDash(details)
    if details.get("how") == "teams":
        return (
            gettext("Table %(table)s: the two teams had swapped places; N/S is now no. %(a)s, E/W no. %(b)s.") % filled
        )
    if details.get("how") == "seats":
        return gettext("Table %(table)s: N/S and E/W swapped in every deal.") % filled
    return gettext("Table %(table)s: sides swapped.") % filled


def _director_called(details: Mapping[str, Any]) -> str:
    reason = director_call_reason(details.get("call_reason") or "")
    table = details.get("table", "–")
    if reason:
        return gettext("Table %(table)s called the director: %(reason)s.") % {"table": table, "reason": reason}
    return gettext("Table %(table)s called the director.") % {"table": table}


def _dash(details: Mapping[str, Any]) -> DetailsOrDash:
    return DetailsOrDash(details)


def _late_entry_text(details: Mapping[str, Any]) -> str:
    d = _dash(details)
    if "round" not in details:
        return gettext("Pair %(number)s entered late.") % d
    rule = details.get("rule")
    if rule in MISSED_ROUNDS_LABELS and isinstance(details.get("round"), int) and details["round"] > 1:
        return gettext("No. %(number)s (%(name)s) entered late, plays from round %(round)s; %(rule)s.") % _dash(
            {**details, "rule": MISSED_ROUNDS_LABELS[rule]}
        )
    return gettext("No. %(number)s (%(name)s) entered late, plays from round %(round)s.") % d


def _withdrawal_text(details: Mapping[str, Any]) -> str:
    d = _dash(details)
    if "after" not in details:
        return gettext("Pair %(number)s withdrew.") % d
    if not details["after"]:
        return gettext("No. %(number)s (%(name)s) withdrew before round 1.") % d
    return gettext("No. %(number)s (%(name)s) withdrew after round %(after)s.") % d


def _substitute_text(details: Mapping[str, Any]) -> str:
    d = _dash(details)
    if "round" not in details:
        return gettext("%(substitute)s plays for %(player)s.") % d
    if details.get("to_round"):
        return gettext("%(substitute)s plays for %(player)s (no. %(number)s) in round %(round)s only.") % d
    return gettext("%(substitute)s plays for %(player)s (no. %(number)s) from round %(round)s on.") % d


def _melee_leave_text(details: Mapping[str, Any]) -> str:
    d = _dash(details)
    text = gettext("%(name)s (no. %(number)s) left after round %(after)s.") % d
    present, sitting_out = details.get("present"), details.get("sitting_out")
    if isinstance(present, int):
        text += " " + ngettext("%(count)s player remains.", "%(count)s players remain.", present) % {"count": present}
    if isinstance(sitting_out, int) and sitting_out:
        text += " " + ngettext(
            "%(count)s sits out next round with a bye.", "%(count)s sit out next round with a bye.", sitting_out
        ) % {"count": sitting_out}
    return text


# The event history's steps (tournaments.models.EventLogEntry.action): each a sentence filled from the row's
# `details` (%-keys), or a function of the details for a sentence that needs labels of its own. A service
# that records a new kind of step adds its code here; `event_log_add` refuses a code missing here.
EVENT_LOG_ACTIONS: dict[str, Any] = {
    "event_reopened": _("Event reopened."),
    "results_mailed": _("Results mailed to the members who asked for them: %(count)s mails."),
    "round_reopened": _("Round %(round)s reopened."),
    "late_entry": _late_entry_text,
    "withdrawal": _withdrawal_text,
    "withdrawal_undone": _("No. %(number)s (%(name)s) plays again from round %(round)s."),
    "melee_leave": _melee_leave_text,
    "substitute": _substitute_text,
    "penalty_given": _penalty_sentence(_("Penalty for %(number)s: %(penalty)s.")),
    "penalty_withdrawn": _penalty_sentence(_("Penalty for %(number)s withdrawn: %(penalty)s.")),
    "adjustment_given": _("Adjustment for %(number)s: %(match_points)s match points, %(points)s game points."),
    "adjustment_withdrawn": _(
        "Adjustment for %(number)s withdrawn: %(match_points)s match points, %(points)s game points."
    ),
    "sides_swapped": _sides_swapped,
    "director_called": _director_called,
    "director_answered": _("Table %(table)s: call answered."),
    "director_call_cancelled": _("Table %(table)s took its call to the director back."),
    "room_message": _("Message to the room: “%(text)s”."),
    "room_message_cleared": _("Message to the room cleared."),
    "settings_changed": lambda details: _settings_changed_text(details),
    "checkin_changed": lambda details: _checkin_changed_text(details),
    "game_link_reissued": _("Table %(table)s, round %(round)s: a game link replaced (the old one is dead)."),
    "card_reissued": _("Table %(table)s: table card reissued (the old card, its code and its PIN are dead)."),
    "team_link_reissued": _("Team link of no. %(number)s reissued (the old one is dead)."),
    "venue_screen_created": _("A venue screen address made."),
    "venue_screen_revoked": _("A venue screen address revoked."),
    "event_restored": lambda details: _event_restored_text(details),
    "clock_start": _("Round %(round)s: clock started (%(minutes)s minutes)."),
    "clock_restart": _("Round %(round)s: clock started again from %(minutes)s minutes."),
    "clock_pause": _("Round %(round)s: clock paused with %(left)s minutes left."),
    "clock_resume": _("Round %(round)s: clock running again with %(left)s minutes left."),
    "last_deal": _("Round %(round)s: last deal called with %(left)s minutes left."),
    "unfinished_rule": lambda details: _unfinished_rule_text(details),
    **PRIZE_LOG_ACTIONS,
    **MONEY_LOG_ACTIONS,
}


def _unfinished_rule_text(details: Mapping[str, Any]) -> str:
    from tournaments.models.events import Event  # the rule's words are the model's choices (models import us)

    rule = dict(Event.UnfinishedRule.choices).get(details.get("rule", ""), "–")
    played = details.get("played") if isinstance(details.get("played"), int) else 0
    return ngettext(
        "Round %(round)s, table %(table)s: unfinished game after %(played)s deal; %(rule)s: %(before)s → %(after)s.",
        "Round %(round)s, table %(table)s: unfinished game after %(played)s deals; %(rule)s: %(before)s → %(after)s.",
        played,
    ) % DetailsOrDash({**details, "rule": rule})


def _event_restored_text(details: Mapping[str, Any]) -> str:
    text = gettext(
        "Event restored from a backup: %(sheets_after)s sheets with %(deals_after)s deals (before: %(sheets_before)s "
        "with %(deals_before)s)."
    ) % DetailsOrDash(details)
    # The desk's rows are not in an archive: the restore kept them (rows written before this was recorded say nothing).
    payments, kept, undone = (
        details.get(key) if isinstance(details.get(key), int) else 0
        for key in ("payments_kept", "prize_steps_kept", "prize_steps_undone")
    )
    if payments:
        text += " " + ngettext("%(count)s payment kept.", "%(count)s payments kept.", payments) % {"count": payments}
    if kept:
        text += " " + ngettext(
            "%(count)s step of the prize-giving kept.", "%(count)s steps of the prize-giving kept.", kept
        ) % {"count": kept}
    if undone:
        text += " " + ngettext(
            "%(count)s step of the prize-giving undone: its team is not in the backup.",
            "%(count)s steps of the prize-giving undone: their teams are not in the backup.",
            undone,
        ) % {"count": undone}
    return text


def event_log_text(action: str, details: Mapping[str, Any]) -> str:
    """The sentence a person reads for one history row, in the active language."""
    template = EVENT_LOG_ACTIONS.get(action)
    if template is None:
        return gettext("Step of an earlier version.")
    if not isinstance(template, Promise | str):
        return template(details)
    # A row written with fewer details than the sentence asks for still reads as its step, with a dash.
    return str(template) % DetailsOrDash(details)


class DetailsOrDash(dict):
    """A row's details for a %-sentence: a key the row lacks (written by an earlier version) reads as a dash."""

    def __missing__(self, key: str) -> str:
        return "–"


def field_names(model: Any, names: Any) -> str:
    """The fields `names` of `model` as a person reads them ("first name, email"), or a dash for none; a field
    of an earlier version, gone from the model, shows by its name."""
    from django.core.exceptions import FieldDoesNotExist

    shown = []
    for name in names or []:
        try:
            shown.append(str(model._meta.get_field(name).verbose_name))
        except FieldDoesNotExist:
            shown.append(str(name))
    return ", ".join(shown) or "–"


def _settings_changed_text(details: Mapping[str, Any]) -> str:
    from tournaments.models import Event

    return gettext("Settings changed: %(fields)s.") % {"fields": field_names(Event, details.get("fields"))}


def _checkin_changed_text(details: Mapping[str, Any]) -> str:
    from tournaments.models import CheckIn

    status = dict(CheckIn.Status.choices).get(details.get("status"), details.get("status") or "–")
    return ngettext(
        "Check-in for round %(round)s: %(count)s entry set to “%(status)s”.",
        "Check-in for round %(round)s: %(count)s entries set to “%(status)s”.",
        details.get("count") or 0,
    ) % {"round": details.get("round", "–"), "count": details.get("count", "–"), "status": status}
