"""The embeddable standings: only the websites a club lists may frame the page (CSP frame-ancestors), every
other page keeps refusing frames, and the club's list is checked line by line with a sentence."""

import pytest
from django.urls import reverse

from tests.factories import ClubFactory, EventFactory
from tests.tournaments.views.view_helpers import url
from tournaments.models import Club, Event

pytestmark = pytest.mark.django_db


def _embed(client, event):
    return client.get(reverse("public:standings_embed", args=[event.club.slug, event.slug]))


def _frame_ancestors(response) -> str:
    policy = response["Content-Security-Policy"]
    return next(part.strip() for part in policy.split(";") if part.strip().startswith("frame-ancestors"))


def test_only_the_listed_websites_may_frame_the_standings(client):
    club = ClubFactory(embed_origins="https://belote-hoheluft.de\nhttp://verein.example:8080")
    event = EventFactory(club=club, status=Event.Status.RUNNING, public_standings=True)
    response = _embed(client, event)
    assert response.status_code == 200
    assert _frame_ancestors(response) == "frame-ancestors https://belote-hoheluft.de http://verein.example:8080"
    assert "X-Frame-Options" not in response
    page = response.content.decode()
    assert 'id="standings"' in page and "site-header" not in page
    # The standings page itself, and every other page, still refuse every frame.
    full = client.get(reverse("public:standings", args=[club.slug, event.slug]))
    assert _frame_ancestors(full) == "frame-ancestors 'none'" and full["X-Frame-Options"] == "DENY"


def test_a_club_that_lists_no_website_lets_nobody_frame_it(client):
    event = EventFactory(status=Event.Status.RUNNING, public_standings=True)
    assert _frame_ancestors(_embed(client, event)) == "frame-ancestors 'none'"


def test_hidden_standings_are_not_embeddable(client):
    event = EventFactory(
        club=ClubFactory(embed_origins="https://a.example"), status=Event.Status.RUNNING, public_standings=False
    )
    assert _embed(client, event).status_code == 404


@pytest.mark.parametrize(
    "text, message",
    [
        ("belote-hoheluft.de", 'Line 1: "belote-hoheluft.de" is not a website address'),
        ("https://ok.example\nhttps://x.example/standings", 'Line 2: "https://x.example/standings"'),
        ("https://*.example", 'Line 1: "https://*.example"'),
        ("javascript:alert(1)", "Line 1"),
        ("https://a.example; script-src *", "Line 1"),
        ("\n".join(f"https://s{i}.example" for i in range(11)), "At most 10 websites; there are 11."),
    ],
)
def test_the_club_settings_refuse_what_is_no_website_naming_the_line(organiser_client, organiser, text, message):
    response = organiser_client.post(
        url("club_edit", club_slug=organiser.club.slug),
        {"name": organiser.club.name, "city": "", "embed_origins": text},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert message in response.content.decode().replace("&quot;", '"')
    assert Club.objects.get(pk=organiser.club.pk).embed_origins == ""


def test_the_club_settings_keep_clean_origins_and_the_venue_page_gives_the_code(organiser_client, organiser):
    organiser_client.post(
        url("club_edit", club_slug=organiser.club.slug),
        {
            "name": organiser.club.name,
            "city": "",
            "currency": "EUR",
            "embed_origins": " https://belote-hoheluft.de/ \n\nhttps://belote-hoheluft.de",
        },
    )
    assert Club.objects.get(pk=organiser.club.pk).embed_origins == "https://belote-hoheluft.de"
    event = EventFactory(club=organiser.club)
    page = organiser_client.get(
        reverse("desk:venue_links", args=[organiser.club.slug, event.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "&lt;iframe src=" in page and f"/e/{organiser.club.slug}/{event.slug}/standings/embed/" in page
