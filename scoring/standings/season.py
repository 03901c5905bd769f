"""Standings: the season ranking of a club's players, from each evening's final snapshot, under the season's
championship rules (the pure `season_rules` applies them)."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Max, OuterRef, Subquery
from django.utils.translation import gettext, ngettext

from scoring.standings import metrics
from scoring.standings.season_rules import Evening, PlayerSeason, SeasonRules, season_table
from tournaments.models import Event, Season, Standing
from tournaments.models.clubs import WITHHELD
from tournaments.names import HIDDEN, published_name


def season_ranking(*, season, public_only: bool = False) -> dict:
    """The season ranking of a club's players across the season's evenings, from each event's final snapshot.

    With `public_only` (the public page) only the public evenings count and each name is as the member's
    consent for publication allows (`tournaments.names.published_name`); each row's "page_public" says
    whether the member's own page may be linked. Each player gets their entry's result of the evening (in
    pairs both players of the team): its final match points, game points and place, valued and counted as the
    season's rules say (season_rules_of).
    Returns {"events": [{"id", "name", "date", "slug"}], "rows" (the ranking), "guests" (ranked apart),
    "not_yet" (below the minimum of evenings), each [{"rank", "player_id", "name", "is_guest", "points",
    "points_display", "total_points", "evenings", "counted", "cells": [{"points" (None: absent), "counted",
    "state": counted | dropped | absent}]}], "awarded" and "rules"}. Two queries, whatever the number of events
    and players."""
    events = Event.objects.filter(season=season, standings_version__gt=0).exclude(status=Event.Status.DRAFT)
    if public_only:
        events = events.filter(public_standings=True)
    event_list = list(events.order_by("date", "pk").values("id", "name", "date", "slug"))
    if not event_list:
        return {
            "events": [],
            "rows": [],
            "guests": [],
            "not_yet": [],
            "awarded": False,
            "rules": season_rules_of(season),
        }
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
        "rank",
        "entry__player_1_id",
        "entry__player_1__first_name",
        "entry__player_1__last_name",
        "entry__player_1__is_guest",
        "entry__player_1__publication",
        "entry__player_2_id",
        "entry__player_2__first_name",
        "entry__player_2__last_name",
        "entry__player_2__is_guest",
        "entry__player_2__publication",
    )
    column = {e["id"]: i for i, e in enumerate(event_list)}
    players: dict[int, PlayerSeason] = {}
    consent: dict[int, str] = {}
    withheld = str(WITHHELD)
    for event_id, mp, tp, place, p1, f1, l1, g1, c1, p2, f2, l2, g2, c2 in finals:
        for pid, first, last, guest, publication in ((p1, f1, l1, g1, c1), (p2, f2, l2, g2, c2)):
            if pid is None:
                continue
            consent[pid] = publication
            name = (
                published_name(first, last, publication, withheld=withheld)
                if public_only
                else f"{first} {last}".strip()
            )
            player = players.setdefault(pid, PlayerSeason(pid, name, bool(guest), [None] * len(event_list)))
            player.evenings[column[event_id]] = Evening(Decimal(mp), tp, place)
    rules = season_rules_of(season)
    table = season_table(list(players.values()), len(event_list), rules)
    return {
        "events": event_list,
        "rows": [_row_dict(r, consent) for r in table.ranked],
        "guests": [_row_dict(r, consent) for r in table.guests],
        "not_yet": [_row_dict(r, consent) for r in table.not_yet],
        "awarded": table.awarded,
        "rules": rules,
        "sentence": season_rules_sentence(rules, len(event_list)),
    }


def season_rules_of(season: Season) -> SeasonRules:
    """The season's championship rules as the pure core takes them."""
    best_n = season.best_n if season.ranking_rule == Season.Ranking.BEST_N and season.best_n else None
    places = tuple(int(p) for p in (season.place_points or "").split() if p.isdigit())
    return SeasonRules(
        score=season.score_mode,
        basis=season.points_basis,
        place_points=places,
        best_n=best_n,
        drop_worst=0 if best_n else season.drop_worst,
        min_evenings=season.min_evenings,
        missed_penalty=Decimal(season.missed_penalty or 0),
        guests=season.guests,
        tie_breaks=tuple(season.tie_breaks or ("game_points",)),
        awarded_min_evenings=season.awarded_min_evenings,
    )


def _row_dict(row, consent: dict[int, str]) -> dict:
    return {
        "rank": row.rank,
        "player_id": row.player_id,
        "page_public": consent.get(row.player_id, HIDDEN) != HIDDEN,
        "name": row.name,
        "is_guest": row.is_guest,
        "points": row.score,
        "points_display": metrics.json_value(row.score),
        "total_points": row.game_points,
        "evenings": row.played,
        "counted": row.counted,
        "cells": [
            {
                "points": metrics.json_value(value) if value is not None else None,
                "counted": state == "counted",
                "state": state,
            }
            for state, value in row.cells
        ],
    }


def season_rules_sentence(rules: SeasonRules, evenings: int) -> str:
    """The season's rules in one sentence, for the top of its ranking."""
    basis = {
        "match": gettext("the match points of each evening"),
        "game": gettext("the game points of each evening"),
        "place": gettext("points by place (%(points)s)") % {"points": ", ".join(map(str, rules.place_points))},
    }[rules.basis]
    if rules.best_n:
        which = ngettext("the best evening", "the best %(n)s evenings", rules.best_n) % {"n": rules.best_n}
    elif rules.drop_worst:
        which = ngettext("every evening but the worst", "every evening but the worst %(n)s", rules.drop_worst) % {
            "n": rules.drop_worst
        }
    else:
        which = gettext("every evening")
    mode = gettext("the average of") if rules.score == "average" else gettext("the total of")
    parts = [gettext("Ranked by %(mode)s %(basis)s over %(which)s.") % {"mode": mode, "basis": basis, "which": which}]
    if rules.missed_penalty:
        parts.append(
            gettext("Each missed evening costs %(points)s.") % {"points": metrics.json_value(rules.missed_penalty)}
        )
    if rules.min_evenings:
        parts.append(
            ngettext("Ranked from %(n)s evening on.", "Ranked from %(n)s evenings on.", rules.min_evenings)
            % {"n": rules.min_evenings}
        )
    if rules.guests == "apart":
        parts.append(gettext("Guests are ranked apart."))
    elif rules.guests == "excluded":
        parts.append(gettext("Guests are not ranked."))
    names = {
        "game_points": gettext("game points"),
        "best_evening": gettext("the best single evening"),
        "evenings": gettext("the number of evenings"),
    }
    if rules.tie_breaks:
        parts.append(gettext("Ties: %(order)s.") % {"order": ", ".join(names[t] for t in rules.tie_breaks)})
    if rules.awarded_min_evenings and evenings < rules.awarded_min_evenings:
        parts.append(
            gettext("Not awarded yet: %(played)s of the %(needed)s evenings needed have been played.")
            % {"played": evenings, "needed": rules.awarded_min_evenings}
        )
    return " ".join(parts)
