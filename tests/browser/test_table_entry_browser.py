"""At the table, in headless Chromium at 360 px (issue 10): a typed value is never overwritten, both phones
and the organiser's round view follow a submission live, an announcement takes three taps, a forgotten
deal is inserted at position 3. The taps counted here are written in docs/table-entry.md."""

import pytest

from scoring.models import Deal, Sheet
from tests.address_helpers import round_url, sheet_url
from tests.browser.helpers import desk_context, open_page, phone_context, session_login
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, pin_of, released_round, table_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROWS = "#sheet-live tbody tr[data-position]"
NO_RELOAD = "window.__stillTheSamePage = true"


class Taps:
    """Counts what a referee does: taps (clicks) and digits typed."""

    def __init__(self, page):
        self.page, self.taps, self.digits = page, 0, 0

    def tap(self, selector):
        self.page.click(selector)
        self.taps += 1

    def choose(self, name, value):
        self.tap(f'#deal-form label.choice:has(input[name="{name}"][value="{value}"])')

    def type(self, field_id, text):
        """Digits into the trick field the cursor already waits in (after the trump): no tap to get there."""
        assert self.page.evaluate("document.activeElement.id") == field_id
        self.page.keyboard.type(text)
        self.digits += len(text)


def test_a_typed_pair_is_never_overwritten_and_gets_the_engines_error(live_server, phone_page):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    page = phone_page
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    page.click('#deal-form label.choice:has(input[name="taker"][value="A"])')
    page.click('#deal-form label.choice:has(input[name="trump"][value="hearts"])')
    page.click("#id_tricks_a")
    page.keyboard.type("92")
    assert page.input_value("#id_tricks_b") == "70"  # filled in while untouched
    page.click("#id_tricks_b")
    page.keyboard.press("Control+A")
    page.keyboard.type("72")
    # The referee's 92 stays: nothing is "corrected" behind their back.
    assert page.input_value("#id_tricks_a") == "92" and page.input_value("#id_tricks_b") == "72"
    # The check runs as the referee types: while "7" stands alone a hint may show first; the engine's
    # error follows once "72" is there.
    error = page.locator('[data-errors-for="tricks_a"] li', has_text="162")
    error.wait_for()
    assert "92 + 72 = 164" in error.inner_text()
    page.click("#save-deal")
    page.wait_for_function("!document.getElementById('save-deal').disabled")
    assert page.input_value("#id_tricks_a") == "92" and page.input_value("#id_tricks_b") == "72"
    assert page.locator(ROWS).count() == 0 and not Deal.objects.filter(sheet=sheet).exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_other_side_and_the_organiser_see_the_submission_live_and_confirm_without_reloading(
    live_server, phone_page, _chromium
):
    round, games = released_round(tables=2)
    sheet, link_a, link_b = table_of(games[0])
    fill(sheet, link_a, HOHELUFT_GAME[:-1])
    referee = phone_page
    referee.goto(f"{live_server.url}/t/{link_a.token}/")
    other_context = phone_context(_chromium)
    organiser_context = desk_context(_chromium)
    try:
        other = open_page(other_context, f"{live_server.url}/t/{link_b.token}/")
        assert other.locator("#confirm-sheet").count() == 0
        other.evaluate(NO_RELOAD)

        session_login(organiser_context, live_server, MembershipFactory(club=round.event.club).user)
        desk = open_page(organiser_context, live_server.url + round_url(round))
        table = f'#round-live tr[data-table="{games[0].table_number}"]'
        assert desk.get_attribute(table, "data-status") == "entered"
        desk.evaluate(NO_RELOAD)

        # The referee types the last deal: the game is over, so the form goes and the submit button shows.
        last = HOHELUFT_GAME[-1]
        referee.click(f'#deal-form label.choice:has(input[name="taker"][value="{last["contract"]["taker"]}"])')
        referee.click(f'#deal-form label.choice:has(input[name="trump"][value="{last["contract"]["trump"]}"])')
        referee.fill("#id_tricks_a", str(last["tricks"]["A"]))
        referee.click("#save-deal")
        referee.wait_for_selector("#submit-sheet")
        assert referee.locator("#deal-form").is_hidden()
        # The other side's page follows without a reload: 13 deals, still no confirm button.
        other.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 13")
        referee.evaluate(NO_RELOAD)
        with referee.expect_navigation():  # a form post answered by a redirect
            referee.click("#submit-sheet")
        referee.wait_for_selector('#sheet-live[data-status="submitted"]')
        referee.evaluate(NO_RELOAD)  # the submit itself was a form post; from here on, no reload

        # The other side sees the submission and gets its Confirm button (its page polls every 1.5 s).
        other.wait_for_selector("#confirm-sheet")
        assert other.evaluate("window.__stillTheSamePage") is True
        desk.wait_for_selector(f'{table}[data-status="submitted"]')
        other.fill("#confirm-pin", pin_of(link_b))  # a game link confirms with its side's PIN
        with other.expect_navigation():
            other.click("#confirm-sheet")
        other.wait_for_selector('#sheet-live[data-status="confirmed"]')
        assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.CONFIRMED

        # ...and the referee's phone and the round view show it, still without a reload.
        referee.wait_for_selector('#sheet-live[data-status="confirmed"]')
        assert referee.evaluate("window.__stillTheSamePage") is True
        desk.wait_for_selector(f'{table}[data-status="confirmed"]')
        assert desk.evaluate("window.__stillTheSamePage") is True
        assert other.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        other_context.close()
        organiser_context.close()


