"""The two kinds of draw errors.

``DrawUserError`` is the caller's input (or the organiser's choice) that cannot be drawn; it carries a code
from ``USER_ERROR_CODES`` and the numbers to show, never text, so the edge translates it. ``DrawFatalError``
is a bug in the pairing core (an invariant broke); it is not meant for users.
"""

from __future__ import annotations

from typing import Any

#: User error code → English description (for docs and translators; the edge shows translated text).
USER_ERROR_CODES: dict[str, str] = {
    "unknown_method": "The draw method {method} does not exist.",
    "unknown_option": "The option {option} is not an option of the {method} draw.",
    "invalid_option": "The option {option} has an invalid value {value}: {rule}.",
    "invalid_round_number": "The round number must be 1 or more, got {round_number}.",
    "too_few_entrants": "A {method} draw needs at least {minimum} entrants present, got {count}.",
    "duplicate_entrant": "Entrant {entrant} is listed twice.",
    "duplicate_player": "Player {player} is in entrants {entrant} and {other}.",
    "team_size": "Entrant {entrant} has {count} players; a {method} draw needs {expected}.",
    "invalid_entrant": "Entrant {entrant} has an invalid {field}: {rule}.",
    "duplicate_table": "Table {table} is listed twice.",
    "invalid_table": "Table number {table} is invalid: table numbers are whole numbers of 1 or more.",
    "unknown_fixed_table": "Entrant {entrant} is fixed to table {table}, which is not among the tables.",
    "not_enough_tables": "The draw needs {games} tables, only {tables} are available.",
    "entrant_not_in_order": "Entrant {entrant} is present but not in the round-robin order.",
    "entrant_not_in_draw": "Entrant {entrant} is neither at a table nor on a bye in this draw.",
    "same_entrant": "An entrant cannot be swapped with itself ({entrant}).",
    "no_game_at_table": "There is no game at table {table}.",
    "unknown_table": "Table {table} is not among the tables.",
}


class DrawError(Exception):
    """Base of every error raised by the pairing core."""


class DrawUserError(DrawError):
    """Input that cannot be drawn: ``code`` (a key of ``USER_ERROR_CODES``) and ``params`` to show."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in USER_ERROR_CODES:
            raise DrawFatalError(f"unregistered user error code {code!r}")
        self.code = code
        self.params = params
        super().__init__(code, params)

    def __str__(self) -> str:
        return USER_ERROR_CODES[self.code].format_map(_Missing(self.params))


class DrawFatalError(DrawError):
    """A broken invariant inside the pairing core: a bug, not the user's fault."""


class _Missing(dict[str, Any]):
    """Formats an error description even when a parameter is absent."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
