"""Table cards that stay on the table all evening, and team links that follow a team."""

from __future__ import annotations

import io

import pypdf
import pytest

from scoring.models import CARD_TOKEN_LENGTH, Deal, Sheet, SheetChange, TableCard, TableLink, TeamLink
from scoring.sheets.links import card_state, table_card_reissue, team_links_ensure
from scoring.sheets.permissions import Actor
from tests.address_helpers import event_url
from tests.factories import EntryFactory, GameFactory, MembershipFactory, RoundFactory
from tests.scoring.sheets.cards_helpers import card_of, evening, next_round
from tournaments.models import Round

pytestmark = pytest.mark.django_db

DEAL = {"taker": "A", "trump": "hearts", "tricks_a": "92", "tricks_b": "70", "capot": "", "client_id": "c-1"}


def test_a_card_token_is_random_long_and_told_apart_from_a_game_link_by_its_length():
    event, _round, _entries, games = evening(tables=1)
    card = card_of(event, 1, "A")
    link = TableLink.objects.filter(game=games[0]).first()
    assert len(card.token) == CARD_TOKEN_LENGTH != len(link.token)
    assert card.token != card_of(event, 1, "B").token


def test_the_card_opens_the_sheet_of_the_game_at_its_table_with_its_sides_rights(client):
    event, _round, _entries, games = evening()
    card_a, card_b = card_of(event, 2, "A"), card_of(event, 2, "B")
    page = client.get(f"/t/{card_a.token}/")
    assert page.status_code == 200
    assert games[1].entry_a.display_name in page.content.decode()
    assert 'id="deal-form"' in page.content.decode()
    # Writes name the game: the form posts to the card's address of this game.
    assert f"/t/{card_a.token}/game/{games[1].pk}/deals/" in page.content.decode()
    sheet = Sheet.objects.get(game=games[1])
    answer = client.post(
        f"/t/{card_a.token}/game/{games[1].pk}/deals/",
        {**DEAL, "version": sheet.version},
        HTTP_ACCEPT="application/json",
    )
    assert answer.status_code == 201, answer.content
    sheet.refresh_from_db()
    assert sheet.entering_side == "A" and sheet.deal_count == 1
    # The E/W card of the same table only confirms: it may not type a deal.
    other = client.post(
        f"/t/{card_b.token}/game/{games[1].pk}/deals/",
        {**DEAL, "client_id": "c-2", "version": sheet.version},
        HTTP_ACCEPT="application/json",
    )
    assert other.status_code == 403
    assert 'id="deal-form"' not in client.get(f"/t/{card_b.token}/").content.decode()
    assert Deal.objects.filter(sheet=sheet).count() == 1


def test_a_get_creates_no_link_and_no_card(client):
    event, _round, _entries, _games = evening()
    before = (TableLink.objects.count(), TableCard.objects.count(), TeamLink.objects.count())
    client.get(f"/t/{card_of(event, 1, 'A').token}/")
    client.get(f"/t/{card_of(event, 1, 'A').token}/state/")
    client.get(f"/p/{TeamLink.objects.first().token}/")
    assert (TableLink.objects.count(), TableCard.objects.count(), TeamLink.objects.count()) == before


