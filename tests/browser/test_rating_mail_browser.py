"""In German, on a phone (360) and at the desk (1280): the members list with the club's rating, the club's
setting that turns it on, the event's setting that seeds the first Swiss round by it, the event page's results
mail (sent, its progress bar following the sending) and the member's unsubscribe page (one button, no login)."""

import datetime
import os
from pathlib import Path

import pytest
from django.core import mail
from playwright.sync_api import expect

from scoring.mailing.tokens import unsubscribe_token
from scoring.rating.store import club_ratings_recompute
from scoring.standings.store import standings_recompute_now
from tests.browser.helpers import login
from tests.factories import MembershipFactory, UserFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Club, Event, Player, ResultsMailing

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("RATING_SHOTS", "/tmp"))


@pytest.fixture
def evening(celery_eager):
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    Club.objects.filter(pk=membership.club_id).update(rating_enabled=True, name="Belote-Club Hoheluft")
    event = make_event(
        club=membership.club,
        slug="abend",
        name="Clubabend Dezember",
        status=Event.Status.FINISHED,
        date=datetime.date(2026, 12, 1),
    )
    teams = make_entries(event, 4)
    rnd = make_round(event, 1)
    play(rnd, teams[0], teams[1], won(900, 700))
    play(rnd, teams[2], teams[3], won(200, 1500))
    standings_recompute_now(event_id=event.pk)
    Player.objects.filter(pk__in=[teams[0].player_1_id, teams[2].player_1_id]).update(
        results_mail=True, email="mitglied@example.org"
    )
    club_ratings_recompute(club_id=membership.club_id)
    Player.objects.create(club=membership.club, first_name="Gisela", last_name="Neumann-Wellenbrink")
    return membership, event, teams


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_rating_and_results_mail_pages_in_german(live_server, phone_page, desktop_page, evening, size):
    membership, event, teams = evening
    page = phone_page if size == "phone" else desktop_page
    width = 360 if size == "phone" else 1280
    login(page, live_server)
    club = membership.club
    page.goto(f"{live_server.url}/o/{club.slug}/members/")
    expect(page.locator("th", has_text="Wertung")).to_be_visible()
    expect(page.locator(".rating").first).to_contain_text("Wertung")
    expect(page.locator("td", has_text="noch keine Wertung")).to_have_count(1)
    _fits(page, width)
    page.screenshot(path=str(SHOTS / f"rating-members-{width}.png"), full_page=True)

    page.goto(f"{live_server.url}/o/{club.slug}/edit/")
    expect(page.get_by_label("Spielerwertung über die Saisons führen")).to_be_checked()
    _fits(page, width)
    page.screenshot(path=str(SHOTS / f"rating-club-{width}.png"), full_page=True)

    event_url = f"{live_server.url}/o/{club.slug}/events/{event.slug}/"
    page.goto(event_url + "edit/")
    seed = page.get_by_label("erste Schweizer Runde nach der Spielerwertung des Vereins")
    expect(seed).not_to_be_checked()
    seed.scroll_into_view_if_needed()
    _fits(page, width)
    page.screenshot(path=str(SHOTS / f"rating-event-settings-{width}.png"), full_page=True)
    page.goto(event_url)
    card = page.locator("#results-mail")
    expect(card).to_contain_text("2 Spielerinnen und Spieler dieses Turniers möchten die Ergebnisse per Mail.")
    with page.expect_navigation():
        card.get_by_role("button", name="Ergebnismail senden").click()
    expect(card.locator('[data-field="status"]')).to_have_text("Versandt")
    expect(card.locator('[data-field="count"]')).to_have_text("2 von 2 Mails")
    assert len(mail.outbox) == 2
    _fits(page, width)
    page.screenshot(path=str(SHOTS / f"rating-mail-sent-{width}.png"), full_page=True)

    # A sending under way: the bar follows the row as the worker writes it (the page polls its status).
    running = ResultsMailing.objects.create(
        event=event, status=ResultsMailing.Status.RUNNING, total=2, sent_to=[teams[0].player_1_id]
    )
    page.goto(event_url)
    expect(card.locator('[data-field="status"]')).to_have_text("Wird versandt")
    expect(card.locator("progress")).to_have_attribute("value", "50")
    page.screenshot(path=str(SHOTS / f"rating-mail-running-{width}.png"), full_page=True)
    ResultsMailing.objects.filter(pk=running.pk).update(
        status=ResultsMailing.Status.DONE, sent_to=[teams[0].player_1_id, teams[2].player_1_id]
    )
    expect(card.locator('[data-field="status"]')).to_have_text("Versandt")
    expect(card.locator('[data-field="count"]')).to_have_text("2 von 2 Mails")
    assert card.locator("progress").evaluate("p => p.value") == 100

    # The member's page: no login, one button.
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/u/{unsubscribe_token(teams[0].player_1_id)}/")
    _fits(page, width)
    page.screenshot(path=str(SHOTS / f"rating-unsubscribe-{width}.png"), full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Ergebnismail abbestellen").click()
    expect(page.locator("#unsubscribe")).to_contain_text(
        "Sie erhalten die Ergebnismail von Belote-Club Hoheluft nicht mehr"
    )
    assert not Player.objects.get(pk=teams[0].player_1_id).results_mail
    page.screenshot(path=str(SHOTS / f"rating-unsubscribed-{width}.png"), full_page=True)
