"""The public season page with divisions, pairs and players, head-to-head and the chart of places; its PDF
and XLSX export; its queries the same for 2 or 6 evenings. The organiser's divisions page and "start the
next season from this one", with their refusals and another club's season out of reach."""

import datetime
import io

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from scoring.standings.store import standings_recompute_now
from tests.factories import EntryFactory, MembershipFactory, PlayerFactory, SeasonFactory
from tests.scoring.public.public_helpers import url
from tests.scoring.standings_helpers import make_event, make_round, play, won
from tests.tournaments.views.view_helpers import url as organiser_url
from tournaments.models import Event, Season, SeasonDivision

pytestmark = pytest.mark.django_db

# Evening n: the pairs (players by index) and the winner's and loser's totals.
PLAN = [
    (((0, 1), (2, 3)), (900, 700)),
    (((0, 2), (1, 3)), (800, 600)),
    (((2, 3), (0, 1)), (1000, 600)),
    (((0, 1), (2, 3)), (700, 650)),
    (((1, 2), (0, 3)), (820, 640)),
    (((0, 1), (2, 3)), (660, 610)),
]


def evenings(season, count, players=None, prefix="abend"):
    players = players or [PlayerFactory(club=season.club, first_name=f"S{i}", last_name="Spieler") for i in range(1, 5)]
    events = []
    for n, (pairs, totals) in enumerate(PLAN[:count], start=1):
        event = make_event(
            club=season.club,
            season=season,
            slug=f"{prefix}-{n}",
            status=Event.Status.FINISHED,
            date=datetime.date(2026, 10, n),
        )
        a = EntryFactory(event=event, number=1, player_1=players[pairs[0][0]], player_2=players[pairs[0][1]])
        b = EntryFactory(event=event, number=2, player_1=players[pairs[1][0]], player_2=players[pairs[1][1]])
        play(make_round(event, 1), a, b, won(*totals))
        standings_recompute_now(event_id=event.pk)
        events.append(event)
    return players, events


