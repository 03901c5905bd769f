"""The plain data that goes into a draw and comes out of it.

Everything here is a frozen dataclass: generators and edits never change what they are given, they return new
values. Ids are the caller's (entry ids, player ids, table numbers); the pairing core gives them no meaning
beyond equality and order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

METHOD_NAMES: tuple[str, ...] = ("random", "swiss", "round_robin", "melee")


@dataclass(frozen=True)
class Entrant:
    """One entry present for the round.

    Fixed pairs: a team, ``players`` holds its two player ids (first sits North or East, second South or
    West). Mêlée: a single player, ``players`` holds that one player id.
    ``score`` is the current standing points, ``rank`` the current place (1 = top; None = unranked), ``byes``
    the number of byes had so far. ``fixed_table`` asks that the entrant stay at that table number;
    ``needs_step_free`` asks for a step-free table.
    """

    id: int
    players: tuple[int, ...]
    club_id: int | None = None
    score: float = 0.0
    rank: int | None = None
    byes: int = 0
    fixed_table: int | None = None
    needs_step_free: bool = False


@dataclass(frozen=True)
class History:
    """What happened in earlier rounds of the event.

    ``opponents`` maps an entrant id to the entrant ids it has already played against (for mêlée: the
    player's entry id to the entry ids of players met across a table). ``partners`` maps a player id to the
    player ids already partnered (mêlée only). One direction is enough: a meeting recorded under either id
    counts for both. ``past_rounds`` is the number of rounds already played.

    The season and the organiser's rules, by player id (one direction is enough here too):
    ``season_partners`` maps a player to the players partnered on earlier evenings of the season and how
    often (mêlée: avoided after the evening's own repeats, the most often repeated last);
    ``season_opponents`` the same for players met across a table (a preference, after the evening's own
    repeated opponents). ``forbidden_partners`` and ``forbidden_opponents`` are player pairs that must
    never be partners (mêlée) or opponents (every method): above every other rule, flagged when no draw
    avoids them.
    """

    opponents: Mapping[int, set[int] | frozenset[int]] = field(default_factory=dict)
    partners: Mapping[int, set[int] | frozenset[int]] = field(default_factory=dict)
    past_rounds: int = 0
    season_partners: Mapping[int, Mapping[int, int]] = field(default_factory=dict)
    season_opponents: Mapping[int, Mapping[int, int]] = field(default_factory=dict)
    forbidden_partners: Collection[tuple[int, int]] = ()
    forbidden_opponents: Collection[tuple[int, int]] = ()


@dataclass(frozen=True)
class Table:
    """A playing table: its number (printed on the card), an optional label, whether it is step-free."""

    number: int
    label: str = ""
    step_free: bool = False


@dataclass(frozen=True)
class DrawRequest:
    """Everything a generator needs for one round.

    ``method`` is one of ``METHOD_NAMES``. ``entrants`` are those present this round. ``tables`` lists the
    tables to use in order (None: tables 1, 2, 3, ... as needed). ``seed`` drives every random choice;
    ``options`` are method options (see each generator's ``DEFAULT_OPTIONS``).
    """

    method: str
    entrants: tuple[Entrant, ...] | list[Entrant]
    history: History = field(default_factory=History)
    tables: tuple[Table, ...] | list[Table] | None = None
    round_number: int = 1
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DrawnGame:
    """One table of the draw.

    ``side_a``/``side_b`` are the entrant ids of the two sides (side A sits North/South, side B East/West).
    In mêlée a side is two entrants: ``side_a_entrants``/``side_b_entrants`` hold both, and ``side_a``/
    ``side_b`` are the first of each (the North and East players' entries). ``seats`` maps "N", "E", "S",
    "W" to player ids; ``first_dealer`` is a seat. ``flags`` are codes from ``FLAG_CODES``.
    """

    table: int
    side_a: int
    side_b: int
    seats: Mapping[str, int]
    first_dealer: str
    flags: tuple[str, ...]
    side_a_players: tuple[int, ...]
    side_b_players: tuple[int, ...]
    side_a_entrants: tuple[int, ...]
    side_b_entrants: tuple[int, ...]

    @property
    def entrants(self) -> tuple[int, ...]:
        """Every entrant id at this table, side A first."""
        return self.side_a_entrants + self.side_b_entrants


@dataclass(frozen=True)
class Bye:
    """An entrant who does not play this round; ``flags`` are codes from ``FLAG_CODES``."""

    entrant: int
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawQuality:
    """How good a draw is; lower is better everywhere.

    ``rematches``: fixed pairs, games whose sides met before; mêlée, player pairs across a table who met
    before. ``repeated_partners``: mêlée partner pairs who partnered before. ``same_club``: games where one
    club is on both sides. ``max_score_gap``/``total_score_gap``: difference of the sides' scores (mean of
    the side's entrants' scores), largest and summed over the games. ``forbidden``: player pairs at a
    table against the organiser's forbidden pairings (as partners or opponents). ``season_partners``/
    ``season_opponents``: mêlée partner pairs and player pairs across a table who already met so on an
    earlier evening of the season.
    """

    rematches: int
    repeated_partners: int
    same_club: int
    max_score_gap: float
    total_score_gap: float
    forbidden: int = 0
    season_partners: int = 0
    season_opponents: int = 0


@dataclass(frozen=True)
class Draw:
    """A generated (or edited) draw: games in table order, byes in entrant id order."""

    games: tuple[DrawnGame, ...]
    byes: tuple[Bye, ...]
    quality: DrawQuality
    seed: int
    method: str

    def game_at(self, table: int) -> DrawnGame | None:
        """The game at table number ``table``, or None."""
        return next((game for game in self.games if game.table == table), None)

    def table_of(self, entrant: int) -> int | None:
        """The table number where entrant id ``entrant`` plays, or None (bye or absent)."""
        return next((game.table for game in self.games if entrant in game.entrants), None)
