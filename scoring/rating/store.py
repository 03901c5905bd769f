"""The club's rating at the edge: load every counted game of the club in date order (one query), rate them
with the pure core (`scoring.rating.core`), write the `PlayerRating` rows in one transaction.

Idempotent: the whole history is rated again each time and the rows are overwritten, so a task run twice,
or two runs racing (they queue on the club's row lock), leaves the same ratings. A club with the rating off
keeps no rating rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from django.db import transaction
from django.utils import timezone

from scoring.models import Sheet
from scoring.rating.core import A_WON, B_WON, DRAWN, RatedGame, ratings_compute
from tournaments.models import Club, Event, Game, Player, PlayerRating


class RatingResult(TypedDict):
    club_id: int
    enabled: bool
    games: int
    players: int


_FIELDS = (
    "seats",
    "entry_a__player_1_id",
    "entry_a__player_2_id",
    "entry_a_partner__player_1_id",
    "entry_b__player_1_id",
    "entry_b__player_2_id",
    "entry_b_partner__player_1_id",
    "sheet__total_a",
    "sheet__total_b",
    "sheet__unfinished_rule",
    "sheet__ruled_total_a",
    "sheet__ruled_total_b",
)


def _side(row: Mapping[str, Any], side: str) -> tuple[int, ...]:
    """A side's players: the seats as drawn (substitutes included), else the entries' players."""
    seats = row["seats"] or {}
    pair = ("N", "S") if side == "a" else ("E", "W")
    if all(seats.get(s) for s in pair):
        return tuple(int(seats[s]) for s in pair)
    players = (
        row[f"entry_{side}__player_1_id"],
        row[f"entry_{side}__player_2_id"],
        row[f"entry_{side}_partner__player_1_id"],
    )
    return tuple(p for p in players if p is not None)


def _outcome(row: Mapping[str, Any]) -> str:
    """Who won by the totals the standings count (the close's ruling of an unfinished game, else the deals')."""
    if row["sheet__unfinished_rule"] and row["sheet__ruled_total_a"] is not None:
        a, b = row["sheet__ruled_total_a"], row["sheet__ruled_total_b"] or 0
    else:
        a, b = row["sheet__total_a"], row["sheet__total_b"]
    return A_WON if a > b else B_WON if b > a else DRAWN


def club_rated_games(club_id: int) -> list[RatedGame]:
    """Every counted game of the club's events (not byes), by event date, event, round and table. One query."""
    rows = (
        Game.objects.filter(round__event__club_id=club_id, is_bye=False, sheet__status__in=Sheet.COUNTED_STATUSES)
        .order_by("round__event__date", "round__event_id", "round__number", "table_number", "pk")
        .values(*_FIELDS)
    )
    return [RatedGame(side_a=_side(row, "a"), side_b=_side(row, "b"), outcome=_outcome(row)) for row in rows]


def club_ratings_recompute(*, club_id: int) -> RatingResult:
    """Rate the club's whole history again and overwrite its players' ratings (or remove them all when the
    club's rating is off). Holds the club's row lock while writing, so concurrent runs follow each other."""
    with transaction.atomic():
        club = Club.objects.select_for_update(of=("self",)).filter(pk=club_id).first()
        if club is None or not club.rating_enabled:
            PlayerRating.objects.filter(player__club_id=club_id).delete()
            return {"club_id": club_id, "enabled": False, "games": 0, "players": 0}
        games = club_rated_games(club_id)
        ratings = ratings_compute(games)
        own = set(Player.objects.filter(club_id=club_id, pk__in=list(ratings)).values_list("pk", flat=True))
        now = timezone.now()
        rows = [
            PlayerRating(player_id=pid, mu=r.mu, sigma=r.sigma, games=r.games, computed_at=now)
            for pid, r in sorted(ratings.items())
            if pid in own
        ]
        PlayerRating.objects.filter(player__club_id=club_id).exclude(player_id__in=own).delete()
        PlayerRating.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["player"],
            update_fields=["mu", "sigma", "games", "computed_at"],
        )
    return {"club_id": club_id, "enabled": True, "games": len(games), "players": len(rows)}


def rated_club_of(event_id: int) -> int | None:
    """The event's club id when that club rates its players, else None (what the standings task asks after
    a recompute, to queue the club's rating)."""
    return Event.objects.filter(pk=event_id, club__rating_enabled=True).values_list("club_id", flat=True).first()
