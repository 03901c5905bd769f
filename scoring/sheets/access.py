"""The one token reader: what a printed token opens (`t/<token>/…`, `/api/v1/table/<token>/…`, and read-only
`p/<token>/sheet/`).

A token is a table card's (`CARD_TOKEN_LENGTH` characters; valid all evening, it opens whatever game sits at
its table in the released round, with its side's rights) or a game link's (one game, one side). This module
tells the two apart, once: the referee pages, the API and the version poll all read a token through it.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from scoring.exceptions import TableNotReady
from scoring.models import CARD_TOKEN_LENGTH, Sheet, TableCard
from scoring.sheets.card_lookup import card_game_access
from scoring.sheets.links import (
    CardNotReady,
    TableState,
    card_access,
    card_by_token,
    card_state,
    team_link_by_token,
    team_place,
)
from scoring.sheets.permissions import Actor
from scoring.sheets.selectors import SheetAccess, table_access


class CardWaiting(Exception):
    """A card whose table has no game in play now (between rounds, or its sheet not made yet); `state`
    says what it waits for."""

    def __init__(self, card: TableCard, state: TableState):
        super().__init__(state.kind)
        self.card = card
        self.state = state


def is_card_token(token: object) -> bool:
    """Whether `token` has a table card's shape (a card's token is longer than a game link's)."""
    return isinstance(token, str) and len(token) == CARD_TOKEN_LENGTH


def token_access(request: Any, token: str, *, game_id: int | None = None) -> SheetAccess:
    """The sheet `token` opens, for its side.

    A game link opens its own game (`selectors.table_access`). A card opens the game `game_id` at its table
    when the address names one (a card's writes name their game, so a deal sent late from an offline phone
    never lands in the next round's game), else the game in play at its table.

    Raises Http404 (unknown or revoked token, a game not at the card's table, a round not released),
    TableClosed (the round is closed), TableNotReady (a link's sheet not made yet) or CardWaiting."""
    if not is_card_token(token):
        if game_id is not None:
            raise Http404
        return table_access(request, token)
    if game_id is not None:
        try:
            access = card_game_access(request, token, game_id)
        except CardNotReady:
            card = card_by_token(token)
            raise CardWaiting(card, card_state(card)) from None
        if access is None:
            raise Http404
        return access
    card = card_by_token(token)
    state = card_state(card)
    if state.kind == "playing" and state.game is not None:
        try:
            return card_access(request, card, state.game)
        except CardNotReady:
            state = TableState("waiting", state.round_number)
    raise CardWaiting(card, state)


class TeamNotPlaying(Exception):
    """A team link whose team has no game in play now; `state` says why."""

    def __init__(self, state: TableState):
        super().__init__(state.kind)
        self.state = state


def team_sheet_access(request: Any, token: str) -> SheetAccess:
    """The sheet of the game a team link's team plays now, for that team's side, read-only: a team link is
    printed for the whole room (the by-name list on the wall), so it may show its sheet but never write.
    Raises Http404 (unknown or revoked link), TeamNotPlaying, TableNotReady (the sheet not made yet)."""
    link = team_link_by_token(token)
    place = team_place(link)
    game = place.state.game
    if place.state.kind != "playing" or game is None:
        raise TeamNotPlaying(place.state)
    sheet = Sheet.objects.filter(game=game).first()
    if sheet is None:
        raise TableNotReady()
    game.round.event = link.entry.event
    sheet.game = game
    return SheetAccess(sheet=sheet, actor=Actor(), team=link, team_side=place.side)


def state_text(state: TableState) -> str:
    """What a card or team page says when its table (or team) has no game in play."""
    if state.kind == "waiting":
        return _("Waiting for round %(number)s. This page opens the sheet by itself when the round is released.") % {
            "number": state.round_number
        }
    if state.kind == "idle":
        return _("Round %(number)s has no game at this table.") % {"number": state.round_number}
    if state.kind == "absent":
        return _("Your team is not in the draw of round %(number)s.") % {"number": state.round_number}
    if state.kind == "bye":
        return _("Your team has a bye in round %(number)s.") % {"number": state.round_number}
    if state.kind == "over":
        return _("The event is over: every round is closed. Thank you for playing!")
    return _("Round %(number)s is being played.") % {"number": state.round_number}
