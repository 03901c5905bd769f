"""The standings metrics registry and the ranking by an event's precedence list.

Each metric has a `key` (stored in `Event.ranking_precedence` and in `Standing.metrics`), a translatable
`name` and `abbr` (column header), and says whether more is better. Ranking takes the precedence list in
order: the whole field is one tied group; each metric sorts every still-tied group and splits it where the
values differ. Metrics that depend on the tied group itself (head-to-head) are computed per group, only
among its members. Entries still tied at the end share a rank (competition ranking: 1, 2, 2, 4).

This module works on plain data (`Line`, `Meeting`); `scoring.standings.compute` loads it from the database.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

DEFAULT_PRECEDENCE = ("match_points", "total_points", "point_difference")


@dataclass
class Line:
    """One entry's cumulative figures after a round. `games`/`wins`/`draws`/`losses` count played games;
    a bye is counted in `byes` only (it scores as a win in match points and in the `wins` metric)."""

    entry_id: int
    number: int
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    match_points: Decimal = Decimal(0)
    total_points: int = 0
    points_against: int = 0
    deals_won: int = 0
    penalties: int = 0
    adjustment_match_points: Decimal = Decimal(0)
    adjustment_points: int = 0
    withdrawn: bool = False
    missed_rounds: int = 0  # a late entry's rounds before it joined, counted by its rule (bye, average)


@dataclass(frozen=True)
class Meeting:
    """One counted game between two sides (one entry each in pairs, two in mêlée) and the match points
    each side earned in it (adjustments excluded)."""

    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    points_a: Decimal
    points_b: Decimal


@dataclass
class RankingInput:
    """What a ranking needs: the lines of every ranked entry, the counted games, and the seed for lots."""

    lines: dict[int, Line]
    meetings: list[Meeting]
    lots_seed: str
    _opponents: dict[int, list[int]] | None = field(default=None, repr=False)
    _meetings_of: dict[int, list[tuple[tuple[int, ...], Decimal]]] | None = field(default=None, repr=False)

    def opponents(self) -> dict[int, list[int]]:
        """Entry id → opponents met (an opponent met twice is listed twice)."""
        if self._opponents is None:
            table: dict[int, list[int]] = defaultdict(list)
            for m in self.meetings:
                for entry_id in m.side_a:
                    table[entry_id].extend(m.side_b)
                for entry_id in m.side_b:
                    table[entry_id].extend(m.side_a)
            self._opponents = table
        return self._opponents

    def meetings_of(self) -> dict[int, list[tuple[tuple[int, ...], Decimal]]]:
        """Entry id → (the other side, match points this entry's side earned) for each counted game."""
        if self._meetings_of is None:
            table: dict[int, list[tuple[tuple[int, ...], Decimal]]] = defaultdict(list)
            for m in self.meetings:
                for entry_id in m.side_a:
                    table[entry_id].append((m.side_b, m.points_a))
                for entry_id in m.side_b:
                    table[entry_id].append((m.side_a, m.points_b))
            self._meetings_of = table
        return self._meetings_of


Measure = Decimal | int
Value = Measure | None  # None: head-to-head where it was not used
Compute = Callable[[Sequence[int], RankingInput], dict[int, Measure]]


@dataclass(frozen=True)
class Metric:
    """A registry entry. `compute(group, data)` returns a value for every entry id in `group`;
    `per_group` metrics (head-to-head) depend on the group, the others only on the entry."""

    key: str
    name: object
    abbr: object
    higher_is_better: bool
    compute: Compute
    per_group: bool = False
    description: object = ""


def _field(attr: str) -> Compute:
    def compute(group: Sequence[int], data: RankingInput) -> dict[int, Measure]:
        return {e: getattr(data.lines[e], attr) for e in group}

    return compute


def _point_difference(group: Sequence[int], data: RankingInput) -> dict[int, Measure]:
    return {e: data.lines[e].total_points - data.lines[e].points_against for e in group}


def _wins(group: Sequence[int], data: RankingInput) -> dict[int, Measure]:
    return {e: data.lines[e].wins + data.lines[e].byes for e in group}


def _buchholz(group: Sequence[int], data: RankingInput) -> dict[int, Measure]:
    # Sum of the current match points of every opponent met; a bye has no opponent and adds nothing.
    opponents = data.opponents()
    return {
        e: sum((data.lines[o].match_points for o in opponents.get(e, ()) if o in data.lines), Decimal(0)) for e in group
    }


def _head_to_head(group: Sequence[int], data: RankingInput) -> dict[int, Measure]:
    # Match points earned in games against other members of this tied group only.
    members = set(group)
    meetings_of = data.meetings_of()
    return {
        e: sum((earned for other, earned in meetings_of.get(e, ()) if members.intersection(other)), Decimal(0))
        for e in group
    }


def lots_value(seed: str, number: int) -> int:
    """The drawn lot of start number `number`: a hash of the event's seed and the number (lower ranks first).

    Depends on no database id, so an imported event draws the same lots."""
    digest = hashlib.sha256(f"{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _lots(group: Sequence[int], data: RankingInput) -> dict[int, Measure]:
    return {e: lots_value(data.lots_seed, data.lines[e].number) for e in group}


METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric(
            "match_points",
            _("Match points"),
            _("MP"),
            True,
            _field("match_points"),
            description=_("Points for wins, draws and losses as set for the event; a bye counts as a win."),
        ),
        Metric(
            "total_points",
            _("Total points"),
            _("Pts"),
            True,
            _field("total_points"),
            description=_("Game points scored, with byes and adjustments."),
        ),
        Metric(
            "point_difference",
            _("Point difference"),
            _("Diff"),
            True,
            _point_difference,
            description=_("Game points scored minus game points conceded."),
        ),
        Metric("wins", _("Wins"), _("W"), True, _wins, description=_("Games won; a bye counts as a win.")),
        Metric(
            "deals_won",
            _("Deals won"),
            _("Deals"),
            True,
            _field("deals_won"),
            description=_("Deals in which the team scored more than its opponents."),
        ),
        Metric(
            "buchholz",
            _("Buchholz"),
            _("Bhz"),
            True,
            _buchholz,
            description=_("Sum of the match points of all opponents met."),
        ),
        Metric(
            "head_to_head",
            _("Head-to-head"),
            _("H2H"),
            True,
            _head_to_head,
            per_group=True,
            description=_("Match points won in games among the tied entries only."),
        ),
        Metric(
            "fewest_penalties",
            _("Fewest penalties"),
            _("Pen"),
            False,
            _field("penalties"),
            description=_("Number of penalties; fewer ranks higher."),
        ),
        Metric(
            "lots",
            _("Drawing of lots"),
            _("Lot"),
            False,
            _lots,
            description=_("A lot drawn from the event's seed: the same every time the standings are computed."),
        ),
    )
}


