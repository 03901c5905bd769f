"""A mêlée player leaves and the count is odd: the next draw seats the players by fours and gives the one left
over a bye, with its points, shown on the draw, the public pages and the standings."""

import pytest

from tests.tournaments.people.people_helpers import (
    Clicks,
    bye_entries,
    drawn,
    make_evening,
    play,
    public_url,
    release,
    result_of,
    score_and_close,
    standing,
    url,
)
from tournaments.models import EventLogEntry, Game

pytestmark = pytest.mark.django_db

BYE = "Bye: 2 match points, 400 game points"


def test_a_player_leaving_makes_nine_and_the_next_round_has_one_bye_with_its_points(organiser_client, organiser):
    event, players = make_evening(organiser.club, 10, melee=True)
    r1 = play(event, 1)
    assert len(bye_entries(r1)) == 2  # ten players: two tables of four, two sit out
    leaver = next(p for p in players if p.pk not in bye_entries(r1))
    clicks = Clicks(organiser_client)
    clicks.get(url("entry_edit", event, entry_id=leaver.pk))
    response = clicks.post(url("entry_withdraw", event, entry_id=leaver.pk), {"from_round": 2}, follow=True)
    assert clicks.count == 2
    page = response.content.decode()
    assert "9 players remain for round 2." in page and "1 sits out with a bye (" + BYE + ")." in page
    log = EventLogEntry.objects.get(event=event, action="melee_leave")
    assert (log.entry, log.details["present"], log.details["sitting_out"], log.details["after"]) == (leaver, 9, 1, 1)
    history = organiser_client.get(url("event_history", event)).content.decode()
    assert "9 players remain. 1 sits out next round with a bye." in history

    r2 = release(event, 2)
    assert leaver.pk not in drawn(r2)
    byes = bye_entries(r2)
    assert len(byes) == 1 and Game.objects.filter(round=r2, is_bye=False).count() == 2
    # Nobody gets a second bye while someone has none: the round-1 sit-outs play.
    assert not byes & bye_entries(r1)
    for page in (
        organiser_client.get(url("round", event, number=2)),
        organiser_client.get(url("round_print_tables", event, number=2)),
        organiser_client.get(public_url("draw", event)),
    ):
        assert BYE in page.content.decode()
    score_and_close(r2)
    sitter = next(p for p in players if p.pk in byes)
    row = standing(event, sitter, 2)
    mp1, points1, _, _ = result_of(sitter, r1)
    assert (row.match_points, row.total_points, row.byes) == (mp1 + 2, points1 + 400, 1)
    assert BYE in organiser_client.get(public_url("round", event, number=2)).content.decode()
    standings_page = organiser_client.get(public_url("standings", event)).content.decode()
    assert BYE in standings_page and "withdrawn after round 1" in standings_page


def test_the_venue_screen_names_the_bye_and_what_it_gives(client, organiser):
    from scoring.sheets.links import venue_screen_create

    event, _ = make_evening(organiser.club, 9, melee=True)
    release(event, 1)
    screen = venue_screen_create(event=event)
    page = client.get(f"/v/{screen.token}/").content.decode()
    assert BYE in page
