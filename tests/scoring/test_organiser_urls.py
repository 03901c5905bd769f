"""scoring/organiser_urls.py: every organiser page under the event's address, by slugs and numbers; the
old addresses by database id answer a permanent redirect, after the page's own permission check."""

import pytest
from django.urls import resolve

from scoring.sheets.views import desk as round_views
from tests.address_helpers import event_url, link_revoke_url, round_url, sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round, table_of
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """A released round of two tables; (round, the sheet of table 2, its side-A link)."""
    round, games = released_round(tables=2)
    sheet, link_a, _ = table_of(games[1])
    return round, sheet, link_a


def old_and_new(round, sheet):
    event = round.event
    return [
        (f"/o/scores/round/{round.pk}/", round_url(round)),
        (f"/o/scores/round/{round.pk}/version.json", round_url(round, "version.json")),
        (f"/o/scores/round/{round.pk}/cards.pdf", round_url(round, "cards.pdf")),
        (f"/o/scores/sheet/{sheet.pk}/", sheet_url(sheet)),
        (f"/o/scores/sheet/{sheet.pk}/version.json", sheet_url(sheet, "version.json")),
        (f"/o/scores/event/{event.pk}/cards/", event_url(event, "cards/")),
        (f"/o/scores/event/{event.pk}/cards.pdf", event_url(event, "cards.pdf")),
    ]


def test_the_new_addresses_name_the_event_the_round_and_the_table(evening):
    round, sheet, _ = evening
    club, event = round.event.club.slug, round.event.slug
    assert round_url(round) == f"/o/{club}/events/{event}/rounds/1/sheets/"
    assert sheet_url(sheet) == f"/o/{club}/events/{event}/rounds/1/tables/{sheet.game.table_number}/"
    assert sheet.game.table_number == 2
    # Scoring's round page, not tournaments' `rounds/<n>/<action>/` (config/urls.py includes scoring first).
    assert resolve(round_url(round)).func is round_views.round_sheets


def test_every_old_address_redirects_for_good_to_the_new_one(client, evening):
    round, sheet, _ = evening
    client.force_login(MembershipFactory(club=round.event.club).user)
    for old, new in old_and_new(round, sheet):
        response = client.get(old)
        assert response.status_code == 301, old
        assert response["Location"] == new
        assert client.get(new).status_code == 200, new


def test_a_redirect_keeps_the_query_string(client, evening):
    round, sheet, _ = evening
    client.force_login(MembershipFactory(club=round.event.club).user)
    response = client.get(f"/o/scores/event/{round.event.pk}/cards.pdf?table=2")
    assert response.status_code == 301 and response["Location"] == event_url(round.event, "cards.pdf?table=2")
    response = client.get(f"/o/scores/sheet/{sheet.pk}/?live=1")
    assert response["Location"] == sheet_url(sheet) + "?live=1"


def test_an_old_address_tells_an_outsider_nothing(client, evening):
    round, sheet, _ = evening
    pairs = old_and_new(round, sheet)
    for old, _new in pairs:
        response = client.get(old)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), old
    client.force_login(MembershipFactory().user)  # an organiser of another club
    for old, _new in pairs:
        assert client.get(old).status_code == 404, old
    assert client.get("/o/scores/round/999999/").status_code == 404


def test_an_old_address_takes_no_post(client, evening):
    """The old pages answer GET only (405 to a POST); the old form posts are gone (404)."""
    round, sheet, link_a = evening
    client.force_login(MembershipFactory(club=round.event.club).user)
    for old, _new in old_and_new(round, sheet):
        assert client.post(old).status_code == 405, old
    gone = [
        f"/o/scores/round/{round.pk}/close/",
        f"/o/scores/sheet/{sheet.pk}/correct/",
        f"/o/scores/sheet/{sheet.pk}/switch-side/",
        f"/o/scores/sheet/{sheet.pk}/deals/",
        f"/o/scores/link/{link_a.pk}/revoke/",
        f"/o/scores/event/{round.event.pk}/cards/make/",
        f"/o/scores/event/{round.event.pk}/cards/1/reissue/",
    ]
    for old in gone:
        assert client.post(old).status_code == 404, old


def test_a_link_revoke_names_its_table(client, evening):
    """The revoke form's address carries the link's round and table: another table's address refuses it."""
    round, _sheet, link_a = evening
    client.force_login(MembershipFactory(club=round.event.club).user)
    first_sheet, _, _ = table_of(round.games.get(table_number=1))
    assert client.post(sheet_url(first_sheet, f"links/{link_a.pk}/revoke/")).status_code == 404
    assert client.post(link_revoke_url(link_a)).status_code == 302


def test_a_club_may_be_called_scores_now(client, evening):
    round, _sheet, _ = evening
    membership = MembershipFactory()
    club = services.club_create(user=membership.user, slug="scores", name="Scores e.V.")
    client.force_login(membership.user)
    assert client.get(f"/o/{club.slug}/").status_code == 200
    # The old addresses still belong to the redirects: another club's round is no page of club "scores".
    assert client.get(f"/o/scores/round/{round.pk}/").status_code == 404
