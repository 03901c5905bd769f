"""An event with final standings (snapshot rows of its last round) and a prize list, for the prize tests."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, StandingFactory
from tournaments.models import Event, Prize, PrizeCategory

TEAM_NAMES = [
    "Die Buben",
    "Herzdamen",
    "Pik As",
    "Kreuzkönige",
    "Trumpf Zehn",
    "Die Belote",
    "Capot-Jäger",
    "Hoheluft I",
    "Hoheluft II",
    "Eppendorf",
    "Die Stiche",
    "Karo Neun",
    "Rebelote",
    "Schellen",
    "Eimsbüttel",
    "Alte Hasen",
    "Die Neuen",
    "Grindel",
    "Isebek",
    "Letzter Stich",
]


def event_with_standings(*, club=None, teams: int = 20, slug: str = "concours", rounds: int = 4) -> Event:
    """`teams` pairs ranked 1..teams after the last round: match points fall by 2 every two places, so places
    2k-1 and 2k are level on match points and the total points tell them apart (and places 11 and 12 are
    level on every criterion: a shared rank)."""
    event = EventFactory(slug=slug, rounds=rounds, **({"club": club} if club else {}))
    entries = [
        EntryFactory(
            event=event,
            number=i,
            name=TEAM_NAMES[(i - 1) % len(TEAM_NAMES)],
            player_1=PlayerFactory(club=event.club, is_guest=i in (7, 15)),
            player_2=PlayerFactory(club=event.club, is_guest=i in (7, 15)),
        )
        for i in range(1, teams + 1)
    ]
    for place, entry in enumerate(entries, start=1):
        mp = 2 * (teams - (place - 1) // 2)
        total = 2000 - 10 * place if place not in (11, 12) else 1880
        rank = 11 if place == 12 else place
        StandingFactory(
            event=event,
            entry=entry,
            round_number=rounds,
            rank=rank,
            match_points=mp,
            total_points=total,
            metrics={"match_points": mp, "total_points": total, "point_difference": total - 1500},
        )
    return event


def add_lots(event: Event, count: int, *, category: PrizeCategory | None = None, start: int = 1) -> list[Prize]:
    return [
        Prize.objects.create(
            event=event,
            category=category,
            position=start + i,
            label=f"Lot {i + 1}"
            if i
            else (category.name + ": ein Blumenstrauß" if category else "1er prix : un jambon"),
            value=Decimal(50 - i) if i < 10 else None,
        )
        for i in range(count)
    ]


def url(event: Event, name: str) -> str:
    return reverse(f"prizes:{name}", args=[event.club.slug, event.slug])
