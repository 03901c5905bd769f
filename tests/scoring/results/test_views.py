"""The organiser's results page: status panel, exports with progress and download, adjustments; organisers only."""

import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring.models import Adjustment, Export
from tests.factories import EventFactory, MembershipFactory, StandingFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("export_media")]


@pytest.fixture
def event(played_event):
    return played_event


def url(event, name, *args):
    return reverse(f"results:{name}", args=[event.club.slug, event.slug, *args])


def test_only_the_clubs_organisers_get_in(client, event):
    pages = [("page", ()), ("status", ()), ("export_status", (1,)), ("export_download", (1,))]
    for name, args in pages:
        response = client.get(url(event, name, *args))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], name
    client.force_login(MembershipFactory().user)  # organiser of another club
    for name, args in pages:
        assert client.get(url(event, name, *args)).status_code == 404, name
    for name in ("recompute", "export_start", "adjustment_add"):
        assert client.post(url(event, name), {"kind": "csv"}).status_code == 404, name
    assert not Export.objects.exists()


def test_results_page_and_status_json(organiser_client, event):
    response = organiser_client.get(url(event, "page"))
    assert response.status_code == 200
    assert b"standings-status" in response.content and b"results.js" in response.content
    data = organiser_client.get(url(event, "status")).json()
    assert data["version"] == 1 and data["dirty"] is False and data["exports"] == []


def test_results_page_shows_the_top_ten_with_every_team_tied_on_them(organiser_client, organiser):
    event = EventFactory(club=organiser.club)
    # Ranks 1..8, four teams tied 9th, then 13th and 14th: twelve rows, no tie cut in half.
    for rank in [*range(1, 9), 9, 9, 9, 9, 13, 14]:
        StandingFactory(event=event, rank=rank)
    html = organiser_client.get(url(event, "page"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    table = html[html.index("Top 10 after round 1") : html.index("</table>")]
    ranks = re.findall(r'<tr><td class="num">(\d+)</td>', table)
    assert ranks == [str(r) for r in [*range(1, 9), 9, 9, 9, 9]]


def test_export_start_runs_and_downloads(organiser_client, event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = organiser_client.post(url(event, "export_start"), {"kind": "xlsx"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 202
    export = Export.objects.get()
    status = organiser_client.get(url(event, "export_status", export.pk)).json()
    assert status["status"] == "done" and status["progress"] == 100
    download = organiser_client.get(status["download"])
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment;")
    workbook = load_workbook(io.BytesIO(b"".join(download.streaming_content)), read_only=True)
    assert "Standings" in workbook.sheetnames
    bad = organiser_client.post(url(event, "export_start"), {"kind": "exe"}, HTTP_ACCEPT="application/json")
    assert bad.status_code == 400 and "Unknown export" in bad.json()["error"]


def test_adjustment_form_stores_and_recomputes(organiser_client, event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = organiser_client.post(
            url(event, "adjustment_add"),
            {
                "entry": "1",
                "kind": "penalty",
                "match_points": "-1",
                "points": "",
                "round_number": "1",
                "reason": "Handy geklingelt",
            },
        )
    assert response.status_code == 302
    adjustment = Adjustment.objects.get()
    assert adjustment.reason == "Handy geklingelt" and adjustment.created_by is not None
    event.refresh_from_db()
    assert event.standings_version == 2 and not event.standings_dirty
    response = organiser_client.post(
        url(event, "adjustment_add"), {"entry": "1", "kind": "penalty", "match_points": "zwei", "reason": "x"}
    )
    assert response.status_code == 400 and "is not a number" in response.content.decode()
    assert Adjustment.objects.count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        organiser_client.post(url(event, "adjustment_withdraw", adjustment.pk), {"reason": "Irrtum"})
    # Withdrawn, not deleted: kept with the reason, and no longer counted.
    adjustment.refresh_from_db()
    assert adjustment.withdrawn_at is not None and adjustment.withdraw_reason == "Irrtum"
    event.refresh_from_db()
    assert event.standings_version == 3


def test_recompute_button(organiser_client, event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert organiser_client.post(url(event, "recompute")).status_code == 302
    event.refresh_from_db()
    assert event.standings_version == 2
