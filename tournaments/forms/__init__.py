"""Organiser forms: they check shape and show errors; the services do the writing (and check again).

One module per concern, as the views: `clubs`, `members` (and their import), `accounts`, `seasons`,
`events` (with `rule_settings`, the rule set's named settings as fields), `entries` (the check-in tap, the
copy of earlier pairs), `tables`, `rounds`; `base` has `apply_errors` (a service's refusal shown on the
form) and the date picker. This module keeps the names callers import.
"""

from tournaments.forms.accounts import FirstAccountForm, InviteForm
from tournaments.forms.base import DateInput, apply_errors
from tournaments.forms.clubs import ClubEditForm, ClubForm
from tournaments.forms.entries import CheckInForm, EntryForm, PairsCopyForm, PlayerChoiceField
from tournaments.forms.events import EventForm
from tournaments.forms.members import MemberImportForm, PlayerForm
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
    "FirstAccountForm",
    "InviteForm",
    "MemberImportForm",
    "MoveForm",
    "PairsCopyForm",
    "PlayerChoiceField",
    "PlayerForm",
    "SeasonForm",
    "SwapForm",
    "TableForm",
    "TableRangeForm",
    "apply_errors",
]
