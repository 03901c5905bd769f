"""The PIN a game link types to confirm or dispute, and the limit on guessing it.

A game link is printed where both sides see it (the round's slip lists both sides' links on one card), so
holding it does not say which side confirms. Its confirmation and dispute also need the PIN of its side: four
digits printed only on that side's half of the table card (`TableCard.pin`, new with every reissued card). A
table card itself confirms without a PIN: it is that side's own half.

Wrong PINs are counted per sheet side in the database (`PinFailure`), like the password reset limit
(`tournaments.services.accounts.password_reset_allow`): at most PIN_FAILURE_LIMIT in PIN_WINDOW, then that
side waits; every web process counts the same rows, and the tries of one side queue on an advisory lock, so
twenty at once still get exactly the limit's worth of answers.
"""

from __future__ import annotations

import hmac
from dataclasses import replace
from datetime import timedelta

from django.db import connection, transaction
from django.utils import timezone

from scoring.exceptions import PinLocked, PinWrong
from scoring.labels import SIDE_LABELS
from scoring.models import PinFailure, Sheet, TableCard
from scoring.sheets.permissions import Actor, pin_blocks

PIN_FAILURE_LIMIT = 5
PIN_WINDOW = timedelta(minutes=10)
# The namespace of the per-sheet-side advisory locks (two-key form, like the reset limit's "rs").
PIN_LOCK = 0x706E  # "pn"


def side_pin(sheet: Sheet, side: str) -> str | None:
    """The PIN of `side` at the sheet's table: its active table card's (None when the table has no card of
    that side; the release hook makes them, so only an event without cards has none)."""
    game = sheet.game
    return (
        TableCard.objects.active()
        .filter(event_id=game.round.event_id, table_number=game.table_number, side=side)
        .values_list("pin", flat=True)
        .first()
    )


def pin_verified(*, sheet: Sheet, actor: Actor, pin: str) -> Actor:
    """`actor` with its PIN checked, for a confirmation or dispute: unchanged when it needs none, typed none
    (the step refuses it then, in a sentence), or is refused for another reason first (a sheet not
    submitted, the own side: said before any PIN is counted); else the same actor with `pin_ok` set.

    Raises PinWrong (the try is counted, and stays counted: it is stored in its own transaction before the
    refusal) or PinLocked (too many wrong tries lately; this one is not checked)."""
    if not pin or not pin_blocks(sheet, actor):
        return actor
    side = actor.side or ""
    expected = side_pin(sheet, side)
    now = timezone.now()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [PIN_LOCK, sheet.pk * 2 + (side == "B")])
        failures = PinFailure.objects.filter(sheet_id=sheet.pk, side=side)
        failures.filter(failed_at__lte=now - PIN_WINDOW).delete()
        recent = sorted(failures.values_list("failed_at", flat=True))
        if len(recent) >= PIN_FAILURE_LIMIT:
            wait = recent[-PIN_FAILURE_LIMIT] + PIN_WINDOW - now
            raise PinLocked(limit=PIN_FAILURE_LIMIT, minutes=max(1, -(-int(wait.total_seconds()) // 60)))
        right = expected is not None and hmac.compare_digest(pin.encode(), expected.encode())
        if not right:
            PinFailure.objects.create(sheet_id=sheet.pk, side=side, failed_at=now)
    if not right:
        left = PIN_FAILURE_LIMIT - len(recent) - 1
        if left == 0:
            raise PinLocked(limit=PIN_FAILURE_LIMIT, minutes=int(PIN_WINDOW.total_seconds() // 60))
        raise PinWrong(side=str(SIDE_LABELS.get(side, side)), left=left)
    return replace(actor, pin_ok=True)
