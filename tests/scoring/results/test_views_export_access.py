"""Export files are reached only through the results page's download view, which checks the organiser:
their names hold a random folder (not the club, event and time a stranger could guess), and the site has
no /media/ route to them."""

import re

import pytest
from django.urls import reverse

from scoring.models import Export
from tests.factories import MembershipFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("export_media")]


@pytest.fixture
def event(played_event):
    return played_event


def _export(client, event, kind, capture) -> Export:
    with capture(execute=True):
        client.post(
            reverse("results:export_start", args=[event.club.slug, event.slug]),
            {"kind": kind},
            HTTP_ACCEPT="application/json",
        )
    return Export.objects.filter(event=event, kind=kind).latest("pk")


def test_export_files_have_unguessable_names_and_only_the_checked_view_serves_them(
    organiser_client, event, client, django_capture_on_commit_callbacks, settings
):
    first = _export(organiser_client, event, "csv", django_capture_on_commit_callbacks)
    second = _export(organiser_client, event, "csv", django_capture_on_commit_callbacks)
    for export in (first, second):
        assert export.status == Export.Status.DONE
        folder, name = export.file.name.split("/")[1:]
        assert re.fullmatch(r"[A-Za-z0-9_-]{32}", folder), export.file.name  # 192 random bits
        assert name.startswith(f"{event.club.slug}-{event.slug}-") and ".csv" in name
    assert first.file.name.split("/")[1] != second.file.name.split("/")[1]

    download = reverse("results:export_download", args=[event.club.slug, event.slug, first.pk])
    response = organiser_client.get(download)
    assert response.status_code == 200
    # The file is the club's: no shared cache, no browser copy (issue 21).
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    # The person gets the readable name, never the random folder.
    assert f'filename="{first.file.name.rsplit("/", 1)[-1]}"' in response["Content-Disposition"]

    # Nobody reaches the file by its storage path: not a stranger, not the organiser, not in DEBUG.
    for who in (client, organiser_client):
        assert who.get(settings.MEDIA_URL + first.file.name).status_code == 404
    stranger = MembershipFactory().user  # an organiser of another club
    client.force_login(stranger)
    assert client.get(download).status_code == 404
