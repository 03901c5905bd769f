"""What is printed or shown for the whole room never writes (issue 21, item 2).

The wall's by-name print carries every team's link and the standings' code; the venue screen shows the draw
and the standings' code. Every address they carry, and every address reachable from those pages (links,
forms, polled addresses), is walked by an anonymous phone: no page hands out a card's or a game link's
token, and no address (nor its token under the table's or the API's write routes) can type, submit,
confirm or dispute, even when the PIN of the confirming side is known.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from rest_framework.test import APIClient

from scoring.models import Sheet, TableCard, TableLink, VenueScreen
from scoring.sheets.permissions import Actor
from scoring.sheets.services import deal_create, sheet_submit
from tests.factories import MembershipFactory
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]

DEAL = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
ADDRESS = re.compile(r'(?:href|action|aria-label|data-[a-z-]*url|data-[a-z-]*src)="(?:https?://testserver)?(/[^"]*)"')
SKIP = ("/static/", "/i18n/", "/accounts/", "/o/", "/admin/")
TOKEN = re.compile(r"/(?:p|v|t|api/v1/table)/([A-Za-z0-9_-]{30,})/")


@pytest.fixture
def room():
    """One table with the sheet submitted by side A (side B may confirm now), the wall print's and the venue
    screen's addresses, and every secret that writes."""
    event, _round, _entries, games = evening(tables=2, deals=2)
    event.public_standings = True
    event.save(update_fields=["public_standings"])
    game = games[0]
    cards = {side: card_of(event, 1, side) for side in "AB"}
    links = {link.side: link for link in TableLink.objects.active().filter(game=game)}
    sheet = Sheet.objects.get(game=game)
    a = Actor(link=links["A"], card=cards["A"])
    for number in range(2):
        sheet = deal_create(sheet=sheet, data=DEAL, version=sheet.version, client_id=f"d{number}", actor=a).sheet
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=a)
    screen = VenueScreen.objects.create(event=event)
    secrets = [c.token for c in TableCard.objects.filter(event=event)]
    secrets += [link.token for link in TableLink.objects.filter(game__round__event=event)]
    return {"event": event, "sheet": sheet, "pin": cards["B"].pin, "screen": screen, "secrets": secrets}


def _printed(client, room) -> set[str]:
    """The addresses on the wall print (its QR codes' texts) and on the venue screen."""
    event = room["event"]
    organiser = client
    organiser.force_login(MembershipFactory(club=event.club).user)
    wall = organiser.get(f"/o/{event.club.slug}/events/{event.slug}/rounds/1/print/names/").content.decode()
    organiser.logout()
    printed = {m for m in re.findall(r'aria-label="(?:QR code: )?http://testserver(/[^"]*)"', wall)}
    assert sum(path.startswith("/p/") for path in printed) == 4  # every team's link is on the wall
    printed.add(f"/v/{room['screen'].token}/")
    return printed


def _walk(client, start: set[str], secrets: list[str]) -> set[str]:
    """Every same-site address reachable from `start` by an anonymous GET; asserts no page shows a secret."""
    seen, queue = set(), sorted(start)
    while queue and len(seen) < 80:
        path = queue.pop(0)
        if path in seen or path.startswith(SKIP):
            continue
        seen.add(path)
        answer = client.get(path)
        assert answer.status_code < 500, path
        if answer.status_code != 200 or "html" not in answer.get("Content-Type", ""):
            continue
        html = answer.content.decode()
        assert not [secret for secret in secrets if secret in html], path
        for found in ADDRESS.findall(html):
            target = urlsplit(found).path
            if target and target not in seen:
                queue.append(target)
    return seen


def test_no_address_printed_for_the_room_or_reached_from_it_writes(client, room):
    printed = _printed(client, room)
    reached = _walk(client, printed, room["secrets"])
    assert any(path.endswith("/sheet/") for path in reached)  # a team's read-only sheet was reached
    sheet, pin = room["sheet"], room["pin"]
    version = sheet.version
    api = APIClient()
    tokens = {m for path in reached for m in TOKEN.findall(path + "/")}
    assert tokens, reached
    tries = []
    for path in reached:
        for tail in ("", "deals/", "submit/", "confirm/", "dispute/"):
            tries.append(("page", path.rstrip("/") + "/" + tail))
    for token in tokens:
        for tail in ("deals/", "submit/", "confirm/", "dispute/"):
            tries.append(("page", f"/t/{token}/{tail}"))
            tries.append(("page", f"/t/{token}/game/{sheet.game_id}/{tail}"))
            tries.append(("api", f"/api/v1/table/{token}/{tail}"))
    body = {"version": version, "pin": pin, "message": "not ours", "taker": "A", "trump": "hearts"}
    for channel, path in tries:
        if channel == "page":
            answer = client.post(path, {**body, "tricks_a": "92", "tricks_b": "70"}, HTTP_ACCEPT="application/json")
        else:
            answer = api.post(path, {**body, "deal": DEAL}, format="json")
        assert answer.status_code in (400, 403, 404, 405, 406), (path, answer.status_code)
        assert Sheet.objects.get(pk=sheet.pk).version == version, path
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.SUBMITTED


def test_the_wall_print_and_the_screen_carry_no_writing_token(client, room):
    """What the room can scan is team links, the screen and the public standings: none is a card or game link,
    and the API takes none of them."""
    printed = _printed(client, room)
    for path in printed:
        assert not [secret for secret in room["secrets"] if secret in path], path
    for token in {m for path in printed for m in TOKEN.findall(path)}:
        assert APIClient().get(f"/api/v1/table/{token}/").status_code == 404
        assert client.get(f"/t/{token}/").status_code == 404
