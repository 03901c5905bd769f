"""The organiser's ways to a round, a sheet and an event: by the address's slugs and numbers (the pages under
`o/<club>/events/<event>/`, scoring/organiser_urls.py) or by database id (the API and the old addresses),
each checking the club before anything is shown (Http404 for anyone who does not organise it), and the
arguments of those addresses.
"""

from __future__ import annotations

from django.http import Http404

from scoring.models import Sheet
from scoring.sheets.permissions import actor_from_request
from scoring.sheets.selectors import GAME_RELATED, SheetAccess
from tournaments.models import Event, Round
from tournaments.permissions import require_organiser


def organiser_access(request, sheet_id: int) -> SheetAccess:
    """A sheet by id for an organiser of its club (Http404 for anyone else, so other clubs' sheets stay
    unseen): the API's and the old addresses' way in."""
    return _organiser_sheet(request, pk=sheet_id)


def organiser_sheet_at(request, *, club_slug: str, event_slug: str, number: int, table: int) -> SheetAccess:
    """The sheet of table `table` in round `number` of an event, for an organiser of its club (Http404
    otherwise): the address of the organiser's sheet page. One query, and the membership."""
    return _organiser_sheet(request, **sheet_at(club_slug=club_slug, event_slug=event_slug, number=number, table=table))


def sheet_at(*, club_slug: str, event_slug: str, number: int, table: int) -> dict:
    """The lookup of a sheet by its address: table `table` of round `number` of the event (a game with a
    sheet is no bye; constraint game_unique_table_per_round makes it one)."""
    return {
        "game__round__event__club__slug": club_slug,
        "game__round__event__slug": event_slug,
        "game__round__number": number,
        "game__table_number": table,
        "game__is_bye": False,
    }


def _organiser_sheet(request, **lookup) -> SheetAccess:
    sheet = Sheet.objects.select_related(*(f"game__{r}" for r in GAME_RELATED)).filter(**lookup).first()
    if sheet is None:
        raise Http404
    require_organiser(request.user, sheet.game.round.event.club_id)
    return SheetAccess(sheet=sheet, actor=actor_from_request(request, organiser=True))


def organiser_round(request, round_id: int) -> Round:
    """A round by id for an organiser of its club (Http404 otherwise): the API's and the old addresses'."""
    return _organiser_round(request, pk=round_id)


def organiser_round_at(request, *, club_slug: str, event_slug: str, number: int) -> Round:
    """Round `number` of an event, for an organiser of its club (Http404 otherwise)."""
    return _organiser_round(request, event__club__slug=club_slug, event__slug=event_slug, number=number)


def _organiser_round(request, **lookup) -> Round:
    round = Round.objects.select_related("event__club").filter(**lookup).first()
    if round is None:
        raise Http404
    require_organiser(request.user, round.event.club_id)
    return round


def organiser_event(request, *, club_slug: str, event_slug: str) -> Event:
    """An event for an organiser of its club (Http404 otherwise)."""
    return _organiser_event(request, club__slug=club_slug, slug=event_slug)


def organiser_event_by_id(request, event_id: int) -> Event:
    """An event by id for an organiser of its club (Http404 otherwise): the old addresses' way in."""
    return _organiser_event(request, pk=event_id)


def _organiser_event(request, **lookup) -> Event:
    event = Event.objects.select_related("club").filter(**lookup).first()
    if event is None:
        raise Http404
    require_organiser(request.user, event.club_id)
    return event


def round_address(round: Round) -> list:
    """The arguments of a round's organiser addresses (`desk:round...`): club, event, round number."""
    return [round.event.club.slug, round.event.slug, round.number]


def sheet_address(sheet: Sheet) -> list:
    """The arguments of a sheet's organiser addresses (`desk:sheet...`): club, event, round, table. A
    sheet is one game, one table in one round, so the pair of numbers names it for the whole evening."""
    game = sheet.game
    return [*round_address(game.round), game.table_number]
