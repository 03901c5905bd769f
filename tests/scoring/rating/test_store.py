"""The club's rating at the edge: off by default, rebuilt from the counted games in date order (idempotent),
queued after an event's standings change and when the club turns it on, shown on the members list."""

import datetime

import pytest
from django.urls import reverse

from scoring.models import Sheet
from scoring.queueing import standings_request_recompute
from scoring.rating.core import A_WON, B_WON, RatedGame, ratings_compute
from scoring.rating.store import club_rated_games, club_ratings_recompute
from tests.factories import ClubFactory, EventFactory, PlayerFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Club, Event, PlayerRating
from tournaments.services.clubs import club_update

pytestmark = pytest.mark.django_db


def _melee_evening(club, date, slug, results):
    """A mêlée evening of four players of `club` (made once, reused by name) with one round per result:
    round n is (1+2 against 3+4, 1+3 against 2+4, 1+4 against 2+3)[n] and `results[n]` its totals."""
    event = make_event(club=club, date=date, slug=slug, team_mode=Event.TeamMode.MELEE, status=Event.Status.FINISHED)
    players = list(club.players.order_by("pk")[:4])
    from tests.factories import EntryFactory

    entries = [EntryFactory(event=event, number=n + 1, player_1=p, player_2=None) for n, p in enumerate(players)]
    e1, e2, e3, e4 = entries
    sides = [((e1, e2), (e3, e4)), ((e1, e3), (e2, e4)), ((e1, e4), (e2, e3))]
    for number, totals in enumerate(results, start=1):
        rnd = make_round(event, number)
        a, b = sides[number - 1]
        play(rnd, a, b, won(*totals))
    return event, players


@pytest.fixture
def club():
    club = ClubFactory(rating_enabled=True)
    for n in range(4):
        PlayerFactory(club=club, first_name=f"R{n}", last_name="Rated")
    return club


def test_a_club_rates_nobody_until_it_turns_the_rating_on(club):
    Club.objects.filter(pk=club.pk).update(rating_enabled=False)
    _melee_evening(club, datetime.date(2026, 1, 5), "a", [(900, 700)])
    assert club_ratings_recompute(club_id=club.pk)["enabled"] is False
    assert not PlayerRating.objects.exists()


def test_the_ratings_replay_the_counted_games_in_date_order_and_a_rerun_changes_nothing(club):
    # The later evening is created first: the order is the evenings' dates, not the rows' ids.
    later, players = _melee_evening(club, datetime.date(2026, 2, 2), "later", [(400, 1200)])
    _melee_evening(club, datetime.date(2026, 1, 5), "earlier", [(900, 700), (800, 600)])
    p1, p2, p3, p4 = (p.pk for p in players)
    # A submitted (not confirmed) game of the later evening does not count.
    play(make_round(later, 2), *later.entries.order_by("number")[:2], won(2000, 0), status=Sheet.Status.SUBMITTED)
    expected = ratings_compute(
        [
            RatedGame(side_a=(p1, p2), side_b=(p3, p4), outcome=A_WON),
            RatedGame(side_a=(p1, p3), side_b=(p2, p4), outcome=A_WON),
            RatedGame(side_a=(p1, p2), side_b=(p3, p4), outcome=B_WON),
        ]
    )
    assert club_rated_games(club.pk) == [
        RatedGame(side_a=(p1, p2), side_b=(p3, p4), outcome=A_WON),
        RatedGame(side_a=(p1, p3), side_b=(p2, p4), outcome=A_WON),
        RatedGame(side_a=(p1, p2), side_b=(p3, p4), outcome=B_WON),
    ]
    result = club_ratings_recompute(club_id=club.pk)
    assert result == {"club_id": club.pk, "enabled": True, "games": 3, "players": 4}
    stored = {r.player_id: (r.mu, r.sigma, r.games) for r in PlayerRating.objects.all()}
    assert stored == {pid: (r.mu, r.sigma, r.games) for pid, r in expected.items()}
    club_ratings_recompute(club_id=club.pk)
    again = {r.player_id: (r.mu, r.sigma, r.games) for r in PlayerRating.objects.all()}
    assert again == stored and PlayerRating.objects.count() == 4


def test_fixed_pairs_rate_both_players_of_each_pair():
    club = ClubFactory(rating_enabled=True)
    event = make_event(club=club, status=Event.Status.FINISHED)
    t1, t2 = make_entries(event, 2)
    play(make_round(event, 1), t1, t2, won(1200, 400))
    club_ratings_recompute(club_id=club.pk)
    ratings = {r.player_id: r for r in PlayerRating.objects.all()}
    assert ratings[t1.player_1_id].mu == ratings[t1.player_2_id].mu > ratings[t2.player_1_id].mu


def test_a_standings_recompute_queues_the_rating(club, celery_eager, django_capture_on_commit_callbacks):
    event, _players = _melee_evening(club, datetime.date(2026, 1, 5), "a", [(900, 700)])
    with django_capture_on_commit_callbacks(execute=True):
        standings_request_recompute(event_id=event.pk)
    assert PlayerRating.objects.filter(player__club=club).count() == 4
    # Another club's ratings are untouched (it rates nothing).
    other = EventFactory()
    with django_capture_on_commit_callbacks(execute=True):
        standings_request_recompute(event_id=other.pk)
    assert PlayerRating.objects.count() == 4


def test_turning_the_rating_on_rates_and_off_removes(club, celery_eager, django_capture_on_commit_callbacks):
    Club.objects.filter(pk=club.pk).update(rating_enabled=False)
    club.refresh_from_db()
    _melee_evening(club, datetime.date(2026, 1, 5), "a", [(900, 700)])
    with django_capture_on_commit_callbacks(execute=True):
        club_update(club=club, data={"rating_enabled": True})
    assert PlayerRating.objects.count() == 4
    with django_capture_on_commit_callbacks(execute=True):
        club_update(club=club, data={"rating_enabled": False})
    assert PlayerRating.objects.count() == 0


def test_the_members_list_shows_the_ordinal_and_its_uncertainty(client, club, django_assert_max_num_queries):
    from tests.factories import MembershipFactory

    organiser = MembershipFactory(club=club)
    client.force_login(organiser.user)
    _melee_evening(club, datetime.date(2026, 1, 5), "a", [(900, 700)])
    club_ratings_recompute(club_id=club.pk)
    for n in range(30):
        PlayerFactory(club=club, first_name=f"Extra{n}")
    rating = PlayerRating.objects.order_by("-mu").first()
    with django_assert_max_num_queries(9):
        html = client.get(reverse("tournaments:members", args=[club.slug])).content.decode()
    assert f"ordinal {rating.ordinal:.1f} (± {rating.sigma:.1f})" in html
    assert html.count("not rated yet") == 30
    Club.objects.filter(pk=club.pk).update(rating_enabled=False)
    assert "ordinal" not in client.get(reverse("tournaments:members", args=[club.slug])).content.decode()


def test_another_clubs_organiser_sees_no_rating_and_cannot_turn_it_on(organiser_client, club):
    assert organiser_client.get(reverse("tournaments:members", args=[club.slug])).status_code == 404
    response = organiser_client.post(
        reverse("tournaments:club_edit", args=[club.slug]), {"name": "X", "city": "", "rating_enabled": "on"}
    )
    assert response.status_code == 404
