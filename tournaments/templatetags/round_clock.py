"""`{% round_clock round event size url %}`: the round clock (components/round_clock.html) as the venue
screen (large), a table's phone and the organiser's pages (small) show it: the server's time left, which
static/clock.js counts down, and the warnings and the last-deal call in words."""

from __future__ import annotations

from django import template

register = template.Library()


@register.inclusion_tag("components/round_clock.html")
def round_clock(round, event=None, size: str = "small", url: str = "") -> dict:
    """`round`: the round in play (None: nothing shown); `event`: its event when the caller has it loaded
    (spares a query); `size`: "large" or "small"; `url`: an address whose HTML holds the fresh clock, fetched
    when the page's poll says the clock changed (paused, last deal called)."""
    if round is None:
        return {"clock": None}
    if event is not None:
        round.event = event
    clock = round.clock()
    return {
        "clock": clock,
        "round": round,
        "size": "large" if size == "large" else "small",
        "url": url,
        "stamp": round.clock_stamp,
        "warnings": ",".join(str(m) for m in round.event.warning_minutes or []),
    }
