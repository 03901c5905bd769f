"""Date inputs round-trip in every language: the browser's date picker takes ISO dates only, so a German
"30.11.2026" came up empty and saving failed with "Datum: Dieses Feld ist zwingend erforderlich"."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import EventFactory, SeasonFactory
from tests.tournaments.form_helpers import read_form

pytestmark = pytest.mark.django_db

LANGUAGES = ["de", "en", "fr"]


@pytest.fixture
def season(organiser):
    return SeasonFactory(club=organiser.club)


@pytest.fixture
def event(organiser, season):
    return EventFactory(club=organiser.club, season=season)


def event_edit_url(event):
    return reverse("tournaments:event_edit", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


@pytest.mark.parametrize("language", LANGUAGES)
def test_event_settings_show_the_date_in_iso_and_save_it_back_unchanged(organiser_client, event, language):
    response = organiser_client.get(event_edit_url(event), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    values, inputs = read_form(response.content.decode(), "event-form")
    assert inputs["date"]["type"] == "date"
    assert values["date"] == ["2026-11-30"]

    response = organiser_client.post(event_edit_url(event), values, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert event.date == datetime.date(2026, 11, 30)


@pytest.mark.parametrize("language", LANGUAGES)
def test_season_settings_round_trip_both_dates(organiser_client, season, language):
    url = reverse("tournaments:season_edit", kwargs={"club_slug": season.club.slug, "season_id": season.pk})
    response = organiser_client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    values, inputs = read_form(response.content.decode(), "stack")
    assert (inputs["start_date"]["type"], inputs["end_date"]["type"]) == ("date", "date")
    assert (values["start_date"], values["end_date"]) == (["2026-09-01"], ["2027-07-31"])

    values["end_date"] = ["2027-06-30"]
    response = organiser_client.post(url, values, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302, response.context["form"].errors
    season.refresh_from_db()
    assert (season.start_date, season.end_date) == (datetime.date(2026, 9, 1), datetime.date(2027, 6, 30))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "fr-FR"])
def test_a_browser_shows_and_saves_the_dates_in_each_language(live_server, _chromium, locale):
    from tests.factories import MembershipFactory, UserFactory

    membership = MembershipFactory(user=UserFactory(username="leitung"))
    season = SeasonFactory(club=membership.club)
    event = EventFactory(club=membership.club, season=season, slug="abend")
    context = _chromium.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(live_server.url + "/accounts/login/")
        page.fill("#id_username", "leitung")
        page.fill("#id_password", "correct horse battery staple")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.goto(live_server.url + event_edit_url(event))
        assert page.input_value("#id_date") == "2026-11-30"
        page.fill("#id_venue", "Vereinsheim")
        with page.expect_navigation():
            page.click("form.event-form button[type=submit]")
        event.refresh_from_db()
        assert (event.venue, event.date) == ("Vereinsheim", datetime.date(2026, 11, 30))

        page.goto(
            live_server.url
            + reverse("tournaments:season_edit", kwargs={"club_slug": season.club.slug, "season_id": season.pk})
        )
        assert page.input_value("#id_start_date") == "2026-09-01"
        page.fill("#id_end_date", "2027-06-30")
        with page.expect_navigation():
            page.click("form.stack button[type=submit]")
        season.refresh_from_db()
        assert (season.start_date, season.end_date) == (datetime.date(2026, 9, 1), datetime.date(2027, 6, 30))
    finally:
        context.close()