def precedence_errors(keys: Iterable[Any]) -> list[str]:
    """Messages for a precedence list that is not a list of distinct registry keys (empty when fine)."""
    errors = []
    keys = list(keys) if not isinstance(keys, str) else [keys]
    seen = set()
    for key in keys:
        if key not in METRICS:
            errors.append(
                _("Unknown ranking criterion “%(key)s”; choose from: %(choices)s.")
                % {"key": key, "choices": ", ".join(METRICS)}
            )
        elif key in seen:
            errors.append(_("Ranking criterion “%(key)s” is listed twice.") % {"key": key})
        seen.add(key)
    return errors


def effective_precedence(keys: Iterable[Any] | None) -> list[str]:
    """The precedence in force: known keys in order without repeats; the default when none is set."""
    result = []
    for key in keys or ():
        if key in METRICS and key not in result:
            result.append(key)
    return result or list(DEFAULT_PRECEDENCE)


@dataclass
class Ranked:
    entry_id: int
    rank: int
    metrics: dict[str, Value]


def rank(data: RankingInput, precedence: Sequence[str]) -> list[Ranked]:
    """Rank every line of `data` by `precedence` (registry keys, most important first).

    Returns one `Ranked` per line, best first; equal entries share a rank and are listed by start number.
    `metrics` holds each precedence metric's value (head-to-head only where it was used to split a tie,
    else None). Raises KeyError for a key not in the registry (callers pass `effective_precedence`)."""
    ids = sorted(data.lines, key=lambda e: data.lines[e].number)
    values: dict[int, dict[str, Value]] = {e: {} for e in ids}
    whole: dict[str, dict[int, Measure]] = {}  # the metrics that depend only on the entry, for everyone
    for key in precedence:
        metric = METRICS[key]
        if not metric.per_group:
            whole[key] = metric.compute(ids, data)
            for e, v in whole[key].items():
                values[e][key] = v
        else:
            for e in ids:
                values[e][key] = None
    groups: list[list[int]] = [ids] if ids else []
    for key in precedence:
        metric = METRICS[key]
        split: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            if metric.per_group:
                group_values = metric.compute(group, data)
                for e, v in group_values.items():
                    values[e][key] = v
            else:
                group_values = {e: whole[key][e] for e in group}
            ordered = sorted(group, key=lambda e: group_values[e], reverse=metric.higher_is_better)
            # sorted() is stable, so equal values keep start-number order for display.
            current = [ordered[0]]
            for e in ordered[1:]:
                if group_values[e] == group_values[current[-1]]:
                    current.append(e)
                else:
                    split.append(current)
                    current = [e]
            split.append(current)
        groups = split
    result = []
    position = 1
    for group in groups:
        for e in group:
            result.append(Ranked(entry_id=e, rank=position, metrics=values[e]))
        position += len(group)
    return result


def json_value(value: Value) -> int | float | None:
    """A metric value as JSON: integral Decimals become ints, the others floats."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value
