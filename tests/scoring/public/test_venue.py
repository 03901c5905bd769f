"""The venue screen: a revocable link, no login; the draw of the round in play by name and by table, the
standings, the standings QR code; its version changes with a recompute or a release."""

import pytest
from django.urls import reverse

from scoring.models import VenueScreen
from scoring.standings.store import standings_recompute_now
from tests.factories import MembershipFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(organiser):
    event = make_event(club=organiser.club, name="Clubabend", slug="abend", status="running")
    entries = make_entries(event, 4)
    r1 = make_round(event, 1)
    play(r1, entries[0], entries[1], [(500, 300)], table=1)
    play(r1, entries[2], entries[3], [(200, 600)], table=2)
    standings_recompute_now(event_id=event.pk)
    r2 = make_round(event, 2, status=Round.Status.RELEASED)
    play(r2, entries[0], entries[3], [], table=1)
    play(r2, entries[1], entries[2], [], table=2)
    return event, entries


def links_url(event):
    return reverse("desk:venue_links", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


def test_organiser_makes_a_link_the_screen_shows_draw_standings_and_qr(organiser_client, client, evening, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    event, _entries = evening
    assert organiser_client.post(links_url(event), {"action": "create"}).status_code == 302
    screen = VenueScreen.objects.get(event=event)
    page = organiser_client.get(links_url(event)).content.decode()
    assert f"http://192.168.1.20:8000/v/{screen.token}/" in page

    response = client.get(reverse("public:venue_screen", args=[screen.token]))  # no login
    assert response.status_code == 200
    html = response.content.decode()
    kinds = [slide["kind"] for slide in response.context["slides"]]
    assert kinds == ["names", "tables", "standings"]
    assert "Round 2: find your table" in html and "Standings after round 1" in html
    assert "Spieler1, P1" in html  # by name: last name first
    assert f"http://192.168.1.20:8000/e/{event.club.slug}/abend/standings/" in html  # the QR's address
    assert "<svg" in html
    assert "<script>" not in html and "onclick" not in html


def test_version_changes_with_a_release_and_a_recompute(client, evening):
    event, _entries = evening
    screen = VenueScreen.objects.create(event=event)
    url = reverse("public:venue_version", args=[screen.token])
    first = client.get(url).json()["version"]
    Round.objects.filter(event=event, number=2).update(status=Round.Status.CLOSED)
    second = client.get(url).json()["version"]
    assert second != first
    standings_recompute_now(event_id=event.pk)
    assert client.get(url).json()["version"] != second


def test_revoked_or_unknown_link_shows_nothing(organiser_client, client, evening):
    event, _entries = evening
    screen = VenueScreen.objects.create(event=event)
    response = organiser_client.post(links_url(event), {"action": "revoke", "screen": screen.pk})
    assert response.status_code == 302
    assert client.get(reverse("public:venue_screen", args=[screen.token])).status_code == 404
    assert client.get(reverse("public:venue_version", args=[screen.token])).status_code == 404
    assert client.get(reverse("public:venue_screen", args=["x" * 43])).status_code == 404


def test_only_the_clubs_organisers_manage_links(client, evening):
    event, _entries = evening
    screen = VenueScreen.objects.create(event=event)
    client.force_login(MembershipFactory().user)
    assert client.get(links_url(event)).status_code == 404
    assert client.post(links_url(event), {"action": "revoke", "screen": screen.pk}).status_code == 404
    assert client.post(links_url(event), {"action": "create"}).status_code == 404
    screen.refresh_from_db()
    assert screen.revoked_at is None and VenueScreen.objects.count() == 1


def test_screen_before_any_release_says_what_comes(client, organiser):
    event = make_event(club=organiser.club, slug="leer")
    screen = VenueScreen.objects.create(event=event)
    html = client.get(reverse("public:venue_screen", args=[screen.token])).content.decode()
    assert "The draw appears here as soon as a round is released." in html


def test_screen_query_count_is_fixed(client, evening, django_assert_max_num_queries):
    event, _entries = evening
    screen = VenueScreen.objects.create(event=event)
    # link, round, draw twice (2 + 2), stamp, standings (2); the room: the open calls and their fingerprint
    with django_assert_max_num_queries(11):
        client.get(reverse("public:venue_screen", args=[screen.token]))


@pytest.mark.parametrize("screen_id", ["abc", "", "-1", "99999999999999999999"])
def test_revoking_a_bad_screen_id_is_a_404_not_a_500(organiser_client, evening, screen_id):
    event, _entries = evening
    VenueScreen.objects.create(event=event)
    response = organiser_client.post(links_url(event), {"action": "revoke", "screen": screen_id})
    assert response.status_code == 404
    assert VenueScreen.objects.active().count() == 1


def test_finished_event_says_final_and_private_standings_get_no_qr(client, evening):
    event, _entries = evening
    screen = VenueScreen.objects.create(event=event)
    event.status = "finished"
    event.public_standings = False
    event.save(update_fields=["status", "public_standings"])
    html = client.get(reverse("public:venue_screen", args=[screen.token])).content.decode()
    assert "Final standings" in html and "Standings after round" not in html
    assert "standings-qr" not in html