def test_between_rounds_the_card_waits_for_the_next_round_and_its_state_says_so(client):
    event, round1, _entries, games = evening()
    card = card_of(event, 1, "A")
    playing = client.get(f"/t/{card.token}/state/").json()
    assert playing["state"] == f"playing:{games[0].pk}"
    round1.status = Round.Status.CLOSED
    round1.save(update_fields=["status"])
    waiting = client.get(f"/t/{card.token}/state/").json()
    assert waiting["state"] == "waiting:2" and waiting["round"] == 2
    page = client.get(f"/t/{card.token}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Waiting for round 2" in text and 'id="deal-form"' not in text
    assert f'data-follow-url="/t/{card.token}/state/"' in text and 'data-follow-state="waiting:2"' in text


def test_one_card_serves_three_rounds_at_its_table(client):
    event, round, entries, _games = evening()
    card = card_of(event, 1, "A")
    draws = [[(entries[0], entries[2]), (entries[1], entries[3])], [(entries[3], entries[0]), (entries[2], entries[1])]]
    seen = []
    for step in range(3):
        game = round.games.get(table_number=1)
        page = client.get(f"/t/{card.token}/").content.decode()
        assert f"/t/{card.token}/game/{game.pk}/deals/" in page
        assert game.entry_a.display_name in page and game.entry_b.display_name in page
        seen.append(game.pk)
        if step < 2:
            round, _games = next_round(event, round, draws[step])
    assert len(set(seen)) == 3


def test_a_deal_sent_late_to_a_closed_rounds_game_is_refused_not_moved(client):
    event, round1, entries, games = evening()
    card = card_of(event, 1, "A")
    next_round(event, round1, [(entries[0], entries[3]), (entries[1], entries[2])])
    answer = client.post(
        f"/t/{card.token}/game/{games[0].pk}/deals/", {**DEAL, "version": 0}, HTTP_ACCEPT="application/json"
    )
    assert answer.status_code == 403
    assert Deal.objects.count() == 0
    # A game at another table is not this card's.
    assert client.get(f"/t/{card.token}/game/{games[1].pk}/").status_code == 404


def test_release_makes_cards_for_new_tables_and_team_links(client):
    event, round1, entries, _games = evening(tables=1)
    late = [EntryFactory(event=event) for _ in range(2)]
    next_round(event, round1, [(entries[0], entries[1]), (late[0], late[1])])
    assert TableCard.objects.active().filter(event=event, table_number=2).count() == 2
    assert TeamLink.objects.active().filter(entry__in=late).count() == 2


def test_revoking_a_tables_card_stops_the_old_one_and_issues_a_new_one(client):
    event, _round, _entries, _games = evening()
    client.force_login(MembershipFactory(club=event.club).user)
    old = card_of(event, 2, "B")
    answer = client.post(event_url(event, "cards/tables/2/reissue/"))
    assert answer.status_code == 302
    assert client.get(f"/t/{old.token}/").status_code == 404
    new = card_of(event, 2, "B")
    assert new.token != old.token and client.get(f"/t/{new.token}/").status_code == 200
    assert card_of(event, 1, "B").revoked_at is None  # other tables keep their cards
    pdf = client.get(event_url(event, "cards.pdf?table=2"))
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.content)).pages)
    assert f"http://testserver/t/{new.token}/" in text and old.token not in text
    assert "Table 1" not in text


