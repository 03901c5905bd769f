"""After the event ends, its public pages say final, not live, in every language."""

import pytest

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
