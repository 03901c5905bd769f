"""A substitute plays for one player: for the rest of the evening or one round, seated in the drawn games and
the later draws, named on the draw and the sheet, the results the entry's; the season counts the entry's
registered players only."""

import pytest

from scoring.sheets.selectors import game_sides
from scoring.standings.season import season_ranking
from tests.factories import PlayerFactory, SeasonFactory
from tests.tournaments.people.people_helpers import (
    Clicks,
    make_evening,
    play,
    release,
    result_of,
    score_and_close,
    standing,
    url,
)
from tournaments.models import Game, Player, Substitution

pytestmark = pytest.mark.django_db


def _game_of(entry, rnd):
    return Game.objects.filter(round=rnd).filter(entry_a=entry).first() or Game.objects.get(round=rnd, entry_b=entry)


def _substitute(clicks, event, entry, data):
    page = clicks.get(url("entry_edit", event, entry_id=entry.pk))
    assert page.status_code == 200
    return clicks.post(url("entry_substitute", event, entry_id=entry.pk), data)


def test_a_substitute_for_the_rest_of_the_evening_sits_in_the_drawn_game_and_the_next_draws(
    organiser_client, organiser
):
    season = SeasonFactory(club=organiser.club)
    event, entries = make_evening(organiser.club, 8, season=season, rounds=3)
    r1 = play(event, 1)
    r2 = release(event, 2)
    team = entries[3]
    sub = PlayerFactory(club=event.club, first_name="Erika", last_name="Ersatz")
    clicks = Clicks(organiser_client)
    data = {"player": team.player_2_id, "substitute": sub.pk, "from_round": 2, "reason": "krank"}
    response = _substitute(clicks, event, team, data)
    assert response.status_code == 302 and clicks.count == 2
    game = _game_of(team, r2)
    seat = "S" if game.entry_a_id == team.pk else "W"
    assert game.seats[seat] == sub.pk and team.player_2_id not in game.seats.values()
    names = dict(game_sides(game)["A" if seat == "S" else "B"]["seats"])
    assert names[seat] == "Erika Ersatz"
    draw_page = organiser_client.get(url("round", event, number=2)).content.decode()
    assert "Erika Ersatz" in draw_page
    log = organiser.club.events.get().log_entries.get(action="substitute")
    assert (log.entry, log.round_number, log.reason) == (team, 2, "krank")
    assert log.details["substitute"] == "Erika Ersatz" and log.details["to_round"] is None
    history = organiser_client.get(url("event_history", event)).content.decode()
    assert f"Erika Ersatz plays for {team.player_2} (no. {team.number}) from round 2 on." in history

    score_and_close(r2)
    r3 = play(event, 3, seed=11)
    assert sub.pk in _game_of(team, r3).seats.values()
    # The results stay the entry's: its three rounds, added up independently.
    expected = sum(result_of(team, r)[0] for r in (r1, r2, r3))
    assert standing(event, team, 3).match_points == expected
    # The season: the entry's registered players get the evening, the substitute nothing.
    ranking = {row["player_id"]: row for row in season_ranking(season=season)["rows"]}
    assert sub.pk not in ranking
    assert ranking[team.player_2_id]["points"] == expected == ranking[team.player_1_id]["points"]


def test_a_new_name_for_one_round_only_becomes_a_guest_and_round_3_seats_the_player_again(organiser_client, organiser):
    event, entries = make_evening(organiser.club, 8, rounds=3)
    play(event, 1)
    team = entries[0]
    data = {"player": team.player_1_id, "first_name": "Nina", "last_name": "Neu", "from_round": 2, "only_round": "on"}
    response = _substitute(Clicks(organiser_client), event, team, data)
    assert response.status_code == 302
    guest = Player.objects.get(last_name="Neu")
    assert guest.is_guest and guest.club_id == event.club_id
    assert Substitution.objects.get(entry=team).to_round == 2
    r2 = play(event, 2)
    assert guest.pk in _game_of(team, r2).seats.values()
    r3 = play(event, 3, seed=3)
    seats = _game_of(team, r3).seats.values()
    assert team.player_1_id in seats and guest.pk not in seats
    log = event.log_entries.get(action="substitute")
    assert log.details["to_round"] == 2


@pytest.mark.parametrize("case", ["plays_tonight", "closed_round", "past_the_event", "twice", "nobody"])
def test_bad_substitutes_are_refused_naming_the_field_and_nothing_is_stored(organiser_client, organiser, case):
    event, entries = make_evening(organiser.club, 8)
    play(event, 1)
    team, other = entries[0], entries[5]
    sub = PlayerFactory(club=event.club, first_name="Erika", last_name="Ersatz")
    data = {"player": team.player_1_id, "substitute": sub.pk, "from_round": 2}
    field, words = "substitute", None
    if case == "plays_tonight":
        data["substitute"] = other.player_2_id
        words = f"{other.player_2} already plays tonight in entry no. {other.number}."
    elif case == "closed_round":
        data["from_round"] = 1
        field, words = "from_round", "Round 1 is closed: a substitute can play from round 2 on."
    elif case == "past_the_event":
        data["from_round"] = 7
        field, words = "from_round", "The event has 4 rounds; round 7 does not exist."
    elif case == "twice":
        organiser_client.post(url("entry_substitute", event, entry_id=team.pk), data)
        data["substitute"] = PlayerFactory(club=event.club).pk
        field, words = "player", f"{team.player_1} is already replaced by Erika Ersatz from round 2."
    else:
        del data["substitute"]
        words = "Pick the substitute from the members, or type a new name."
    before = Substitution.objects.count()
    response = organiser_client.post(url("entry_substitute", event, entry_id=team.pk), data)
    assert response.status_code == 400
    assert response.context["substitute_form"].errors[field] == [words]
    assert Substitution.objects.count() == before
    assert event.log_entries.filter(action="substitute").count() == before
