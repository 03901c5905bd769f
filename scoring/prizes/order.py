"""The prize-giving's order, pure: who chooses when, from which pool, and who just missed out and why.

Plain data in and out, no Django (import-linter's "pure cores" contract). `scoring.prizes.selectors` loads the
final standings, the lots, the categories and the steps recorded, and calls `giving_plan`.

The house rule (docs/prizes.md): a team takes one prize only. With `categories_first` each category's best
eligible teams are served first (and then leave the overall ranking to the others); otherwise the overall
ranking is served first and each category goes to its best eligible team that has no prize yet. Categories
are served in their list order. A team marked absent has no turn at all: the next team takes its place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

Measure = Decimal | int | float | None


@dataclass(frozen=True)
class Ranked:
    """One team of the final standings, in standings order (rank, then start number)."""

    entry_id: int
    rank: int
    metrics: Mapping[str, Measure] = field(default_factory=dict)


@dataclass(frozen=True)
class Pool:
    """The overall lots (`category_id` None) or one category's lots, with the teams it may go to."""

    category_id: int | None
    lots: int
    eligible: frozenset[int] | None = None  # None: every team (the overall pool)


@dataclass(frozen=True)
class Turn:
    """One team's turn to choose a lot of one pool (`category_id` None: the overall lots)."""

    number: int
    entry_id: int
    category_id: int | None


@dataclass(frozen=True)
class TiedOut:
    """A team level with the last prize winner on the first criterion, left without a prize.

    `decided_by` is the first criterion of the precedence whose values differ (with both values), or None
    when every criterion is equal (a shared rank: the start number ordered them)."""

    entry_id: int
    decided_by: str | None
    winner_value: Measure
    own_value: Measure


@dataclass(frozen=True)
class Plan:
    turns: list[Turn]
    last_winner: int | None  # the lowest-ranked team with a turn at the overall lots (see tied_out)
    tied_out: list[TiedOut]


def giving_turns(
    ranking: Sequence[Ranked],
    *,
    overall: Pool,
    categories: Sequence[Pool],
    categories_first: bool,
    absent: frozenset[int] = frozenset(),
) -> list[Turn]:
    """Every turn, in the order the teams are called. Each team has at most one turn; a pool's turns go to
    its best eligible teams (standings order) without a turn yet, as many as the pool has lots."""
    order = [r.entry_id for r in ranking if r.entry_id not in absent]
    served: set[int] = set()
    turns: list[Turn] = []

    def serve(pool: Pool) -> None:
        left = pool.lots
        for entry_id in order:
            if left <= 0:
                return
            if entry_id in served or (pool.eligible is not None and entry_id not in pool.eligible):
                continue
            served.add(entry_id)
            turns.append(Turn(number=len(turns) + 1, entry_id=entry_id, category_id=pool.category_id))
            left -= 1

    sequence = [*categories, overall] if categories_first else [overall, *categories]
    for pool in sequence:
        serve(pool)
    return turns


def tied_out(
    ranking: Sequence[Ranked], turns: Sequence[Turn], precedence: Sequence[str], *, absent: frozenset[int] = frozenset()
) -> tuple[int | None, list[TiedOut]]:
    """The last prize winner (the lowest-ranked team with a turn at the overall lots: where the prize list
    ends; with no overall lots, at any lot) and the teams without any turn that are level with it on the
    first criterion of `precedence` (or share its rank), each with the criterion that put it below. Absent
    teams are left out (they gave up their turn)."""
    with_turn = {t.entry_id for t in turns}
    cut = {t.entry_id for t in turns if t.category_id is None} or with_turn
    position = {r.entry_id: i for i, r in enumerate(ranking)}
    winners = [r for r in ranking if r.entry_id in cut]
    if not winners or not precedence:
        return (winners[-1].entry_id if winners else None), []
    last = max(winners, key=lambda r: position[r.entry_id])
    first = precedence[0]
    result = []
    for row in ranking[position[last.entry_id] + 1 :]:
        if row.entry_id in with_turn or row.entry_id in absent:
            continue
        if row.rank != last.rank and row.metrics.get(first) != last.metrics.get(first):
            continue
        decided_by = next(
            (
                key
                for key in precedence
                if row.metrics.get(key) is not None
                and last.metrics.get(key) is not None
                and row.metrics.get(key) != last.metrics.get(key)
            ),
            None,
        )
        key = decided_by or first
        result.append(TiedOut(row.entry_id, decided_by, last.metrics.get(key), row.metrics.get(key)))
    return last.entry_id, result


def giving_plan(
    ranking: Sequence[Ranked],
    *,
    overall: Pool,
    categories: Sequence[Pool],
    categories_first: bool,
    precedence: Sequence[str],
    absent: frozenset[int] = frozenset(),
) -> Plan:
    """The turns (`giving_turns`), the last prize winner and the teams tied with it (`tied_out`)."""
    turns = giving_turns(
        ranking, overall=overall, categories=categories, categories_first=categories_first, absent=absent
    )
    last, tied = tied_out(ranking, turns, precedence, absent=absent)
    return Plan(turns=turns, last_winner=last, tied_out=tied)