def test_the_cards_pdf_has_one_card_per_table_with_both_sides(client):
    event, _round, _entries, _games = evening(tables=3)
    client.force_login(MembershipFactory(club=event.club).user)
    response = client.get(event_url(event, "cards.pdf"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2
    text = "\n".join(p.extract_text() for p in reader.pages)
    for card in TableCard.objects.filter(event=event):
        assert f"http://testserver/t/{card.token}/" in text
    assert "Round 1" not in text  # printed once for the whole evening


def test_the_organiser_makes_the_cards_before_round_one(client):
    round1 = RoundFactory(status=Round.Status.DRAFT)
    event = round1.event
    for _ in range(6):
        EntryFactory(event=event)
    client.force_login(MembershipFactory(club=event.club).user)
    page = client.get(event_url(event, "cards/"))
    assert page.status_code == 200 and 'value="3"' in page.content.decode()
    assert TableCard.objects.count() == 0
    client.post(event_url(event, "cards/make/"), {"tables": "3"})
    assert TableCard.objects.filter(event=event).count() == 6
    assert TeamLink.objects.filter(entry__event=event).count() == 6
    client.post(event_url(event, "cards/make/"), {"tables": "3"})
    assert TableCard.objects.filter(event=event).count() == 6  # made once
    # Before a round is released, the card waits for round 1.
    assert card_state(card_of(event, 1, "A")).key == "waiting:1"


@pytest.mark.parametrize("value", ["0", "abc", "1001", "²"])
def test_a_bad_number_of_tables_is_refused_naming_the_field(client, value):
    round1 = RoundFactory(status=Round.Status.DRAFT)
    client.force_login(MembershipFactory(club=round1.event.club).user)
    answer = client.post(event_url(round1.event, "cards/make/"), {"tables": value}, follow=True)
    assert answer.status_code == 200
    assert "Number of tables" in answer.content.decode()
    assert TableCard.objects.count() == 0


def test_other_clubs_and_anonymous_users_do_not_reach_the_cards_pages(client):
    event, _round, _entries, _games = evening()
    urls = [event_url(event, "cards/"), event_url(event, "cards.pdf")]
    for url in urls:
        assert client.get(url).status_code == 302  # to the login page
    assert client.post(event_url(event, "cards/tables/1/reissue/")).status_code == 302
    client.force_login(MembershipFactory().user)  # organiser of another club
    for url in urls:
        assert client.get(url).status_code == 404
    assert client.post(event_url(event, "cards/tables/1/reissue/")).status_code == 404
    assert client.post(event_url(event, "cards/make/"), {"tables": "2"}).status_code == 404
    assert card_of(event, 1, "A").revoked_at is None


def test_unknown_and_revoked_tokens_answer_404(client):
    _event, _round, _entries, _games = evening()
    assert client.get("/t/" + "x" * CARD_TOKEN_LENGTH + "/").status_code == 404
    assert client.get("/t/" + "x" * CARD_TOKEN_LENGTH + "/state/").status_code == 404
    assert client.get("/p/" + "y" * 43 + "/").status_code == 404
    link = TeamLink.objects.first()
    TeamLink.objects.filter(pk=link.pk).update(revoked_at="2026-11-30T20:00Z")
    assert client.get(f"/p/{link.token}/").status_code == 404


def test_the_card_page_and_its_state_take_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    event, _round, _entries, _games = evening(tables=4)
    card = card_of(event, 3, "B")
    with django_assert_max_num_queries(2):
        client.get(f"/t/{card.token}/state/")
    with django_assert_max_num_queries(7):  # 6, and the table's open call to the director
        assert client.get(f"/t/{card.token}/").status_code == 200
    team = TeamLink.objects.first()
    with django_assert_max_num_queries(2):
        client.get(f"/p/{team.token}/state/")


# --- team links -----------------------------------------------------------------------------------------


def test_the_team_link_follows_the_team_from_table_to_table(client):
    event, round1, entries, _games = evening()
    team = entries[3]  # round 1: table 2, E/W
    link = TeamLink.objects.get(entry=team)
    page = client.get(f"/p/{link.token}/").content.decode()
    assert 'id="where-table">Table 2<' in page and "East/West" in page
    game1 = round1.games.get(table_number=2)
    assert f'href="/p/{link.token}/sheet/"' in page  # its own sheet, read-only: never the game link's token
    assert TableLink.objects.active().get(game=game1, side="B").token not in page
    assert client.get(f"/p/{link.token}/state/").json()["state"] == f"playing:{game1.pk}"
    round2, games2 = next_round(event, round1, [(team, entries[0]), (entries[1], entries[2])])
    page = client.get(f"/p/{link.token}/").content.decode()
    assert 'id="where-table">Table 1<' in page and "North/South" in page
    assert f'href="/p/{link.token}/sheet/"' in page
    assert TableLink.objects.active().get(game=games2[0], side="A").token not in page
    assert client.get(f"/p/{link.token}/state/").json()["state"] == f"playing:{games2[0].pk}"
    round2.status = Round.Status.CLOSED
    round2.save(update_fields=["status"])
    assert "Waiting for round 3" in client.get(f"/p/{link.token}/").content.decode()


def test_the_team_link_says_bye(client):
    event, round1, entries, _games = evening()
    round1.status = Round.Status.CLOSED
    round1.save(update_fields=["status"])
    round2 = RoundFactory(event=event, number=2)
    GameFactory(round=round2, table_number=None, is_bye=True, entry_a=entries[0], entry_b=None, seats={})
    page = client.get(f"/p/{TeamLink.objects.get(entry=entries[0]).token}/").content.decode()
    assert "bye in round 2" in page


def test_the_by_name_print_gives_each_team_its_link(client):
    event, _round1, entries, _games = evening()
    client.force_login(MembershipFactory(club=event.club).user)
    page = client.get(f"/o/{event.club.slug}/events/{event.slug}/rounds/1/print/names/").content.decode()
    for entry in entries:
        token = TeamLink.objects.get(entry=entry).token
        assert f'aria-label="http://testserver/p/{token}/"' in page
    # One code per player row, plus the public standings' code in the page head.
    assert page.count('aria-label="http://testserver/p/') == 2 * len(entries)


def test_the_service_worker_is_served_for_the_referee_pages_without_a_cdn(client):
    response = client.get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/t/"
    body = response.content.decode()
    assert "/static/vendor/workbox/workbox-sw.js" in body and 'modulePathPrefix: "/static/vendor/workbox/"' in body
    assert "googleapis" not in body and "cdn" not in body.lower().replace("no cdn", "")


def test_the_other_sides_card_confirms_what_the_entering_sides_card_submitted(client):
    event, _round, _entries, games = evening(tables=1, deals=1)
    card_a, card_b = card_of(event, 1, "A"), card_of(event, 1, "B")
    base_a, base_b = f"/t/{card_a.token}/game/{games[0].pk}/", f"/t/{card_b.token}/game/{games[0].pk}/"
    json = {"HTTP_ACCEPT": "application/json"}
    assert client.post(base_a + "deals/", {**DEAL, "version": 0}, **json).status_code == 201
    assert client.post(base_b + "submit/", {"version": 1}, **json).status_code == 403  # not the entering side
    assert client.post(base_a + "submit/", {"version": 1}, **json).status_code == 200
    assert client.post(base_a + "confirm/", {"version": 2}, **json).status_code == 403  # its own sheet
    assert 'id="confirm-sheet"' in client.get(f"/t/{card_b.token}/").content.decode()
    assert client.post(base_b + "confirm/", {"version": 2}, **json).status_code == 200
    assert Sheet.objects.get(game=games[0]).status == Sheet.Status.CONFIRMED


def test_the_team_link_says_when_the_team_is_not_in_the_draw(client):
    event, _round, _entries, _games = evening(tables=1)
    late = EntryFactory(event=event)
    team_links_ensure(event=event)
    page = client.get(f"/p/{TeamLink.objects.get(entry=late).token}/").content.decode()
    assert "not in the draw of round 1" in page
    assert client.get(f"/p/{TeamLink.objects.get(entry=late).token}/state/").json()["state"] == "absent:1"


def test_a_card_says_when_its_table_is_empty_this_round_and_when_the_event_is_over(client):
    event, round1, entries, _games = evening(tables=2)
    event.rounds = 2
    event.save(update_fields=["rounds"])
    round2, _games2 = next_round(event, round1, [(entries[0], entries[1])])  # one table only
    card = card_of(event, 2, "A")
    assert client.get(f"/t/{card.token}/state/").json()["state"] == "idle:2"
    assert "Round 2 has no game at this table." in client.get(f"/t/{card.token}/").content.decode()
    round2.status = Round.Status.CLOSED
    round2.save(update_fields=["status"])
    assert client.get(f"/t/{card.token}/state/").json()["state"] == "over:2"
    assert "The event is over" in client.get(f"/t/{card.token}/").content.decode()


# --- one token reader: a card's pages show, poll and post under the card's own token ----------------------


def test_a_cards_sheet_page_never_shows_the_game_link_it_acts_through(client):
    event, _round, _entries, games = evening(tables=1)
    card = card_of(event, 1, "A")
    link = TableLink.objects.active().get(game=games[0], side="A")
    html = client.get(f"/t/{card.token}/").content.decode()
    assert f"/t/{card.token}/version.json" in html
    assert link.token not in html


def test_a_cards_version_follows_its_tables_sheet_and_dies_with_the_card(client):
    event, _round, _entries, games = evening(tables=1)
    card = card_of(event, 1, "A")
    first = client.get(f"/t/{card.token}/version.json")
    assert first.status_code == 200
    assert first.json() == {
        "version": 0,
        "status": "entered",
        "entering_side": "",
        "open": True,
        "call": 0,
        "clock": "c...0",  # the round clock's stamp: not started, never paused
        "game": games[0].pk,
    }
    client.post(f"/t/{card.token}/game/{games[0].pk}/deals/", {**DEAL, "version": 0})
    assert client.get(f"/t/{card.token}/version.json").json()["version"] == 1
    card.revoke()
    assert client.get(f"/t/{card.token}/version.json").status_code == 404
    assert client.get(f"/t/{card.token}/").status_code == 404


def test_the_table_address_is_registered_once_for_both_kinds_of_token():
    from scoring.sheets import referee_urls

    routes = [str(p.pattern) for p in referee_urls.urlpatterns]
    assert routes.count("t/<str:token>/") == 1


def test_the_history_names_the_card_a_change_came_through(client, organiser):
    event, _round, _entries, games = evening(tables=1)
    event.club = organiser.club
    event.save(update_fields=["club"])
    card = card_of(event, 1, "A")
    client.post(f"/t/{card.token}/game/{games[0].pk}/deals/", {**DEAL, "version": 0})
    link_b = TableLink.objects.active().get(game=games[0], side="B")
    change = SheetChange.objects.get(sheet__game=games[0])
    assert (change.card, change.link.side) == (card, "A")
    client.force_login(organiser.user)
    page = client.get(event_url(event, "rounds/1/tables/1/"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Tischkarte 1, Nord/Süd" in page
    assert card.token not in page and link_b.token not in page


def test_reissuing_a_card_stops_the_game_links_it_acted_through(client, organiser):
    """A phone that kept the game link's address of a lost card (a page cached before) stops with the card;
    the new card types on through the new links, into the same sheet."""
    event, _round, _entries, games = evening(tables=1)
    old_card = card_of(event, 1, "A")
    old_links = list(TableLink.objects.active().filter(game=games[0]))
    new_a, _new_b = table_card_reissue(event=event, table_number=1, actor=Actor(organiser=True))
    for link in old_links:
        assert client.post(f"/api/v1/table/{link.token}/deals/", {}, content_type="application/json").status_code == 404
    assert client.get(f"/t/{old_card.token}/").status_code == 404
    answer = client.post(f"/t/{new_a.token}/game/{games[0].pk}/deals/", {**DEAL, "version": 0})
    assert answer.status_code in (201, 302)
    assert Deal.objects.filter(sheet__game=games[0]).count() == 1
    assert TableLink.objects.active().filter(game=games[0]).count() == 2
