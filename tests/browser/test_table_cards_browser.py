"""Table cards, team links and entry without a network, in headless Chromium at 360 × 740 (German).

- one table card used across three rounds at one table: it opens each round's sheet, waits between
  rounds and moves on by itself;
- a team link that follows its team to another table by itself and leads to its side's sheet;
- a whole game of four deals typed with the network cut, with a reload while offline (the service worker
  serves the page), then reconnected: exactly the typed deals are stored, in order.
"""

from __future__ import annotations

import pytest

from scoring.models import Deal, Sheet, TableCard, TeamLink
from scoring.sheets.links import cards_after_release, table_cards_ensure, team_links_ensure
from scoring.sheets.permissions import Actor
from scoring.sheets.rounds import table_links_ensure
from scoring.sheets.services import deal_create
from tests.browser.helpers import choose, type_deal
from tests.factories import EntryFactory, EventFactory, GameFactory, RoundFactory
from tests.scoring.entry_helpers import released_round, table_of
from tournaments.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROWS = "#sheet-live tbody tr[data-position]"
HEARTS = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
FOLLOW = 25_000  # the pages ask every 5 s (10 s on a sheet): a change shows within two asks


def one_deal_queued_offline(live_server, page):
    """Side A's page of a fresh one-table round, ready offline; the network cut, one deal typed (A, hearts,
    92) and queued. Returns (sheet, link of side A)."""
    _round, games = released_round(tables=1)
    sheet, link_a, _link_b = table_of(games[0])
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    page.wait_for_selector('#offline-queue[data-offline-ready="yes"]')
    page.context.set_offline(True)
    type_deal(page, "A", "hearts", 92)
    page.wait_for_selector('#offline-queue[data-pending="1"]')
    return sheet, link_a


def release(event, number, pairs):
    """Release round `number` with games at tables 1.. for `pairs` (the release hooks' work included)."""
    round = RoundFactory(event=event, number=number, status=Round.Status.RELEASED)
    games = [GameFactory(round=round, table_number=n + 1, entry_a=a, entry_b=b) for n, (a, b) in enumerate(pairs)]
    table_links_ensure(round=round)
    cards_after_release(round)
    return round, games


def close(round):
    round.status = Round.Status.CLOSED
    round.save(update_fields=["status"])


def test_one_card_serves_its_table_for_three_rounds(live_server, phone_page):
    event = EventFactory()
    entries = [EntryFactory(event=event) for _ in range(4)]
    table_cards_ensure(event=event, table_numbers=[1, 2])
    card = TableCard.objects.get(event=event, table_number=1, side="A")
    page = phone_page

    page.goto(f"{live_server.url}/t/{card.token}/")
    page.wait_for_selector('#card-state[data-state="waiting"]')
    assert "Runde 1" in page.locator("#card-state").inner_text()

    draws = [
        [(entries[0], entries[1]), (entries[2], entries[3])],
        [(entries[2], entries[0]), (entries[1], entries[3])],
        [(entries[3], entries[1]), (entries[0], entries[2])],
    ]
    for number, pairs in enumerate(draws, start=1):
        round, games = release(event, number, pairs)
        # The waiting page opens the new round's sheet by itself.
        page.wait_for_selector("#deal-form", timeout=FOLLOW)
        team_a = page.locator(".team-a .team-name").inner_text()
        assert games[0].entry_a.display_name in team_a
        assert page.locator(".team-a.mine").count() == 1  # the card's side is N/S
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        type_deal(page, "A", "hearts", 92)
        page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1")
        sheet = Sheet.objects.get(game=games[0])
        assert sheet.deal_count == 1 and sheet.entering_side == "A"
        close(round)
        page.wait_for_selector('#card-state[data-state="waiting"], #card-state[data-state="over"]', timeout=FOLLOW)
    assert page.locator("#card-state").get_attribute("data-state") == "waiting"  # event.rounds is 4
    assert Deal.objects.filter(sheet__game__round__event=event).count() == 3


