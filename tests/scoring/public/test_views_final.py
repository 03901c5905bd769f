"""After the event ends, its public pages say final, not live, in every language."""

import pytest
from django.urls import reverse

from scoring.models import VenueScreen
from tests.scoring.public.public_helpers import build, url
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "final", "live"),
    [
        ("de", "Endstand", "Live-Rangliste"),
        ("en", "Final standings", "Live standings"),
        ("fr", "Classement final", "Classement en direct"),
    ],
)
def test_a_finished_event_shows_final_standings_and_stops_polling(client, language, final, live):
    event = build()
    running = client.get(url(event, "standings"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "data-live-state" in running and "data-final" not in running
    assert live in client.get(url(event, "event"), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    html = client.get(url(event, "standings"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert final in html
    assert "data-live-state" not in html and "data-final" in html
    assert "data-pinned" in html  # the page no longer polls for changes
    overview = client.get(url(event, "event"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert final in overview and live not in overview


@pytest.mark.parametrize(
    ("language", "tonight", "over"),
    [("de", "Heute Abend", "Das Turnier ist beendet"), ("en", "Tonight", "The event is over")],
)
def test_a_finished_events_page_no_longer_says_tonight(client, language, tonight, over):
    event = build()
    assert tonight in client.get(url(event, "event"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    html = client.get(url(event, "event"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert over in html and tonight not in html


def test_the_venue_screens_qr_caption_says_final_once_finished(client):
    event = build()
    screen = VenueScreen.objects.create(event=event)
    page = reverse("public:venue_screen", args=[screen.token])
    assert "Live standings" in client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    html = client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Live standings" not in html
    caption = html[html.index("<figcaption>") : html.index("</figcaption>")]
    assert "Final standings" in caption
