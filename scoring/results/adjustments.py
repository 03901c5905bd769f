"""Penalties and organiser adjustments: each its own row with a reason, never an edit of derived data.

The service queues a standings recompute (`scoring.queueing.standings_request_recompute`) in the
transaction that adds the row, and records the step in the event's history; the standings count the
adjustment from its round on. Nothing deletes one: `scoring.results.penalties.adjustment_withdraw` withdraws
it (kept, left out of the standings). The catalogue's named penalties are `scoring.results.penalties`.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import Adjustment
from scoring.queueing import standings_request_recompute
from scoring.standings import metrics
from scoring.standings.store import StandingsError
from tournaments.models import Entry, Event
from tournaments.services.base import signed_in
from tournaments.services.history import event_log_add

# Game points of one adjustment: far beyond any evening (a game is a few thousand points), far inside the
# database's 32-bit integer, so 2^31 is a refusal that names the field, never a 500.
MAX_ADJUSTMENT_POINTS = 1_000_000


def adjustment_create(
    *,
    event: Event,
    entry: Entry,
    kind: str,
    reason: str,
    match_points: Decimal | int = 0,
    points: int = 0,
    round_number: int | None = None,
    user: User | None = None,
) -> Adjustment:
    """Add a penalty or an adjustment (its own row, with a reason) and queue a standings recompute.

    Raises StandingsError naming the field when the entry is of another event, the kind is unknown, the
    reason is empty, the match points are no number with at most two decimals below a million, the game
    points no whole number within MAX_ADJUSTMENT_POINTS, both amounts are zero, or the round is no whole
    number within the event's rounds."""
    if entry.event_id != event.pk:
        raise StandingsError(_("Entry: start number %(number)s is not in this event.") % {"number": entry.number})
    if kind not in Adjustment.Kind.values:
        raise StandingsError(_("Kind: choose penalty or adjustment, not “%(kind)s”.") % {"kind": kind})
    if not (reason or "").strip():
        raise StandingsError(_("Reason: a penalty or adjustment needs a reason."))
    try:
        match_points = Decimal(str(match_points))
    except ArithmeticError as exc:
        raise StandingsError(_("Match points: “%(value)s” is not a number.") % {"value": match_points}) from exc
    exponent = match_points.as_tuple().exponent
    # Decimal("NaN") and Decimal("Infinity") parse; their exponent is a letter, not a number of decimals.
    if not isinstance(exponent, int):
        raise StandingsError(_("Match points: “%(value)s” is not a number.") % {"value": match_points})
    if exponent < -2 or abs(match_points) >= 10**6:
        raise StandingsError(
            _("Match points: at most two decimals and less than a million; got %(value)s.") % {"value": match_points}
        )
    if type(points) is not int or not -MAX_ADJUSTMENT_POINTS <= points <= MAX_ADJUSTMENT_POINTS:
        raise StandingsError(
            _("Game points: a whole number from -%(max)s to %(max)s; got %(value)s.")
            % {"max": MAX_ADJUSTMENT_POINTS, "value": points}
        )
    if not match_points and not points:
        raise StandingsError(_("Match points and game points are both 0: the adjustment would change nothing."))
    if round_number is not None and (type(round_number) is not int or not 1 <= round_number <= event.rounds):
        raise StandingsError(
            _("Round: must be between 1 and %(rounds)s; got %(round)s.")
            % {"rounds": event.rounds, "round": round_number}
        )
    with transaction.atomic():
        adjustment = Adjustment.objects.create(
            event=event,
            entry=entry,
            kind=kind,
            reason=reason.strip(),
            match_points=match_points,
            points=points,
            round_number=round_number,
            created_by=signed_in(user),
        )
        event_log_add(
            event=event,
            action="adjustment_given",
            user=user,
            reason=adjustment.reason,
            round_number=round_number,
            entry=entry,
            number=entry.number,
            match_points=metrics.json_value(match_points),
            points=points,
        )
        standings_request_recompute(event_id=event.pk)
    return adjustment
