"""A season's championship rules, applied to each player's evenings: pure, no Django (the edge is
`scoring.standings.season`, the rules' fields and their checks are `tournaments.models.Season`).

An evening's value is its match points, its game points, or the points its place gives (a table such as
8, 7, ... 1; beyond the table 0). The best N evenings count, or all but the worst M; the score is their total
or their average, less an optional penalty per missed evening. A player with fewer evenings than the
minimum is listed apart, "not yet ranked (k of n)"; guests are ranked with the members, apart, or not at all.
Ties are broken by the named tie-breaks in order; players still equal share the place. With fewer evenings
played than the season's minimum, the ranking is "not awarded" (it is shown, marked so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

SCORE_MODES = ("total", "average")
POINT_BASES = ("match", "game", "place")
GUEST_RULES = ("ranked", "apart", "excluded")
# best_evening: the best single counted evening; evenings: more evenings played; game_points: the counted
# evenings' game points.
TIE_BREAKS = ("best_evening", "evenings", "game_points")

CENT = Decimal("0.01")


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


def evening_value(evening: Evening, rules: SeasonRules) -> Decimal:
    if rules.basis == "game":
        return Decimal(evening.game_points)
    if rules.basis == "place":
        index = evening.place - 1
        return Decimal(rules.place_points[index]) if 0 <= index < len(rules.place_points) else Decimal(0)
    return Decimal(evening.match_points)


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


def _key(row: Row, rules: SeasonRules) -> tuple:
    parts: list = [row.score]
    for tie_break in rules.tie_breaks:
        parts.append({"best_evening": row.best, "evenings": row.played, "game_points": row.game_points}[tie_break])
    return tuple(parts)


def _ranked(rows: list[Row], rules: SeasonRules) -> list[Row]:
    rows = sorted(rows, key=lambda r: (tuple(-x for x in _key(r, rules)), r.name))
    previous: tuple | None = None
    for position, row in enumerate(rows, start=1):
        key = _key(row, rules)
        row.rank = rows[position - 2].rank if previous == key else position
        previous = key
    return rows


def season_table(players: list[PlayerSeason], evenings: int, rules: SeasonRules) -> SeasonTable:
    """The season's ranking under `rules`, from each player's evenings (`evenings`: the season's columns)."""
    rows = [_row(p, rules, evenings) for p in players if not (p.is_guest and rules.guests == "excluded")]
    not_yet = sorted((r for r in rows if r.played < rules.min_evenings), key=lambda r: (-r.played, r.name))
    eligible = [r for r in rows if r.played >= rules.min_evenings]
    if rules.guests == "apart":
        members = _ranked([r for r in eligible if not r.is_guest], rules)
        guests = _ranked([r for r in eligible if r.is_guest], rules)
    else:
        members, guests = _ranked(eligible, rules), []
    return SeasonTable(
        ranked=members,
        guests=guests,
        not_yet=not_yet,
        evenings=evenings,
        awarded=evenings >= rules.awarded_min_evenings,
    )
