"""A pair withdraws at the break: one POST from its page (or the check-in's Withdraw button), left out of the
next draw, its results kept, "withdrawn after round 1" in the standings and the exports; undone by one POST."""

import pytest

from scoring.standings.store import standings_recompute_now
from tests.factories import MembershipFactory
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
from tournaments.models import CheckIn, EventLogEntry

pytestmark = pytest.mark.django_db


def _withdraw(clicks, event, entry, number=2, reason="Zug fährt"):
    page = clicks.get(url("entry_edit", event, entry_id=entry.pk))
    assert page.status_code == 200 and page.context["withdraw_form"]["from_round"].initial == number
    return clicks.post(url("entry_withdraw", event, entry_id=entry.pk), {"from_round": number, "reason": reason})


def test_a_pair_withdraws_at_the_break_keeps_its_results_and_is_left_out_of_the_next_draw(organiser_client, organiser):
    event, entries = make_evening(organiser.club, 8)
    r1 = play(event, 1)
    gone = entries[2]
    clicks = Clicks(organiser_client)
    response = _withdraw(clicks, event, gone)
    assert response.status_code == 302 and clicks.count == 2
    assert CheckIn.objects.get(entry=gone, round_number=2).status == CheckIn.Status.WITHDRAWN
    log = EventLogEntry.objects.get(event=event, action="withdrawal")
    assert (log.entry, log.round_number, log.reason, log.details["after"]) == (gone, 2, "Zug fährt", 1)
    standings_recompute_now(event_id=event.pk)  # what the worker does after commit
    mp1, points1, _, _ = result_of(gone, r1)
    after_1 = standing(event, gone, 1)
    assert after_1.metrics["withdrawn_after"] == 1 and after_1.match_points == mp1

    r2 = play(event, 2)
    assert gone.pk not in drawn(r2)
    assert len(bye_entries(r2)) == 1  # seven pairs left: one bye
    row = standing(event, gone, 2)
    assert (row.match_points, row.total_points, row.games) == (mp1, points1, 1)
    assert row.metrics["withdrawn"] is True
    page = organiser_client.get(public_url("standings", event)).content.decode()
    assert "withdrawn after round 1" in page
    assert export_rows(event, 2)[gone.number]["Withdrawn"] == "withdrawn after round 1"
    assert export_rows(event, 2)[entries[0].number]["Withdrawn"] == ""


def test_withdrawing_twice_is_refused_naming_the_round_and_the_undo_brings_it_back(organiser_client, organiser):
    event, entries = make_evening(organiser.club, 8)
    play(event, 1)
    gone = entries[0]
    _withdraw(Clicks(organiser_client), event, gone)
    again = organiser_client.post(url("entry_withdraw", event, entry_id=gone.pk), {"from_round": 2})
    assert again.status_code == 400
    assert again.context["withdraw_form"].errors["from_round"] == [
        f"Entry no. {gone.number} is already withdrawn from round 2."
    ]
    assert EventLogEntry.objects.filter(action="withdrawal").count() == 1

    clicks = Clicks(organiser_client)
    page = clicks.get(url("entry_edit", event, entry_id=gone.pk))
    assert "withdrawn after round 1" in page.content.decode()
    back = clicks.post(url("entry_return", event, entry_id=gone.pk), {"from_round": 2, "reason": "doch da"})
    assert back.status_code == 302 and clicks.count == 2
    assert CheckIn.objects.get(entry=gone, round_number=2).status == CheckIn.Status.PRESENT
    log = EventLogEntry.objects.get(action="withdrawal_undone")
    assert (log.entry, log.round_number, log.reason) == (gone, 2, "doch da")
    r2 = play(event, 2)
    assert gone.pk in drawn(r2)
    assert standing(event, gone, 2).metrics["withdrawn"] is False
    # Not withdrawn any more: undoing again is refused with the round.
    refused = organiser_client.post(url("entry_return", event, entry_id=gone.pk), {"from_round": 3})
    assert refused.context["return_form"].errors["from_round"] == [
        f"Entry no. {gone.number} is not withdrawn in round 3."
    ]


def test_a_round_already_played_or_past_the_event_is_refused(organiser_client, organiser):
    event, entries = make_evening(organiser.club, 8)
    play(event, 1)
    for number, words in (
        (1, "Round 1 is already Closed: a withdrawal can count from round 2 on at the earliest."),
        (5, "The event has 4 rounds; round 5 does not exist."),
    ):
        response = organiser_client.post(url("entry_withdraw", event, entry_id=entries[0].pk), {"from_round": number})
        assert response.context["withdraw_form"].errors["from_round"] == [words]
    assert not CheckIn.objects.filter(entry=entries[0], status=CheckIn.Status.WITHDRAWN).exists()


def test_the_check_in_pages_withdraw_button_is_one_step_in_the_history_and_its_tap_undoes_it(
    organiser_client, organiser
):
    event, entries = make_evening(organiser.club, 8)
    play(event, 1)
    clicks = Clicks(organiser_client)
    clicks.get(url("checkin", event, number=2))
    clicks.post(url("checkin", event, number=2), {"entry": entries[1].pk, "status": "withdrawn"})
    assert clicks.count == 2
    assert EventLogEntry.objects.get(action="withdrawal").entry == entries[1]
    organiser_client.post(url("checkin", event, number=2), {"entry": entries[1].pk, "status": "present"})
    assert EventLogEntry.objects.get(action="withdrawal_undone").entry == entries[1]
    answer = organiser_client.post(
        url("checkin", event, number=2), {"entry": entries[1].pk, "status": "absent"}, HTTP_ACCEPT="application/json"
    )
    assert answer.status_code == 200 and not EventLogEntry.objects.filter(action="withdrawal").count() > 1


def test_another_clubs_organiser_gets_a_404(client, organiser):
    event, entries = make_evening(organiser.club, 8)
    client.force_login(MembershipFactory().user)
    for name in ("entry_withdraw", "entry_return", "entry_substitute"):
        assert client.post(url(name, event, entry_id=entries[0].pk), {"from_round": 1}).status_code == 404
    assert client.get(url("entry_edit", event, entry_id=entries[0].pk)).status_code == 404
    assert not EventLogEntry.objects.exists()
