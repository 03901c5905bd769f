"""A club with a member of each consent and two evenings of real deals, for the member pages' tests.

Anna Vollmann (named in full) and Bernd Kurzmann (initials only) play together as team 1; Carla Geheimnis
(name withheld) and Dieter Offen (in full) as team 2; Emil Sommer and Frida Winter as team 3; Gustav Herbst
and Hanna Lenz as team 4. Each evening has two closed rounds of real Hoheluft deals scored by the engine.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from scoring.engine import sheet_score
from scoring.models import Deal, Sheet
from scoring.standings.store import standings_recompute_now
from tests.factories import ClubFactory, EntryFactory, EventFactory, PlayerFactory, SeasonFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME
from tests.scoring.standings_helpers import make_round
from tournaments.models import Club, Event, Game, Player

# The words of the withheld and initials-only members' names that must never reach a public page.
SECRET_WORDS = ("Geheimnis", "Carla", "Kurzmann", "Bernd")

# A short game: the first four deals of HOHELUFT_GAME (made, inside, a litige, inside with a belote) and one
# capot for N/S: N/S take three, E/W two; E/W win it 466 to 454 (the mirrored game: N/S win).
SHORT_GAME = [*HOHELUFT_GAME[:4], HOHELUFT_GAME[4]]
# The same deals, mirrored: N/S ↔ E/W (so the other side wins).
MIRRORED = [
    {
        **deal,
        **({"contract": {**deal["contract"], "taker": "B" if deal["contract"]["taker"] == "A" else "A"}}),
        **({"tricks": {"A": deal["tricks"]["B"], "B": deal["tricks"]["A"]}} if "tricks" in deal else {}),
        **({"belote": ["B" if b == "A" else "A" for b in deal["belote"]]} if "belote" in deal else {}),
        **({"capot": "B" if deal["capot"] == "A" else "A"} if deal.get("capot") else {}),
    }
    for deal in SHORT_GAME
]


@dataclass
class History:
    club: Club
    season: object
    events: list[Event]
    anna: Player
    bernd: Player
    carla: Player
    dieter: Player
    people: dict[str, Player]


def play_deals(rnd, a, b, deals: list[dict], *, table: int) -> Game:
    """A game of entry `a` (N/S) against `b` (E/W) whose confirmed sheet holds `deals`, scored by the engine."""
    game = Game.objects.create(
        round=rnd,
        table_number=table,
        entry_a=a,
        entry_b=b,
        seats={"N": a.player_1_id, "S": a.player_2_id, "E": b.player_1_id, "W": b.player_2_id},
        first_dealer="N",
    )
    result = sheet_score(event=rnd.event, deals=deals)
    assert result["valid"], result["errors"]
    sheet = Sheet.objects.create(
        game=game,
        status=Sheet.Status.CONFIRMED,
        result=result,
        total_a=result["totals"]["A"],
        total_b=result["totals"]["B"],
        finished=bool(result["finished"]),
        winner=result["winner"] or "",
        deal_count=len(deals),
        version=2,
    )
    Deal.objects.bulk_create([Deal(sheet=sheet, position=i, data=d) for i, d in enumerate(deals)])
    return game


def person(club, first: str, last: str, publication: str) -> Player:
    return PlayerFactory(club=club, first_name=first, last_name=last, publication=publication)


def club_history(*, evenings: int = 2, club=None, public_sheets: bool = True) -> History:
    """The club of the module's docstring, with `evenings` evenings (events of one season, a week apart)."""
    club = club or ClubFactory(slug="hoheluft-test", name="Belote Hoheluft Test")
    season = SeasonFactory(club=club)
    names = [
        ("anna", "Anna", "Vollmann", "full"),
        ("bernd", "Bernd", "Kurzmann", "initials"),
        ("carla", "Carla", "Geheimnis", "hidden"),
        ("dieter", "Dieter", "Offen", "full"),
        ("emil", "Emil", "Sommer", "full"),
        ("frida", "Frida", "Winter", "full"),
        ("gustav", "Gustav", "Herbst", "full"),
        ("hanna", "Hanna", "Lenz", "full"),
    ]
    people = {key: person(club, first, last, pub) for key, first, last, pub in names}
    events = []
    for n in range(evenings):
        event = EventFactory(
            club=club,
            season=season,
            name=f"Clubabend {n + 1}",
            slug=f"abend-{n + 1}",
            date=datetime.date(2026, 10, 5) + datetime.timedelta(days=7 * n),
            status=Event.Status.FINISHED,
            rounds=2,
            public_sheets=public_sheets,
        )
        keys = ["anna", "bernd", "carla", "dieter", "emil", "frida", "gustav", "hanna"]
        entries = [
            EntryFactory(event=event, number=i + 1, player_1=people[keys[2 * i]], player_2=people[keys[2 * i + 1]])
            for i in range(4)
        ]
        one, two, three, four = entries
        r1 = make_round(event, 1)
        play_deals(r1, one, two, SHORT_GAME, table=1)  # team 2 wins
        play_deals(r1, three, four, MIRRORED, table=2)  # team 3 wins
        r2 = make_round(event, 2)
        play_deals(r2, one, four, MIRRORED, table=1)  # team 1 wins
        play_deals(r2, two, three, SHORT_GAME, table=2)  # team 3 wins
        standings_recompute_now(event_id=event.pk)
        event.refresh_from_db()
        events.append(event)
    return History(
        club=club,
        season=season,
        events=events,
        anna=people["anna"],
        bernd=people["bernd"],
        carla=people["carla"],
        dieter=people["dieter"],
        people=people,
    )
