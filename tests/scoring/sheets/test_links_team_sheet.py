"""A team link shows its team's sheet read-only, under its own token: it is printed on the wall for the room,
so it never writes and its pages hand out no other token (p/<token>/sheet/ and its version poll)."""

from __future__ import annotations

import pytest

from scoring.models import TableCard, TableLink, TeamLink
from tests.scoring.sheets.cards_helpers import card_of, evening
from tournaments.models import Round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.needs_postgres]

DEAL = {"taker": "A", "trump": "hearts", "tricks_a": "92", "tricks_b": "70", "capot": "", "client_id": "c-1"}


def test_a_team_link_shows_its_sheet_read_only_and_no_other_token(client):
    event, _round, entries, games = evening(tables=1)
    team = TeamLink.objects.active().get(entry=entries[1])  # table 1, E/W
    hidden = [link.token for link in TableLink.objects.active().filter(game=games[0])]
    hidden += [card.token for card in TableCard.objects.active().filter(event=event)]
    for url in (f"/p/{team.token}/", f"/p/{team.token}/sheet/", f"/p/{team.token}/sheet/?live=1"):
        html = client.get(url).content.decode()
        assert not [token for token in hidden if token in html], url
    page = client.get(f"/p/{team.token}/sheet/").content.decode()
    assert 'id="deal-form"' not in page and "data-action-form" not in page  # no deal, submit, confirm, dispute
    assert page.count("<form") == page.count('action="/i18n/setlang/"')  # the language menu only
    assert f"/p/{team.token}/sheet/version.json" in page
    assert client.post(f"/p/{team.token}/sheet/", {"version": 0}).status_code == 405


def test_a_team_links_sheet_follows_the_version_and_dies_with_the_link(client):
    _event, _round, entries, games = evening(tables=1)
    team = TeamLink.objects.active().get(entry=entries[0])
    card = card_of(games[0].round.event, 1, "A")
    assert client.get(f"/p/{team.token}/sheet/version.json").json()["version"] == 0
    client.post(f"/t/{card.token}/game/{games[0].pk}/deals/", {**DEAL, "version": 0})
    assert client.get(f"/p/{team.token}/sheet/version.json").json()["version"] == 1
    team.revoke()
    assert client.get(f"/p/{team.token}/sheet/").status_code == 404
    assert client.get(f"/p/{team.token}/sheet/version.json").status_code == 404


def test_a_team_link_between_rounds_goes_back_to_the_team_page(client):
    _event, round1, entries, _games = evening(tables=1)
    team = TeamLink.objects.active().get(entry=entries[0])
    Round.objects.filter(pk=round1.pk).update(status=Round.Status.CLOSED)
    answer = client.get(f"/p/{team.token}/sheet/")
    assert answer.status_code == 302 and answer["Location"] == f"/p/{team.token}/"
