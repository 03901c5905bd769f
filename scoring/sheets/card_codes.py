"""A table card's short code, for a phone that cannot scan: "T5-N 4821", typed at /c/.

The code is the table number, the side's letter (N for North/South, W for East/West, in every language:
`scoring.labels.SIDE_CODE_LETTERS`) and four digits. Only the digits are secret: a guesser who knows the
table and side has 10,000 codes to try, and the code page lets one client address get
CARD_CODE_RATE_LIMIT of them wrong per CARD_CODE_WINDOW_MINUTES (counted in the database, shared by every
web process: `scoring.models.CardCodeMiss`), so a card's code holds for weeks of guessing, far longer than
the evening it is valid.

The digits are unique among the installation's active cards of one table number and side (constraint
tablecard_code_unique_active): a code names one card. A card gets its digits when it is made
(`free_codes`), and a reissued card new ones; the old card is revoked, so its code finds nothing at once.

What a phone may type (`parse_code`): case, spaces, hyphens, dots and slashes do not matter, the "T" may be
left out, full-width digits count (NFKC), and the side may be any compass letter of it in de, en or fr
(N or S, or N/S; E, W or O, or E/W, O/W: "Ost" and "Ouest" are both of East/West). The digits must be all
four: a code with a digit missing is refused as malformed, not looked up.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from secrets import randbelow

from django.db import connection, transaction
from django.utils import timezone

from scoring.labels import SIDE_TYPED_LETTERS
from scoring.models import CardCodeMiss, TableCard

#: The longest text the code page reads: a code with generous spacing fits; anything longer is refused unread.
MAX_TYPED = 40
# The namespace of the per-address advisory locks of the code limit (two-key form; the reset limit has 0x7273).
CARD_CODE_LOCK = 0x6363  # "cc"
_SEPARATORS = re.compile(r"[\s\-–—_./·:]+")
_SIDE = "|".join(sorted({*SIDE_TYPED_LETTERS, "NS", "SN", "EW", "WE", "OW", "WO", "EO", "OE"}, key=len, reverse=True))
_TYPED = re.compile(rf"^T?(?P<table>[0-9]{{1,4}})(?P<side>{_SIDE})(?P<digits>[0-9]{{4}})$")


@dataclass(frozen=True)
class TypedCode:
    table_number: int
    side: str  # "A" or "B"
    digits: str


def parse_code(typed: str) -> TypedCode | None:
    """The card a typed code names, or None when it is not a code's shape (nothing looked up)."""
    if not isinstance(typed, str) or len(typed) > MAX_TYPED:
        return None
    text = _SEPARATORS.sub("", unicodedata.normalize("NFKC", typed)).upper()
    match = _TYPED.match(text) if text.isascii() else None
    if match is None or int(match["table"]) == 0:
        return None
    return TypedCode(int(match["table"]), SIDE_TYPED_LETTERS[match["side"][0]], match["digits"])


def free_codes(places: list[tuple[int, str]]) -> dict[tuple[int, str], str]:
    """Four random digits for each (table number, side) of `places`, none in use by an active card of that
    place in any event (one query). A concurrent maker may take the same digits: the unique constraint then
    refuses one insert, and the caller draws again."""
    if not places:
        return {}
    used: dict[tuple[int, str], set[str]] = {}
    rows = (
        TableCard.objects.active()
        .filter(table_number__in={number for number, _side in places})
        .values_list("table_number", "side", "code")
    )
    for number, side, code in rows:
        used.setdefault((number, side), set()).add(code)
    picked: dict[tuple[int, str], str] = {}
    for place in places:
        taken = used.setdefault(place, set())
        if len(taken) >= 10_000:  # every code of the place in use: 10,000 live events with this table
            raise RuntimeError(f"no free card code for table {place[0]}")
        while (code := f"{randbelow(10_000):04d}") in taken:
            pass
        taken.add(code)
        picked[place] = code
    return picked


@dataclass(frozen=True)
class CodeAnswer:
    """What the code page answers: the card found, or why not. `retry_minutes` is set when the address is
    over its limit (then nothing was looked up)."""

    card: TableCard | None = None
    retry_minutes: int | None = None


def card_by_code(*, typed: TypedCode, address: str, limit: int, window: timedelta) -> CodeAnswer:
    """The active card of `typed` for a client at `address`, counting a miss against it: past `limit` misses
    in `window` nothing is looked up (even a right code is refused, or the limit would only slow a guesser).
    The lookups of one address queue on an advisory lock, so twenty wrong codes at once count as twenty."""
    address = address[:64]
    now = timezone.now()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [CARD_CODE_LOCK, address])
        misses = CardCodeMiss.objects.filter(address=address)
        misses.filter(missed_at__lte=now - window).delete()
        recent = list(misses.order_by("missed_at").values_list("missed_at", flat=True)[:limit])
        if len(recent) >= limit:
            # The limit lifts when the oldest miss that holds it leaves the window.
            return CodeAnswer(retry_minutes=max(1, math.ceil((recent[0] + window - now).total_seconds() / 60)))
        card = (
            TableCard.objects.active()
            .filter(table_number=typed.table_number, side=typed.side, code=typed.digits)
            .select_related("event")
            .first()
        )
        if card is None:
            CardCodeMiss.objects.create(address=address, missed_at=now)
        return CodeAnswer(card=card)
