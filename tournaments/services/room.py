"""The room during play: the tables' calls to the director and the message to the room (the venue screen's
line). Each step goes into the event's history in the step's own transaction.

A call is made by a table's own phone (its table card or game link, checked by `scoring`'s referee views):
never by a link printed for the room (a team link, the venue screen). One call is open per table at a time:
a second tap finds the open one. The organiser answers it in one click; the table may take it back.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config import live
from scoring.rules.words import TEAMS
from tournaments.labels import DIRECTOR_CALL_REASONS
from tournaments.models import DirectorCall, Event, Round
from tournaments.models.events import ROOM_MESSAGE_MAX
from tournaments.services.base import signed_in
from tournaments.services.history import event_log_add


def director_call_open(
    *, event: Event, round: Round, table_number: int, side: str, reason: str = ""
) -> tuple[DirectorCall, bool]:
    """Call the director to `table_number` of `round` (released), from its `side`'s phone. Returns (the
    open call, whether this made it): while the table has an open call, that one is returned and nothing
    is written (two taps, or both sides' phones, make one call). Raises ValueError for a side or reason
    that is not one (a bug: the referee view offers only the valid ones)."""
    if side not in TEAMS or (reason and reason not in DIRECTOR_CALL_REASONS):
        raise ValueError(f"director call: side {side!r}, reason {reason!r}")
    existing = DirectorCall.objects.filter(event=event, table_number=table_number, answered_at__isnull=True).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            call = DirectorCall.objects.create(
                event=event, round=round, table_number=table_number, side=side, reason=reason
            )
            event_log_add(
                event=event,
                action="director_called",
                round_number=round.number,
                table_number=table_number,
                table=table_number,
                side=side,
                call_reason=reason,  # a code, read through its label (`reason` is the free-text column)
            )
    except IntegrityError:
        # The other side's phone called in the same instant: its call is the table's.
        return DirectorCall.objects.get(event=event, table_number=table_number, answered_at__isnull=True), False
    return call, True


def _close(call: DirectorCall, *, user: User | None, cancelled: bool) -> bool:
    """Close the open `call` in one guarded UPDATE (of two clicks, or a click and the table's cancel, one
    wins) and record it. Returns whether this closed it."""
    now = timezone.now()
    with transaction.atomic():
        closed = DirectorCall.objects.filter(pk=call.pk, answered_at__isnull=True).update(
            answered_at=now,
            answered_by=signed_in(user),
            cancelled=cancelled,
        )
        if closed:
            live.changed(call.event_id)
            event_log_add(
                event=call.event,
                action="director_call_cancelled" if cancelled else "director_answered",
                user=user,
                round_number=call.round.number,
                table_number=call.table_number,
                table=call.table_number,
            )
    if closed:
        call.answered_at, call.cancelled = now, cancelled
    return bool(closed)


def director_call_answer(*, call: DirectorCall, user: User) -> bool:
    """The organiser has answered `call` (records who and when). False when it was closed already."""
    return _close(call, user=user, cancelled=False)


def director_call_cancel(*, event: Event, table_number: int) -> bool:
    """The table takes its open call back (the question sorted itself out). False when none was open."""
    call = (
        DirectorCall.objects.select_related("event", "round")
        .filter(event=event, table_number=table_number, answered_at__isnull=True)
        .first()
    )
    return call is not None and _close(call, user=None, cancelled=True)


def room_message_clean(text: str) -> str:
    """The message as the screen shows it: one line (line breaks and runs of spaces become one space).
    Raises ValidationError naming the field and the limit when it is longer than ROOM_MESSAGE_MAX."""
    line = re.sub(r"\s+", " ", text or "").strip()
    if len(line) > ROOM_MESSAGE_MAX:
        raise ValidationError(
            {
                "room_message": _(
                    "Message to the room: at most %(limit)s characters (one line on the screen), got %(count)s."
                )
                % {"limit": ROOM_MESSAGE_MAX, "count": len(line)}
            }
        )
    return line


def event_room_message_set(*, event: Event, text: str, user: User | None) -> bool:
    """Show `text` on the event's venue screens (empty: clear it). Returns whether it changed (the same
    text again writes nothing). Raises ValidationError (too long)."""
    line = room_message_clean(text)
    with transaction.atomic():
        locked = Event.objects.select_for_update().only("pk", "room_message").get(pk=event.pk)
        if locked.room_message == line:
            return False
        now = timezone.now()
        Event.objects.filter(pk=event.pk).update(room_message=line, room_message_at=now)
        live.changed(event.pk)
        if line:
            event_log_add(event=event, action="room_message", user=user, text=line)
        else:
            event_log_add(event=event, action="room_message_cleared", user=user)
    event.room_message, event.room_message_at = line, now
    return True
