"""An event's tables: a range, one table, edit and delete."""

import pytest

from tests.tournaments.views.view_helpers import url
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def test_tables_range_single_edit_and_delete(organiser_client, event):
    assert organiser_client.post(url("tables", event), {"form": "range", "first": 1, "last": 4}).status_code == 302
    assert Table.objects.filter(event=event).count() == 4
    response = organiser_client.post(url("tables", event), {"form": "one", "number": 2, "label": "x"})
    assert response.status_code == 200 and "already exists" in response.content.decode()
    response = organiser_client.post(url("tables", event), {"form": "range", "first": 5, "last": 3})
    assert "last" in response.context["range_form"].errors
    table = Table.objects.get(event=event, number=4)
    data = {"number": 4, "label": "Terrasse", "step_free": "on"}
    assert organiser_client.post(url("table_edit", event, table_id=table.pk), data).status_code == 302
    table.refresh_from_db()
    assert table.step_free and table.label == "Terrasse"
    organiser_client.post(url("table_edit", event, table_id=table.pk), {"delete": "1"})
    assert Table.objects.filter(event=event).count() == 3
    assert organiser_client.get(url("tables", event)).status_code == 200
