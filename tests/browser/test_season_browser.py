"""The season in Chromium, in German at 1280 and 360 px: the organiser sets the season's rules (points by
place, divisions with promotion, head-to-head first), places members in the divisions and sees who moves up
and down into the next season; the public season page shows the divisions' rankings, the chart of places
and the export links. Nothing wider than the screen. Screenshots in /tmp/season-*.png."""

import pytest

from tests.browser.helpers import login
from tests.factories import MembershipFactory, PlayerFactory, SeasonFactory, UserFactory
from tests.scoring.public.test_season_page import evenings
from tournaments.models import Season, SeasonDivision

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [1280, 360])
def test_setting_the_season_rules_and_divisions(live_server, desktop_page, phone_page, width):
    page = desktop_page if width == 1280 else phone_page
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    club = membership.club
    season = SeasonFactory(club=club, name="Saison 2027/28")
    for first, last in (("Anke", "Hansen"), ("Jürgen", "Bockelmann"), ("Heike", "Petersen")):
        PlayerFactory(club=club, first_name=first, last_name=last)
    login(page, live_server)
    page.goto(f"{live_server.url}/o/{club.slug}/seasons/{season.pk}/")
    page.select_option("#id_points_basis", "place")
    page.fill("#id_place_points", "8 6 4 2")
    page.fill("#id_divisions", "2")
    page.fill("#id_promotion", "1")
    page.select_option("#id_ranked_as", "both")
    page.select_option("#id_tie_break_1", "head_to_head")
    page.select_option("#id_tie_break_2", "best_evening")
    fits(page, width)
    page.screenshot(path=f"/tmp/season-rules-{width}.png", full_page=True)
    with page.expect_navigation():
        page.click("main form.stack button[type=submit]")
    season.refresh_from_db()
    assert (season.points_basis, season.place_points, season.divisions, season.promotion) == ("place", "8 6 4 2", 2, 1)
    assert season.tie_breaks == ["head_to_head", "best_evening"] and season.ranked_as == "both"

    page.goto(f"{live_server.url}/o/{club.slug}/seasons/{season.pk}/")
    with page.expect_navigation():
        page.click("a:has-text('Ligen')")
    anke = club.players.get(first_name="Anke")
    page.select_option(f"#id_player_{anke.pk}", "1")
    fits(page, width)
    page.screenshot(path=f"/tmp/season-divisions-{width}.png", full_page=True)
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.locator("text=Ligen gespeichert.").is_visible()
    assert dict(SeasonDivision.objects.filter(season=season).values_list("player_id", "division")) == {anke.pk: 1}

    # A refusal is a sentence on the form: promotion without divisions.
    page.goto(f"{live_server.url}/o/{club.slug}/seasons/{season.pk}/")
    page.fill("#id_divisions", "1")
    with page.expect_navigation():
        page.click("main form.stack button[type=submit]")
    assert page.locator("text=1 Auf- und Absteiger brauchen Ligen").first.is_visible()
    assert Season.objects.get(pk=season.pk).divisions == 2


@pytest.mark.parametrize("width", [1280, 360])
def test_the_public_season_page_and_the_next_season(live_server, desktop_page, phone_page, width):
    page = desktop_page if width == 1280 else phone_page
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    season = SeasonFactory(
        club=membership.club, divisions=2, promotion=1, drop_worst=1, tie_breaks=["head_to_head", "best_evening"]
    )
    players, events = evenings(season, 6)
    SeasonDivision.objects.bulk_create([SeasonDivision(season=season, player=p, division=1) for p in players[:2]])
    page.goto(f"{live_server.url}/e/{season.club.slug}/{events[0].slug}/season/")
    assert page.locator("[data-season-rules]").inner_text().startswith("Wertung:")
    assert page.locator("h3", has_text="Liga A: Spieler").is_visible()
    assert page.locator("h3", has_text="Liga B: Paare").is_visible()
    assert page.locator("svg.line-chart").count() == 4
    assert page.locator("a", has_text="Saisonwertung als PDF").is_visible()
    fits(page, width)
    page.screenshot(path=f"/tmp/season-page-{width}.png", full_page=True)
    with page.expect_download() as download:
        page.click("a:has-text('Saisonwertung als XLSX')")
    assert download.value.suggested_filename.endswith(".xlsx")

    login(page, live_server)
    page.goto(f"{live_server.url}/o/{season.club.slug}/seasons/{season.pk}/next/")
    assert page.locator(".season-moves li").count() == 2
    fits(page, width)
    page.screenshot(path=f"/tmp/season-next-{width}.png", full_page=True)
    page.fill("#id_name", "Saison 2027/28")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert Season.objects.filter(club=season.club, name="Saison 2027/28", previous=season).exists()
