"""The base of every draw generator: checks the request and options, then turns planned games into a Draw."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

# The seats come from the rules core's words, a pure module as this core is (A holds N and S, B holds E and W).
from scoring.rules.words import SEATS

from .errors import DrawUserError
from .quality import Field, bye_rows, measure
from .tables import assign_tables, table_flags, table_list
from .types import Draw, DrawnGame, DrawRequest, Entrant


@dataclass(frozen=True)
class PlannedGame:
    """A pairing before tables and dealers are drawn: the sides' entrant ids and the pairing flags."""

    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    flags: tuple[str, ...]


def _whole(minimum: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            return f"a whole number of at least {minimum}"
        return None

    return check


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _id_list(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return "a list of entrant ids"
    if len(set(value)) != len(value):
        return "each entrant id once"
    return None


#: Option name → checker returning None when valid, else the rule broken (English, for the error params).
OPTION_RULES: dict[str, Callable[[Any], str | None]] = {
    "window": _whole(4),
    "exact_limit": _whole(0),
    "band_limit": _whole(0),
    "attempts": _whole(1),
    "avoid_same_club": _boolean,
    "order": _id_list,
}


class DrawGenerator:
    """Base class: subclasses set ``method``, ``DEFAULT_OPTIONS``, ``TEAM_SIZE``, ``MINIMUM`` and
    implement ``generate()``.

    The constructor takes a ``DrawRequest`` and raises ``DrawUserError`` for anything that cannot be drawn:
    unknown or invalid options, duplicate ids, wrong team sizes, too few entrants, bad tables.
    """

    method: ClassVar[str] = ""
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {}
    TEAM_SIZE: ClassVar[int] = 2
    MINIMUM: ClassVar[int] = 2

    def __init__(self, request: DrawRequest) -> None:
        self.request = request
        # Copy the class defaults: one request's options must never leak into the next.
        self.options: dict[str, Any] = self.DEFAULT_OPTIONS.copy()
        for name in sorted(request.options):
            if name not in self.options:
                raise DrawUserError("unknown_option", option=name, method=self.method)
            rule = OPTION_RULES[name](request.options[name])
            if rule is not None:
                raise DrawUserError("invalid_option", option=name, value=request.options[name], rule=rule)
            self.options[name] = request.options[name]
        if (
            isinstance(request.round_number, bool)
            or not isinstance(request.round_number, int)
            or (request.round_number < 1)
        ):
            raise DrawUserError("invalid_round_number", round_number=request.round_number)
        self.entrants: tuple[Entrant, ...] = tuple(sorted(request.entrants, key=lambda e: e.id))
        self._check_entrants()
        self._check_tables()
        self.field = Field(self.method, self.entrants, request.history)
        self.rng = random.Random(request.seed)

    def _check_entrants(self) -> None:
        if len(self.entrants) < self.MINIMUM:
            raise DrawUserError("too_few_entrants", method=self.method, minimum=self.MINIMUM, count=len(self.entrants))
        seen_players: dict[int, int] = {}
        previous = None
        for entrant in self.entrants:
            if entrant.id == previous:
                raise DrawUserError("duplicate_entrant", entrant=entrant.id)
            previous = entrant.id
            if len(entrant.players) != self.TEAM_SIZE:
                raise DrawUserError(
                    "team_size",
                    entrant=entrant.id,
                    count=len(entrant.players),
                    method=self.method,
                    expected=self.TEAM_SIZE,
                )
            for player in entrant.players:
                if player in seen_players:
                    raise DrawUserError(
                        "duplicate_player", player=player, entrant=seen_players[player], other=entrant.id
                    )
                seen_players[player] = entrant.id
            if not math.isfinite(entrant.score):
                raise DrawUserError("invalid_entrant", entrant=entrant.id, field="score", rule="a finite number")
            if entrant.byes < 0:
                raise DrawUserError("invalid_entrant", entrant=entrant.id, field="byes", rule="0 or more")
            if entrant.fixed_table is not None and entrant.fixed_table < 1:
                raise DrawUserError("invalid_table", table=entrant.fixed_table)

    def _check_tables(self) -> None:
        if self.request.tables is None:
            return
        numbers: set[int] = set()
        for table in self.request.tables:
            if isinstance(table.number, bool) or not isinstance(table.number, int) or table.number < 1:
                raise DrawUserError("invalid_table", table=table.number)
            if table.number in numbers:
                raise DrawUserError("duplicate_table", table=table.number)
            numbers.add(table.number)
        for entrant in self.entrants:
            if entrant.fixed_table is not None and entrant.fixed_table not in numbers:
                raise DrawUserError("unknown_fixed_table", entrant=entrant.id, table=entrant.fixed_table)

    def generate(self) -> Draw:
        """Return the draw for the request. Subclasses implement this."""
        raise NotImplementedError

    def seat(self, side_a: Sequence[int], side_b: Sequence[int]) -> dict[str, int]:
        """Seats of a game: side A's players North then South, side B's East then West."""
        players_a = [p for e in side_a for p in self.field.entrants[e].players]
        players_b = [p for e in side_b for p in self.field.entrants[e].players]
        return {"N": players_a[0], "E": players_b[0], "S": players_a[1], "W": players_b[1]}

    def finish(self, planned: Sequence[PlannedGame], byes: Sequence[tuple[int, str | None]]) -> Draw:
        """Turn ``planned`` games (in the order that should fill the tables) and ``byes`` (entrant id and
        round-robin schedule flag or None) into a Draw: tables, table flags, first dealers, bye flags and
        quality. Games come out in the order of the table list."""
        tables = table_list(self.request.tables, len(planned), self.entrants)
        by_number = {table.number: table for table in tables}
        numbers = assign_tables([g.side_a + g.side_b for g in planned], self.field.entrants, tables)
        position = {table.number: index for index, table in enumerate(tables)}
        games = []
        for game, number in sorted(zip(planned, numbers, strict=True), key=lambda gn: position[gn[1]]):
            seats = self.seat(game.side_a, game.side_b)
            games.append(
                DrawnGame(
                    table=number,
                    side_a=game.side_a[0],
                    side_b=game.side_b[0],
                    seats=seats,
                    first_dealer=self.rng.choice(SEATS),
                    flags=game.flags + table_flags(game.side_a + game.side_b, number, self.field.entrants, by_number),
                    side_a_players=(seats["N"], seats["S"]),
                    side_b_players=(seats["E"], seats["W"]),
                    side_a_entrants=game.side_a,
                    side_b_entrants=game.side_b,
                )
            )
        playing = [e for game in planned for e in game.side_a + game.side_b]
        return Draw(
            games=tuple(games),
            byes=bye_rows(self.field, byes, playing),
            quality=measure(self.field, games),
            seed=self.request.seed,
            method=self.method,
        )
