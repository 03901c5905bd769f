"""The club's history in German at 360 and 1280 px: the organiser withdraws a member's consent on the member
page, then finds the change from the club page, as a sentence with both consents in words and who made it,
on a page that fits the phone."""

import io
import os
from pathlib import Path

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.browser.helpers import login
from tests.factories import MembershipFactory, PlayerFactory, SeasonFactory, UserFactory
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("HISTORY_SHOTS", "/tmp"))


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_withdrawn_consent_is_found_in_the_clubs_history(live_server, phone_page, desktop_page, size):
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    club = membership.club
    player = PlayerFactory(club=club, first_name="Ute", last_name="Vogt", publication="full")
    season = SeasonFactory(club=club, name="Saison 2026/27")
    services.season_update(season=season, data={"min_evenings": 4}, user=membership.user)
    page = phone_page if size == "phone" else desktop_page
    width = 360 if size == "phone" else 1280
    login(page, live_server)

    page.goto(f"{live_server.url}/o/{club.slug}/members/{player.pk}/")
    page.get_by_label("Name auf öffentlichen Seiten").select_option(label="Nicht veröffentlicht")
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern").click()

    page.goto(f"{live_server.url}/o/{club.slug}/")
    with page.expect_navigation():
        page.get_by_role("link", name="Verlauf", exact=True).click()
    expect(page.locator("h1")).to_have_text("Verlauf des Vereins")
    rows = page.locator("table.club-history tbody tr")
    expect(rows).to_have_count(2)
    newest = rows.nth(0)
    expect(newest).to_contain_text("Ute Vogt: Name auf öffentlichen Seiten „Voller Name“ → „Nicht veröffentlicht“.")
    expect(newest).to_contain_text("leitung")
    expect(rows.nth(1)).to_contain_text("Saison „Saison 2026/27“:")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"club-history-{width}.png"), full_page=True)

    # The same rows as a spreadsheet to file, from the page's own button.
    with page.expect_download() as download:
        page.get_by_role("link", name="Tabelle (XLSX)").click()
    assert download.value.suggested_filename.startswith(f"{club.slug}-history-")
    sheet = load_workbook(io.BytesIO(download.value.path().read_bytes())).active
    assert [row[2] for row in sheet.iter_rows(min_row=2, max_row=2, values_only=True)] == [
        "Ute Vogt: Name auf öffentlichen Seiten „Voller Name“ → „Nicht veröffentlicht“."
    ]
