"""Public event pages: what is shown, to whom, in how many queries, and how caches follow the version."""

import datetime
import re

import pytest
from django.core.cache import cache

from scoring.models import Adjustment
from scoring.standings.season import season_ranking
from scoring.standings.store import standings_recompute_now
from tests.factories import AdjustmentFactory, DealFactory, MembershipFactory, SeasonFactory
from tests.scoring.public.public_helpers import build, url
from tests.scoring.standings_helpers import bye, make_event, make_round, play, won
from tournaments.models import Event, Round, Season

pytestmark = pytest.mark.django_db


def without_csrf(content: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", content)


def rows_of(html: str) -> list[str]:
    return re.findall(r'<tr data-entry="(\d+)">\s*<td class="num">(\d+)</td>', html)


def test_standings_page_shows_the_latest_snapshot(client):
    event = build()
    response = client.get(url(event, "standings"))
    assert response.status_code == 200
    html = response.content.decode()
    # After round 2: 1 beat 2 and 4 → 4 MP; 2 beat 3 (R2: 2–3) → 2; 3 beat 4 (R1) → 2; 4 → 0.
    assert rows_of(html) == [("1", "1"), ("2", "2"), ("3", "2"), ("4", "4")]
    assert 'data-version-url="' + url(event, "standings_version") in html
    assert "live.js" in html


def test_standings_after_a_given_round(client):
    event = build()
    html = client.get(url(event, "standings") + "?round=1").content.decode()
    assert rows_of(html) == [("1", "1"), ("3", "1"), ("2", "3"), ("4", "3")]
    assert "data-pinned" in html


def test_version_endpoint_is_tiny_and_one_query(client, django_assert_num_queries):
    event = build()
    address = url(event, "standings_version")
    with django_assert_num_queries(1):
        response = client.get(address)
    data = response.json()
    assert data == {
        "version": event.standings_version,
        "dirty": False,
        "computed_at": event.standings_computed_at.isoformat(),
    }
    assert "no-cache" in response["Cache-Control"]


def test_pages_404_when_not_public_or_draft_and_organisers_preview(client):
    event = build(public_standings=False, public_draw=False)
    for name in ("standings", "standings_table", "standings_version", "draw", "progress"):
        assert client.get(url(event, name)).status_code == 404, name
    assert client.get(url(event, "event")).status_code == 200
    draft = build(status=Event.Status.DRAFT)
    assert client.get(url(draft, "event")).status_code == 404
    assert client.get(url(draft, "standings")).status_code == 404
    organiser = MembershipFactory(club=event.club)
    client.force_login(organiser.user)
    response = client.get(url(event, "standings"))
    assert response.status_code == 200
    assert b"data-preview" in response.content
    assert client.get(url(event, "standings_version")).status_code == 200
    # An organiser of another club sees nothing either.
    client.force_login(MembershipFactory().user)
    assert client.get(url(event, "standings")).status_code == 404


@pytest.mark.parametrize(
    "name,args,cold_queries,warm_queries",
    [
        ("standings", (), 4, 1),
        ("standings_table", (), 4, 1),
        ("draw", (), 4, 2),
        ("round", (1,), 5, 2),
        ("entry", (1,), 7, 2),
        ("progress", (), 4, 1),
        ("event", (), 2, 2),
    ],
)
def test_queries_do_not_grow_with_the_event(
    client, django_assert_max_num_queries, name, args, cold_queries, warm_queries
):
    for teams, rounds in ((4, 1), (31, 4)):
        event = build(teams=teams, rounds=rounds, public_sheets=True)
        cache.clear()
        address = url(event, name, *args)
        with django_assert_max_num_queries(cold_queries):
            cold = client.get(address)
        assert cold.status_code == 200
        with django_assert_max_num_queries(warm_queries):
            warm = client.get(address)
        assert without_csrf(warm.content) == without_csrf(cold.content)


def test_cached_fragments_follow_the_version(client):
    event = build()
    before = client.get(url(event, "standings_table")).content.decode()
    assert rows_of(before)[0] == ("1", "1")
    # A penalty drops team 1 behind: the next recompute bumps the version and the page shows it at once.
    AdjustmentFactory(
        event=event,
        entry=event.entries.get(number=1),
        kind=Adjustment.Kind.PENALTY,
        match_points=-5,
        reason="Unsportlich",
    )
    standings_recompute_now(event_id=event.pk)
    after = client.get(url(event, "standings_table"))
    html = after.content.decode()
    assert rows_of(html)[-1] == ("1", "4")
    assert "Unsportlich" in html
    assert after["X-Standings-Version"] == str(event.standings_version + 1)


def test_draw_lists_tables_and_filters_by_name_without_javascript(client):
    event = build(teams=5, rounds=1)
    html = client.get(url(event, "draw")).content.decode()
    assert html.count('class="draw-table card"') == 3  # two tables and a bye
    assert "find.js" in html
    entry = event.entries.get(number=3)
    html = client.get(url(event, "draw") + f"?q={entry.player_2.last_name}").content.decode()
    assert html.count('class="draw-table card"') == 1
    assert f"{entry.player_1}" in html


def test_draw_search_folds_umlauts_as_the_page_script_does(client):
    event = build(teams=5, rounds=1)
    entry = event.entries.get(number=3)
    entry.player_1.last_name = "Grünwald"
    entry.player_1.save()
    for query in ("Gruenwald", "grunwald", "GRÜNW"):
        html = client.get(url(event, "draw") + f"?q={query}").content.decode()
        assert html.count('class="draw-table card"') == 1, query
        assert 'data-search="3 ' in html and "gruenwald" in html
    html = client.get(url(event, "draw") + "?q=Grunewald").content.decode()
    assert html.count('class="draw-table card"') == 0
    assert "fold.js" in html


def test_entry_page_shows_deal_by_deal_only_when_sheets_are_public(client):
    event = build(public_sheets=True)
    game = event.round_set.get(number=1).games.get(entry_a__number=1)
    for position, (a, b) in enumerate([(500, 300), (400, 400)]):
        DealFactory(
            sheet=game.sheet,
            position=position,
            data={"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": a, "B": b}},
        )
    html = client.get(url(event, "entry", 1)).content.decode()
    assert 'class="data deals"' in html
    assert "♥" in html and "900 : 700" in html
    assert '<svg class="line-chart"' in html
    event.public_sheets = False
    event.save()
    cache.clear()
    html = client.get(url(event, "entry", 1)).content.decode()
    assert 'class="data deals"' not in html
    assert client.get(url(event, "entry", 99)).status_code == 404


