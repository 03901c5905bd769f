"""Paper sheets at the desk, in German, in Chromium at 1280 px: two paper score sheets typed through the
desk's grid from the keyboard (one plain Hoheluft sheet; one classic sheet with announcements, a litige and a
capot), every key press and mouse action counted; then one deal of a confirmed sheet corrected through the
same grid, and its history row checked. The figures are docs/evening.md's "Paper sheets at the desk" table
(checked here; `UPDATE_DOCS=1` writes them). The grid also fits a 360 px phone.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from scoring.models import Sheet, SheetChange
from scoring.rules import score_game
from tests.address_helpers import round_url, sheet_url
from tests.browser.helpers import axe_serious, login, open_page, phone_context, session_login
from tests.factories import MembershipFactory, UserFactory
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

DOC = Path(__file__).resolve().parents[2] / "docs" / "evening.md"
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/paper"))

# The plain Hoheluft sheet as typed in German keys: taker (n N/S, o O/W), trump (t Kreuz, k Karo, h Herz,
# p Pik), the taker's trick points; each row moves on by itself.
PLAIN = ["nh92", "op102", "nt85", "ok90", "nh130", "np40", "ot88", "nk110", "oh97", "np82", "ot120", "nk70"]
# The classic sheet: "\t" is Tab. A tierce, a litige, a capot, a belote, a carré of jacks, a passed deal, a
# quarte against a tierce.
CLASSIC = [
    "nh\tn3hk\t92",
    "op81",
    "nt\t\tn",
    "oko100",
    "oh\tocb\t60",
    "np95",
    "-",
    "nt120",
    "ok88",
    "nh\tn4pa o3tk\t90",
    "op110",
    "nk82",
    "oh97",
]


class Counted:
    """The organiser's keyboard and mouse, counted: each key press (a typed character is one) and each
    mouse action."""

    def __init__(self, page):
        self.page, self.keys, self.mouse = page, 0, 0

    def type(self, text: str) -> None:
        for part in re.split(r"(\t)", text):
            if part == "\t":
                self.press("Tab")
            elif part:
                self.page.keyboard.type(part)
                self.keys += len(part)

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.keys += 1

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.mouse += 1


@pytest.fixture
def evening():
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    club = membership.club
    hoheluft, _games = released_round(tables=2, club=club, name="Hoheluft-Abend", slug="hoheluft")
    classic, _games = released_round(
        tables=1, club=club, name="Klassik-Abend", slug="klassik", rules_preset="classic", rules_options={"deals": 12}
    )
    return membership, hoheluft, classic


def type_sheet(page, live_server, round, rows: list[str], table: int = 1) -> Counted:
    """Open table `table`'s paper sheet from the round's sheets page (one click), type its rows, save with
    Enter on the save button the last deal moves to."""
    page.goto(live_server.url + round_url(round))
    counted = Counted(page)
    counted.click(f"a[data-grid='{table}']")
    page.wait_for_selector("#paper-grid")
    page.wait_for_function("document.activeElement && document.activeElement.name === 'r0-taker'")
    for row in rows:
        counted.type(row)
    page.wait_for_function("document.activeElement && document.activeElement.id === 'grid-save'")
    return counted


def test_two_paper_sheets_typed_and_one_corrected_from_the_keyboard(live_server, desktop_page, evening):
    membership, hoheluft, classic = evening
    page = desktop_page
    login(page, live_server)
    SHOTS.mkdir(parents=True, exist_ok=True)

    # 1. The plain sheet: no mouse in the grid, the reason and the confirmation as the page offers them.
    plain = type_sheet(page, live_server, hoheluft, PLAIN)
    assert page.locator("#grid-reason").input_value() == "Papierzettel an der Turnierleitung abgetippt"
    page.wait_for_function("document.getElementById('grid-total-a').textContent !== '0'")
    with page.expect_navigation():
        plain.press("Enter")
    sheet, _a, _b = table_of(hoheluft.games.get(table_number=1))
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED and sheet.deal_count == 12 and sheet.finished
    deals = list(sheet.deals.order_by("position").values_list("data", flat=True))
    assert deals[1] == {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 60, "B": 102}}
    expected = score_game({"rules": "hoheluft", "options": {"deals": 12}, "deals": deals})["totals"]
    assert (sheet.total_a, sheet.total_b) == (expected["A"], expected["B"])
    assert "Tisch 1: 12 Spiele gespeichert" in page.inner_text("body")
    # The next paper sheet is one Enter away: the next table's grid link has the focus.
    assert page.evaluate("document.activeElement.getAttribute('data-grid')") == "2"
    assert plain.keys <= 60 and plain.mouse == 1, (plain.keys, plain.mouse)

    # 2. The classic sheet: announcements, a litige, a capot; the engine's figures shown live.
    rich = type_sheet(page, live_server, classic, CLASSIC)
    # The engine's answer to the whole sheet: the game is over, deal 2 a litige, no row refused.
    page.wait_for_selector("#paper-grid.grid-finished")
    assert page.locator("[data-row='1'] [data-outcome]").inner_text() == "Litige"
    messages = page.locator("tr.grid-message:not([hidden])").all_inner_texts()
    assert page.locator("tr.grid-row.has-error").count() == 0, messages
    page.screenshot(path=str(SHOTS / "grid-1280.png"), full_page=True)
    assert axe_serious(page) == []
    with page.expect_navigation():
        rich.press("Enter")
    rich_sheet, _a, _b = table_of(classic.games.get(table_number=1))
    rich_sheet.refresh_from_db()
    assert rich_sheet.status == Sheet.Status.CONFIRMED and rich_sheet.deal_count == 13
    data = list(rich_sheet.deals.order_by("position").values_list("data", flat=True))
    assert data[0]["declarations"] == {"A": [{"type": "tierce", "suit": "hearts", "high": "K"}], "B": []}
    assert data[2] == {"contract": {"taker": "A", "trump": "clubs"}, "capot": "A"}
    assert data[3]["belote"] == ["B"] and data[4]["declarations"]["B"] == [{"type": "carre", "rank": "J"}]
    assert rich_sheet.result["deals"][1]["outcome"] == "litige" and data[6] == {"contract": None}

    # 3. One deal of the confirmed plain sheet corrected through the same grid: reason first, then the deal.
    page.goto(live_server.url + round_url(hoheluft))
    fix = Counted(page)
    fix.click("a[data-grid='1']")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'grid-reason'")
    fix.type("Tippfehler Spiel 5")
    fix.press("Tab")
    fix.press("Enter", 4)
    fix.type("\t\t\t135")
    with page.expect_navigation():
        fix.press("Control+Enter")
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    change = SheetChange.objects.filter(sheet=sheet).latest("id")
    assert change.action == SheetChange.Action.DEAL_UPDATE and change.deal_position == 4
    assert change.before["tricks"] == {"A": 130, "B": 32} and change.after["tricks"] == {"A": 135, "B": 27}
    assert change.reason == "Tippfehler Spiel 5" and change.user_id == membership.user_id
    page.goto(live_server.url + sheet_url(sheet))
    history = page.locator("table.history tbody tr").last.inner_text()
    assert "Tippfehler Spiel 5" in history and "5" in history and "135 : 27" in history

    figures = {"plain": plain, "rich": rich, "fix": fix}
    print({name: (c.keys, c.mouse) for name, c in figures.items()})
    _check_doc(figures)

    # 4. The grid on a 360 px phone: nothing past the screen's edge (the grid scrolls in its own box).
    phone = phone_context(page.context.browser)
    session_login(phone, live_server, membership.user)
    small = open_page(phone, live_server.url + sheet_url(sheet, "grid/"))
    assert small.evaluate("document.documentElement.scrollWidth") <= 360
    small.screenshot(path=str(SHOTS / "grid-360.png"), full_page=True)
    phone.close()


def _check_doc(figures: dict[str, Counted]) -> None:
    rows = [
        ("A plain 12-deal Hoheluft sheet", figures["plain"]),
        ("A classic 12-deal sheet with announcements, a litige, a capot and a passed deal", figures["rich"]),
        ("One deal of a confirmed sheet corrected (the reason typed)", figures["fix"]),
    ]
    lines = [f"| {what} | {c.keys} | {c.mouse} |" for what, c in rows]
    text = DOC.read_text()
    start, end = "<!-- paper-sheets:start -->", "<!-- paper-sheets:end -->"
    table = "\n".join([start, "| Sheet | Key presses | Mouse actions |", "|---|---|---|", *lines, end])
    if os.environ.get("UPDATE_DOCS"):
        text = re.sub(re.escape(start) + ".*?" + re.escape(end), table, text, flags=re.S)
        DOC.write_text(text)
    assert table in DOC.read_text(), "docs/evening.md's paper-sheet figures differ: run with UPDATE_DOCS=1"
