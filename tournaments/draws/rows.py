"""Between the database rows and the pairing core's values: check-in rows to statuses, a draw to Game rows
and back, its stored quality, the deletion of a draft's games, the round to work on next."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict
from typing import Any

from django.db import connection

from tournaments.models import CheckIn, Event, Game, Round
from tournaments.pairing import Bye, Draw, DrawnGame, DrawQuality


def effective_statuses(rows, round_number: int) -> dict[int, str]:
    """Entry id → check-in status for `round_number` from CheckIn rows (entry_id, round_number, status).

    A round without its own row carries the latest earlier status over; no row at all means not checked in
    (missing from the result).
    """
    latest: dict[int, tuple[int, str]] = {}
    for entry_id, number, status in rows:
        if number <= round_number and (entry_id not in latest or latest[entry_id][0] < number):
            latest[entry_id] = (number, status)
    return {entry_id: status for entry_id, (_number, status) in latest.items()}


def withdrawn_after(rows) -> dict[int, int]:
    """Entry id → the last round played before the entry withdrew (0: before round 1), for entries whose
    latest check-in row is withdrawn; from CheckIn rows (entry_id, round_number, status). An entry that came
    back has a later present row and is not in the result."""
    by_entry: dict[int, list[tuple[int, str]]] = {}
    for entry_id, number, status in rows:
        by_entry.setdefault(entry_id, []).append((number, status))
    result = {}
    for entry_id, items in by_entry.items():
        items.sort()
        if items[-1][1] != CheckIn.Status.WITHDRAWN:
            continue
        start = items[-1][0]
        for number, status in reversed(items):
            if status != CheckIn.Status.WITHDRAWN:
                break
            start = number
        result[entry_id] = start - 1
    return result


def delete_games(round: Round) -> None:
    """Delete a draft's games in a fixed number of queries, however many tables.

    `QuerySet.delete()` would delete in chunks of 100 rows; instead, rows of other apps that point at the
    games (a draft normally has none: sheets and links come at release) go first, one query per relation,
    then one DELETE by round.
    """
    for relation in Game._meta.related_objects:
        relation.related_model._base_manager.filter(**{f"{relation.field.name}__round": round}).delete()
    table = connection.ops.quote_name(Game._meta.db_table)
    column = connection.ops.quote_name(Game._meta.get_field("round").column)
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table} WHERE {column} = %s", [round.pk])


def quality_dict(draw: Draw) -> dict[str, Any]:
    """The round's stored quality: the core's measures plus counts of games, byes and flags."""
    flags: Counter = Counter()
    for game in draw.games:
        flags.update(game.flags)
    for bye in draw.byes:
        flags.update(bye.flags)
    return {**asdict(draw.quality), "games": len(draw.games), "byes": len(draw.byes), "flags": dict(flags)}


def games_of(round: Round, draw: Draw, *, melee: bool, seats_map: dict[int, int] | None = None) -> list[Game]:
    """Unsaved Game rows for a draw: one per table, one per bye. `seats_map` (registered player id →
    substitute id, from `DrawManager.load`) seats this round's substitutes: the seats name who sits there."""
    swap = seats_map or {}
    games = []
    for game in draw.games:
        games.append(
            Game(
                round=round,
                table_number=game.table,
                entry_a_id=game.side_a_entrants[0],
                entry_a_partner_id=game.side_a_entrants[1] if melee else None,
                entry_b_id=game.side_b_entrants[0],
                entry_b_partner_id=game.side_b_entrants[1] if melee else None,
                seats={seat: swap.get(pid, pid) for seat, pid in game.seats.items()},
                first_dealer=game.first_dealer,
                flags=list(game.flags),
            )
        )
    for bye in draw.byes:
        games.append(Game(round=round, table_number=None, entry_a_id=bye.entrant, is_bye=True, flags=list(bye.flags)))
    return games


def draw_of(round: Round, games) -> Draw:
    """The stored draft as the core's Draw (for edits): `games` are the round's Game rows."""
    drawn, byes = [], []
    for game in sorted(games, key=lambda g: (g.is_bye, g.table_number or 0, g.entry_a_id)):
        if game.is_bye:
            byes.append(Bye(entrant=game.entry_a_id, flags=tuple(game.flags)))
            continue
        side_a = tuple(e for e in (game.entry_a_id, game.entry_a_partner_id) if e is not None)
        side_b = tuple(e for e in (game.entry_b_id, game.entry_b_partner_id) if e is not None)
        seats = {seat: int(player) for seat, player in (game.seats or {}).items()}
        drawn.append(
            DrawnGame(
                table=game.table_number,
                side_a=side_a[0],
                side_b=side_b[0],
                seats=seats,
                first_dealer=game.first_dealer,
                flags=tuple(game.flags),
                side_a_players=(seats.get("N"), seats.get("S")),
                side_b_players=(seats.get("E"), seats.get("W")),
                side_a_entrants=side_a,
                side_b_entrants=side_b,
            )
        )
    stored = round.quality or {}
    quality = DrawQuality(
        rematches=stored.get("rematches", 0),
        repeated_partners=stored.get("repeated_partners", 0),
        same_club=stored.get("same_club", 0),
        max_score_gap=stored.get("max_score_gap", 0.0),
        total_score_gap=stored.get("total_score_gap", 0.0),
    )
    return Draw(games=tuple(drawn), byes=tuple(byes), quality=quality, seed=round.seed, method=round.method)


def next_round_number(event: Event) -> int:
    """The round to draw or work on next: the highest drawn round if it is not closed, else the one after.

    One query. May exceed `event.rounds` when every round is closed.
    """
    last = Round.objects.filter(event=event).order_by("-number").values_list("number", "status").first()
    if last is None:
        return 1
    number, status = last
    return number if status != Round.Status.CLOSED else number + 1
