"""Manual edits of a draft draw: swap two entrants, move a game to another table.

Each edit returns a new Draw and leaves the old one alone. Both need the history and entrants the draw was
made from, to recompute flags and quality: a game whose sides changed gets its pairing flags recomputed as a
manual choice ("rematch", not "rematch_no_alternative"); other games keep theirs. Table and bye flags are
always recomputed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .errors import DrawFatalError, DrawUserError
from .flags import PAIRING_FLAGS
from .quality import Field, bye_rows, measure, pairing_flags
from .tables import table_flags
from .types import Bye, Draw, DrawnGame, Entrant, History, Table


def _field(draw: Draw, entrants: Iterable[Entrant], history: History) -> Field:
    field = Field(draw.method, entrants, history)
    for entrant in [e for game in draw.games for e in game.entrants] + [bye.entrant for bye in draw.byes]:
        if entrant not in field.entrants:
            raise DrawFatalError(f"entrant {entrant} of the draw is missing from the entrants given")
    return field


def _tables(tables: Sequence[Table] | None) -> dict[int, Table]:
    return {table.number: table for table in tables} if tables is not None else {}


def _in_table_order(games: Iterable[DrawnGame], tables: Sequence[Table] | None) -> tuple[DrawnGame, ...]:
    if tables is None:
        return tuple(sorted(games, key=lambda game: game.table))
    position = {table.number: index for index, table in enumerate(tables)}
    return tuple(sorted(games, key=lambda game: (position.get(game.table, len(position)), game.table)))


def _rebuild(
    draw: Draw,
    games: Sequence[DrawnGame],
    byes: Sequence[Bye],
    field: Field,
    tables: Sequence[Table] | None,
) -> Draw:
    """Recompute table flags, bye flags and quality of edited ``games`` and ``byes``."""
    by_number = _tables(tables)
    refreshed = [
        replace(
            game,
            flags=tuple(f for f in game.flags if f in PAIRING_FLAGS)
            + table_flags(game.entrants, game.table, field.entrants, by_number),
        )
        for game in games
    ]
    playing = [e for game in refreshed for e in game.entrants]
    schedule_flags = ("schedule_bye", "opponent_absent")
    entries = [(bye.entrant, next((f for f in bye.flags if f in schedule_flags), None)) for bye in byes]
    return Draw(
        games=_in_table_order(refreshed, tables),
        byes=bye_rows(field, entries, playing),
        quality=measure(field, refreshed),
        seed=draw.seed,
        method=draw.method,
    )


def _seated(game: DrawnGame, side_a: tuple[int, ...], side_b: tuple[int, ...], field: Field) -> DrawnGame:
    """``game`` with new sides: seats from the sides' players, pairing flags kept if the pairing is the same."""
    players_a = tuple(p for e in side_a for p in field.entrants[e].players)
    players_b = tuple(p for e in side_b for p in field.entrants[e].players)
    if len(players_a) != 2 or len(players_b) != 2:
        raise DrawFatalError(f"a side must seat two players, got {players_a} and {players_b}")
    before = frozenset({frozenset(game.side_a_entrants), frozenset(game.side_b_entrants)})
    after = frozenset({frozenset(side_a), frozenset(side_b)})
    if before == after:
        flags = tuple(f for f in game.flags if f in PAIRING_FLAGS)
    else:
        flags = pairing_flags(field, side_a, side_b, origin="manual")
    return replace(
        game,
        side_a=side_a[0],
        side_b=side_b[0],
        seats={"N": players_a[0], "E": players_b[0], "S": players_a[1], "W": players_b[1]},
        flags=flags,
        side_a_players=players_a,
        side_b_players=players_b,
        side_a_entrants=side_a,
        side_b_entrants=side_b,
    )


def swap_entrants(
    draw: Draw,
    a: int,
    b: int,
    *,
    entrants: Iterable[Entrant],
    history: History,
    tables: Sequence[Table] | None = None,
) -> Draw:
    """Swap entrants ``a`` and ``b``: each takes the other's place (side and seat at a table, or bye).

    Takes the draw, two entrant ids, and the ``entrants``, ``history`` and ``tables`` the draw was made with.
    Returns the edited draw (the given one is unchanged). Raises ``DrawUserError`` "same_entrant" or
    "entrant_not_in_draw".
    """
    if a == b:
        raise DrawUserError("same_entrant", entrant=a)
    field = _field(draw, entrants, history)
    places: dict[int, tuple[str, int, int, int]] = {}
    for index, game in enumerate(draw.games):
        for side, members in enumerate((game.side_a_entrants, game.side_b_entrants)):
            for slot, entrant in enumerate(members):
                places[entrant] = ("game", index, side, slot)
    for index, bye in enumerate(draw.byes):
        places[bye.entrant] = ("bye", index, 0, 0)
    for entrant in (a, b):
        if entrant not in places:
            raise DrawUserError("entrant_not_in_draw", entrant=entrant)
    sides = [[list(g.side_a_entrants), list(g.side_b_entrants)] for g in draw.games]
    byes = list(draw.byes)
    for entrant, other in ((a, b), (b, a)):
        kind, index, side, slot = places[entrant]
        if kind == "game":
            sides[index][side][slot] = other
        else:
            # A new entrant on a bye: the round-robin schedule flag no longer describes it.
            byes[index] = Bye(other)
    games = [
        _seated(game, tuple(sides[index][0]), tuple(sides[index][1]), field) for index, game in enumerate(draw.games)
    ]
    return _rebuild(draw, games, byes, field, tables)


def move_game(
    draw: Draw,
    table_from: int,
    table_to: int,
    *,
    entrants: Iterable[Entrant],
    history: History,
    tables: Sequence[Table] | None = None,
) -> Draw:
    """Move the game at ``table_from`` to ``table_to``; a game already there moves to ``table_from``.

    Takes the draw, two table numbers, and the ``entrants``, ``history`` and ``tables`` the draw was made
    with (``table_to`` must be one of ``tables`` when given, else any number from 1). Returns the edited draw.
    Raises ``DrawUserError`` "no_game_at_table", "unknown_table" or "invalid_table".
    """
    field = _field(draw, entrants, history)
    moving = draw.game_at(table_from)
    if moving is None:
        raise DrawUserError("no_game_at_table", table=table_from)
    if isinstance(table_to, bool) or not isinstance(table_to, int) or table_to < 1:
        raise DrawUserError("invalid_table", table=table_to)
    if tables is not None and table_to not in _tables(tables):
        raise DrawUserError("unknown_table", table=table_to)
    games = []
    for game in draw.games:
        if game.table == table_from:
            games.append(replace(game, table=table_to))
        elif game.table == table_to:
            games.append(replace(game, table=table_from))
        else:
            games.append(game)
    return _rebuild(draw, games, draw.byes, field, tables)
