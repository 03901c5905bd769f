"""The draw's edge for the season and the club's forbidden pairings: the season's earlier evenings and the
pairings reach the pairing core, in a fixed number of queries; the draw page says which pairing it could not
avoid, with the players and the reason."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, SeasonFactory
from tournaments import services
from tournaments.draws import DrawManager
from tournaments.draws.season import forbidden_pairs, season_meetings
from tournaments.models import Event, ForbiddenPairing, Game

pytestmark = pytest.mark.django_db
MELEE = Event.TeamMode.MELEE


def melee_evening(club, season, players, day, *, rounds=1):
    event = EventFactory(
        club=club,
        season=season,
        team_mode=MELEE,
        date=datetime.date(2026, 10, day),
        rounds=rounds,
        pairing_methods=["melee"],
    )
    entries = [EntryFactory(event=event, number=n, player_1=p, player_2=None) for n, p in enumerate(players, 1)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    return event


def partner_pairs(round):
    pairs = set()
    for game in Game.objects.filter(round=round, is_bye=False):
        seats = game.seats
        pairs |= {frozenset({seats["N"], seats["S"]}), frozenset({seats["E"], seats["W"]})}
    return pairs


def play(event, seed):
    from tests.tournaments.test_draws import play_round

    round = services.round_draw(event=event, number=1, seed=seed)
    play_round(round)
    return round


@pytest.fixture
def club_season():
    season = SeasonFactory()
    return season.club, season, [PlayerFactory(club=season.club) for _ in range(8)]


def test_the_seasons_partners_reach_the_draw_and_are_not_repeated(club_season):
    club, season, players = club_season
    first = play(melee_evening(club, season, players, 1), seed=1)
    played = partner_pairs(first)
    # Not counted: a later evening, another season's, an evening whose round is only a draft.
    later = melee_evening(club, season, players, 20)
    services.round_draw(event=later, number=1, seed=5)
    other = melee_evening(club, SeasonFactory(club=club, name="2025/26"), players, 2)
    play(other, seed=2)
    tonight = melee_evening(club, season, players, 8)
    history = DrawManager(tonight, 1).load().history
    counted = {frozenset({p, q}) for p, row in history.season_partners.items() for q, n in row.items() if n}
    assert counted == played
    assert sum(sum(row.values()) for row in history.season_opponents.values()) == 8  # 2 tables x 4 pairs across
    for seed in range(1, 6):
        round = services.round_draw(event=tonight, number=1, seed=seed, regenerate=seed > 1)
        assert not partner_pairs(round) & played
        assert round.quality["season_partners"] == 0


def test_a_fixed_pairs_event_takes_no_season_query_and_no_partners(club_season, django_assert_num_queries):
    club, season, _players = club_season
    event = EventFactory(club=club, season=season, team_mode=Event.TeamMode.PAIRS)
    assert season_meetings(EventFactory(club=club, season=None, team_mode=MELEE)) == ({}, {})
    manager = DrawManager(event, 1)
    with django_assert_num_queries(6):
        manager.load()
    assert manager.inputs.history.season_partners == {}


@pytest.mark.parametrize("evenings", [1, 4])
def test_the_draw_with_the_season_takes_a_fixed_number_of_queries(club_season, evenings, django_assert_num_queries):
    club, season, players = club_season
    for day in range(1, evenings + 1):
        play(melee_evening(club, season, players, day), seed=day)
    ForbiddenPairing.objects.create(club=club, player_a=players[0], player_b=players[1])
    tonight = melee_evening(club, season, players, 25)
    # Savepoint, lock the event and its rounds, seven loads (the forbidden pairings and the season's games
    # included), write the round, bulk-insert the games, release: whatever the number of earlier evenings.
    with django_assert_num_queries(13):
        services.round_draw(event=tonight, number=1, seed=3)


def test_forbidden_pairings_reach_the_draw_until_removed(club_season, organiser):
    club, season, players = club_season
    a, b = players[0], players[1]
    pairing = services.forbidden_pairing_add(club=club, player_a=b, player_b=a, kind="table", reason="Ehepaar")
    assert (pairing.player_a, pairing.player_b) == (a, b)  # stored in id order
    services.forbidden_pairing_add(club=club, player_a=players[2], player_b=players[3], kind="partners")
    assert forbidden_pairs(club.pk) == ([(a.pk, b.pk), (players[2].pk, players[3].pk)], [(a.pk, b.pk)])
    tonight = melee_evening(club, season, players, 3)
    for seed in range(1, 8):
        round = services.round_draw(event=tonight, number=1, seed=seed, regenerate=seed > 1)
        for game in Game.objects.filter(round=round):
            assert not {a.pk, b.pk} <= set(game.seats.values())
        assert frozenset({players[2].pk, players[3].pk}) not in partner_pairs(round)
    services.forbidden_pairing_remove(pairing=pairing, user=organiser.user)
    assert forbidden_pairs(club.pk)[1] == []


def test_the_draw_page_names_the_pairing_it_could_not_avoid(organiser_client, organiser):
    club = organiser.club
    players = [PlayerFactory(club=club, first_name=n, last_name="Brandt") for n in ("Anke", "Jürgen", "Ute", "Klaus")]
    services.forbidden_pairing_add(
        club=club, player_a=players[0], player_b=players[1], kind="table", reason="Ehepaar", user=organiser.user
    )
    event = melee_evening(club, None, players, 4)
    round = services.round_draw(event=event, number=1, seed=1)
    (game,) = Game.objects.filter(round=round)
    assert set(game.flags) & {"forbidden_partners_no_alternative", "forbidden_opponents_no_alternative"}
    url = reverse("tournaments:round", kwargs={"club_slug": club.slug, "event_slug": event.slug, "number": 1})
    page = organiser_client.get(url).content.decode()
    assert "Anke Brandt and Jürgen Brandt" in page or "Jürgen Brandt and Anke Brandt" in page
    assert "Table 1: " in page and "(Ehepaar): no draw could avoid it." in page
    assert "forbidden pairings: 1" in page


def test_the_draw_page_names_the_season_partners_it_repeated(organiser_client, organiser):
    club = organiser.club
    season = SeasonFactory(club=club)
    players = [PlayerFactory(club=club) for _ in range(4)]
    # Four players have three ways to form teams: after three evenings each has been played.
    for day, seed in ((1, 1), (2, 2), (3, 3)):
        play(melee_evening(club, season, players, day), seed=seed)
    event = melee_evening(club, season, players, 9)
    round = services.round_draw(event=event, number=1, seed=4)
    (game,) = Game.objects.filter(round=round)
    assert "season_partner_no_alternative" in game.flags
    url = reverse("tournaments:round", kwargs={"club_slug": club.slug, "event_slug": event.slug, "number": 1})
    page = organiser_client.get(url).content.decode()
    assert "were already partners on an earlier evening of this season: no draw could avoid it." in page
