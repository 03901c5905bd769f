"""Builders for the public pages' tests: a page's address, an event of closed rounds with standings."""

from django.urls import reverse

from scoring.standings.store import standings_recompute_now
from tests.scoring.standings_helpers import bye, make_entries, make_event, make_round, play
from tournaments.models import Event


def url(event, name, *args):
    return reverse(f"public:{name}", args=[event.club.slug, event.slug, *args])


def build(teams: int = 4, rounds: int = 2, **event_kwargs):
    """`teams` teams, `rounds` closed rounds; in round n team i plays team i+1 of a rotated order; the lower
    start number of each pair wins 900:700 (so team 1 leads)."""
    event_kwargs.setdefault("status", Event.Status.RUNNING)
    event = make_event(**event_kwargs)
    entries = make_entries(event, teams)
    for number in range(1, rounds + 1):
        rnd = make_round(event, number)
        order = entries[number - 1 :] + entries[: number - 1]
        for i in range(0, teams - 1, 2):
            x, y = sorted(order[i : i + 2], key=lambda e: e.number)
            play(rnd, x, y, [(500, 300), (400, 400)], table=i // 2 + 1)
        if teams % 2:
            bye(rnd, order[-1])
    standings_recompute_now(event_id=event.pk)
    event.refresh_from_db()
    return event