def test_round_results_and_progress_chart(client):
    event = build()
    html = client.get(url(event, "round", 2)).content.decode()
    assert "900 : 700" in html
    assert client.get(url(event, "round", 7)).status_code == 404
    html = client.get(url(event, "progress")).content.decode()
    assert html.count("<polyline") == 4
    # SVG coordinates are never localised (German would write 12,5).
    assert re.findall(r'<circle cx="([^"]+)"', html) and not re.search(r'(?:cx|cy|y1|y2|x)="[^"]*,', html)
    html = client.get(url(event, "progress") + "?metric=points&entry=4").content.decode()
    assert 'class="series highlight" data-entry="4"' in html


def test_unreleased_round_is_not_shown(client):
    event = build(rounds=1)
    draft = make_round(event, 2, status=Round.Status.DRAFT)
    bye(draft, event.entries.get(number=1))
    html = client.get(url(event, "draw") + "?round=2").content.decode()
    # Round 1's two tables, not the draft's bye.
    assert html.count('class="draw-table card"') == 2
    assert "<strong>2</strong>" in html


@pytest.fixture
def season_with_three_evenings():
    """Players 1..4 of one club. Evening 1: team (1,2) beats (3,4); evening 2: (1,3) draws (2,4);
    evening 3: (3,4) beats (1,2). Match points 2/1/0."""
    season = SeasonFactory(ranking_rule=Season.Ranking.SUM)
    from tests.factories import EntryFactory, PlayerFactory

    players = [PlayerFactory(club=season.club, first_name=f"S{i}", last_name=f"Spieler{i}") for i in range(1, 5)]
    events = []
    for n, (pairs, totals) in enumerate(
        [
            (((0, 1), (2, 3)), (900, 700)),
            (((0, 2), (1, 3)), (800, 800)),
            (((2, 3), (0, 1)), (1000, 600)),
        ],
        start=1,
    ):
        event = make_event(
            club=season.club,
            season=season,
            slug=f"abend-{n}",
            status=Event.Status.FINISHED,
            date=datetime.date(2026, 10, n),
        )
        a = EntryFactory(event=event, number=1, player_1=players[pairs[0][0]], player_2=players[pairs[0][1]])
        b = EntryFactory(event=event, number=2, player_1=players[pairs[1][0]], player_2=players[pairs[1][1]])
        play(make_round(event, 1), a, b, won(*totals))
        standings_recompute_now(event_id=event.pk)
        events.append(event)
    return season, players, events


