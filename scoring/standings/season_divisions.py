"""Who is ranked in a season, and its divisions with promotion and relegation: pure, no Django.

Divisions are numbered from 1 (A, the top). A player without a division plays in the lowest one (new
members start at the bottom). Each division is ranked apart (`season_rules.season_table` per division).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scoring.standings.season_rules import SeasonTable

RANKED_AS = ("auto", "players", "pairs", "both")


def rankings_shown(ranked_as: str, *, pair_evenings: bool, partners_change: bool) -> tuple[str, ...]:
    """Which rankings a season shows, "players" first: as the organiser chose, or ("auto") pairs when some
    evening was played in fixed pairs and players when partners changed (a mêlée evening, or a player who
    played with more than one partner). Never empty: players when nothing else applies."""
    if ranked_as == "players":
        return ("players",)
    if ranked_as == "pairs":
        return ("pairs",)
    if ranked_as == "both":
        return ("players", "pairs")
    players = ("players",) if partners_change or not pair_evenings else ()
    return players + (("pairs",) if pair_evenings else ())


def division_of(player_id: int, assigned: Mapping[int, int], divisions: int) -> int:
    """The player's division this season: their assigned one (capped at the lowest), else the lowest."""
    return min(assigned.get(player_id, divisions), divisions)


def next_divisions(
    tables: Mapping[int, SeasonTable],
    *,
    divisions: int,
    promotion: int,
    assigned: Mapping[int, int],
    members: Iterable[int],
) -> tuple[dict[int, int], list[int], list[int]]:
    """The next season's division of each of `members` (guests are not passed), with the top and bottom
    `promotion` of each division moved up and down.

    `tables`: division → that division's players' season table. A division's order is its ranked players,
    then those not yet ranked (by evenings played); the top `promotion` ranked go up (not from A), the bottom
    `promotion` of that order go down (not from the lowest); a player in both (a small division) goes up.
    A member who did not play this season keeps their division. Returns (player → division, promoted,
    relegated)."""
    members = list(members)
    result = {pid: division_of(pid, assigned, divisions) for pid in members}
    promoted: list[int] = []
    relegated: list[int] = []
    member_set = set(members)
    for number, table in sorted(tables.items()):
        order = [r.player_id for r in table.ranked + table.not_yet if r.player_id in member_set]
        if not promotion:
            continue
        up = [r.player_id for r in table.ranked if r.player_id in member_set][:promotion] if number > 1 else []
        down = [pid for pid in order[-promotion:] if pid not in up] if number < divisions else []
        for pid in up:
            result[pid] = number - 1
        for pid in down:
            result[pid] = number + 1
        promoted += up
        relegated += down
    return result, promoted, relegated
