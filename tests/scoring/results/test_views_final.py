"""The results page of a finished event: its top 10 are the final standings, not those "after round n"."""

import pytest
from django.urls import reverse

from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("export_media")]


def test_the_results_page_says_final_standings_once_finished(organiser_client, played_event):
    page = reverse("results:page", args=[played_event.club.slug, played_event.slug])
    running = organiser_client.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Top 10 nach Runde 1" in running
    Event.objects.filter(pk=played_event.pk).update(status=Event.Status.FINISHED)
    html = organiser_client.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Endstand: Top 10" in html and "nach Runde" not in html
