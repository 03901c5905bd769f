"""Organiser forms: they check shape and show errors; the services do the writing (and check again).

One module per concern, as the views: `clubs`, `members`, `seasons`, `events` (with `rule_settings`, the
rule set's named settings as fields), `entries` (and the check-in), `tables`, `rounds`; `base` has
`apply_errors` (a service's refusal shown on the form) and the date picker. This module keeps the names
callers import.
"""

from tournaments.forms.base import DateInput, apply_errors
from tournaments.forms.clubs import ClubEditForm, ClubForm
from tournaments.forms.entries import CheckInForm, EntryForm, PlayerChoiceField
from tournaments.forms.events import EventForm
from tournaments.forms.members import PlayerForm
from tournaments.forms.rounds import DrawForm, MoveForm, SwapForm
from tournaments.forms.seasons import SeasonForm
from tournaments.forms.tables import TableForm, TableRangeForm

__all__ = [
    "CheckInForm",
    "ClubEditForm",
    "ClubForm",
    "DateInput",
    "DrawForm",
    "EntryForm",
    "EventForm",
    "MoveForm",
    "PlayerChoiceField",
    "PlayerForm",
    "SeasonForm",
    "SwapForm",
    "TableForm",
    "TableRangeForm",
    "apply_errors",
]
