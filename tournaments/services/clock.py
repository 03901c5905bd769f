"""The round clock's actions on the organiser's round page: start (again), pause, resume, call the last deal.
Each is recorded in the event's history. The clock itself is `tournaments.clock` (pure)."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.exceptions import IllegalTransition
from tournaments.models import Round
from tournaments.services.history import event_log_add
from tournaments.services.rounds import _lock_round

#: The clock's actions, by the code the round page posts; each is a code of EVENT_LOG_ACTIONS too.
CLOCK_ACTIONS = ("clock_start", "clock_pause", "clock_resume", "last_deal")


def round_clock_act(
    *,
    round: Round,
    action: str,
    user: User | None = None,
    now: datetime | None = None,
) -> Round:
    """Apply one clock action (one of CLOCK_ACTIONS) to a released round of an event that keeps time.

    `clock_start` starts the clock from the full length (again, if it ran); `clock_pause` stops it;
    `clock_resume` goes on from where it stood; `last_deal` calls the last deal. Raises IllegalTransition
    (translated, naming the round) when the round or the clock is not in a state for it."""
    if action not in CLOCK_ACTIONS:
        raise ValueError(f"unknown clock action {action!r}")
    now = now or timezone.now()
    with transaction.atomic():
        event, locked = _lock_round(round)
        if locked.status != Round.Status.RELEASED:
            raise IllegalTransition(
                _("Round %(number)s is %(status)s: its clock runs only while the round is released.")
                % {"number": locked.number, "status": locked.get_status_display()}
            )
        if not event.round_minutes:
            raise IllegalTransition(_("The event keeps no time: set the minutes per round in its settings first."))
        state = locked.clock(now)
        restarted = locked.clock_started_at is not None
        if action == "clock_start":
            locked.clock_started_at, locked.clock_paused_at = now, None
            locked.clock_paused_seconds, locked.last_deal_at = 0, None
        elif action == "clock_pause":
            if not state.runs:
                raise IllegalTransition(
                    _("Round %(number)s: the clock is not running, so it cannot be paused.") % {"number": locked.number}
                )
            locked.clock_paused_at = now
        elif action == "clock_resume":
            if locked.clock_paused_at is None:
                raise IllegalTransition(_("Round %(number)s: the clock is not paused.") % {"number": locked.number})
            locked.clock_paused_seconds += max(0, int((now - locked.clock_paused_at).total_seconds()))
            locked.clock_paused_at = None
        else:
            if locked.clock_started_at is None or locked.last_deal_at is not None:
                raise IllegalTransition(
                    _("Round %(number)s: the last deal is called once, while the clock has started.")
                    % {"number": locked.number}
                )
            locked.last_deal_at = now
        locked.save(update_fields=["clock_started_at", "clock_paused_at", "clock_paused_seconds", "last_deal_at"])
        minutes_left = locked.clock(now).minutes_left
        event_log_add(
            event=event,
            action="clock_restart" if action == "clock_start" and restarted else action,
            user=user,
            round_number=locked.number,
            round=locked.number,
            minutes=event.round_minutes,
            left=minutes_left,
        )
    return locked
