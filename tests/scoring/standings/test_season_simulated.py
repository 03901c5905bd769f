"""A season of the demo club played through `simulate_event`: 10 evenings, fixed pairs and mêlée mixed, with
the club's two guests and one member who misses 6 evenings. Every season rule is checked against a
computation written here from the stored results (the final standings rows and the counted sheets), not
through the season code."""

import datetime
import itertools
import json
import random
from collections import defaultdict
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import Max

from scoring.models import Sheet
from scoring.results.season_next import season_next_plan
from scoring.standings.season import season_ranking
from tournaments import services
from tournaments.models import Club, Event, Game, Player, Season, SeasonDivision, Standing

pytestmark = pytest.mark.django_db

EVENINGS = 10
MISSER_PLAYS = (0, 3, 6, 8)  # the member who misses 6 of the 10 evenings
PAIR_EVENINGS = (0, 2, 4, 6, 8)  # the others are mêlée evenings


@pytest.fixture
def played_season():
    call_command("load_demo", stdout=StringIO())
    club = Club.objects.get(slug="hoheluft")
    season = Season.objects.create(
        club=club, name="Testsaison", start_date=datetime.date(2030, 9, 1), end_date=datetime.date(2031, 7, 31)
    )
    players = list(Player.objects.filter(club=club).order_by("pk"))
    guests = [p for p in players if p.is_guest]
    members = [p for p in players if not p.is_guest]
    assert len(guests) == 2 and len(members) == 22
    misser = members[0]
    # Fixed partners for the pair evenings: the misser with members[1], the two guests together.
    pairs = [(members[i], members[i + 1]) for i in range(0, 22, 2)] + [(guests[0], guests[1])]
    rng = random.Random(2030)
    for n in range(EVENINGS):
        if n in PAIR_EVENINGS:
            pool = [p for p in pairs if misser not in p or n in MISSER_PLAYS]
            chosen = rng.sample([p for p in pool if misser not in p], 9) + [p for p in pool if misser in p]
            chosen = chosen[:10] if len(chosen) == 10 else chosen + rng.sample([p for p in pool if p not in chosen], 1)
            ids = [x.pk for pair in chosen for x in pair]
            mode, method = "pairs", "random,swiss"
        else:
            others = [p for p in players if p != misser]
            chosen_players = rng.sample(others, 19 if n in MISSER_PLAYS else 20)
            if n in MISSER_PLAYS:
                chosen_players.append(misser)
            ids = [p.pk for p in chosen_players]
            mode, method = "melee", "melee"
        out = StringIO()
        call_command(
            "simulate_event",
            club=club.slug,
            players=",".join(map(str, ids)),
            season=season.pk,
            date=f"2030-10-{n + 1:02d}",
            rounds=3,
            method=method,
            mode=mode,
            seed=n,
            deals=4,
            stdout=out,
        )
        assert json.loads(out.getvalue())["event"]["kept"] is True
    return season, misser, guests, members


def stored_results(season):
    """From the stored rows: each evening's final standing per player and per fixed pair, and every counted
    game as (evening, side A's players, side B's, totals)."""
    events = list(Event.objects.filter(season=season).order_by("date", "pk"))
    column = {e.pk: i for i, e in enumerate(events)}
    finals = {}
    for event in events:
        last = Standing.objects.filter(event=event).aggregate(n=Max("round_number"))["n"]
        for s in Standing.objects.filter(event=event, round_number=last).select_related("entry"):
            finals[event.pk, s.entry_id] = s
    by_player = defaultdict(dict)
    by_pair = defaultdict(dict)
    for (event_id, _entry), s in finals.items():
        value = (Decimal(s.match_points), s.total_points, s.rank)
        for pid in (s.entry.player_1_id, s.entry.player_2_id):
            if pid:
                by_player[pid][column[event_id]] = value
        if s.entry.player_2_id:
            by_pair[frozenset((s.entry.player_1_id, s.entry.player_2_id))][column[event_id]] = value
    games = []
    for g in Game.objects.filter(round__event__season=season, is_bye=False).select_related(
        "sheet", "entry_a", "entry_b", "entry_a_partner", "entry_b_partner", "round"
    ):
        assert g.sheet.status in Sheet.COUNTED_STATUSES
        a = [e.player_1_id for e in (g.entry_a, g.entry_a_partner) if e] + [g.entry_a.player_2_id]
        b = [e.player_1_id for e in (g.entry_b, g.entry_b_partner) if e] + [g.entry_b.player_2_id]
        ta, tb = g.sheet.counted_totals
        games.append((column[g.round.event_id], [x for x in a if x], [x for x in b if x], ta, tb))
    return len(events), by_player, by_pair, games


