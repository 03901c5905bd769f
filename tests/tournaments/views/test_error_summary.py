"""A form that fails says so at the top of the page: one role="alert" summary above the page's heading, each
field's label and message linked to the field; and the new event form's per-round methods follow the rounds."""

import re

import pytest

from tests.factories import PlayerFactory
from tests.tournaments.form_helpers import read_form
from tests.tournaments.views.view_helpers import url
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db


def summary(page: str) -> str:
    """The error summary's HTML, which must come before the page's <h1>."""
    match = re.search(r'<div class="error-summary" role="alert".*?</div>', page, re.S)
    assert match, "no error summary"
    assert match.start() < page.index("<h1"), "the summary is below the page's heading"
    return match.group(0)


def test_new_event_with_one_round_saves_with_the_prefilled_methods(organiser_client, organiser):
    create = url("event_create", club_slug=organiser.club.slug)
    data, _inputs = read_form(organiser_client.get(create).content.decode(), "event-form")
    assert [m for m in data["pairing_methods"] if m] == ["random", "swiss"]  # the page's prefill
    data.update(rounds=["1"], name=["Einzelrunde"], slug=["einzelrunde"], date=["2026-11-30"])
    response = organiser_client.post(create, data)
    assert response.status_code == 302, response.context["form"].errors
    assert Event.objects.get(slug="einzelrunde").pairing_methods == ["random"]


def test_failed_event_form_says_so_at_the_top_with_links_to_the_fields(organiser_client, organiser):
    create = url("event_create", club_slug=organiser.club.slug)
    data, _inputs = read_form(organiser_client.get(create).content.decode(), "event-form")
    data.update(slug=["einzelrunde"], date=["2026-11-30"], rule_litige=["maybe"])
    response = organiser_client.post(create, data)
    assert response.status_code == 200
    box = summary(response.content.decode())
    assert '<a href="#id_name">Name</a>: This field is required.' in box
    assert '<a href="#id_rule_litige">' in box
    assert 'id="id_rule_litige"' in response.content.decode()
    assert not Event.objects.filter(slug="einzelrunde").exists()


def test_every_organiser_form_gets_the_summary_the_entry_form_too(organiser_client, event):
    taken = Entry.objects.filter(event=event).first().player_2
    data = {"player_1": taken.pk, "player_2": PlayerFactory(club=event.club).pk}
    response = organiser_client.post(url("entries", event), data)
    assert response.status_code == 200
    assert '<a href="#id_player_1">' in summary(response.content.decode())


def test_a_page_whose_form_is_fine_has_no_summary(organiser_client, event):
    page = organiser_client.get(url("entries", event)).content.decode()
    assert "error-summary" not in page


def test_the_summary_is_translated(organiser_client, organiser):
    create = url("event_create", club_slug=organiser.club.slug)
    response = organiser_client.post(create, {"rounds": "1"}, HTTP_ACCEPT_LANGUAGE="de")
    assert "Nicht gespeichert" in summary(response.content.decode())


def test_methods_for_rounds_the_event_has_not_are_dropped(organiser_client, organiser):
    """The form never carries methods beyond `rounds` (the API, through the model, still refuses them)."""
    create = url("event_create", club_slug=organiser.club.slug)
    data, _inputs = read_form(organiser_client.get(create).content.decode(), "event-form")
    data.update(name=["Abend"], slug=["abend"], date=["2026-11-30"], rounds=["4"])
    data["pairing_methods"] = ["random", "swiss", "swiss", "random", "swiss"]
    response = organiser_client.post(create, data)
    assert response.status_code == 302, response.context["form"].errors
    assert Event.objects.get(slug="abend").pairing_methods == ["random", "swiss", "swiss", "random"]
