"""Every link kind through issue, use, reissue and revoke (issue 21): once reissued or revoked, the old token
is dead at once everywhere it was read (its pages, its version polls, the API), and the new one works.

Kinds: a game link (the round's slip), a table card (the evening's card, and its PIN), a team link (the wall
print), a venue screen (the projector). Reissue and revoke go through the organiser's own buttons.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import PIN_LENGTH, Sheet, TableCard, TableLink, TeamLink, VenueScreen
from scoring.sheets.permissions import Actor
from scoring.sheets.services import deal_create, sheet_submit
from tests.address_helpers import event_url, link_revoke_url
from tests.factories import MembershipFactory
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]

DEAL = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


def addresses(kind: str, token: str) -> list[str]:
    """Where a token of `kind` is read: its pages, its polls, the API."""
    if kind in ("game link", "table card"):
        return [f"/t/{token}/", f"/t/{token}/version.json", f"api:/api/v1/table/{token}/"]
    if kind == "team link":
        return [f"/p/{token}/", f"/p/{token}/state/", f"/p/{token}/sheet/", f"/p/{token}/sheet/version.json"]
    return [f"/v/{token}/", f"/v/{token}/version.json"]


def statuses(client, kind: str, token: str) -> list[int]:
    api = APIClient()
    return [
        api.get(path[4:]).status_code if path.startswith("api:") else client.get(path).status_code
        for path in addresses(kind, token)
    ]


@pytest.fixture
def table(client):
    """One table, its sheet submitted by side A's card; the organiser's session on a second client."""
    event, _round, entries, games = evening(tables=1, deals=2)
    cards = {side: card_of(event, 1, side) for side in "AB"}
    links = {link.side: link for link in TableLink.objects.active().filter(game=games[0])}
    sheet = Sheet.objects.get(game=games[0])
    a = Actor(link=links["A"], card=cards["A"])
    for number in range(2):
        sheet = deal_create(sheet=sheet, data=DEAL, version=sheet.version, client_id=f"d{number}", actor=a).sheet
    sheet_submit(sheet=sheet, version=sheet.version, actor=a)
    organiser = Client()
    organiser.force_login(MembershipFactory(club=event.club).user)
    return {"event": event, "game": games[0], "entry": entries[1], "organiser": organiser}


def _issued(kind: str, table) -> str:
    event, game = table["event"], table["game"]
    if kind == "game link":
        return TableLink.objects.active().get(game=game, side="B").token
    if kind == "table card":
        return card_of(event, 1, "B").token
    if kind == "team link":
        return TeamLink.objects.active().get(entry=table["entry"]).token
    answer = table["organiser"].post(event_url(event, "screen/"), {"action": "new"})
    assert answer.status_code == 302
    return VenueScreen.objects.active().get(event=event).token


def _reissue(kind: str, table, token: str) -> str | None:
    """The organiser's button that replaces the link; returns the new token (None: a screen is only revoked)."""
    event, organiser = table["event"], table["organiser"]
    if kind == "game link":
        old = TableLink.objects.get(token=token)
        assert organiser.post(link_revoke_url(old)).status_code == 302
        return TableLink.objects.active().get(game=old.game, side=old.side).token
    if kind == "table card":
        assert organiser.post(event_url(event, "cards/tables/1/reissue/")).status_code == 302
        return card_of(event, 1, "B").token
    if kind == "team link":
        number = table["entry"].number
        assert organiser.post(event_url(event, f"cards/teams/{number}/reissue/")).status_code == 302
        return TeamLink.objects.active().get(entry=table["entry"]).token
    screen = VenueScreen.objects.get(token=token)
    answer = organiser.post(event_url(event, "screen/"), {"action": "revoke", "screen": screen.pk})
    assert answer.status_code == 302
    return None


KINDS = ["game link", "table card", "team link", "venue screen"]


@pytest.mark.parametrize("kind", KINDS)
def test_issue_use_reissue_revoke(client, table, kind):
    token = _issued(kind, table)
    assert set(statuses(client, kind, token)) == {200}, "issued: every address works"
    new = _reissue(kind, table, token)
    assert set(statuses(client, kind, token)) == {404}, "reissued: the old token is dead everywhere at once"
    if new is None:
        return  # a screen's address is revoked, not replaced: a new one is its own button
    assert new != token
    assert set(statuses(client, kind, new)) == {200}, "the new token works"
    model = {"game link": TableLink, "table card": TableCard, "team link": TeamLink}[kind]
    model.objects.get(token=new).revoke()
    assert set(statuses(client, kind, new)) == {404}, "revoked: dead everywhere at once"


def test_a_reissued_card_has_a_new_pin_and_the_old_ones_confirm_nothing(client, table):
    """The PIN is the card's: the reissue that replaces a lost card (and the game links it acts through)
    issues a new PIN with it; the old card and the old game link confirm nothing, whatever PIN they type."""
    event, game = table["event"], table["game"]
    old_card, old_link = card_of(event, 1, "B"), TableLink.objects.active().get(game=game, side="B")
    _reissue("table card", table, old_card.token)
    new_card = card_of(event, 1, "B")
    assert new_card.pk != old_card.pk and len(new_card.pin) == PIN_LENGTH and new_card.pin.isdigit()
    api, version = APIClient(), Sheet.objects.get(game=game).version
    for token in (old_card.token, old_link.token):
        for pin in (old_card.pin, new_card.pin):
            answer = api.post(f"/api/v1/table/{token}/confirm/", {"version": version, "pin": pin}, format="json")
            assert answer.status_code == 404, (token, pin)
    new_link = TableLink.objects.active().get(game=game, side="B")
    body = {"version": version, "pin": new_card.pin}
    answer = api.post(f"/api/v1/table/{new_link.token}/confirm/", body, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "confirmed"


def test_the_cards_page_shows_each_sides_pin(table):
    event, organiser = table["event"], table["organiser"]
    page = organiser.get(event_url(event, "cards/")).content.decode()
    for side in "AB":
        assert f'data-pin="{side}">{card_of(event, 1, side).pin}</strong>' in page
