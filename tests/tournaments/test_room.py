"""The room during play, on the organiser's side: a table's call to the director (one open per table, answered
in one click, who and when kept), the message to the room (one line of at most 140 characters), each step in
the event's history; another club's organiser can do neither."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import MembershipFactory, RoundFactory
from tournaments.history_labels import event_log_text
from tournaments.models import DirectorCall, Event, EventLogEntry
from tournaments.services.room import (
    director_call_answer,
    director_call_cancel,
    director_call_open,
    event_room_message_set,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def round1(organiser):
    return RoundFactory(event__club=organiser.club, event__slug="abend")


def _log(event) -> list[tuple[str, str]]:
    return [(row.action, event_log_text(row.action, row.details)) for row in EventLogEntry.objects.filter(event=event)]


def _answer_url(call) -> str:
    event = call.event
    return reverse(
        "tournaments:director_call_answered",
        kwargs={"club_slug": event.club.slug, "event_slug": event.slug, "call_id": call.pk},
    )


def _message_url(event) -> str:
    return reverse("tournaments:room_message", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


# --- calls to the director --------------------------------------------------------------------------------


def test_a_second_tap_or_the_other_sides_phone_makes_no_second_call(round1):
    event = round1.event
    call, created = director_call_open(event=event, round=round1, table_number=4, side="A", reason="question")
    again, created_again = director_call_open(event=event, round=round1, table_number=4, side="B", reason="dispute")
    assert created and not created_again and again.pk == call.pk
    assert DirectorCall.objects.filter(event=event).count() == 1
    assert _log(event) == [("director_called", "Table 4 called the director: a question.")]
    other, created_other = director_call_open(event=event, round=round1, table_number=5, side="B")
    assert created_other and other.pk != call.pk
    assert _log(event)[-1] == ("director_called", "Table 5 called the director.")


def test_answering_records_who_and_when_once(round1, organiser):
    event = round1.event
    call, _ = director_call_open(event=event, round=round1, table_number=2, side="B")
    assert director_call_answer(call=call, user=organiser.user)
    assert not director_call_answer(call=call, user=organiser.user)  # a second click changes nothing
    call.refresh_from_db()
    assert call.answered_by == organiser.user and call.answered_at is not None and not call.cancelled
    rows = EventLogEntry.objects.filter(event=event, action="director_answered")
    assert rows.count() == 1 and rows[0].user == organiser.user and rows[0].table_number == 2
    # Answered, the table may call again: a new call.
    again, created = director_call_open(event=event, round=round1, table_number=2, side="A")
    assert created and again.pk != call.pk


def test_the_table_takes_its_call_back(round1):
    event = round1.event
    call, _ = director_call_open(event=event, round=round1, table_number=3, side="A")
    assert director_call_cancel(event=event, table_number=3)
    assert not director_call_cancel(event=event, table_number=3)
    call.refresh_from_db()
    assert call.cancelled and call.answered_at is not None and call.answered_by is None
    assert _log(event)[-1] == ("director_call_cancelled", "Table 3 took its call to the director back.")


@pytest.mark.parametrize(("side", "reason"), [("N", ""), ("A", "party")])
def test_a_call_with_a_side_or_reason_that_is_none_is_a_bug(round1, side, reason):
    with pytest.raises(ValueError):
        director_call_open(event=round1.event, round=round1, table_number=1, side=side, reason=reason)
    assert not DirectorCall.objects.exists() and not EventLogEntry.objects.exists()


def test_the_organiser_answers_in_one_click_and_comes_back(organiser_client, organiser, round1):
    call, _ = director_call_open(event=round1.event, round=round1, table_number=6, side="A")
    back = "/o/somewhere/"
    response = organiser_client.post(_answer_url(call), {"next": back})
    assert response.status_code == 302 and response["Location"] == back
    call.refresh_from_db()
    assert call.answered_by == organiser.user
    # Off-site: back to the event's page instead (no open redirect).
    response = organiser_client.post(_answer_url(call), {"next": "https://evil.example/"})
    assert response.status_code == 302 and "evil" not in response["Location"]


def test_another_clubs_organiser_cannot_answer_or_set_the_message(client, round1):
    call, _ = director_call_open(event=round1.event, round=round1, table_number=1, side="A")
    assert client.post(_answer_url(call)).status_code == 302  # to the login page
    client.force_login(MembershipFactory().user)
    assert client.post(_answer_url(call)).status_code == 404
    assert client.post(_message_url(round1.event), {"room_message": "Hallo"}).status_code == 404
    call.refresh_from_db()
    assert call.answered_at is None
    assert Event.objects.get(pk=round1.event_id).room_message == ""
    # A call of another event of the same club is not this event's.
    other = RoundFactory(event__club=round1.event.club)
    foreign, _ = director_call_open(event=other.event, round=other, table_number=1, side="A")
    client.force_login(MembershipFactory(club=round1.event.club).user)
    url = _answer_url(foreign).replace(other.event.slug, round1.event.slug)
    assert client.post(url).status_code == 404
    assert client.get(_answer_url(foreign)).status_code == 405


# --- the message to the room ------------------------------------------------------------------------------


def test_the_message_is_set_changed_and_cleared_with_the_history(round1, organiser):
    event = round1.event
    assert event_room_message_set(event=event, text="  Runde 3 beginnt\nin 5 Minuten ", user=organiser.user)
    event.refresh_from_db()
    assert event.room_message == "Runde 3 beginnt in 5 Minuten" and event.room_message_at is not None
    first_at = event.room_message_at
    assert not event_room_message_set(event=event, text="Runde 3 beginnt in 5 Minuten", user=organiser.user)
    assert event_room_message_set(event=event, text="Tisch 4 bitte melden", user=organiser.user)
    event.refresh_from_db()
    assert event.room_message_at > first_at
    assert event_room_message_set(event=event, text="", user=organiser.user)
    event.refresh_from_db()
    assert event.room_message == ""
    assert _log(event) == [
        ("room_message", "Message to the room: “Runde 3 beginnt in 5 Minuten”."),
        ("room_message", "Message to the room: “Tisch 4 bitte melden”."),
        ("room_message_cleared", "Message to the room cleared."),
    ]
    assert all(row.user == organiser.user for row in EventLogEntry.objects.filter(event=event))


def test_a_message_longer_than_one_line_is_refused_naming_the_limit(round1, organiser):
    event = round1.event
    with pytest.raises(ValidationError) as refused:
        event_room_message_set(event=event, text="x" * 141, user=organiser.user)
    assert refused.value.messages == ["Message to the room: at most 140 characters (one line on the screen), got 141."]
    assert event_room_message_set(event=event, text="x" * 140, user=organiser.user)
    event.refresh_from_db()
    assert len(event.room_message) == 140
    assert EventLogEntry.objects.filter(event=event).count() == 1  # nothing half stored by the refusal


def test_the_round_pages_set_and_clear_the_message(organiser_client, round1):
    event = round1.event
    page = reverse("tournaments:round", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, "number": 1})
    html = organiser_client.get(page).content.decode()
    assert 'name="room_message"' in html and 'maxlength="140"' in html and f'value="{page}"' in html
    response = organiser_client.post(_message_url(event), {"room_message": "Tisch 4 bitte melden", "next": page})
    assert response.status_code == 302 and response["Location"] == page
    html = organiser_client.get(page).content.decode()
    assert "Tisch 4 bitte melden" in html and "The venue screen shows the message now." in html
    response = organiser_client.post(_message_url(event), {"room_message": "y" * 150, "next": page}, follow=True)
    assert "Message to the room: at most 140 characters (one line on the screen), got 150." in response.content.decode()
    assert Event.objects.get(pk=event.pk).room_message == "Tisch 4 bitte melden"
    organiser_client.post(_message_url(event), {"room_message": "Tisch 4 bitte melden", "clear": "1", "next": page})
    assert Event.objects.get(pk=event.pk).room_message == ""
