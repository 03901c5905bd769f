"""The admin shows every tournaments model; round and event status changes go through the services."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, SeasonFactory, StandingFactory, TableFactory
from tournaments import services
from tournaments.models import CheckIn, Club, Entry, Event, Game, Membership, Player, Round, Season, Standing, Table

pytestmark = pytest.mark.django_db

MODELS = [Club, Membership, Player, Season, Event, Entry, CheckIn, Table, Round, Game, Standing]


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("boss", "boss@example.org", "not-used-here-1")
    client.force_login(user)
    return client


@pytest.fixture
def drawn(organiser):
    event = EventFactory(club=organiser.club, season=SeasonFactory(club=organiser.club))
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    TableFactory(event=event, number=1)
    TableFactory(event=event, number=2)
    StandingFactory(event=event, entry=entries[0])
    return services.round_draw(event=event, number=1, seed=1)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_changelist_and_change_page_render(admin_client, drawn, model):
    meta = model._meta
    assert admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")).status_code == 200
    obj = model.objects.first()
    response = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk]))
    assert response.status_code == 200


def test_round_actions_use_the_status_machine(admin_client, drawn):
    url = reverse("admin:tournaments_round_changelist")
    response = admin_client.post(url, {"action": "release_rounds", "_selected_action": [drawn.pk]}, follow=True)
    assert "Draft" in response.content.decode()
    assert Round.objects.get(pk=drawn.pk).status == "draft"
    admin_client.post(url, {"action": "confirm_rounds", "_selected_action": [drawn.pk]})
    assert Round.objects.get(pk=drawn.pk).status == "confirmed"


def test_standings_are_read_only_in_the_admin(admin_client, drawn):
    standing = Standing.objects.first()
    url = reverse("admin:tournaments_standing_change", args=[standing.pk])
    response = admin_client.post(url, {"rank": 99})
    assert response.status_code == 403
    assert Standing.objects.get(pk=standing.pk).rank != 99
