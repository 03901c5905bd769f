"""An event's pages: the new event and its settings (errors on their field, frozen once started), the
overview and its status actions."""

import pytest

from tests.factories import SeasonFactory
from tests.tournaments.views.view_helpers import url
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db


EVENT_DATA = {
    "name": "Clubabend",
    "slug": "abend",
    "date": "2026-11-30",
    "team_mode": "pairs",
    "rounds": 4,
    "game_length": 12,
    "game_length_unit": "deals",
    "pairing_methods": ["random", "swiss"],
    "ranking_precedence": ["match_points", "total_points"],
    "points_win": 2,
    "points_draw": 1,
    "points_loss": 0,
    "bye_points": 0,
    "rules_preset": "hoheluft",
    "public_draw": "on",
}


def test_event_create_stores_rule_set_and_format(organiser_client, organiser):
    season = SeasonFactory(club=organiser.club)
    data = {**EVENT_DATA, "season": season.pk, "rule_rounding": "nearest_ten_5_up"}
    response = organiser_client.post(url("event_create", club_slug=organiser.club.slug), data)
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(slug="abend")
    assert event.rules_options == {"rounding": "nearest_ten_5_up", "deals": 12}
    assert event.pairing_methods == ["random", "swiss"]
    assert event.ranking_precedence == ["match_points", "total_points"]
    assert event.season == season


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"rule_litige": "maybe"}, "rule_litige", "maybe"),
        ({"rule_bid_max": "160"}, "rule_bid_max", "coinche"),
        ({"rule_rounding": "belot"}, "rule_rounding", "belot"),
        ({"rule_make_rule": "points"}, "rule_make_rule_points", "points"),
        ({"game_length": 0}, "game_length", "1"),
        ({"pairing_methods": ["random", "dutch"]}, "pairing_methods", "dutch"),
        ({"pairing_methods": ["melee"]}, "pairing_methods", "Mêlée does not fit"),
        ({"ranking_precedence": ["wins", "wins"]}, "ranking_precedence", "twice"),
        ({"ranking_precedence": ["match_points", "buchholtz"]}, "ranking_precedence", "buchholtz"),
        ({"rounds": 0}, "rounds", "1"),
        ({"slug": "new"}, "slug", "reserved"),
        ({"date": "30.13.2026"}, "date", ""),
    ],
)
def test_event_form_shows_rule_set_and_format_errors_on_their_field(organiser_client, organiser, changes, field, words):
    response = organiser_client.post(url("event_create", club_slug=organiser.club.slug), {**EVENT_DATA, **changes})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors, errors
    assert words in " ".join(errors[field])
    assert not Event.objects.exists()


def test_event_settings_are_frozen_once_started(organiser_client, event):
    services.event_start(event=event)
    data = {**EVENT_DATA, "slug": event.slug, "rules_preset": "coinche", "rounds": 5, "name": "Neu"}
    response = organiser_client.post(url("event_edit", event), data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.rules_preset == "hoheluft" and event.rounds == 5 and event.name == "Neu"


def test_event_page_and_actions(organiser_client, event):
    response = organiser_client.get(url("event", event))
    assert response.status_code == 200
    assert response.context["entry_count"] == 8 and response.context["present_count"] == 8
    organiser_client.post(url("event_action", event, action="close_entries"))
    assert not Event.objects.get(pk=event.pk).entries_open
    organiser_client.post(url("event_action", event, action="open"))
    assert Event.objects.get(pk=event.pk).status == "open"
    response = organiser_client.post(url("event_action", event, action="finish"), {"confirm": "yes"}, follow=True)
    assert "cannot become" in response.content.decode()
    assert organiser_client.post(url("event_action", event, action="explode")).status_code == 404
