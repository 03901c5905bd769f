"""Which game sits at which table: fixed tables first, then the draw's order, then step-free needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import DrawUserError
from .types import Entrant, Table


def table_list(tables: Sequence[Table] | None, games: int, entrants: Sequence[Entrant]) -> list[Table]:
    """The tables a draw may use, in the order games fill them.

    Given tables are used as listed. Without a list: tables 1, 2, 3, ... for every game, plus any higher
    number an entrant is fixed to. Raises ``DrawUserError`` ("not_enough_tables") when there are fewer
    tables than games.
    """
    if tables is None:
        numbers = set(range(1, games + 1)) | {e.fixed_table for e in entrants if e.fixed_table is not None}
        chosen = [Table(number) for number in sorted(numbers)]
    else:
        chosen = list(tables)
    if len(chosen) < games:
        raise DrawUserError("not_enough_tables", games=games, tables=len(chosen))
    return chosen


def table_flags(
    game_entrants: Sequence[int], table: int, entrants: Mapping[int, Entrant], tables: Mapping[int, Table]
) -> tuple[str, ...]:
    """The table flags of a game with entrants ``game_entrants`` at table number ``table``.

    ``tables`` maps the known table numbers to tables (a number missing from it counts as not step-free).
    """
    flags: list[str] = []
    fixed = [entrants[e].fixed_table for e in game_entrants if entrants[e].fixed_table is not None]
    if table in fixed:
        flags.append("fixed_table")
    if any(number != table for number in fixed):
        flags.append("fixed_table_unmet")
    step_free = tables.get(table, Table(table)).step_free
    if not step_free and any(entrants[e].needs_step_free for e in game_entrants):
        flags.append("step_free_unmet")
    return tuple(flags)


def assign_tables(
    games: Sequence[Sequence[int]], entrants: Mapping[int, Entrant], tables: Sequence[Table]
) -> list[int]:
    """Table numbers for ``games`` (each a sequence of entrant ids, listed in the order the draw ranks
    them: the first game goes to the first free table).

    Games holding an entrant with a fixed table get it if it is still free (earlier games win a clash);
    the rest take the free tables in order. Then a game needing a step-free table that did not get one moves
    to the nearest step-free table that is unused, or held by a game that needs none and is not fixed there
    (the two games swap). Returns one table
    number per game, in the order of ``games``.
    """
    numbers = [table.number for table in tables]
    position = {number: index for index, number in enumerate(numbers)}
    step_free = {table.number for table in tables if table.step_free}
    assigned: list[int | None] = [None] * len(games)
    held: set[int] = set()
    pinned: set[int] = set()
    for index, game in enumerate(games):
        for entrant in game:
            wanted = entrants[entrant].fixed_table
            if wanted is not None and wanted in position and wanted not in held:
                assigned[index] = wanted
                held.add(wanted)
                pinned.add(index)
                break
    free = iter(number for number in numbers if number not in held)
    result = [number if number is not None else next(free) for number in assigned]

    def needs(index: int) -> bool:
        return any(entrants[e].needs_step_free for e in games[index])

    for index in range(len(games)):
        if index in pinned or not needs(index) or result[index] in step_free:
            continue
        here = position[result[index]]
        holder = {number: other for other, number in enumerate(result)}
        # A step-free table nobody uses, or one whose game needs no step-free table and is not fixed there.
        options = [
            number
            for number in numbers
            if number in step_free
            and (number not in holder or (holder[number] not in pinned and not needs(holder[number])))
        ]
        if options:
            target = min(options, key=lambda n: (abs(position[n] - here), position[n]))
            if target in holder:
                result[holder[target]] = result[index]
            result[index] = target
    return result
