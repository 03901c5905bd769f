"""Standings: the season ranking of a club's players, from each evening's final snapshot, under the season's
championship rules (the pure `season_rules` applies them)."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.db.models import Max, Q
from django.utils.translation import gettext, ngettext

from scoring.models import Sheet
from scoring.standings import metrics
from scoring.standings.season_divisions import division_of, rankings_shown
from scoring.standings.season_rules import (
    Evening,
    Meeting,
    PlayerSeason,
    SeasonRules,
    places_over_season,
    season_table,
)
from tournaments.models import Event, Game, Season, SeasonDivision, Standing
from tournaments.models.clubs import WITHHELD
from tournaments.models.divisions import division_letter
from tournaments.names import HIDDEN, published_name


def season_ranking(*, season, public_only: bool = False, with_places: bool = False) -> dict:
    """The season ranking of a club's players (and pairs) across the season's evenings, from each event's
    final snapshot.

    With `public_only` (the public page and its downloads) only the public evenings count and each name is as
    the member's consent for publication allows (`tournaments.names.published_name`); each row's
    "page_public" says whether the member's own page may be linked.
    Each player gets their entry's result of the evening (in pairs both players of the team): its final match
    points, game points and place, valued and counted as the season's rules say (season_rules_of). A pair of
    a fixed-pairs evening is ranked as a pair too; which rankings are shown follows `Season.ranked_as`
    (`season_divisions.rankings_shown`). With divisions each is ranked apart (a pair in its better player's).
    Returns {"events": [{"id", "name", "date", "slug", "team_mode"}], "sections": [{"division" (None: no
    divisions), "letter", "rankings": [{"kind": pairs | players, "rows", "guests", "not_yet", "table"}]}],
    "rows"/"guests"/"not_yet" (the players' ranking of the first section), "awarded", "rules", "sentence",
    "divisions": {player_id: division}}; each row {"rank", "player_id", "name", "is_guest", "points",
    "points_display", "total_points", "evenings", "counted", "cells": [{"points" (None: absent), "counted",
    "state": counted | dropped | absent}], "places" (with `with_places`: the place after each evening)}.
    At most four queries (the events, their final rows, with head-to-head the games, with divisions the
    players' divisions), whatever the number of events and players."""
    rules = season_rules_of(season)
    events = Event.objects.filter(season=season, standings_version__gt=0).exclude(status=Event.Status.DRAFT)
    if public_only:
        events = events.filter(public_standings=True)
    event_list = list(
        events.order_by("date", "pk")
        .annotate(last_round=Max("standings__round_number"))
        .values("id", "name", "date", "slug", "team_mode", "last_round")
    )
    empty = {"events": [], "sections": [], "rows": [], "guests": [], "not_yet": [], "divisions": {}}
    if not event_list:
        return {**empty, "awarded": False, "rules": rules, "sentence": season_rules_sentence(rules, 0)}
    column = {e["id"]: i for i, e in enumerate(event_list)}
    players, pairs, pair_of_entry, partners, pair_players, consent = _evenings(event_list, column, public_only)
    # A pair's row names its two members, each linked to their page as their consent allows.
    members = {
        pair_id: [
            {"player_id": p, "name": players[p].name, "page_public": consent.get(p, HIDDEN) != HIDDEN} for p in two
        ]
        for pair_id, two in pair_players.items()
    }
    melee = any(e["team_mode"] == Event.TeamMode.MELEE for e in event_list)
    shown = rankings_shown(
        season.ranked_as,
        pair_evenings=bool(pairs),
        partners_change=melee or any(len(p) > 1 for p in partners.values()),
    )
    meetings = _meetings(column, pair_of_entry) if "head_to_head" in rules.tie_breaks else {"players": [], "pairs": []}
    assigned = (
        dict(SeasonDivision.objects.filter(season=season).values_list("player_id", "division"))
        if season.divisions > 1
        else {}
    )
    sections = []
    for number in range(1, max(season.divisions, 1) + 1):
        rankings = []
        for kind in ("players", "pairs"):
            if kind not in shown and kind != "players":  # the players' ranking is always there for callers
                continue
            units = list(players.values()) if kind == "players" else list(pairs.values())
            if season.divisions > 1:
                units = [
                    u
                    for u in units
                    # A pair plays in its better player's division.
                    if min(
                        division_of(p, assigned, season.divisions)
                        for p in pair_players.get(u.player_id, (u.player_id,))
                    )
                    == number
                ]
            table = season_table(units, len(event_list), rules, meetings[kind])
            places = places_over_season(units, len(event_list), rules, meetings[kind]) if with_places else {}
            rankings.append(
                {
                    "kind": kind,
                    "shown": kind in shown,
                    "rows": [_row_dict(r, places, consent, members) for r in table.ranked],
                    "guests": [_row_dict(r, places, consent, members) for r in table.guests],
                    "not_yet": [_row_dict(r, places, consent, members) for r in table.not_yet],
                    "table": table,
                }
            )
        sections.append(
            {
                "division": number if season.divisions > 1 else None,
                "letter": division_letter(number) if season.divisions > 1 else None,
                "rankings": rankings,
            }
        )
    first_players = next(r for r in sections[0]["rankings"] if r["kind"] == "players")
    return {
        "events": event_list,
        "sections": sections,
        "rows": first_players["rows"],
        "guests": first_players["guests"],
        "not_yet": first_players["not_yet"],
        "awarded": len(event_list) >= rules.awarded_min_evenings,
        "rules": rules,
        "sentence": season_rules_sentence(rules, len(event_list), season=season, shown=shown),
        "divisions": {pid: division_of(pid, assigned, season.divisions) for pid in players},
    }


def _evenings(event_list: list[dict], column: dict[int, int], public_only: bool):
    """Each player's and each fixed pair's evenings from the events' final snapshots (one query), and each
    player's consent for publication; for the public (`public_only`) names are as that consent allows."""
    last_rounds = Q(pk__in=[])
    for e in event_list:
        if e["last_round"] is not None:
            last_rounds |= Q(event_id=e["id"], round_number=e["last_round"])
    finals = (
        Standing.objects.filter(last_rounds)
        .order_by()
        .values_list(
            "event_id",
            "entry_id",
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
    )
    count = len(event_list)
    players: dict[int, PlayerSeason] = {}
    pairs: dict[frozenset[int], PlayerSeason] = {}
    pair_of_entry: dict[int, int] = {}
    pair_players: dict[int, tuple[int, int]] = {}
    partners: dict[int, set[int]] = defaultdict(set)
    consent: dict[int, str] = {}
    withheld = str(WITHHELD)

    def name_of(first: str, last: str, publication: str) -> str:
        if public_only:
            return published_name(first, last, publication, withheld=withheld)
        return f"{first} {last}".strip()

    for event_id, entry_id, mp, tp, place, p1, f1, l1, g1, c1, p2, f2, l2, g2, c2 in finals:
        evening = Evening(Decimal(mp), tp, place)
        for pid, first, last, guest, publication in ((p1, f1, l1, g1, c1), (p2, f2, l2, g2, c2)):
            if pid is None:
                continue
            consent[pid] = publication
            player = players.setdefault(
                pid, PlayerSeason(pid, name_of(first, last, publication), bool(guest), [None] * count)
            )
            player.evenings[column[event_id]] = evening
        if p2 is None:
            continue
        partners[p1].add(p2)
        partners[p2].add(p1)
        key = frozenset((p1, p2))
        pair = pairs.get(key)
        if pair is None:
            name = name_of(f1, l1, c1) + " / " + name_of(f2, l2, c2)
            pair = pairs[key] = PlayerSeason(-len(pairs) - 1, name, bool(g1 or g2), [None] * count)
            pair_players[pair.player_id] = (p1, p2)
        pair.evenings[column[event_id]] = evening
        pair_of_entry[entry_id] = pair.player_id
    return players, pairs, pair_of_entry, partners, pair_players, consent


def _meetings(column: dict[int, int], pair_of_entry: dict[int, int]) -> dict[str, list[Meeting]]:
    """The season's counted games as meetings of players and of pairs, for head-to-head (one query)."""
    games = Game.objects.filter(
        round__event_id__in=list(column), is_bye=False, sheet__status__in=Sheet.COUNTED_STATUSES
    ).values_list(
        "round__event_id",
        "entry_a_id",
        "entry_b_id",
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
    out: dict[str, list[Meeting]] = {"players": [], "pairs": []}
    for event_id, ea, eb, a1, a2, a3, b1, b2, b3, ta, tb, rule, ra, rb in games:
        if rule and ra is not None and rb is not None:
            ta, tb = ra, rb
        evening = column[event_id]
        side_a = tuple(p for p in (a1, a2, a3) if p)
        side_b = tuple(p for p in (b1, b2, b3) if p)
        out["players"].append(Meeting(evening, side_a, side_b, ta, tb))
        if ea in pair_of_entry and eb in pair_of_entry:
            out["pairs"].append(Meeting(evening, (pair_of_entry[ea],), (pair_of_entry[eb],), ta, tb))
    return out


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


def _row_dict(row, places: dict[int, list[int | None]], consent: dict[int, str], members: dict[int, list]) -> dict:
    return {
        "members": members.get(row.player_id, []),
        "places": places.get(row.player_id, []),
        "rank": row.rank,
        "player_id": row.player_id,
        # A pair's row (negative id) has no member's page of its own.
        "page_public": row.player_id > 0 and consent.get(row.player_id, HIDDEN) != HIDDEN,
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


def season_rules_sentence(
    rules: SeasonRules, evenings: int, *, season: Season | None = None, shown: tuple[str, ...] = ()
) -> str:
    """The season's rules in one sentence, for the top of its ranking (with `season`: its divisions too;
    with `shown`: who is ranked when both pairs and players are)."""
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
        "head_to_head": gettext("head-to-head"),
    }
    if rules.tie_breaks:
        parts.append(gettext("Ties: %(order)s.") % {"order": ", ".join(names[t] for t in rules.tie_breaks)})
    if set(shown) == {"pairs", "players"}:
        parts.append(gettext("Pairs are ranked as pairs, and players as individuals."))
    if season is not None and season.divisions > 1:
        letters = [division_letter(n) for n in range(1, season.divisions + 1)]
        text = gettext("Divisions %(first)s to %(last)s are ranked apart.") % {"first": letters[0], "last": letters[-1]}
        if season.promotion:
            text += " " + ngettext(
                "The top and the bottom player of each division move up and down into the next season.",
                "The top and bottom %(n)s of each division move up and down into the next season.",
                season.promotion,
            ) % {"n": season.promotion}
        parts.append(text)
    if rules.awarded_min_evenings and evenings < rules.awarded_min_evenings:
        parts.append(
            gettext("Not awarded yet: %(played)s of the %(needed)s evenings needed have been played.")
            % {"played": evenings, "needed": rules.awarded_min_evenings}
        )
    return " ".join(parts)
