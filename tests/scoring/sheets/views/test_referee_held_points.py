"""The referee page names the side that collects held points by its seats (found trying the demo: after a
litige the next deal read "erfüllt · hängende Punkte an A")."""

import pytest

from scoring.sheets.services import deal_create
from tests.scoring.entry_helpers import HOHELUFT_GAME, link_actor, released_round, table_of

pytestmark = pytest.mark.django_db


def test_held_points_go_to_a_side_named_by_its_seats(client):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    for i, deal in enumerate(HOHELUFT_GAME[:4]):  # deal 3 is a litige, deal 4 taken by E/W collects it
        sheet = deal_create(
            sheet=sheet, data=deal, version=sheet.version, client_id=f"h{i}", actor=link_actor(link_a)
        ).sheet
    html = client.get(f"/t/{link_a.token}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "hängende Punkte an O/W" in html
    assert "hängende Punkte an B" not in html
    html = client.get(f"/t/{link_a.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "held points to E/W" in html
