"""Standings: the season ranking of a club's players, from each evening's final snapshot."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Max, OuterRef, Subquery

from scoring.standings import metrics
from tournaments.models import Event, Season, Standing


def season_ranking(*, season, public_only: bool = False) -> dict:
    """The season ranking of a club's players across the season's evenings, from each event's final snapshot.

    Each player gets their entry's result of the evening (in pairs both players of the team). Event points
    are the final match points, the tie-break the game points. `Season.ranking_rule` "sum" adds every
    evening; "best_n" adds a player's best `best_n` evenings (by match points, then game points).
    Returns {"events": [{"id", "name", "date", "slug"}], "rows": [{"rank", "player_id", "name", "points",
    "points_display", "total_points", "evenings", "counted", "cells": [{"points" (None: absent), "counted"}]}]}.
    Three queries, whatever the number of events and players."""
    events = Event.objects.filter(season=season, standings_version__gt=0).exclude(status=Event.Status.DRAFT)
    if public_only:
        events = events.filter(public_standings=True)
    event_list = list(events.order_by("date", "pk").values("id", "name", "date", "slug"))
    if not event_list:
        return {"events": [], "rows": []}
    last_round = (
        Standing.objects.filter(event=OuterRef("event"))
        .values("event")
        .annotate(last=Max("round_number"))
        .values("last")
    )
    finals = Standing.objects.filter(
        event_id__in=[e["id"] for e in event_list], round_number=Subquery(last_round)
    ).values_list(
        "event_id",
        "match_points",
        "total_points",
        "entry__player_1_id",
        "entry__player_1__first_name",
        "entry__player_1__last_name",
        "entry__player_2_id",
        "entry__player_2__first_name",
        "entry__player_2__last_name",
    )
    column = {e["id"]: i for i, e in enumerate(event_list)}
    players: dict[int, dict] = {}
    for event_id, mp, tp, p1, f1, l1, p2, f2, l2 in finals:
        for pid, first, last in ((p1, f1, l1), (p2, f2, l2)):
            if pid is None:
                continue
            row = players.setdefault(
                pid, {"player_id": pid, "name": f"{first} {last}".strip(), "results": [None] * len(event_list)}
            )
            row["results"][column[event_id]] = (mp, tp)
    best_n = season.best_n if season.ranking_rule == Season.Ranking.BEST_N and season.best_n else None
    rows = []
    for row in players.values():
        played = [(i, r) for i, r in enumerate(row["results"]) if r is not None]
        counted = sorted(played, key=lambda item: (item[1][0], item[1][1]), reverse=True)
        if best_n:
            counted = counted[:best_n]
        counted_idx = {i for i, _ in counted}
        rows.append(
            {
                "player_id": row["player_id"],
                "name": row["name"],
                "points": sum((r[0] for _, r in counted), Decimal(0)),
                "total_points": sum(r[1] for _, r in counted),
                "evenings": len(played),
                "counted": len(counted),
                "cells": [
                    {"points": metrics.json_value(r[0]) if r is not None else None, "counted": i in counted_idx}
                    for i, r in enumerate(row["results"])
                ],
            }
        )
    rows.sort(key=lambda r: (-r["points"], -r["total_points"], r["name"]))
    previous = None
    for position, row in enumerate(rows, start=1):
        key = (row["points"], row["total_points"])
        row["rank"] = previous[1] if previous and previous[0] == key else position
        row["points_display"] = metrics.json_value(row["points"])
        previous = (key, row["rank"])
    return {"events": event_list, "rows": rows}