def test_a_team_link_follows_its_team(live_server, phone_page):
    round1, games = released_round(tables=2)
    event = round1.event
    team_links_ensure(event=event)
    team = games[1].entry_b  # round 1: table 2, E/W
    link = TeamLink.objects.get(entry=team)
    page = phone_page

    page.goto(f"{live_server.url}/p/{link.token}/")
    assert page.locator("#where-table").inner_text() == "Tisch 2"
    assert "Ost/West" in page.locator("#where-side").inner_text()

    close(round1)
    page.wait_for_selector('#team-state[data-state="waiting"]', timeout=FOLLOW)
    _round2, games2 = release(event, 2, [(team, games[0].entry_a), (games[0].entry_b, games[1].entry_a)])
    page.wait_for_selector('#team-state[data-state="playing"]', timeout=FOLLOW)
    assert page.locator("#where-table").inner_text() == "Tisch 1"
    assert "Nord/Süd" in page.locator("#where-side").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The team's own sheet, read-only (the link is on the wall print): the table card types, the page follows.
    page.click("#open-sheet")
    page.wait_for_selector("#sheet-live")
    assert page.url == f"{live_server.url}/p/{link.token}/sheet/"
    assert team.display_name in page.locator(".team-a.mine .team-name").inner_text()
    assert page.locator("#deal-form").count() == 0 and page.locator("[data-action-form]").count() == 0
    sheet, link_a, _link_b = table_of(games2[0])
    deal_create(sheet=sheet, data=HEARTS, version=sheet.version, client_id="c-1", actor=Actor(link=link_a))
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1", timeout=FOLLOW)