def test_taps_for_a_plain_deal(live_server, phone_page):
    _round, games = released_round(tables=1)
    _, link_a, _ = table_of(games[0])
    page = phone_page
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    taps = Taps(page)
    taps.choose("taker", "A")
    taps.choose("trump", "hearts")
    taps.type("id_tricks_a", "92")
    taps.tap("#save-deal")
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1")
    assert (taps.taps, taps.digits) == (3, 2)  # docs/table-entry.md
    assert Deal.objects.get().data == HOHELUFT_GAME[0]


def test_an_announcement_in_three_taps_shown_in_words_to_the_other_side(live_server, phone_page, _chromium):
    _round, games = released_round(tables=1, rules_preset="classic", rules_options={})
    sheet, link_a, link_b = table_of(games[0])
    page = phone_page
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    taps = Taps(page)
    taps.choose("taker", "A")
    taps.choose("trump", "hearts")
    taps.type("id_tricks_a", "92")
    before = taps.taps
    team = '#ann-picker [data-ann-team="declarations_a"]'
    taps.tap("#fold-announcements > summary")  # announcements are folded on the phone
    # The picker offers only high cards a tierce can end on.
    taps.tap(f'{team} [data-kind="tierce"]')
    taps.tap(f'{team} [data-suit="hearts"]')
    assert page.locator(f'{team} [data-high="8"]').is_hidden() and page.locator(f'{team} [data-high="K"]').is_visible()
    taps.tap(f'{team} [data-high="K"]')
    assert taps.taps - before == 4
    chosen = page.locator(f"{team} [data-ann-chosen] li")
    assert chosen.count() == 1 and "Terz bis König ♥ (20)" in chosen.inner_text()
    taps.tap("#save-deal")
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1")
    assert (taps.taps, taps.digits) == (7, 2)  # docs/table-entry.md
    assert Deal.objects.get(sheet=sheet).data["declarations"]["A"] == [
        {"type": "tierce", "suit": "hearts", "high": "K"}
    ]
    assert page.locator(f"{team} [data-ann-chosen] li").count() == 0  # the next deal starts empty
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    context = _chromium.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    try:
        other = context.new_page()
        other.goto(f"{live_server.url}/t/{link_b.token}/")
        assert "N/S: Terz bis König ♥ (20)" in other.locator(ROWS).first.inner_text()
    finally:
        context.close()


