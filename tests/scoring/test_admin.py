"""The admin shows sheets, deals, history and links read-only; its actions go through the services."""

import pytest
from django.contrib.auth import get_user_model

from scoring.models import Sheet, SheetChange, TableLink
from scoring.sheets.services import deal_create
from tests.scoring.entry_helpers import HOHELUFT_GAME, link_actor, released_round, table_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-not-used")
    client.force_login(user)
    return client


def test_admin_pages_show_sheets_read_only(admin_client):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    deal_create(sheet=sheet, data=HOHELUFT_GAME[0], version=0, client_id="a", actor=link_actor(link_a))
    for url in (
        "/admin/scoring/sheet/",
        f"/admin/scoring/sheet/{sheet.pk}/change/",
        "/admin/scoring/tablelink/",
        "/admin/scoring/sheetchange/",
    ):
        response = admin_client.get(url)
        assert response.status_code == 200, url
    assert link_a.token not in admin_client.get("/admin/scoring/tablelink/").content.decode()
    assert admin_client.get("/admin/scoring/sheet/add/").status_code == 403


def test_admin_actions_rebuild_results_and_revoke_links(admin_client):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    deal_create(sheet=sheet, data=HOHELUFT_GAME[0], version=0, client_id="a", actor=link_actor(link_a))
    Sheet.objects.filter(pk=sheet.pk).update(total_a=0, result={})
    admin_client.post("/admin/scoring/sheet/", {"action": "recompute", "_selected_action": [sheet.pk]})
    assert Sheet.objects.get(pk=sheet.pk).total_a == 92
    admin_client.post("/admin/scoring/tablelink/", {"action": "revoke", "_selected_action": [link_a.pk]})
    link_a.refresh_from_db()
    assert link_a.revoked_at is not None
    assert TableLink.objects.active().filter(game=games[0], side="A").exists()
    assert SheetChange.objects.count() == 1  # revoking a link is no change of the sheet
