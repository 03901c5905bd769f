"""A card's write address (`t/<card>/game/<id>/...`) to its sheet in one written-out query: the path of every
deal and check a phone sends through its table card (scoring/sheets/joined.py says why written out)."""

from __future__ import annotations

import json

from django.db import connection
from django.http import Http404

from scoring.models import Deal, Sheet, TableCard, TableLink
from scoring.sheets.joined import fetch_instances_and_rest, model_columns
from scoring.sheets.links import card_access
from scoring.sheets.permissions import actor_from_request
from scoring.sheets.selectors import TOKEN_RE, SheetAccess
from tournaments.models import Event, Game, Round


def card_game_access(request, token: str, game_id: int) -> SheetAccess | None:
    """What a card's write address (`t/<token>/game/<id>/`) opens, in one written-out query: the active card,
    its event, the game `game_id` at its table with its round, the game's active link of the card's side and
    its sheet (the path of every deal a phone sends through its card). None when the card is not active
    (Http404 for the caller, as `card_by_token`). Raises like `card_access`; when the link or the sheet is
    missing, `card_access` makes them (a POST) or says the card waits."""
    if not isinstance(token, str) or not TOKEN_RE.match(token):
        raise Http404
    sql = _CARD_GAME_SQL.get(connection.vendor, _CARD_GAME_SQL["other"])
    found = fetch_instances_and_rest(sql, [game_id, token], _CARD_GAME_PARTS, _CARD_GAME_FIELDS)
    if found is None:
        return None
    (card, event, game, round, link, sheet), (deals,) = found
    card.event = event
    if game is None:
        raise Http404  # not a game at this card's table in its event
    game.round = round
    if link is None or sheet is None or round.status != Round.Status.RELEASED:
        return card_access(request, card, game)  # its refusals, or the missing link and sheet made
    round.event = event
    sheet.game = link.game = game
    # The deals as this statement read them (not locked): a create checks against them and writes only if
    # the sheet is still at the version read (scoring.sheets.services.deals); the check as you type shows them.
    sheet.read_deals = json.loads(deals) if isinstance(deals, str) else deals
    Sheet._meta.get_field("game").remote_field.set_cached_value(game, sheet)
    return SheetAccess(sheet=sheet, actor=actor_from_request(request, link=link, card=card), link=link, card=card)


_CARD_GAME_PARTS = [(TableCard, "c"), (Event, "e"), (Game, "g"), (Round, "r"), (TableLink, "l"), (Sheet, "s")]
_CARD_GAME_COLUMNS, _CARD_GAME_FIELDS = model_columns(_CARD_GAME_PARTS)
# The sheet's deals in order, as one JSON array (PostgreSQL; the demo's SQLite reads them when they are needed).
_READ_DEALS = {
    "postgresql": f"(SELECT COALESCE(jsonb_agg(d.data ORDER BY d.position), '[]'::jsonb) FROM {Deal._meta.db_table} d "
    f"WHERE d.sheet_id = s.id)",
}
_CARD_GAME_SQL_FORMAT = (
    f"SELECT {_CARD_GAME_COLUMNS}, {{read_deals}} AS read_deals "
    f"FROM {TableCard._meta.db_table} c "
    f"JOIN {Event._meta.db_table} e ON e.id = c.event_id "
    f"LEFT JOIN ({Game._meta.db_table} g JOIN {Round._meta.db_table} r ON r.id = g.round_id) "
    f"ON g.id = %s AND g.table_number = c.table_number AND r.event_id = c.event_id AND NOT g.is_bye "
    f"LEFT JOIN {TableLink._meta.db_table} l ON l.game_id = g.id AND l.side = c.side AND l.revoked_at IS NULL "
    f"LEFT JOIN {Sheet._meta.db_table} s ON s.game_id = g.id "
    f"WHERE c.token = %s AND c.revoked_at IS NULL ORDER BY l.id LIMIT 1"
)
_CARD_GAME_SQL = {
    **{vendor: _CARD_GAME_SQL_FORMAT.format(read_deals=read) for vendor, read in _READ_DEALS.items()},
    "other": _CARD_GAME_SQL_FORMAT.format(read_deals="NULL"),
}
