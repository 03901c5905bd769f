"""A pair arrives after round 1: entered from the entries page in two clicks, with a rule for the rounds it
missed (a bye each, nothing, or its own average), drawn next, counted so in the standings and the exports."""

import pytest

from scoring.standings.store import standings_recompute_now
from tests.factories import MembershipFactory, PlayerFactory
from tests.tournaments.people.people_helpers import (
    Clicks,
    bye_entries,
    drawn,
    export_rows,
    make_evening,
    play,
    public_url,
    result_of,
    standing,
    url,
)
from tournaments.models import CheckIn, Entry, EventLogEntry

pytestmark = pytest.mark.django_db


def _enter_late(clicks, event, rule, joined=2):
    p1, p2 = PlayerFactory(club=event.club, last_name="Spät"), PlayerFactory(club=event.club, last_name="Später")
    page = clicks.get(url("entries", event))
    assert page.status_code == 200
    form = page.context["form"]
    assert form.fields["joined_round"].initial == joined
    assert "Late pair" in page.content.decode()
    data = {"player_1": p1.pk, "player_2": p2.pk, "joined_round": joined, "missed_rounds_rule": rule, "reason": "Stau"}
    response = clicks.post(url("entries", event), data)
    assert response.status_code == 302, response.context["form"].errors if response.context else response
    return Entry.objects.get(event=event, player_1=p1)


def test_a_late_pair_with_a_bye_for_round_1_is_drawn_next_and_counted_as_a_bye(organiser_client, organiser):
    event, entries = make_evening(organiser.club, 8)
    r1 = play(event, 1)
    clicks = Clicks(organiser_client)
    late = _enter_late(clicks, event, "bye")
    assert clicks.count == 2
    assert (late.late, late.joined_round, late.missed_rounds_rule) == (True, 2, "bye")
    assert CheckIn.objects.get(entry=late, round_number=2).status == CheckIn.Status.PRESENT
    log = EventLogEntry.objects.get(event=event, action="late_entry")
    assert (log.entry, log.round_number, log.reason, log.details["rule"]) == (late, 2, "Stau", "bye")

    # The standings are marked for a recompute (the worker runs it after commit; here, at once).
    event.refresh_from_db()
    assert event.standings_dirty
    standings_recompute_now(event_id=event.pk)
    # The snapshot after round 1 already holds the late pair with its bye: 2 match points, the bye points.
    after_1 = standing(event, late, 1)
    assert (after_1.match_points, after_1.total_points, after_1.byes, after_1.games) == (2, 400, 1, 0)

    r2 = play(event, 2)
    assert late.pk in drawn(r2)
    # Nine pairs: one bye, and not for the late pair (it has had its bye score while the others have none).
    assert len(bye_entries(r2)) == 1 and late.pk not in bye_entries(r2)
    mp, points, against, _ = result_of(late, r2)
    row = standing(event, late, 2)
    assert (row.match_points, row.total_points, row.points_against) == (2 + mp, 400 + points, against)
    # A pair that was there from the start: its two rounds, independently.
    first = entries[0]
    mp1, pts1, _, _ = result_of(first, r1)
    mp2, pts2, _, _ = result_of(first, r2)
    assert (standing(event, first, 2).match_points, standing(event, first, 2).total_points) == (mp1 + mp2, pts1 + pts2)

    page = organiser_client.get(public_url("standings", event)).content.decode()
    assert "late, from round 2 (missed rounds as byes)" in page
    assert "Bye: 2 match points, 400 game points" in page
    rows = export_rows(event, 2)
    assert rows[late.number]["Late entry"] == "late, from round 2 (missed rounds as byes)"
    assert rows[late.number]["Byes"] == 1 and rows[late.number]["Match points"] == 2 + mp
    assert rows[first.number]["Late entry"] == ""


def test_the_average_rule_counts_each_missed_round_as_the_mean_of_its_own(organiser_client, organiser):
    event, _ = make_evening(organiser.club, 8, rounds=3)
    play(event, 1)
    play(event, 2, seed=8)
    late = _enter_late(Clicks(organiser_client), event, "average", joined=3)
    # Nothing of its own yet: nothing to average, so no row after round 2.
    assert standing(event, late, 2) is None
    r3 = play(event, 3, seed=9)
    mp, points, against, _ = result_of(late, r3)
    row = standing(event, late, 3)
    # One own round, two missed: three times that round.
    assert (row.match_points, row.total_points, row.points_against) == (3 * mp, 3 * points, 3 * against)
    assert row.metrics["missed_rounds"] == 2
    assert export_rows(event, 3)[late.number]["Late entry"] == "late, from round 3 (missed rounds at its average)"


def test_the_zero_rule_counts_only_what_it_plays(organiser_client, organiser):
    event, _ = make_evening(organiser.club, 8)
    play(event, 1)
    late = _enter_late(Clicks(organiser_client), event, "zero")
    assert standing(event, late, 1) is None
    r2 = play(event, 2)
    mp, points, _, byes = result_of(late, r2)
    row = standing(event, late, 2)
    assert (row.match_points, row.total_points, row.byes) == (mp, points, byes)


@pytest.mark.parametrize(
    ("joined", "words"),
    [
        (5, "The event has 4 rounds; round 5 does not exist."),
        (1, "Round 1 is already Closed: a late pair can join from round 2 on at the earliest."),
        (0, "Ensure this value is greater than or equal to 1."),
    ],
)
def test_a_round_past_the_events_or_already_played_is_refused_naming_the_field(
    organiser_client, organiser, joined, words
):
    event, _ = make_evening(organiser.club, 8)
    play(event, 1)
    p1, p2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    data = {"player_1": p1.pk, "player_2": p2.pk, "joined_round": joined, "missed_rounds_rule": "bye"}
    response = organiser_client.post(url("entries", event), data)
    assert response.status_code == 200
    assert response.context["form"].errors["joined_round"] == [words]
    assert not Entry.objects.filter(player_1=p1).exists()
    assert not EventLogEntry.objects.filter(event=event).exists()


def test_an_unknown_rule_is_refused_and_another_clubs_organiser_gets_a_404(client, organiser):
    event, _ = make_evening(organiser.club, 8)
    play(event, 1)
    p1, p2 = PlayerFactory(club=event.club), PlayerFactory(club=event.club)
    data = {"player_1": p1.pk, "player_2": p2.pk, "joined_round": 2, "missed_rounds_rule": "double"}
    client.force_login(organiser.user)
    response = client.post(url("entries", event), data)
    assert "missed_rounds_rule" in response.context["form"].errors
    client.force_login(MembershipFactory().user)
    assert client.post(url("entries", event), {**data, "missed_rounds_rule": "bye"}).status_code == 404
    assert not Entry.objects.filter(player_1=p1).exists()


def test_the_entries_page_stays_within_its_queries(organiser_client, organiser, django_assert_max_num_queries):
    event, _ = make_evening(organiser.club, 30)
    play(event, 1)
    _enter_late(Clicks(organiser_client), event, "bye")
    with django_assert_max_num_queries(14):
        page = organiser_client.get(url("entries", event))
    assert "late, from round 2" in page.content.decode()