def test_divisions_pairs_and_players_chart_and_the_rules_on_the_page(client):
    season = SeasonFactory(divisions=2, promotion=1, tie_breaks=["head_to_head", "best_evening"], drop_worst=1)
    players, events = evenings(season, 3)
    SeasonDivision.objects.create(season=season, player=players[0], division=1)
    SeasonDivision.objects.create(season=season, player=players[1], division=1)
    page = client.get(url(events[0], "season"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Divisions A to B are ranked apart. The top and the bottom player of each division move up" in page
    assert "Pairs are ranked as pairs, and players as individuals." in page
    assert "Ties: head-to-head, the best single evening." in page
    for heading in ("Division A: Players", "Division A: Pairs", "Division B: Players", "Division B: Pairs"):
        assert f"<h3>{heading}</h3>" in page
    # S1 and S2 in A; S3 and S4 (not placed) in B; the pair S1/S2 in A, S1/S3 in A (its better player).
    division_a = page.split('data-division="A"')[1].split('data-division="B"')[0]
    assert "S1 Spieler" in division_a and "S3 Spieler</td>" not in division_a.split('data-ranking="pairs"')[0]
    assert page.count('<svg class="line-chart"') == 4 and 'aria-label="Places over the season"' in page
    assert "<s>" in page and "dropped" in page  # a dropped evening: struck through and said, not colour alone
    assert url(events[0], "season_pdf") in page and url(events[0], "season_xlsx") in page
    german = client.get(url(events[0], "season"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Liga A" in german and "head_to_head" not in german


def test_the_season_export_as_pdf_and_xlsx(client):
    season = SeasonFactory(drop_worst=1, name="=Saison")
    _players, events = evenings(season, 3)
    pdf = client.get(url(events[0], "season_pdf"), HTTP_ACCEPT_LANGUAGE="en")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF") and "attachment" in pdf["Content-Disposition"]
    xlsx = client.get(url(events[0], "season_xlsx"), HTTP_ACCEPT_LANGUAGE="en")
    assert xlsx.status_code == 200
    book = load_workbook(io.BytesIO(xlsx.content))
    assert book.sheetnames == ["Players", "Pairs"]
    rows = list(book["Players"].values)
    assert rows[0][0].startswith("'=Saison: Ranked by the total of the match points")  # no formula
    header = rows[2]
    assert header[:6] == ("Rank", "Player", "Points", "Game points", "Counted evenings", "Evenings")
    body = {r[1]: r for r in rows[3:]}
    # S1: 2, 2, 0 match points; the worst (0) dropped: 4, the third evening in brackets.
    assert body["S1 Spieler"][2] == 4 and body["S1 Spieler"][6:] == ("2", "2", "(0)")


def test_the_export_follows_the_page_visibility(client):
    season = SeasonFactory()
    _players, events = evenings(season, 2)
    Event.objects.filter(pk=events[0].pk).update(public_standings=False)
    assert client.get(url(events[0], "season_pdf")).status_code == 404
    assert client.get(url(events[1], "season_xlsx")).status_code == 200


def count_queries(client, address) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    return len(queries)


def test_the_season_page_costs_the_same_queries_for_two_or_six_evenings(client, django_assert_max_num_queries):
    small = SeasonFactory(divisions=2, promotion=1, tie_breaks=["head_to_head", "evenings"])
    players, events = evenings(small, 2)
    SeasonDivision.objects.create(season=small, player=players[0], division=1)
    two = count_queries(client, url(events[0], "season"))
    large = SeasonFactory(club=small.club, divisions=2, promotion=1, tie_breaks=["head_to_head", "evenings"])
    players, events = evenings(large, 6, prefix="lang")
    SeasonDivision.objects.create(season=large, player=players[0], division=1)
    six = count_queries(client, url(events[0], "season"))
    assert two == six
    cache.clear()
    with django_assert_max_num_queries(8):
        assert client.get(url(events[0], "season")).status_code == 200


# --- the organiser's pages -----------------------------------------------------------------------------


def test_placing_members_in_divisions_and_the_refusals(organiser_client, organiser):
    season = SeasonFactory(club=organiser.club, divisions=2)
    anna = PlayerFactory(club=organiser.club, first_name="Anna", last_name="A")
    bernd = PlayerFactory(club=organiser.club, first_name="Bernd", last_name="B")
    PlayerFactory(club=organiser.club, first_name="Gast", last_name="G", is_guest=True)
    address = organiser_url("season_divisions", club_slug=organiser.club.slug, season_id=season.pk)
    page = organiser_client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Anna A" in page and "Gast G" not in page  # guests are not in divisions
    response = organiser_client.post(address, {f"player_{anna.pk}": "1", f"player_{bernd.pk}": "2"})
    assert response.status_code == 302
    assert dict(SeasonDivision.objects.filter(season=season).values_list("player_id", "division")) == {anna.pk: 1}
    response = organiser_client.post(
        address, {f"player_{anna.pk}": "3", f"player_{bernd.pk}": "2"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert SeasonDivision.objects.filter(season=season).count() == 1
    evenings(season, 1, players=[anna, bernd, *[PlayerFactory(club=organiser.club, is_guest=True) for _ in range(2)]])
    response = organiser_client.post(
        address, {f"player_{anna.pk}": "2", f"player_{bernd.pk}": "2"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "rules are frozen" in response.content.decode()
    assert SeasonDivision.objects.get(season=season).division == 1


def test_the_rules_form_refuses_promotion_without_divisions(organiser_client, organiser):
    post = {"name": "2027", "start_date": "2027-01-01", "end_date": "2027-12-31", "ranking_rule": "sum"}
    address = organiser_url("season_create", club_slug=organiser.club.slug)
    response = organiser_client.post(address, {**post, "promotion": 2}, HTTP_ACCEPT_LANGUAGE="en")
    assert "2 promoted and relegated needs divisions to move between" in " ".join(
        response.context["form"].errors["promotion"]
    )
    response = organiser_client.post(address, {**post, "divisions": 9}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Divisions: from 1 (one ranking) to 4; got 9." in " ".join(response.context["form"].errors["divisions"])
    assert not Season.objects.filter(club=organiser.club).exists()
    response = organiser_client.post(
        address, {**post, "divisions": 2, "promotion": 1, "tie_break_1": "head_to_head"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    season = Season.objects.get(club=organiser.club)
    assert (season.divisions, season.promotion, season.tie_breaks) == (2, 1, ["head_to_head"])


def test_starting_the_next_season_shows_who_moves_and_refuses_overlapping_dates(organiser_client, organiser):
    season = SeasonFactory(club=organiser.club, divisions=2, promotion=1, min_evenings=0)
    players, _events = evenings(season, 3)
    SeasonDivision.objects.bulk_create(
        [SeasonDivision(season=season, player=p, division=1) for p in (players[0], players[1])]
    )
    address = reverse("results:season_next", kwargs={"club_slug": organiser.club.slug, "season_id": season.pk})
    page = organiser_client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # A: S1 3 MP, S2 1 (+ tie-break game points) → S2 goes down; B: S3 and S4 3 MP each, S3 by name? no:
    # by game points 2500 each, then name: S3 goes up.
    assert "S2 Spieler moves down from A to B" in page and "S3 Spieler moves up from B to A" in page
    refused = organiser_client.post(
        address, {"name": "Neu", "start_date": "2027-03-01", "end_date": "2028-02-28"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "The next season starts (01.03.2027) before “2026/27” ends (31.07.2027)." in refused.content.decode()
    assert Season.objects.filter(club=organiser.club).count() == 1
    done = organiser_client.post(address, {"name": "Neu", "start_date": "2027-09-01", "end_date": "2028-07-31"})
    assert done.status_code == 302
    new = Season.objects.get(club=organiser.club, name="Neu")
    assert set(SeasonDivision.objects.filter(season=new).values_list("player__first_name", flat=True)) == {"S1", "S3"}


def test_another_clubs_season_pages_are_not_found(organiser_client):
    other = SeasonFactory(club=MembershipFactory().club, divisions=2)
    for name in ("tournaments:season_divisions", "results:season_next"):
        address = reverse(name, kwargs={"club_slug": other.club.slug, "season_id": other.pk})
        assert organiser_client.get(address).status_code == 404
        assert organiser_client.post(address, {"name": "x"}).status_code == 404
    assert not Season.objects.filter(club=other.club, name="x").exists()
