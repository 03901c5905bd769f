"""The admin is for superusers only: a staff user of club B, even with every model permission, sees
nothing of club A (events, sheets, players, referee IP addresses)."""

import pytest
from django.contrib.auth.models import Permission

from scoring.models import SheetChange
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_a_data():
    round, games = released_round(tables=1)
    sheet, link, _ = table_of(games[0])
    SheetChange.objects.create(
        sheet=sheet,
        action="deal_create",
        deal_position=0,
        link=link,
        ip_address="192.0.2.77",
        user_agent="Phone",
        version=1,
    )
    PlayerFactory(club=round.event.club, last_name="Geheimnis")
    return round.event, sheet


def _urls(event, sheet):
    return [
        "/admin/",
        "/admin/tournaments/event/",
        f"/admin/tournaments/event/{event.pk}/change/",
        "/admin/tournaments/player/",
        "/admin/scoring/sheet/",
        f"/admin/scoring/sheet/{sheet.pk}/change/",
        "/admin/scoring/sheetchange/",
        "/admin/scoring/tablelink/",
    ]


def test_a_staff_user_of_another_club_gets_nothing(client, club_a_data):
    event, sheet = club_a_data
    staff = UserFactory(username="staff-b", is_staff=True)
    staff.user_permissions.set(Permission.objects.all())
    MembershipFactory(user=staff)  # organiser of club B
    client.force_login(staff)
    for url in _urls(event, sheet):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/"), url
        assert b"192.0.2.77" not in response.content and b"Geheimnis" not in response.content


def test_a_superuser_still_uses_the_admin(client, club_a_data):
    event, sheet = club_a_data
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    for url in _urls(event, sheet):
        assert client.get(url).status_code == 200, url
    assert b"192.0.2.77" in client.get("/admin/scoring/sheetchange/").content
