"""Who may do what on a sheet, cell by cell, through the real referee pages and the token API.

One table, side A (N/S) entering, side B (E/W) confirming, in three states: "entered" (the game over, not
submitted), "submitted" (by A), "confirmed" (by B's card). Each actor tries each action once, on a fresh
evening; a cell is allowed when the sheet moved (or, for "view", the sheet was shown), refused when it stayed
as it was and the answer said so (never a 500, and in JSON a sentence, not a code).

The actors are what a person can hold: the organiser's session, side B's card (the confirming side's own
half of the table card), side A's card, side B's game link of the round's slip (printed where both sides
see it) with its side's PIN, without it, or with a wrong one, side A's game link, side B's team link (the
wall print), the venue screen's address, side B's card or game link after the organiser reissued it, and
nobody at all.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.models import Sheet, TableLink, TeamLink, VenueScreen
from scoring.sheets.links import table_card_reissue, table_link_revoke
from scoring.sheets.permissions import Actor
from scoring.sheets.services import deal_create, sheet_confirm, sheet_submit
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory
from tests.scoring.sheets.cards_helpers import card_of, evening
from tests.scoring.sheets.views.test_grid import grid_post

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]

STATES = ("entered", "submitted", "confirmed")
ACTIONS = ("view", "enter", "submit", "confirm", "dispute", "correct")
DEAL = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
OTHER_DEAL = {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 60, "B": 102}}
Y, N = True, False

# actor: {action: (entered, submitted, confirmed)}. The table of the issue: who may do what, when.
MAY = {
    "organiser": {
        "view": (Y, Y, Y),
        "enter": (Y, Y, Y),
        "submit": (Y, N, N),
        "confirm": (Y, Y, N),  # any unsettled sheet (a finished one needs no reason)
        "dispute": (N, N, N),  # an organiser corrects instead
        "correct": (Y, Y, Y),
    },
    "own card": {"view": (Y, Y, Y), "confirm": (N, Y, N), "dispute": (N, Y, N)},
    "other card": {"view": (Y, Y, Y), "enter": (Y, N, N), "submit": (Y, N, N)},
    "own link + PIN": {"view": (Y, Y, Y), "confirm": (N, Y, N), "dispute": (N, Y, N)},
    "own link, no PIN": {"view": (Y, Y, Y)},
    "own link, wrong PIN": {"view": (Y, Y, Y)},
    "other link + its PIN": {"view": (Y, Y, Y), "enter": (Y, N, N), "submit": (Y, N, N)},
    "team link": {"view": (Y, Y, Y)},  # read-only, on its own page (p/<token>/sheet/); the API knows no team link
    "venue screen": {},
    "reissued card (old)": {},
    "revoked link (old)": {},
    "anonymous": {},
}


def allowed(actor: str, action: str, state: str, channel: str) -> bool:
    if actor == "team link" and channel == "api":
        return False
    return MAY[actor].get(action, (N, N, N))[STATES.index(state)]


class Table:
    """The evening of one cell: the sheet in `state`, and every printed token of its table."""

    def __init__(self, state: str):
        self.event, _round, entries, games = evening(tables=1, deals=2)
        self.game = games[0]
        self.links = {link.side: link for link in TableLink.objects.active().filter(game=self.game)}
        self.cards = {side: card_of(self.event, 1, side) for side in "AB"}
        self.team_b = TeamLink.objects.active().get(entry=entries[1])
        self.screen = VenueScreen.objects.create(event=self.event)
        self.organiser = MembershipFactory(club=self.event.club)
        sheet = Sheet.objects.get(game=self.game)
        a = Actor(link=self.links["A"], card=self.cards["A"])
        for number, deal in enumerate((DEAL, DEAL)):
            sheet = deal_create(sheet=sheet, data=deal, version=sheet.version, client_id=f"d{number}", actor=a).sheet
        if state in ("submitted", "confirmed"):
            sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=a)
        if state == "confirmed":
            b = Actor(link=self.links["B"], card=self.cards["B"])
            sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=b)
        self.sheet = sheet

    def as_(self, actor: str, client) -> tuple[str, str, str]:
        """(page prefix, API prefix, PIN to type) of `actor`; logs the client in for the organiser."""
        game, gid = self.game, self.game.pk
        card = {"own card": "B", "other card": "A"}
        link = {
            "own link + PIN": ("B", self.cards["B"].pin),
            "own link, no PIN": ("B", ""),
            "own link, wrong PIN": ("B", "0000" if self.cards["B"].pin != "0000" else "1111"),
            "other link + its PIN": ("A", self.cards["A"].pin),
        }
        if actor == "organiser":
            client.force_login(self.organiser.user)
        if actor in ("organiser", "anonymous"):
            return sheet_url(self.sheet), f"/api/v1/sheets/{self.sheet.pk}/", ""
        if actor in card:
            token = self.cards[card[actor]].token
            return f"/t/{token}/game/{gid}/", f"/api/v1/table/{token}/", ""
        if actor in link:
            side, pin = link[actor]
            return f"/t/{self.links[side].token}/", f"/api/v1/table/{self.links[side].token}/", pin
        if actor == "team link":
            return f"/p/{self.team_b.token}/sheet/", f"/api/v1/table/{self.team_b.token}/", ""
        if actor == "venue screen":
            return f"/t/{self.screen.token}/", f"/api/v1/table/{self.screen.token}/", ""
        if actor == "reissued card (old)":
            old = self.cards["B"]
            table_card_reissue(event=self.event, table_number=1, actor=Actor(organiser=True))
            return f"/t/{old.token}/game/{gid}/", f"/api/v1/table/{old.token}/", ""
        assert actor == "revoked link (old)"
        old = self.links["B"]
        assert game.pk == old.game_id
        table_link_revoke(link=old, actor=Actor(organiser=True))
        return f"/t/{old.token}/", f"/api/v1/table/{old.token}/", self.cards["B"].pin


def _page(client, prefix: str, action: str, version: int, pin: str):
    as_json = {"HTTP_ACCEPT": "application/json"}
    if action == "view":
        return client.get(prefix)
    if action == "enter":
        form = {"taker": "B", "trump": "spades", "tricks_a": "60", "tricks_b": "102", "version": version}
        return client.post(prefix + "deals/0/", {**form, "reason": "typo"}, **as_json)
    if action == "correct":
        # The organiser's paper-sheet grid (the page's one correction path): OTHER_DEAL then DEAL, in its keys.
        rows = [("e", "s", "", "", "", "102"), ("n", "h", "", "", "92", "")]
        return client.post(prefix + "grid/", grid_post(rows, version=version, reason="typo", confirm=False))
    body = {"version": version, "pin": pin, "message": "deal 2 was ours"}
    return client.post(prefix + f"{action}/", body, **as_json)


def _api(client, prefix: str, action: str, version: int, pin: str):
    if action == "view":
        return client.get(prefix)
    if action == "enter":
        body = {"deal": OTHER_DEAL, "version": version, "reason": "typo"}
        return client.put(prefix + "deals/0/", body, format="json")
    if action == "correct":
        body = {"deals": [OTHER_DEAL, DEAL], "version": version, "reason": "typo"}
        return client.post(prefix + "correct/", body, format="json")
    body = {"version": version}
    if action in ("confirm", "dispute") and pin:
        body["pin"] = pin
    if action == "dispute":
        body["message"] = "deal 2 was ours"
    return client.post(prefix + f"{action}/", body, format="json")


def _moved(before: Sheet, after: Sheet) -> bool:
    return after.version != before.version


@pytest.mark.parametrize("channel", ["page", "api"])
@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("actor", list(MAY))
def test_who_may_do_what(client, actor, action, state, channel):
    table = Table(state)
    http = client if channel == "page" else APIClient()
    page, api, pin = table.as_(actor, http)
    before = Sheet.objects.get(pk=table.sheet.pk)
    send, prefix = (_page, page) if channel == "page" else (_api, api)
    answer = send(http, prefix, action, before.version, pin)
    after = Sheet.objects.get(pk=table.sheet.pk)
    assert answer.status_code < 500, answer.content[:300]
    cell = (actor, action, state, channel, answer.status_code)
    if action == "view":
        if channel == "api":
            shown = answer.status_code == 200 and answer.json().get("id") == before.pk
        else:
            shown = answer.status_code == 200 and b'id="sheet-live"' in answer.content
        assert shown is allowed(actor, action, state, channel), cell
        return
    if allowed(actor, action, state, channel):
        assert answer.status_code in (200, 201, 302) and _moved(before, after), (cell, answer.content[:300])
        return
    assert not _moved(before, after), cell
    assert answer.status_code in (302, 400, 403, 404, 405, 409, 429), cell
    if answer.status_code == 302:  # the organiser's pages send nobody else to the login
        assert "/login/" in answer["Location"] or "/accounts/" in answer["Location"], cell
    if answer.get("Content-Type", "").startswith("application/json"):
        _says_a_sentence(answer.json(), cell)


def _says_a_sentence(body: dict, cell) -> None:
    """A refusal in JSON reads as a sentence: the page's `errors.__all__`, the API's `detail`."""
    if "detail" in body:
        texts = [body["detail"]]
    else:
        texts = [message for messages in body.get("errors", {}).values() for message in messages]
    assert texts, (cell, body)
    for text in texts:
        assert text.strip()[-1] in ".!?)", (cell, text)
        assert "_" not in text, (cell, text)  # no code (pin_required, other_side) shown to a person