def test_season_ranking_sums_every_evening(season_with_three_evenings):
    season, _players, _events = season_with_three_evenings
    ranking = season_ranking(season=season)
    # S1: 2 + 1 + 0 = 3 (900 + 800 + 600 = 2300); S2: 2 + 1 + 0 = 3 (900 + 800 + 600 = 2300);
    # S3: 0 + 1 + 2 = 3 (700 + 800 + 1000 = 2500); S4: 0 + 1 + 2 = 3 (2500). Game points break the tie.
    assert [(r["name"], r["rank"], r["points"], r["total_points"]) for r in ranking["rows"]] == [
        ("S3 Spieler3", 1, 3, 2500),
        ("S4 Spieler4", 1, 3, 2500),
        ("S1 Spieler1", 3, 3, 2300),
        ("S2 Spieler2", 3, 3, 2300),
    ]


def test_season_ranking_best_n(season_with_three_evenings):
    season, _players, _events = season_with_three_evenings
    season.ranking_rule = Season.Ranking.BEST_N
    season.best_n = 1
    season.save()
    ranking = season_ranking(season=season)
    # Best single evening: every player has one 2-MP evening; S3/S4 won theirs with 1000, S1/S2 with 900.
    assert [(r["name"], r["points"], r["total_points"], r["counted"], r["evenings"]) for r in ranking["rows"]] == [
        ("S3 Spieler3", 2, 1000, 1, 3),
        ("S4 Spieler4", 2, 1000, 1, 3),
        ("S1 Spieler1", 2, 900, 1, 3),
        ("S2 Spieler2", 2, 900, 1, 3),
    ]
    assert [c["counted"] for c in ranking["rows"][0]["cells"]] == [False, False, True]


def test_season_page_public_evenings_only(client, season_with_three_evenings, django_assert_max_num_queries):
    _season, _players, events = season_with_three_evenings
    events[2].public_standings = False
    events[2].save()
    address = url(events[0], "season")
    with django_assert_max_num_queries(6):
        response = client.get(address)
    html = response.content.decode()
    assert response.status_code == 200
    # Without evening 3 everyone has 2 + 1 or 0 + 1 MP: S1 and S2 lead with 3.
    # Each name links to the member's page (the members of the helpers agreed to be named in full).
    names = re.findall(r'<td class="num">\d+</td><td>(?:<a href="[^"]+">)?([^<]+)(?:</a>)?</td>', html)
    assert names[:2] == ["S1 Spieler1", "S2 Spieler2"]


def test_a_newly_released_round_shows_without_a_recompute(client):
    event = build(rounds=1)
    assert "Round 2" not in client.get(url(event, "entry", 1)).content.decode()
    rnd = make_round(event, 2, status=Round.Status.DRAFT)
    play(rnd, event.entries.get(number=1), event.entries.get(number=4), won(0, 0), status="entered")
    assert "Round 2" not in client.get(url(event, "entry", 1)).content.decode()
    rnd.status = Round.Status.RELEASED
    rnd.save()
    html = client.get(url(event, "entry", 1)).content.decode()
    assert "Round 2" in html and "in play" in html
