"""The results page (penalties, recompute, exports) is one click away from the event and its rounds."""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    return event


def results_url(event):
    return reverse("results:page", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


@pytest.mark.parametrize("name", ["event", "entries", "tables", "event_edit"])
def test_every_event_page_links_the_results_page(organiser_client, event, name):
    url = reverse(f"tournaments:{name}", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})
    response = organiser_client.get(url)
    assert response.status_code == 200
    assert f'href="{results_url(event)}"' in response.content.decode()


def test_the_round_page_links_the_results_page_before_and_after_the_draw(organiser_client, event):
    url = reverse("tournaments:round", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, "number": 1})
    assert f'href="{results_url(event)}"' in organiser_client.get(url).content.decode()
    services.round_draw(event=event, number=1, method="random", seed=1)
    html = organiser_client.get(url).content.decode()
    assert html.count(f'href="{results_url(event)}"') == 2  # the event tabs and the round's own actions
    assert organiser_client.get(results_url(event)).status_code == 200


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("fr", "Méthode\u00a0: <strong>Aléatoire</strong>"),
        ("de", "Verfahren: <strong>Zufall</strong>"),
        ("en", "Method: <strong>Random</strong>"),
    ],
)
def test_the_round_page_names_the_method_and_writes_the_colon_as_the_language_does(
    organiser_client, event, language, text
):
    services.round_draw(event=event, number=1, method="random", seed=1)
    url = reverse("tournaments:round", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, "number": 1})
    html = organiser_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert text in html