def expected_scores(results, *, basis="match", places=(), best_n=None, drop=0, average=False, penalty=0):
    evenings, by_player, _pairs, _games = results
    scores = {}
    for pid, nights in by_player.items():
        values = []
        for mp, gp, place in nights.values():
            if basis == "match":
                values.append(mp)
            elif basis == "game":
                values.append(Decimal(gp))
            else:
                values.append(Decimal(places[place - 1]) if place <= len(places) else Decimal(0))
        values.sort(reverse=True)
        if best_n:
            values = values[:best_n]
        elif drop:
            values = values[: max(1, len(values) - drop)]
        score = sum(values, Decimal(0))
        if average:
            score = (score / len(values)).quantize(Decimal("0.01"))
        scores[pid] = score - penalty * (evenings - len(nights))
    return scores


def h2h_points(games, group):
    points = defaultdict(Decimal)
    for _evening, a, b, ta, tb in games:
        for x in a:
            for y in b:
                if x in group and y in group:
                    points[x] += 2 if ta > tb else 1 if ta == tb else 0
                    points[y] += 2 if tb > ta else 1 if ta == tb else 0
    return points


def apply(season, **rules):
    for name, value in rules.items():
        setattr(season, name, value)
    season.save()  # straight to the row: the rules are frozen for the organiser once evenings count


def test_a_simulated_season_of_the_demo_club_under_each_rule(played_season):
    season, misser, guests, members = played_season
    results = stored_results(season)
    evenings, by_player, by_pair, games = results
    assert evenings == EVENINGS and len(by_player[misser.pk]) == 4
    assert all(len(by_player[g.pk]) >= 1 for g in guests)

    # 1. The total of the match points over every evening, guests ranked with the members.
    ranking = season_ranking(season=season)
    got = {r["player_id"]: r["points"] for r in ranking["rows"]}
    assert got == expected_scores(results)
    assert {g.pk for g in guests} <= set(got)

    # 2. Points by place, the worst 2 dropped, a penalty of 1 per missed evening; guests apart.
    places = (10, 8, 6, 5, 4, 3, 2, 1)
    apply(season, points_basis="place", place_points="10 8 6 5 4 3 2 1", drop_worst=2, missed_penalty=1, guests="apart")
    ranking = season_ranking(season=season)
    want = expected_scores(results, basis="place", places=places, drop=2, penalty=1)
    assert {r["player_id"]: r["points"] for r in ranking["rows"] + ranking["guests"]} == want
    assert {r["player_id"] for r in ranking["guests"]} == {g.pk for g in guests}
    misser_row = next(r for r in ranking["rows"] if r["player_id"] == misser.pk)
    assert [c["state"] for c in misser_row["cells"]].count("absent") == 6
    assert misser_row["counted"] == 2 and misser_row["evenings"] == 4

    # 3. The best 5 game-point evenings, averaged; at least 5 evenings to be ranked; guests not ranked; the
    # ranking not awarded before 12 evenings.
    apply(
        season,
        points_basis="game",
        drop_worst=0,
        missed_penalty=0,
        ranking_rule=Season.Ranking.BEST_N,
        best_n=5,
        score_mode="average",
        min_evenings=5,
        guests="excluded",
        awarded_min_evenings=12,
    )
    ranking = season_ranking(season=season)
    want = expected_scores(results, basis="game", best_n=5, average=True)
    ranked_members = {m.pk for m in members if len(by_player[m.pk]) >= 5}
    assert {r["player_id"]: r["points"] for r in ranking["rows"]} == {p: want[p] for p in ranked_members}
    assert misser.pk in {r["player_id"] for r in ranking["not_yet"]}
    assert not {g.pk for g in guests} & {r["player_id"] for r in ranking["rows"] + ranking["not_yet"]}
    assert ranking["awarded"] is False and "4 of the 12" not in ranking["sentence"]
    assert "10 of the 12 evenings needed" in ranking["sentence"]

    # 4. Ties: head-to-head first (among the tied, from the counted games), then the best evening, then the
    # number of evenings. Match points over every evening make ties likely.
    apply(
        season,
        points_basis="match",
        ranking_rule=Season.Ranking.SUM,
        best_n=None,
        score_mode="total",
        min_evenings=0,
        guests="ranked",
        awarded_min_evenings=0,
        tie_breaks=["head_to_head", "best_evening", "evenings"],
    )
    rows = season_ranking(season=season)["rows"]
    groups = defaultdict(list)
    for r in rows:
        groups[r["points"]].append(r)
    tied = [g for g in groups.values() if len(g) > 1]
    assert tied, "the simulated season has ties to break"
    decided = 0
    for group in tied:
        h2h = h2h_points(games, {r["player_id"] for r in group})
        keys = [h2h[r["player_id"]] for r in group]
        assert keys == sorted(keys, reverse=True)
        decided += len(set(keys)) > 1
        for a, b in itertools.pairwise(group):
            if h2h[a["player_id"]] == h2h[b["player_id"]] and a["rank"] == b["rank"]:
                assert max(by_player[a["player_id"]].values())[0] == max(by_player[b["player_id"]].values())[0]
    assert decided, "head-to-head decides at least one tie"
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)

    # 5. Pairs as pairs, players as individuals: the season mixes fixed pairs and mêlée, so both are shown.
    ranking = season_ranking(season=season)
    shown = [r["kind"] for r in ranking["sections"][0]["rankings"] if r["shown"]]
    assert shown == ["players", "pairs"]
    pairs = next(r for r in ranking["sections"][0]["rankings"] if r["kind"] == "pairs")
    names = {p.pk: str(p) for p in Player.objects.filter(club=season.club)}
    want_pairs = {
        frozenset(names[x] for x in key): sum((v[0] for v in nights.values()), Decimal(0))
        for key, nights in by_pair.items()
    }
    assert {frozenset(r["name"].split(" / ")): r["points"] for r in pairs["rows"]} == want_pairs
    assert all(len([c for c in r["cells"] if c["state"] != "absent"]) <= len(PAIR_EVENINGS) for r in pairs["rows"])

    # 6. Divisions (the same season played once: simulating it takes half a minute).
    apply(season, tie_breaks=["game_points"])
    divisions_are_ranked_apart_and_the_next_season_promotes_and_relegates(season, guests, members, results)


