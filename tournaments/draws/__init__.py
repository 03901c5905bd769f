"""The draw manager: the database edge of the pure pairing core (Tabbycat's DrawManager idea).

`DrawManager(event, round_number)` (`manager`) loads everything a draw needs in a fixed number of queries
(entries, check-ins, tables, one query over earlier games for who met whom and the byes had, the latest
standings snapshot), maps the event's settings to generator options through `OPTIONS_TO_CONFIG_MAPPING`,
calls `generate_draw`, and saves the round and its games in one transaction with `bulk_create`, holding row
locks on the event and its rounds (in that order). `rows` converts between the database rows and the core's
values; the words for the core's flags and errors are in `tournaments.labels`.

Services in `tournaments.services` call it; views and the API never do directly. This module keeps the
names callers import.
"""

from tournaments.draws.manager import (
    OPTIONS_TO_CONFIG_MAPPING,
    SEED_LIMIT,
    STANDING_COLUMNS,
    DrawInputs,
    DrawManager,
    new_seed,
)
from tournaments.draws.rows import delete_games, draw_of, effective_statuses, games_of, next_round_number, quality_dict

__all__ = [
    "OPTIONS_TO_CONFIG_MAPPING",
    "SEED_LIMIT",
    "STANDING_COLUMNS",
    "DrawInputs",
    "DrawManager",
    "delete_games",
    "draw_of",
    "effective_statuses",
    "games_of",
    "new_seed",
    "next_round_number",
    "quality_dict",
]
