"""What the "people change" tests share: an evening played through the services, sheets scored with known
totals, the organiser's clicks counted, the standings and export rows read back."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse

from scoring.models import Sheet
from scoring.standings.store import standings_recompute_now
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event, Game, Standing

#: Every sheet ends North/South 800, East/West 500 (+10 per table number): side A wins every game.
WIN, LOSS = 800, 500


def make_evening(club, pairs: int = 8, *, melee: bool = False, **kwargs) -> tuple[Event, list]:
    kwargs.setdefault("bye_points", 400)
    kwargs.setdefault("pairing_methods", ["melee"] if melee else ["random", "swiss"])
    event = EventFactory(club=club, team_mode=Event.TeamMode.MELEE if melee else Event.TeamMode.PAIRS, **kwargs)
    entries = []
    for n in range(1, pairs + 1):
        extra = {"player_2": None} if melee else {}
        entries.append(
            EntryFactory(event=event, number=n, player_1=PlayerFactory(club=club, last_name=f"Spieler{n}"), **extra)
        )
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    return event, entries


def release(event: Event, number: int, seed: int = 7):
    rnd = services.round_draw(event=event, number=number, seed=seed)
    services.round_confirm(round=rnd)
    return services.round_release(round=rnd)


def score_and_close(rnd) -> None:
    for game in Game.objects.filter(round=rnd, is_bye=False):
        Sheet.objects.filter(game=game).update(
            status=Sheet.Status.CONFIRMED, finished=True, total_a=WIN, total_b=LOSS + 10 * game.table_number, winner="A"
        )
    services.round_close(round=rnd)
    standings_recompute_now(event_id=rnd.event_id)


def play(event: Event, number: int, seed: int = 7):
    rnd = release(event, number, seed)
    score_and_close(rnd)
    return rnd


def result_of(entry, rnd) -> tuple[Decimal, int, int, int]:
    """(match points, points for, points against, byes) of `entry` in round `rnd`, from its game there."""
    for game in Game.objects.filter(round=rnd):
        sides = {"A": (game.entry_a_id, game.entry_a_partner_id), "B": (game.entry_b_id, game.entry_b_partner_id)}
        if game.is_bye and entry.pk in sides["A"]:
            return Decimal(2), rnd.event.bye_points, 0, 1
        against = LOSS + 10 * (game.table_number or 0)
        if entry.pk in sides["A"]:
            return Decimal(2), WIN, against, 0
        if entry.pk in sides["B"]:
            return Decimal(0), against, WIN, 0
    return Decimal(0), 0, 0, 0


def standing(event: Event, entry, after: int) -> Standing | None:
    return Standing.objects.filter(event=event, entry=entry, round_number=after).first()


def drawn(rnd) -> set[int]:
    ids = set()
    for row in Game.objects.filter(round=rnd).values_list(
        "entry_a_id", "entry_a_partner_id", "entry_b_id", "entry_b_partner_id"
    ):
        ids.update(e for e in row if e)
    return ids


def bye_entries(rnd) -> set[int]:
    return set(Game.objects.filter(round=rnd, is_bye=True).values_list("entry_a_id", flat=True))


def export_rows(event: Event, after: int) -> dict[int, list]:
    """The standings export's rows after round `after`, by start number (the CSV, XLSX and PDF share them)."""
    from scoring.exports.data import load_results
    from scoring.exports.tables import standings_header, standings_rows

    results = load_results(event.pk)
    header = standings_header(results)
    return {row[2]: dict(zip(header, row, strict=True)) for row in standings_rows(results, after)}


class Clicks:
    """The organiser's client, counting what a person does: each GET or POST they trigger is one step (a
    redirect the browser follows is not)."""

    def __init__(self, client):
        self.client, self.count = client, 0

    def get(self, *args, **kwargs):
        self.count += 1
        return self.client.get(*args, **kwargs)

    def post(self, *args, **kwargs):
        self.count += 1
        return self.client.post(*args, **kwargs)


def url(name, event, **kwargs) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, **kwargs})


def public_url(name, event, **kwargs) -> str:
    return reverse(f"public:{name}", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, **kwargs})
