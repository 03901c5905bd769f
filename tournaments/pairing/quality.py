"""Measuring a draw, and the pairing and bye flags that explain its compromises."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from .history import Meetings
from .types import Bye, Draw, DrawnGame, DrawQuality, Entrant, History

FIXED_PAIR_METHODS = frozenset({"random", "swiss", "round_robin"})


class Field:
    """The entrants of a draw with their history, for flags and quality (built once per draw)."""

    def __init__(self, method: str, entrants: Iterable[Entrant], history: History) -> None:
        self.method = method
        self.entrants = {e.id: e for e in sorted(entrants, key=lambda e: e.id)}
        player_entrant = {p: e.id for e in self.entrants.values() for p in e.players}
        self.meetings = Meetings(history, self.entrants, player_entrant, player_entrant)

    def player(self, entrant: int) -> int:
        """The player of a mêlée entrant."""
        return self.entrants[entrant].players[0]

    def score(self, side: Sequence[int]) -> float:
        """A side's score: the mean of its entrants' scores."""
        return sum(self.entrants[e].score for e in side) / len(side)

    def same_club(self, side_a: Sequence[int], side_b: Sequence[int]) -> bool:
        """Does one club appear on both sides?"""
        clubs_a = {self.entrants[e].club_id for e in side_a} - {None}
        return any(self.entrants[e].club_id in clubs_a for e in side_b)

    def repeated_opponents(self, side_a: Sequence[int], side_b: Sequence[int]) -> int:
        """Entrant pairs across the table who have met before."""
        return sum(self.meetings.met(a, b) for a, b in product(side_a, side_b))

    def repeated_partners(self, side: Sequence[int]) -> int:
        """Player pairs within a mêlée side who have partnered before."""
        players = [self.player(e) for e in side]
        return sum(self.meetings.partnered(p, q) for i, p in enumerate(players) for q in players[i + 1 :])

    def _across(self, side_a: Sequence[int], side_b: Sequence[int]) -> list[tuple[int, int]]:
        players_a = [p for e in side_a for p in self.entrants[e].players]
        players_b = [p for e in side_b for p in self.entrants[e].players]
        return list(product(players_a, players_b))

    def forbidden_partners(self, side: Sequence[int]) -> int:
        """Player pairs within a mêlée side who must never be partners."""
        players = [self.player(e) for e in side]
        return sum(self.meetings.never_partners(p, q) for i, p in enumerate(players) for q in players[i + 1 :])

    def forbidden_opponents(self, side_a: Sequence[int], side_b: Sequence[int]) -> int:
        """Player pairs across the table who must never play against each other."""
        if not self.meetings.no_opponents:
            return 0
        return sum(self.meetings.never_opponents(p, q) for p, q in self._across(side_a, side_b))

    def season_partner_times(self, side: Sequence[int]) -> int:
        """How often the partners of a mêlée side were partners on earlier evenings of the season."""
        players = [self.player(e) for e in side]
        return sum(self.meetings.season_partnered(p, q) for i, p in enumerate(players) for q in players[i + 1 :])

    def season_opponent_times(self, side_a: Sequence[int], side_b: Sequence[int]) -> int:
        """How often the players across the table met so on earlier evenings of the season."""
        if not self.meetings.season_opponents:
            return 0
        return sum(self.meetings.season_met(p, q) for p, q in self._across(side_a, side_b))

    def season_opponent_pairs(self, side_a: Sequence[int], side_b: Sequence[int]) -> int:
        """Player pairs across the table who met so on an earlier evening of the season."""
        if not self.meetings.season_opponents:
            return 0
        return sum(self.meetings.season_met(p, q) > 0 for p, q in self._across(side_a, side_b))


def pairing_flags(
    field: Field, side_a: Sequence[int], side_b: Sequence[int], *, origin: str, season_exact: bool | None = None
) -> tuple[str, ...]:
    """The pairing flags of a game between ``side_a`` and ``side_b`` (entrant ids).

    ``origin`` says who chose the pairing: "exact" (a generator that minimised the hard constraint over
    every allowed draw, so a conflict had no alternative), "heuristic" (a generator that did not prove it),
    "schedule" (a round-robin schedule: planned return games are no compromise) or "manual" (an edit).
    ``season_exact`` says whether the season's partner repeats were minimised over every allowed draw
    (default: as ``origin``). Forbidden pairings are flagged whatever the origin.
    """
    flags: list[str] = []
    exact = origin == "exact"
    if field.forbidden_opponents(side_a, side_b):
        flags.append("forbidden_opponents_no_alternative" if exact else "forbidden_opponents")
    if field.method == "melee":
        if field.forbidden_partners(side_a) + field.forbidden_partners(side_b):
            flags.append("forbidden_partners_no_alternative" if exact else "forbidden_partners")
        partners = field.repeated_partners(side_a) + field.repeated_partners(side_b)
        if partners:
            flags.append("repeated_partner_no_alternative" if exact else "repeated_partner")
        if field.season_partner_times(side_a) + field.season_partner_times(side_b):
            season = exact if season_exact is None else season_exact
            flags.append("season_partner_no_alternative" if season else "season_partner")
        if field.repeated_opponents(side_a, side_b):
            flags.append("repeated_opponent")
        return tuple(flags)
    if field.repeated_opponents(side_a, side_b) and origin != "schedule":
        flags.append("rematch_no_alternative" if origin == "exact" else "rematch")
    if field.same_club(side_a, side_b) and origin != "schedule":
        flags.append("same_club")
    if field.method == "swiss" and field.score(side_a) != field.score(side_b):
        flags.append("pulled_up")
    return tuple(flags)


def bye_flags(field: Field, entrant: int, playing: Iterable[int], *, schedule: str | None = None) -> tuple[str, ...]:
    """The flags of a bye for ``entrant`` while the entrants ``playing`` play.

    ``schedule`` is "schedule_bye" or "opponent_absent" for round-robin byes, else None.
    """
    flags: list[str] = [schedule] if schedule else []
    byes = field.entrants[entrant].byes
    fewest = min((field.entrants[e].byes for e in playing), default=byes)
    if fewest < byes:
        flags.append("bye_unfair")
    elif byes > 0:
        flags.append("repeat_bye")
    return tuple(flags)


def measure(field: Field, games: Iterable[DrawnGame]) -> DrawQuality:
    """The quality of ``games`` against ``field`` (see ``DrawQuality``)."""
    rematches = partners = clubs = forbidden = season_partners = season_opponents = 0
    gaps: list[float] = []
    for game in games:
        a, b = game.side_a_entrants, game.side_b_entrants
        forbidden += field.forbidden_opponents(a, b)
        season_opponents += field.season_opponent_pairs(a, b)
        if field.method == "melee":
            rematches += field.repeated_opponents(a, b)
            partners += field.repeated_partners(a) + field.repeated_partners(b)
            forbidden += field.forbidden_partners(a) + field.forbidden_partners(b)
            season_partners += (field.season_partner_times(a) > 0) + (field.season_partner_times(b) > 0)
        else:
            rematches += field.repeated_opponents(a, b) > 0
        clubs += field.same_club(a, b)
        gaps.append(abs(field.score(a) - field.score(b)))
    return DrawQuality(
        rematches=rematches,
        repeated_partners=partners,
        same_club=clubs,
        max_score_gap=max(gaps, default=0.0),
        total_score_gap=sum(gaps),
        forbidden=forbidden,
        season_partners=season_partners,
        season_opponents=season_opponents,
    )


def draw_quality(draw: Draw, history: History, entrants: Iterable[Entrant]) -> DrawQuality:
    """The quality of ``draw`` given the ``history`` before its round and the ``entrants`` (every entrant
    of the draw must be among them; extra ones are ignored). Raises ``KeyError`` for a missing entrant."""
    return measure(Field(draw.method, entrants, history), draw.games)


def bye_rows(field: Field, byes: Iterable[tuple[int, str | None]], playing: Iterable[int]) -> tuple[Bye, ...]:
    """Bye rows, sorted by entrant, for ``byes`` (entrant id and round-robin schedule flag or None)
    while the entrants ``playing`` play."""
    playing = list(playing)
    rows = (Bye(entrant, bye_flags(field, entrant, playing, schedule=schedule)) for entrant, schedule in byes)
    return tuple(sorted(rows, key=lambda bye: bye.entrant))