def test_a_forgotten_deal_inserted_at_position_3(live_server, phone_page):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    fill(sheet, link_a, HOHELUFT_GAME[:4])
    page = phone_page
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    page.click('tr[data-position="2"] .deal-menu summary')  # the deal's "…" menu
    page.click('[data-insert="2"]')
    page.wait_for_selector('#deal-form[data-inserting="2"]')
    page.click('#deal-form label.choice:has(input[name="taker"][value="B"])')
    page.click('#deal-form label.choice:has(input[name="trump"][value="clubs"])')
    page.fill("#id_tricks_a", "42")
    assert page.input_value("#id_tricks_b") == "120"
    page.click("#save-deal")
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 5")
    page.wait_for_selector('#deal-form[data-inserting=""]')
    stored = [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")]
    assert stored[2] == {"contract": {"taker": "B", "trump": "clubs"}, "tricks": {"A": 42, "B": 120}}
    assert stored[:2] + stored[3:] == HOHELUFT_GAME[:4]
    assert "♣" in page.locator(ROWS).nth(2).inner_text()


def test_the_organiser_switches_the_entering_side_with_one_tap(live_server, phone_page, _chromium):
    round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    fill(sheet, link_a, HOHELUFT_GAME[:2])
    dead_phone = phone_page
    dead_phone.goto(f"{live_server.url}/t/{link_a.token}/")
    assert dead_phone.locator("#deal-form").is_visible()
    other_context = phone_context(_chromium)
    organiser_context = desk_context(_chromium)
    try:
        other = open_page(other_context, f"{live_server.url}/t/{link_b.token}/")
        assert other.locator("#deal-form").count() == 0

        session_login(organiser_context, live_server, MembershipFactory(club=round.event.club).user)
        desk = open_page(organiser_context, live_server.url + round_url(round))
        desk.click(f'[data-switch-side="{games[0].table_number}"]')  # the one tap
        desk.wait_for_selector('[data-entering="B"]')
        assert Sheet.objects.get(pk=sheet.pk).entering_side == "B"

        # Within a poll or two, E/W's phone gets the form and N/S's loses it.
        other.wait_for_selector("#deal-form", state="visible")
        dead_phone.wait_for_selector("#deal-form", state="hidden")
        other.click('#deal-form label.choice:has(input[name="taker"][value="A"])')
        other.click('#deal-form label.choice:has(input[name="trump"][value="clubs"])')
        other.fill("#id_tricks_a", "81")
        other.click("#save-deal")
        other.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 3")
        assert [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")] == HOHELUFT_GAME[:3]
    finally:
        other_context.close()
        organiser_context.close()


def test_belot_offers_no_announcement_buttons_in_no_trumps(live_server, phone_page):
    _round, games = released_round(tables=1, rules_preset="belot", rules_options={})
    _, link_a, _ = table_of(games[0])
    page = phone_page
    page.goto(f"{live_server.url}/t/{link_a.token}/")
    page.click("#fold-announcements > summary")
    page.click('#deal-form label.choice:has(input[name="taker"][value="A"])')
    page.click('#deal-form label.choice:has(input[name="trump"][value="hearts"])')
    assert page.locator("#ann-picker").is_visible()
    page.click('#deal-form label.choice:has(input[name="trump"][value="no_trump"])')
    assert page.locator("#ann-picker").is_hidden()


def test_the_organisers_sheet_page_follows_the_table_without_a_reload(live_server, desktop_page):
    round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    session_login(desktop_page.context, live_server, MembershipFactory(club=round.event.club).user)
    desktop_page.goto(live_server.url + sheet_url(sheet))
    desktop_page.evaluate(NO_RELOAD)
    assert desktop_page.locator(ROWS).count() == 0
    fill(sheet, link_a, HOHELUFT_GAME[:2])  # the table types two deals
    desktop_page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 2")
    # The organiser's form took the new version: a correction now is not refused as stale.
    assert desktop_page.input_value("#deal-form [name=version]") == "2"
    assert desktop_page.evaluate("window.__stillTheSamePage") is True
