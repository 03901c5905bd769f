"""The season's rules through the Django edge: the ranking from stored evenings under each rule (checked
against arithmetic written here), the public page's sentence, marks and lists, the organiser's form with its
refusals, and the rules frozen once an evening counts."""

import datetime

import pytest
from django.urls import reverse

from scoring.standings.season import season_ranking
from scoring.standings.store import standings_recompute_now
from tests.factories import EntryFactory, MembershipFactory, PlayerFactory, SeasonFactory
from tests.scoring.public.public_helpers import url
from tests.scoring.standings_helpers import make_event, make_round, play, won
from tests.tournaments.views.view_helpers import url as organiser_url
from tournaments.models import Event, Season

pytestmark = pytest.mark.django_db


def three_evenings(season, guest=False, prefix="abend"):
    """Four players; evening 1: (1,2) beat (3,4) 900:700; 2: (1,3) beat (2,4) 800:600; 3: (3,4) beat (1,2)
    1000:600. Player 4 is a guest when `guest`; player 2 misses nothing, each evening has both pairs."""
    players = [
        PlayerFactory(club=season.club, first_name=f"S{i}", last_name="Spieler", is_guest=guest and i == 4)
        for i in range(1, 5)
    ]
    events = []
    for n, (pairs, totals) in enumerate(
        [(((0, 1), (2, 3)), (900, 700)), (((0, 2), (1, 3)), (800, 600)), (((2, 3), (0, 1)), (1000, 600))],
        start=1,
    ):
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


def scores(ranking):
    return {r["name"]: r["points"] for r in ranking["rows"]}


def test_points_by_place_and_drop_the_worst_from_stored_evenings():
    season = SeasonFactory(points_basis="place", place_points="10 5", drop_worst=1)
    three_evenings(season)
    # Places: S1 1,1,2 → 10,10,5 → drop 5 → 20; S2 1,2,2 → 10,5,5 → 15; S3 2,1,1 → 20; S4 2,2,1 → 15.
    assert scores(season_ranking(season=season)) == {
        "S1 Spieler": 20,
        "S3 Spieler": 20,
        "S2 Spieler": 15,
        "S4 Spieler": 15,
    }


def test_the_public_page_says_the_rules_marks_dropped_evenings_and_lists_guests_apart(client):
    season = SeasonFactory(ranking_rule=Season.Ranking.BEST_N, best_n=2, guests="apart")
    _players, events = three_evenings(season, guest=True)
    page = client.get(url(events[0], "season"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Ranked by the total of the match points of each evening over the best 2 evenings." in page
    assert "Guests are ranked apart." in page and "<h4>Guests</h4>" in page
    assert "<s>0</s>" in page and "dropped" in page
    german = client.get(url(events[0], "season"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "best_n" not in german and "apart" not in german


def test_too_few_evenings_are_listed_as_not_yet_ranked(client):
    season = SeasonFactory(min_evenings=4)
    _players, events = three_evenings(season)
    page = client.get(url(events[0], "season"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "S1 Spieler: not yet ranked (3 of 4 evenings)" in page


def test_the_season_page_costs_the_same_queries_for_three_or_six_evenings(client, django_assert_max_num_queries):
    season = SeasonFactory()
    _players, events = three_evenings(season)
    with django_assert_max_num_queries(6):
        assert client.get(url(events[0], "season")).status_code == 200
    three_evenings(SeasonFactory(club=season.club), prefix="andere")  # other seasons' evenings cost nothing here
    for n, event in enumerate(events):
        event.pk = None
        event.slug = f"kopie-{n}"
        event.save()
    from django.core.cache import cache

    cache.clear()
    with django_assert_max_num_queries(6):
        assert client.get(url(events[0], "season")).status_code == 200


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({"points_basis": "place", "place_points": ""}, "place_points", "Give the points of each place"),
        ({"place_points": "8 9"}, "place_points", "Place 2 gives 9, more than place 1 (8): points by place go down."),
        ({"place_points": "8 x"}, "place_points", "Place 2: “x” is no whole number of points from 0 to 9999."),
        ({"ranking_rule": "best_n", "best_n": 3, "drop_worst": 1}, "drop_worst", "not both"),
        ({"min_evenings": 500}, "min_evenings", "at most 100; got 500."),
        ({"tie_break_1": "evenings", "tie_break_2": "evenings"}, "tie_break_2", "the same one is chosen twice"),
    ],
)
def test_the_form_refuses_rules_that_do_not_hold_naming_the_field(organiser_client, organiser, data, field, message):
    post = {"name": "2027", "start_date": "2027-01-01", "end_date": "2027-12-31", "ranking_rule": "sum", **data}
    response = organiser_client.post(
        organiser_url("season_create", club_slug=organiser.club.slug), post, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not Season.objects.filter(club=organiser.club).exists()


def test_the_rules_are_frozen_once_an_evening_counts(organiser_client, organiser):
    season = SeasonFactory(club=organiser.club, name="2026/27")
    edit = organiser_url("season_edit", club_slug=organiser.club.slug, season_id=season.pk)
    base = {"name": "2026/27", "start_date": season.start_date, "end_date": season.end_date, "ranking_rule": "sum"}
    assert organiser_client.post(edit, {**base, "min_evenings": 2}).status_code == 302
    three_evenings(season)
    response = organiser_client.post(edit, {**base, "min_evenings": 3}, HTTP_ACCEPT_LANGUAGE="en")
    assert "The season's rules are frozen" in " ".join(response.context["form"].errors["min_evenings"])
    assert Season.objects.get(pk=season.pk).min_evenings == 2
    # Its name may still change.
    assert organiser_client.post(edit, {**base, "name": "Saison 26/27", "min_evenings": 2}).status_code == 302


def test_another_clubs_season_is_not_found(organiser_client):
    season = SeasonFactory(club=MembershipFactory().club)
    edit = organiser_url("season_edit", club_slug=season.club.slug, season_id=season.pk)
    assert organiser_client.get(edit).status_code == 404
    assert reverse("tournaments:season_edit", kwargs={"club_slug": season.club.slug, "season_id": season.pk})
