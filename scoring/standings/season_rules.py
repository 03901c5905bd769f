"""A season's championship rules, applied to each player's evenings: pure, no Django (the edge is
`scoring.standings.season`, the rules' fields and their checks are `tournaments.models.Season`).

An evening's value is its match points, its game points, or the points its place gives (a table such as
8, 7, ... 1; beyond the table 0). The best N evenings count, or all but the worst M; the score is their total
or their average, less an optional penalty per missed evening. A player with fewer evenings than the
minimum is listed apart, "not yet ranked (k of n)"; guests are ranked with the members, apart, or not at all.
Ties are broken by the named tie-breaks in order, each among the players still tied; players still equal
share the place. Head-to-head counts, among the tied only, the results of their meetings at a table across the
season's evenings (2 for a win, 1 for a draw; `Meeting`s). With fewer evenings played than the season's
minimum, the ranking is "not awarded" (it is shown, marked so).

The same core ranks pairs as pairs: the edge passes each pair as one `PlayerSeason` (its own id and name)
and the pairs' meetings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

SCORE_MODES = ("total", "average")
POINT_BASES = ("match", "game", "place")
GUEST_RULES = ("ranked", "apart", "excluded")
# best_evening: the best single counted evening; evenings: more evenings played; game_points: the counted
# evenings' game points; head_to_head: the points of the tied against each other when they met at a table.
TIE_BREAKS = ("best_evening", "evenings", "game_points", "head_to_head")

CENT = Decimal("0.01")
ZERO = Decimal(0)


@dataclass(frozen=True)
class SeasonRules:
    score: str = "total"
    basis: str = "match"
    place_points: tuple[int, ...] = ()
    best_n: int | None = None
    drop_worst: int = 0
    min_evenings: int = 0
    missed_penalty: Decimal = Decimal(0)
    guests: str = "ranked"
    tie_breaks: tuple[str, ...] = ("game_points",)
    awarded_min_evenings: int = 0


@dataclass(frozen=True)
class Evening:
    """One player's result of one evening: the entry's final match points, game points and place."""

    match_points: Decimal
    game_points: int
    place: int


@dataclass(frozen=True)
class Meeting:
    """One game of the season: the players (or pairs) of side A against those of side B at one table of
    evening column `evening`, with the totals each side scored."""

    evening: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    total_a: int
    total_b: int


@dataclass
class PlayerSeason:
    player_id: int
    name: str
    is_guest: bool
    evenings: list[Evening | None]  # one per column of the season, None: absent


@dataclass
class Row:
    player_id: int
    name: str
    is_guest: bool
    score: Decimal
    game_points: int
    played: int
    counted: int
    best: Decimal
    # Per evening column: "counted", "dropped" or "absent", and the evening's value (None: absent).
    cells: list[tuple[str, Decimal | None]] = field(default_factory=list)
    rank: int | None = None


@dataclass
class SeasonTable:
    ranked: list[Row]
    guests: list[Row]  # ranked among themselves when guests are listed apart
    not_yet: list[Row]  # below the minimum number of evenings, by evenings played then name
    evenings: int
    awarded: bool


@lru_cache(maxsize=64)
def _place_values(place_points: tuple[int, ...]) -> tuple[Decimal, ...]:
    return tuple(Decimal(p) for p in place_points)


def evening_value(evening: Evening, rules: SeasonRules) -> Decimal:
    if rules.basis == "game":
        return Decimal(evening.game_points)
    if rules.basis == "place":
        index = evening.place - 1
        values = _place_values(rules.place_points)
        return values[index] if 0 <= index < len(values) else ZERO
    mp = evening.match_points
    return mp if isinstance(mp, Decimal) else Decimal(mp)


def _row(player: PlayerSeason, rules: SeasonRules, evenings: int) -> Row:
    played = [(i, e, evening_value(e, rules)) for i, e in enumerate(player.evenings) if e is not None]
    # Best first: by value, then game points (so that dropping the worst is the same choice every time).
    order = sorted(played, key=lambda item: (item[2], item[1].game_points, -item[0]), reverse=True)
    if rules.best_n:
        order = order[: rules.best_n]
    elif rules.drop_worst:
        order = order[: max(1, len(order) - rules.drop_worst)] if order else order
    counted = {i for i, _e, _v in order}
    values = [v for _i, _e, v in order]
    total = sum(values, Decimal(0))
    score = (total / len(values)).quantize(CENT, ROUND_HALF_UP) if rules.score == "average" and values else total
    missed = max(0, evenings - len(played))
    score -= rules.missed_penalty * missed
    values_by_column = {i: v for i, _e, v in played}
    cells = [
        ("absent", None) if e is None else ("counted" if i in counted else "dropped", values_by_column[i])
        for i, e in enumerate(player.evenings)
    ]
    return Row(
        player_id=player.player_id,
        name=player.name,
        is_guest=player.is_guest,
        score=score,
        game_points=sum(e.game_points for i, e, _v in played if i in counted),
        played=len(played),
        counted=len(counted),
        best=max(values, default=Decimal(0)),
        cells=cells,
    )


def head_to_head(meetings: Sequence[Meeting], upto: int | None = None) -> dict[tuple[int, int], int]:
    """(x, y) → the points x took from its meetings with y (2 a win, 1 a draw), over evening columns < `upto`
    (None: all)."""
    points: dict[tuple[int, int], int] = {}
    for m in meetings:
        if upto is None or m.evening < upto:
            _add_meeting(points, m)
    return points


def _add_meeting(points: dict[tuple[int, int], int], m: Meeting) -> None:
    score_a = 2 if m.total_a > m.total_b else 1 if m.total_a == m.total_b else 0
    score_b = 2 - score_a
    for a in m.side_a:
        for b in m.side_b:
            points[a, b] = points.get((a, b), 0) + score_a
            points[b, a] = points.get((b, a), 0) + score_b


def _tie_value(name: str, row: Row, group: list[Row], h2h: dict[tuple[int, int], int]) -> Decimal | int:
    if name == "head_to_head":
        return sum(h2h.get((row.player_id, o.player_id), 0) for o in group if o is not row)
    return {"best_evening": row.best, "evenings": row.played, "game_points": row.game_points}[name]


def _split(group: list[Row], breaks: tuple[str, ...], h2h: dict[tuple[int, int], int]) -> list[list[Row]]:
    """The tied `group` in order, as groups still tied after the tie-breaks (each among those still tied)."""
    if len(group) < 2 or not breaks:
        return [sorted(group, key=lambda r: r.name)]
    values = [(_tie_value(breaks[0], r, group, h2h), r) for r in group]
    out: list[list[Row]] = []
    for value in sorted({v for v, _r in values}, reverse=True):
        out.extend(_split([r for v, r in values if v == value], breaks[1:], h2h))
    return out


def _ranked(rows: list[Row], rules: SeasonRules, h2h: dict[tuple[int, int], int]) -> list[Row]:
    ordered: list[Row] = []
    for score in sorted({r.score for r in rows}, reverse=True):
        for tied in _split([r for r in rows if r.score == score], rules.tie_breaks, h2h):
            for row in tied:
                row.rank = len(ordered) + 1 if row is tied[0] else tied[0].rank
                ordered.append(row)
    return ordered


def season_table(
    players: list[PlayerSeason], evenings: int, rules: SeasonRules, meetings: Sequence[Meeting] = ()
) -> SeasonTable:
    """The season's ranking under `rules`, from each player's evenings (`evenings`: the season's columns) and,
    for the head-to-head tie-break, the season's `meetings`. Raises nothing."""
    return _table(players, evenings, rules, head_to_head(meetings) if "head_to_head" in rules.tie_breaks else {})


def _table(
    players: list[PlayerSeason], evenings: int, rules: SeasonRules, h2h: dict[tuple[int, int], int]
) -> SeasonTable:
    rows = [_row(p, rules, evenings) for p in players if not (p.is_guest and rules.guests == "excluded")]
    not_yet = sorted((r for r in rows if r.played < rules.min_evenings), key=lambda r: (-r.played, r.name))
    eligible = [r for r in rows if r.played >= rules.min_evenings]
    if rules.guests == "apart":
        members = _ranked([r for r in eligible if not r.is_guest], rules, h2h)
        guests = _ranked([r for r in eligible if r.is_guest], rules, h2h)
    else:
        members, guests = _ranked(eligible, rules, h2h), []
    return SeasonTable(
        ranked=members,
        guests=guests,
        not_yet=not_yet,
        evenings=evenings,
        awarded=evenings >= rules.awarded_min_evenings,
    )


def places_over_season(
    players: list[PlayerSeason], evenings: int, rules: SeasonRules, meetings: Sequence[Meeting] = ()
) -> dict[int, list[int | None]]:
    """Each player's place in the ranking after each evening column (None: not played or not ranked yet), the
    same rules applied to the evenings so far. Cost: one `season_table` per evening."""
    places: dict[int, list[int | None]] = {p.player_id: [] for p in players}
    by_evening: dict[int, list[Meeting]] = {}
    if "head_to_head" in rules.tie_breaks:
        ids = set(places)
        for m in meetings:
            if ids.intersection(m.side_a) and ids.intersection(m.side_b):
                by_evening.setdefault(m.evening, []).append(m)
    h2h: dict[tuple[int, int], int] = {}  # grows evening by evening
    for upto in range(1, evenings + 1):
        for m in by_evening.get(upto - 1, ()):
            _add_meeting(h2h, m)
        # Who has not played yet has no place yet.
        so_far = [replace(p, evenings=p.evenings[:upto]) for p in players if any(p.evenings[:upto])]
        table = _table(so_far, upto, rules, h2h)
        rank = {r.player_id: r.rank for r in table.ranked + table.guests}
        for p in players:
            places[p.player_id].append(rank.get(p.player_id))
    return places
