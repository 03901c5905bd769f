"""A revoked link stops at the next poll, in headless Chromium, in German: the venue screen on the projector
(its poll made quicker by VENUE_POLL_MS), a table card's sheet page and a team's page on phones each give way
to the site's page saying the link was replaced, waiting for that page, never for a fixed time."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from scoring.models import TeamLink, VenueScreen
from scoring.sheets.links import table_card_reissue, team_link_reissue, venue_screen_revoke
from scoring.sheets.permissions import Actor
from tests.browser.helpers import desk_context, open_page
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

ORGANISER = Actor(organiser=True)


def test_a_revoked_venue_screen_gives_way_at_its_next_poll(live_server, _chromium, settings):
    settings.VENUE_POLL_MS = 300
    event, _round, _entries, _games = evening(tables=2)
    screen = VenueScreen.objects.create(event=event)
    venue = open_page(desk_context(_chromium), live_server.url + reverse("public:venue_screen", args=[screen.token]))
    venue.wait_for_selector(".slide")
    assert venue.locator("#not-found").count() == 0

    started = time.monotonic()
    venue_screen_revoke(screen=screen)
    venue.wait_for_selector("#not-found", timeout=10_000)
    elapsed = time.monotonic() - started
    assert "Die Adresse dieses Bildschirms wurde widerrufen oder ersetzt" in venue.locator("#not-found").inner_text()
    assert venue.locator(".slide").count() == 0
    # Far within the old screen's "over 60 s": one ask (0.3 s here), the page's own address, the new page.
    assert elapsed < 5, f"the revoked screen still showed after {elapsed:.1f} s"
    print(f"revoked venue screen replaced after {elapsed:.2f} s (poll every 0.3 s)")
    venue.screenshot(path="/tmp/room/venue-revoked-1280.png")


def test_a_revoked_table_card_and_team_link_give_way_on_the_phones(live_server, phone_page):
    event, _round, entries, _games = evening(tables=2)
    phone = phone_page
    phone.goto(live_server.url + reverse("scoring:referee", args=[card_of(event, 1, "A").token]))
    phone.wait_for_selector("#sheet-live")
    team_url = reverse("scoring:team", args=[TeamLink.objects.get(entry=entries[2]).token])
    team = open_page(phone.context, live_server.url + team_url)
    team.wait_for_selector("#team-state")

    table_card_reissue(event=event, table_number=1, actor=ORGANISER)
    phone.wait_for_selector("#not-found")  # the sheet's poll (1.5 s) saw the card gone
    assert "Unter dieser Adresse gibt es nichts" in phone.locator("#not-found").inner_text()
    assert phone.locator("#deal-form").count() == 0
    phone.screenshot(path="/tmp/room/card-revoked-360.png")

    team_link_reissue(entry=entries[2], actor=ORGANISER)
    team.wait_for_selector("#not-found")  # the team page's poll (every 5 s)
    assert team.locator("#team-state").count() == 0
