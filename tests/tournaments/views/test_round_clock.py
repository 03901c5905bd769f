"""The round clock on the pages: the event form takes the minutes, the warnings and the unfinished-game rule
(a refusal names the field and the numbers); the release starts the clock; the round page starts, pauses,
resumes and calls the last deal (each in the event's history); the venue screen (large), a table's phone
and the organiser's pages (small) show the server's time left and the calls in words; the polls carry it."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import VenueScreen
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round, table_of
from tests.tournaments.form_helpers import read_form
from tournaments.models import Event, EventLogEntry, Round
from tournaments.services.rounds import round_release

pytestmark = pytest.mark.django_db


def edit_url(event):
    return reverse("tournaments:event_edit", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


def round_page(round):
    return f"/o/{round.event.club.slug}/events/{round.event.slug}/rounds/{round.number}/"


@pytest.fixture
def timed(client):
    """A released round of a 70-minute event with warnings at 10 and 5, started 60 minutes ago."""
    round, games = released_round(tables=2, round_minutes=70, warning_minutes=[10, 5])
    Round.objects.filter(pk=round.pk).update(clock_started_at=timezone.now() - timedelta(minutes=60))
    client.force_login(MembershipFactory(club=round.event.club).user)
    return Round.objects.select_related("event").get(pk=round.pk), games, client


def post_settings(client, event, **changes):
    values, _inputs = read_form(client.get(edit_url(event)).content.decode(), "event-form")
    values.update(changes)
    return client.post(edit_url(event), values)


def test_the_event_form_stores_minutes_warnings_and_the_rule(timed):
    round, _games, client = timed
    response = post_settings(client, round.event, round_minutes="70", warning_minutes="5; 10 ,5", unfinished_rule="ask")
    assert response.status_code == 302
    event = Event.objects.get(pk=round.event_id)
    assert (event.round_minutes, event.warning_minutes, event.unfinished_rule) == (70, [10, 5], "ask")
    values, _inputs = read_form(client.get(edit_url(event)).content.decode(), "event-form")
    assert values["warning_minutes"] == ["10, 5"] and values["unfinished_rule"] == ["ask"]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"round_minutes": "0"}, "round_minutes", "Between 1 and 600 minutes; got 0."),
        ({"round_minutes": "700"}, "round_minutes", "Between 1 and 600 minutes; got 700."),
        (
            {"round_minutes": "70", "warning_minutes": "10, 75, 70"},
            "warning_minutes",
            "A warning comes 1 to 69 minutes before the end of a 70-minute round; got 75, 70.",
        ),
        ({"round_minutes": "", "warning_minutes": "10"}, "warning_minutes", "Warnings need the minutes per round"),
        (
            {"warning_minutes": "zehn"},
            "warning_minutes",
            "“zehn” is not a whole number of minutes; give the warnings as e.g. 10, 5.",
        ),
    ],
)
def test_a_refusal_names_the_field_and_the_numbers(timed, changes, field, message):
    round, _games, client = timed
    response = post_settings(client, round.event, **changes)
    assert response.status_code == 200
    assert any(message in error for error in response.context["form"].errors[field])
    html = response.content.decode()
    assert "minutes per round" in html.lower() or "warnings" in html.lower()
    assert Event.objects.get(pk=round.event_id).round_minutes == 70  # nothing stored


def test_releasing_starts_the_clock_of_a_timed_event_only():
    round, _games = released_round(tables=1, round_minutes=70)
    for minutes, started in ((70, True), (None, False)):
        Round.objects.filter(pk=round.pk).update(status=Round.Status.CONFIRMED, clock_started_at=None)
        Event.objects.filter(pk=round.event_id).update(round_minutes=minutes)
        released = round_release(round=Round.objects.get(pk=round.pk))
        assert (released.clock_started_at == released.released_at) is started


def test_the_round_page_shows_the_clock_and_its_actions_go_into_the_history(timed):
    round, _games, client = timed
    html = client.get(round_page(round)).content.decode()
    assert 'data-state="running"' in html and "10 min" in html and "Only 10 minutes left" in html
    for action, state, text in (
        ("clock_pause", "paused", "Clock paused"),
        ("clock_resume", "running", "Only 10 minutes left"),
        ("last_deal", "last_deal", "Last deal! Finish it, then start no new one."),
    ):
        assert client.post(round_page(round) + f"clock/{action}/").status_code == 302
        html = client.get(round_page(round)).content.decode()
        assert f'data-state="{state}"' in html and text in html
    assert list(EventLogEntry.objects.filter(event=round.event).values_list("action", flat=True)) == [
        "clock_pause",
        "clock_resume",
        "last_deal",
    ]
    history = client.get(round_page(round).replace("rounds/1/", "history/")).content.decode()
    assert "Round 1: last deal called with 10 minutes left." in history


def test_a_clock_action_out_of_turn_is_refused_in_words(timed):
    round, _games, client = timed
    response = client.post(round_page(round) + "clock/clock_resume/", follow=True)
    assert "Round 1: the clock is not paused." in response.content.decode()
    assert client.post(round_page(round) + "clock/explode/").status_code == 404


def test_time_up_says_what_to_do_in_words(timed):
    round, _games, client = timed
    Round.objects.filter(pk=round.pk).update(clock_started_at=timezone.now() - timedelta(minutes=80))
    html = client.get(round_page(round)).content.decode()
    assert 'data-state="over"' in html and "Time is up: finish the deal in play, start no new one." in html


def test_the_venue_screen_shows_the_clock_large_and_its_version_follows_it(timed):
    round, _games, client = timed
    screen = VenueScreen.objects.create(event=round.event)
    html = client.get(f"/v/{screen.token}/").content.decode()
    assert "round-clock-large" in html and "10 min" in html and "Only 10 minutes left" in html
    before = client.get(f"/v/{screen.token}/version.json").json()["version"]
    Round.objects.filter(pk=round.pk).update(last_deal_at=timezone.now())
    assert client.get(f"/v/{screen.token}/version.json").json()["version"] != before
    assert "Last deal!" in client.get(f"/v/{screen.token}/").content.decode()


def test_a_tables_phone_shows_the_clock_small_and_its_poll_carries_the_stamp(timed):
    round, games, client = timed
    client.logout()
    _sheet, link_a, _link_b = table_of(games[0])
    html = client.get(f"/t/{link_a.token}/").content.decode()
    assert "round-clock-small" in html and "Only 10 minutes left" in html
    assert f'data-clock-url="/t/{link_a.token}/?clock=1"' in html
    stamp = client.get(f"/t/{link_a.token}/version.json").json()["clock"]
    assert f'data-stamp="{stamp}"' in html
    Round.objects.filter(pk=round.pk).update(clock_paused_at=timezone.now())
    assert client.get(f"/t/{link_a.token}/version.json").json()["clock"] != stamp
    part = client.get(f"/t/{link_a.token}/?clock=1").content.decode()
    assert 'data-state="paused"' in part and "Clock paused" in part and "<html" not in part


def test_without_minutes_no_clock_is_shown(client):
    round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    assert "data-round-clock" not in client.get(f"/t/{link_a.token}/").content.decode()
    client.force_login(MembershipFactory(club=round.event.club).user)
    html = client.get(round_page(round)).content.decode()
    assert "data-round-clock" not in html and "No round clock" in html


def test_the_organisers_sheets_page_shows_the_clock_and_its_poll_carries_the_stamp(timed):
    round, _games, client = timed
    sheets = f"/o/{round.event.club.slug}/events/{round.event.slug}/rounds/1/sheets/"
    html = client.get(sheets).content.decode()
    assert "round-clock-small" in html and f'data-clock-url="{sheets}"' in html
    assert client.get(sheets + "version.json").json()["clock"] == round.clock_stamp
