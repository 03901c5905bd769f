"""What changes a live page: each save or delete of the rows the live answers are made of gives the event a new
generation after commit (`config.live.changed`), so its kept answers are read again and its streams told;
a sheet's, only its game's generation (the pages of that sheet; `config.live` scopes).

The rows: the event (standings version and dirty mark, status, publication, the message to the room), its
rounds (status, clock), games (a card's game at its table), sheets (version, status, entering side), the
calls to the director, and the four links (revoked). Writes that bypass `save()` call `config.live.changed`
themselves: the deal's one-statement write (`sheets/deal_write`), the standings' UPDATE (`standings/store`),
the dirty mark (`queueing`, `tournaments/services/people`), an answered call and the room message
(`tournaments/services/room`), a revoked link (`SecretLink.revoke`). Bulk updates of sheets happen with a
round's release, close or reopen, which saves the round. Connected in `ScoringConfig.ready`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db.models.signals import post_delete, post_save

from config import live
from scoring.models import Sheet, TableCard, TableLink, TeamLink, VenueScreen
from tournaments.models import DirectorCall, Entry, Event, Game, Round


def _by_event_id(sender: Any, instance: Any, **kwargs: Any) -> None:
    live.changed(instance.event_id)


def _event(sender: Any, instance: Event, **kwargs: Any) -> None:
    live.changed(instance.pk)


def _game(sender: Any, instance: Game, **kwargs: Any) -> None:
    round = instance.round if Game.round.is_cached(instance) else None
    live.changed(round.event_id if round is not None else partial(_event_of_round, instance.round_id))


def _sheet(sender: Any, instance: Sheet, **kwargs: Any) -> None:
    sheet_changed(instance)


def _link(sender: Any, instance: Any, **kwargs: Any) -> None:
    link_changed(instance)


def _event_of_round(round_id: int | None) -> int | None:
    return Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()


def _event_of_game(game_id: int | None) -> int | None:
    return Round.objects.filter(games=game_id).values_list("event_id", flat=True).first()


def sheet_changed(sheet: Sheet) -> None:
    """`config.live.changed` for the sheet's game alone (only its own pages show a sheet; what a sheet
    changes for the whole event, the standings' dirty mark, changes the event row): the event from its
    loaded game and round when they are (a locked sheet's are), else found after commit."""
    if Sheet.game.is_cached(sheet):
        game = sheet.game
        if Game.round.is_cached(game):
            live.changed(game.round.event_id, scope=live.game_scope(sheet.game_id))
        else:
            live.changed(partial(_event_of_round, game.round_id), scope=live.game_scope(sheet.game_id))
    else:
        live.changed(partial(_event_of_game, sheet.game_id), scope=live.game_scope(sheet.game_id))


def link_changed(link: Any) -> None:
    """`config.live.changed` for the event of any of the four links (made, revoked)."""
    if isinstance(link, TableCard | VenueScreen):
        live.changed(link.event_id)
    elif isinstance(link, TeamLink):
        live.changed(partial(_event_of_entry, link.entry_id))
    elif isinstance(link, TableLink):
        live.changed(partial(_event_of_game, link.game_id))


def _event_of_entry(entry_id: int) -> int | None:
    return Entry.objects.filter(pk=entry_id).values_list("event_id", flat=True).first()


def connect() -> None:
    """Saves only: a delete with receivers would load every row of a cascade (no fast delete), and what a
    live page shows goes by status and revocation, not by deleting rows; an event deleted is the exception."""
    for model in (Round, DirectorCall):
        post_save.connect(_by_event_id, sender=model, dispatch_uid=f"live-{model.__name__}")
    for model in (TableCard, VenueScreen, TeamLink, TableLink):
        post_save.connect(_link, sender=model, dispatch_uid=f"live-{model.__name__}")
    post_save.connect(_event, sender=Event, dispatch_uid="live-Event")
    post_delete.connect(_event, sender=Event, dispatch_uid="live-del-Event")
    post_save.connect(_game, sender=Game, dispatch_uid="live-Game")
    post_save.connect(_sheet, sender=Sheet, dispatch_uid="live-Sheet")
