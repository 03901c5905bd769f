"""The round clock (pure: no Django): what the clock of a round shows at a given moment.

A round's clock runs from `started` for `minutes`, less the time it stood paused (`paused_seconds` before,
plus the pause still going on since `paused_at`). The organiser may call the last deal; warnings sound the
given minutes before the end. The server computes the state; the pages count down from its remaining seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

#: The clock's states, in the order a round goes through them. "off": the event keeps no time; "ready":
#: not started; "last_deal": the organiser called the last deal while time remains; "over": time is up.
CLOCK_STATES = ("off", "ready", "running", "paused", "last_deal", "over")


@dataclass(frozen=True, slots=True)
class ClockState:
    """The clock at one moment: its state, seconds left (of `duration`), the warning in force (the minutes
    of the smallest warning already passed, or None), and whether the last deal was called."""

    state: str
    remaining: int
    duration: int
    warning: int | None
    last_deal: bool

    @property
    def runs(self) -> bool:
        """The time goes down (a page counts down between polls)."""
        return self.state in ("running", "last_deal")

    @property
    def minutes_left(self) -> int:
        """Whole minutes left, rounded up (59 s left is "1 min", 0 s is "0 min")."""
        return -(-self.remaining // 60)


def clock_stamp(
    started: datetime | None, paused_at: datetime | None, paused_seconds: int, last_deal_at: datetime | None
) -> str:
    """What a clock's state is made of, as text: it changes with every clock action, not with time (the
    pages' polls carry it, and fetch the clock again only when it changed)."""
    moments = ".".join(str(int(m.timestamp())) if m else "" for m in (started, paused_at, last_deal_at))
    return f"c{moments}.{paused_seconds or 0}"


def clock_state(
    *,
    minutes: int | None,
    started: datetime | None,
    paused_at: datetime | None,
    paused_seconds: int,
    last_deal_at: datetime | None,
    warnings: list[int] | tuple[int, ...],
    now: datetime,
) -> ClockState:
    """The state of a round's clock at `now` (aware datetimes). Never raises for a clock started in the
    future (a server clock set back): the time left is then the whole duration."""
    duration = (minutes or 0) * 60
    last_deal = last_deal_at is not None
    if not minutes:
        return ClockState("off", 0, 0, None, last_deal)
    if started is None:
        return ClockState("ready", duration, duration, None, last_deal)
    until = paused_at if paused_at is not None else now
    elapsed = max(0, int((until - started).total_seconds()) - paused_seconds)
    remaining = max(0, duration - elapsed)
    passed = [w for w in warnings if remaining <= w * 60]
    warning = min(passed) if passed and remaining > 0 else None
    if remaining == 0:
        state = "over"
    elif paused_at is not None:
        state = "paused"
    elif last_deal:
        state = "last_deal"
    else:
        state = "running"
    return ClockState(state, remaining, duration, warning, last_deal)
