"""The club's and a season's calendar feeds: every public evening as a whole-day event, valid iCalendar, no
draft, another club's evenings never, two queries whatever the number of evenings."""

import datetime

import pytest
from django.urls import reverse
from icalendar import Calendar

from tests.factories import ClubFactory, EventFactory, SeasonFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _feed(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def _events(calendar):
    return {str(item["summary"]): item for item in calendar.walk("VEVENT")}


def test_the_club_feed_lists_its_public_evenings_as_whole_days_with_venue_and_address(client, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    club = ClubFactory(name="Belote Hoheluft")
    monday = EventFactory(
        club=club,
        name="Clubabend März",
        date=datetime.date(2027, 3, 1),
        venue="Begegnungsstätte",
        status=Event.Status.OPEN,
    )
    EventFactory(club=club, name="Entwurf", status=Event.Status.DRAFT)
    EventFactory(name="Anderer Verein", status=Event.Status.OPEN)
    calendar = _feed(client, reverse("public:club_calendar", args=[club.slug]))
    assert str(calendar["x-wr-calname"]) == "Belote Hoheluft"
    events = _events(calendar)
    assert set(events) == {"Clubabend März"}
    item = events["Clubabend März"]
    assert item.decoded("dtstart") == datetime.date(2027, 3, 1)
    assert item.decoded("dtend") == datetime.date(2027, 3, 2)
    assert str(item["location"]) == "Begegnungsstätte"
    assert str(item["url"]) == f"http://192.168.1.20:8000/e/{club.slug}/{monday.slug}/"
    assert str(item["uid"]).startswith(f"event-{monday.pk}@")
    assert "hoheluft" not in str(item["description"])  # the rule set's name, never its code


def test_the_season_feed_holds_only_that_seasons_evenings(client):
    club = ClubFactory()
    season, other = SeasonFactory(club=club), SeasonFactory(club=club, name="2025/26")
    EventFactory(club=club, season=season, name="In der Saison", status=Event.Status.FINISHED)
    EventFactory(club=club, season=other, name="Letzte Saison", status=Event.Status.FINISHED)
    calendar = _feed(client, reverse("public:season_calendar", args=[club.slug, season.pk]))
    assert set(_events(calendar)) == {"In der Saison"}
    # A season of another club under this club's address is not found.
    stranger = SeasonFactory()
    assert client.get(reverse("public:season_calendar", args=[club.slug, stranger.pk])).status_code == 404
    assert client.get(reverse("public:club_calendar", args=["no-such-club"])).status_code == 404


def test_the_feed_costs_two_queries_whatever_the_number_of_evenings(client, django_assert_max_num_queries):
    club = ClubFactory()
    for day in range(20):
        EventFactory(
            club=club, date=datetime.date(2027, 1, 1) + datetime.timedelta(days=7 * day), status=Event.Status.OPEN
        )
    with django_assert_max_num_queries(2):
        calendar = _feed(client, reverse("public:club_calendar", args=[club.slug]))
    assert len(calendar.walk("VEVENT")) == 20


def test_the_event_page_offers_the_feeds(client):
    season = SeasonFactory()
    event = EventFactory(club=season.club, season=season, status=Event.Status.OPEN)
    page = client.get(reverse("public:event", args=[event.club.slug, event.slug])).content.decode()
    assert reverse("public:club_calendar", args=[event.club.slug]) in page
    assert reverse("public:season_calendar", args=[event.club.slug, season.pk]) in page