def test_a_whole_game_typed_without_a_network_is_stored_once_in_order(live_server, phone_page):
    _round, games = released_round(tables=1, rules_options={"deals": 4})
    sheet, link_a, _link_b = table_of(games[0])
    page = phone_page
    context = page.context
    typed = [("A", "hearts", 92, 70), ("B", "spades", 60, 102), ("A", "clubs", 100, 62), ("B", "diamonds", 40, 122)]

    page.goto(f"{live_server.url}/t/{link_a.token}/")
    # The service worker is active and holds this page and its assets.
    page.wait_for_selector('#offline-queue[data-offline-ready="yes"]')
    assert page.evaluate("caches.match(location.href, {ignoreVary: true}).then(r => !!r)")
    assert page.locator("#offline-queue").get_attribute("data-saved") == "yes"

    context.set_offline(True)
    for count, (taker, trump, a, b) in enumerate(typed[:2], start=1):
        type_deal(page, taker, trump, a)
        assert page.input_value("#id_tricks_b") in ("", str(b))
        page.wait_for_selector(f'#offline-queue[data-pending="{count}"]')
    assert page.locator("#offline-queue").get_attribute("data-saved") == "no"
    assert page.locator("[data-queued]").count() == 2
    assert "noch nicht geprüft" in page.locator("[data-queued]").first.inner_text()

    # A reload without a network: the service worker serves the page, the queue is still there.
    reloaded = page.reload()
    assert reloaded.from_service_worker
    page.wait_for_selector('#offline-queue[data-pending="2"]')
    assert page.locator(ROWS).count() == 0
    for count, (taker, trump, a, _b) in enumerate(typed[2:], start=3):
        type_deal(page, taker, trump, a)
        page.wait_for_selector(f'#offline-queue[data-pending="{count}"]')
    assert Deal.objects.filter(sheet=sheet).count() == 0

    context.set_offline(False)
    page.wait_for_selector('#offline-queue[data-saved="yes"]', timeout=30_000)
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 4")
    stored = [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")]
    assert stored == [{"contract": {"taker": t, "trump": s}, "tricks": {"A": a, "B": b}} for t, s, a, b in typed]
    assert Sheet.objects.get(pk=sheet.pk).finished
    assert page.locator("#offline-queue [data-queue-state]").inner_text() == "Alles ist gespeichert."


def test_a_deal_refused_after_reconnecting_is_shown_with_its_error_to_fix(live_server, phone_page):
    page = phone_page
    sheet, _link_a = one_deal_queued_offline(live_server, page)
    # 161 leaves 1 point for the other team: no set of tricks is worth that.
    choose(page, "taker", "B")
    choose(page, "trump", "spades")
    page.fill("#id_tricks_a", "161")
    page.click("#save-deal")
    page.wait_for_selector('#offline-queue[data-pending="2"]')
    type_deal(page, "A", "clubs", 81)
    page.wait_for_selector('#offline-queue[data-pending="3"]')

    page.context.set_offline(False)
    refused = page.locator("[data-queued][data-refused]")
    refused.wait_for(timeout=30_000)
    assert "1" in refused.locator(".errorlist").inner_text()
    assert page.locator("#offline-queue").get_attribute("data-saved") == "no"
    assert Deal.objects.filter(sheet=sheet).count() == 1  # the deals after the refused one wait

    refused.locator('[data-queue-action="fix"]').click()
    assert page.input_value("#id_tricks_a") == "161"
    page.fill("#id_tricks_a", "60")
    page.click("#save-deal")
    page.wait_for_selector('#offline-queue[data-saved="yes"]', timeout=30_000)
    stored = [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")]
    assert [d["tricks"]["A"] for d in stored] == [92, 60, 81]


def test_a_deal_typed_offline_for_a_link_revoked_meanwhile_is_shown_refused_not_retried(live_server, phone_page):
    from scoring.sheets.links import table_link_revoke

    page = phone_page
    sheet, link_a = one_deal_queued_offline(live_server, page)
    table_link_revoke(link=link_a, actor=Actor(organiser=True))  # a lost phone: the organiser revokes its link
    page.context.set_offline(False)
    refused = page.locator("[data-queued][data-refused]")
    refused.wait_for(timeout=30_000)
    assert "Turnierleitung" in refused.locator(".errorlist").inner_text()
    assert page.locator("#offline-queue").get_attribute("data-saved") == "no"
    assert Deal.objects.filter(sheet=sheet).count() == 0


def test_a_reload_without_a_network_shows_the_deals_stored_since_the_page_opened(live_server, phone_page):
    """Issue 20, item 1: a deal stored online, then the network cut, a deal typed and the page reloaded. The
    service worker's copy is the sheet as it is now (it was the sheet as the page first opened: no deal, the
    queued one renumbered "deal 1" and sent on an old version, answered 409); the queued deal is sent on the
    version it was typed on and stored."""
    _round, games = released_round(tables=1, rules_options={"deals": 4})
    sheet, link_a, _link_b = table_of(games[0])
    page = phone_page
    conflicts = []
    page.on("response", lambda response: response.status == 409 and conflicts.append(response.url))
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    page.wait_for_selector('#offline-queue[data-offline-ready="yes"]')
    type_deal(page, "A", "hearts", 92)
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1")
    page.wait_for_selector('#offline-queue[data-copy="fresh"]')

    page.context.set_offline(True)
    type_deal(page, "B", "spades", 60)
    page.wait_for_selector('#offline-queue[data-pending="1"]')
    assert page.reload().from_service_worker
    page.wait_for_selector('#offline-queue[data-pending="1"]')
    assert page.locator(ROWS).count() == 1
    assert page.locator("[data-queued] strong").inner_text() == "Spiel 2"
    assert page.locator("#deal-form-title").inner_text().startswith("Spiel 3")

    page.context.set_offline(False)
    page.wait_for_selector('#offline-queue[data-saved="yes"]', timeout=30_000)
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 2")
    assert [d.data["tricks"]["A"] for d in Deal.objects.filter(sheet=sheet).order_by("position")] == [92, 60]
    assert conflicts == []


def test_a_deal_typed_offline_while_the_desk_saved_one_shows_both_and_the_referee_keeps_both(
    live_server, phone_page, organiser
):
    """Issue 20, item 1: the desk types deal 1 from the paper sheet while the phone, offline, typed its own
    deal 1; back online the phone shows what was saved meanwhile beside its deal, and the referee chooses."""
    from tests.scoring.entry_helpers import organiser_actor

    page = phone_page
    sheet, _link_a = one_deal_queued_offline(live_server, page)
    organiser.club = sheet.game.round.event.club
    organiser.save()
    desk = {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 50, "B": 112}}
    deal_create(
        sheet=sheet,
        data=desk,
        version=sheet.version,
        client_id="desk-1",
        actor=organiser_actor(organiser),
        reason="vom Papierbogen",
    )

    page.context.set_offline(False)
    clash = page.locator("[data-queued][data-clash]")
    clash.wait_for(timeout=30_000)
    assert "Spiel 1" in clash.inner_text() and "50 : 112" in clash.inner_text()
    assert "anderswo geändert" in page.locator("#offline-queue [data-queue-state]").inner_text()
    assert Deal.objects.filter(sheet=sheet).count() == 1  # nothing stored while the referee chooses
    page.screenshot(path="/tmp/offline-clash-360.png", full_page=True)

    clash.locator('[data-queue-action="keep"]').click()
    page.wait_for_selector('#offline-queue[data-saved="yes"]', timeout=30_000)
    stored = [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")]
    assert stored == [desk, HEARTS]
