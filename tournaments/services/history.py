"""The histories: every step a director takes on an event is added as one row (`EventLogEntry`), every change
to the club's year (seasons, divisions, members, forbidden pairings, settings) as one `ClubLogEntry`; never
edited.

Services that change an event outside the plan (a late pair, a withdrawal, a reopened round, a penalty, a
side swap, ...) call `event_log_add` in their own transaction, so the step and its record land together.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from tournaments.club_history_labels import CLUB_LOG_ACTIONS
from tournaments.exceptions import InvalidInput
from tournaments.history_labels import EVENT_LOG_ACTIONS
from tournaments.models import Club, ClubLogEntry, Entry, Event, EventLogEntry, Player, Season
from tournaments.services.base import signed_in

#: The longest reason a director may type for a step (the same bound as a sheet's reason, scoring.MAX_REASON).
MAX_REASON = 2000


def history_reason(reason: Any) -> str:
    """The stripped reason of a step that needs one (a reopened round or event, a restore): InvalidInput on
    the field `reason` when it is empty or longer than MAX_REASON."""
    text: str = reason.strip() if isinstance(reason, str) else ""
    if not text:
        raise InvalidInput(_("Give a reason: it is kept in the event's history."), field="reason")
    if len(text) > MAX_REASON:
        raise InvalidInput(
            _("The reason is too long: at most %(max)s characters, got %(got)s.")
            % {"max": MAX_REASON, "got": len(text)},
            field="reason",
        )
    return text


def event_log_add(
    *,
    event: Event,
    action: str,
    user: User | None = None,
    reason: str = "",
    round_number: int | None = None,
    entry: Entry | None = None,
    table_number: int | None = None,
    **details: Any,
) -> EventLogEntry:
    """Record one step. `action` is a code of `tournaments.history_labels.EVENT_LOG_ACTIONS`; `details` are plain
    JSON values a person reads beside it (names, numbers, a rule's code shown through its label)."""
    if action not in EVENT_LOG_ACTIONS:
        raise ValueError(f"unknown event history action {action!r}: add it to history_labels.EVENT_LOG_ACTIONS")
    return EventLogEntry.objects.create(
        event=event,
        action=action,
        user=signed_in(user),
        reason=(reason or "").strip(),
        round_number=round_number,
        entry=entry,
        table_number=table_number,
        details=details,
    )


def club_log_add(
    *,
    club: Club,
    action: str,
    user: User | None = None,
    season: Season | None = None,
    player: Player | None = None,
    reason: str = "",
    **details: Any,
) -> ClubLogEntry:
    """Record one change to the club's year, in the caller's transaction. `action` is a code of
    `tournaments.club_history_labels.CLUB_LOG_ACTIONS`; `details` are plain JSON values (names as they are now)."""
    if action not in CLUB_LOG_ACTIONS:
        raise ValueError(f"unknown club history action {action!r}: add it to club_history_labels.CLUB_LOG_ACTIONS")
    return ClubLogEntry.objects.create(
        club=club,
        action=action,
        user=signed_in(user),
        season=season,
        player=player,
        reason=(reason or "").strip(),
        details=details,
    )