def divisions_are_ranked_apart_and_the_next_season_promotes_and_relegates(season, guests, members, results):
    _evenings, by_player, _pairs, _games = results
    division_a = {m.pk for m in members[:11]}
    apply(season, divisions=2, promotion=2, guests="apart")
    SeasonDivision.objects.bulk_create([SeasonDivision(season=season, player_id=p, division=1) for p in division_a])
    ranking = season_ranking(season=season)
    a, b = ranking["sections"]
    players_a = next(r for r in a["rankings"] if r["kind"] == "players")
    players_b = next(r for r in b["rankings"] if r["kind"] == "players")
    assert {r["player_id"] for r in players_a["rows"]} == division_a & set(by_player)
    # Everyone not placed in A plays in B: the other members and the guests (ranked apart there).
    assert {r["player_id"] for r in players_b["rows"]} == {m.pk for m in members[11:]} & set(by_player)
    assert {r["player_id"] for r in players_b["guests"]} == {g.pk for g in guests}
    want = expected_scores(results)
    order_a = sorted(division_a & set(by_player), key=lambda p: -want[p])
    order_b = sorted({m.pk for m in members[11:]} & set(by_player), key=lambda p: -want[p])
    # Each division's order follows the scores computed here (ties as the tie-breaks put them).
    assert [want[r["player_id"]] for r in players_a["rows"]] == [want[p] for p in order_a]
    assert [want[r["player_id"]] for r in players_b["rows"]] == [want[p] for p in order_b]

    plan = season_next_plan(season)
    up = {r["player_id"] for r in players_b["rows"][:2]}
    down = {r["player_id"] for r in players_a["rows"][-2:]}
    new_member = Player.objects.create(club=season.club, first_name="Neu", last_name="Mitglied")
    nxt = services.season_start_next(
        season=season,
        data={"name": "Nächste", "start_date": datetime.date(2031, 9, 1), "end_date": datetime.date(2032, 7, 31)},
        divisions=plan["divisions"],
    )
    placed = dict(SeasonDivision.objects.filter(season=nxt).values_list("player_id", "division"))
    assert set(placed) == (division_a - down) | up
    assert new_member.pk not in placed  # new members start in the lowest division
    assert not {g.pk for g in guests} & set(placed)
    assert (nxt.divisions, nxt.promotion, nxt.previous_id, nxt.guests) == (2, 2, season.pk, "apart")
    assert sorted(m["up"] for m in plan["moves"]) == [False, False, True, True]
