"""A deal typed offline on an older sheet (issue 20, item 1): stored when nothing else changed, or only the
phone's own deals; "deal_changed" with what changed when someone else (the desk) changed the deals since the
version the phone saw; stored after all when the referee keeps both."""

import pytest

from scoring.models import Deal
from scoring.sheets.services import deal_create, deal_update
from tests.scoring.entry_helpers import HOHELUFT_GAME, organiser_actor

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json", "HTTP_ACCEPT_LANGUAGE": "en"}


def typed(seen, client_id, version, **extra):
    """The queue's post of a deal typed on version `seen`, sent on the current `version`."""
    return {
        "taker": "A",
        "trump": "hearts",
        "tricks_a": "92",
        "version": str(version),
        "seen": str(seen),
        "client_id": client_id,
        **extra,
    }


def test_the_phones_own_earlier_deals_never_clash(client, table):
    sheet, link_a, _b = table
    seen = sheet.version
    first = client.post(f"/t/{link_a.token}/deals/", typed(seen, "q-1", seen), **JSON)
    assert first.status_code == 201
    # The second deal was typed offline on the same version as the first; the first is the phone's own.
    second = client.post(f"/t/{link_a.token}/deals/", typed(seen, "q-2", first.json()["version"]), **JSON)
    assert second.status_code == 201, second.json()
    assert Deal.objects.filter(sheet=sheet).count() == 2


def test_a_deal_changed_at_the_desk_meanwhile_is_shown_and_the_referee_chooses(client, table, organiser):
    sheet, link_a, _b = table
    organiser.club = sheet.game.round.event.club
    organiser.save()
    sheet = deal_create(
        sheet=sheet,
        data=HOHELUFT_GAME[0],
        version=sheet.version,
        client_id="d-0",
        reason="typed at the desk",
        actor=organiser_actor(organiser),
    ).sheet
    seen = sheet.version  # what the phone saw when it typed its deal offline
    # Meanwhile the desk corrects deal 1 from the paper sheet.
    changed = {**HOHELUFT_GAME[0], "tricks": {"A": 62, "B": 100}}
    sheet = deal_update(
        sheet=sheet,
        position=0,
        data=changed,
        version=seen,
        actor=organiser_actor(organiser),
        reason="from the paper sheet",
    ).sheet

    clash = client.post(f"/t/{link_a.token}/deals/", typed(seen, "q-1", sheet.version), **JSON)
    assert clash.status_code == 409
    body = clash.json()
    assert body["code"] == "deal_changed" and body["version"] == sheet.version
    assert len(body["theirs"]) == 1 and body["theirs"][0].startswith("Deal 1 was changed:")
    assert "62 : 100" in body["theirs"][0]
    assert Deal.objects.filter(sheet=sheet).count() == 1  # nothing stored while the referee chooses

    kept = client.post(f"/t/{link_a.token}/deals/", typed(seen, "q-1", sheet.version, keep="1"), **JSON)
    assert kept.status_code == 201
    assert Deal.objects.filter(sheet=sheet).count() == 2
    # Sent again after a lost answer, the stored deal is answered as stored, not as a clash.
    again = client.post(f"/t/{link_a.token}/deals/", typed(seen, "q-1", kept.json()["version"]), **JSON)
    assert again.status_code == 200 and Deal.objects.filter(sheet=sheet).count() == 2


def test_without_seen_a_stale_version_is_a_plain_conflict(client, table, organiser):
    sheet, link_a, _b = table
    organiser.club = sheet.game.round.event.club
    organiser.save()
    deal_create(
        sheet=sheet,
        data=HOHELUFT_GAME[0],
        version=sheet.version,
        client_id="d-0",
        reason="typed at the desk",
        actor=organiser_actor(organiser),
    )
    data = typed(0, "q-1", 0)
    data.pop("seen")
    stale = client.post(f"/t/{link_a.token}/deals/", data, **JSON)
    assert stale.status_code == 409 and stale.json()["code"] == "version_conflict"
