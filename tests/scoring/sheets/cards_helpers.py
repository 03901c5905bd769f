"""Builders for the table-card tests: an evening with its cards made, a table's card, the next round
released through the tournaments service."""

from __future__ import annotations

from scoring.models import TableCard
from scoring.sheets.links import table_cards_ensure, team_links_ensure
from scoring.sheets.rounds import table_links_ensure
from tests.factories import EntryFactory, GameFactory, RoundFactory
from tournaments.models import Round
from tournaments.services import round_release


def evening(*, tables: int = 2, deals: int = 12):
    """An event with round 1 released on `tables` tables, its sheets and links, and its cards made."""
    round1 = RoundFactory(number=1, event__rules_options={"deals": deals})
    event = round1.event
    entries = [EntryFactory(event=event) for _ in range(tables * 2)]
    games = [
        GameFactory(round=round1, table_number=n + 1, entry_a=entries[2 * n], entry_b=entries[2 * n + 1])
        for n in range(tables)
    ]
    table_links_ensure(round=round1)
    table_cards_ensure(event=event, table_numbers=list(range(1, tables + 1)))
    team_links_ensure(event=event)
    return event, round1, entries, games


def card_of(event, table: int, side: str) -> TableCard:
    return TableCard.objects.active().get(event=event, table_number=table, side=side)


def next_round(event, previous: Round, pairs: list[tuple]) -> tuple[Round, list]:
    """Close `previous` and release the next round through the tournaments service (so the hooks run),
    with games at tables 1.. for `pairs` of entries."""
    previous.status = Round.Status.CLOSED
    previous.save(update_fields=["status"])
    following = RoundFactory(event=event, number=previous.number + 1, status=Round.Status.CONFIRMED)
    games = [GameFactory(round=following, table_number=n + 1, entry_a=a, entry_b=b) for n, (a, b) in enumerate(pairs)]
    round_release(round=following)
    return following, games
