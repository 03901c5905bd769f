"""Importing an event archive through the page: always a copy in the page's club; refusals as messages,
never a 500, nothing stored."""

import json

import pytest

from scoring.exports.archive import event_archive
from tests.factories import MembershipFactory
from tests.scoring.archive_helpers import import_url, make_rich_event, upload
from tests.scoring.standings_helpers import make_event
from tournaments.models import Club, Entry, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def archived(organiser):
    # Real deals: the import scores every sheet again and refuses one whose archived scores differ.
    event = make_rich_event()
    return event, event_archive(event_id=event.pk)


def test_import_as_a_copy_lands_in_this_club_with_a_free_short_name(organiser_client, organiser, archived):
    _event, data = archived
    response = organiser_client.post(import_url(organiser.club), {"file": upload(data)})
    assert response.status_code == 302
    copy = Event.objects.get(club=organiser.club, slug="abend-november-copy")
    assert response["Location"].endswith(f"/o/{organiser.club.slug}/events/abend-november-copy/")
    assert Entry.objects.filter(event=copy).count() == Entry.objects.filter(event=_event).count()
    # Twice: another free name, the first copy untouched.
    organiser_client.post(import_url(organiser.club), {"file": upload(data)})
    assert Event.objects.filter(club=organiser.club, slug="abend-november-copy-2").exists()


def test_an_archive_of_another_club_is_still_imported_into_this_one(organiser_client, organiser, archived):
    _event, data = archived
    data["club"] = {"slug": "fremd", "name": "Fremder Club", "city": ""}
    organiser_client.post(import_url(organiser.club), {"file": upload(data), "slug": "importiert"})
    assert Event.objects.filter(club=organiser.club, slug="importiert").exists()
    assert not Club.objects.filter(slug="fremd").exists()


@pytest.mark.parametrize(
    "raw, message",
    [
        (b"not json at all", "not valid JSON"),
        (json.dumps({"format": "something-else"}).encode(), "not an Atout event archive"),
        (b"\xff\xfe\x00garbage", "not valid JSON"),
    ],
)
def test_bad_files_are_refused_with_a_message_and_store_nothing(organiser_client, organiser, archived, raw, message):
    before = Event.objects.count()
    response = organiser_client.post(import_url(organiser.club), {"file": upload(raw)})
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors["file"])
    assert Event.objects.count() == before


def test_a_broken_archive_body_is_refused_not_a_500(organiser_client, organiser, archived):
    _event, data = archived
    data["rounds"] = "many"
    data["entries"] = [{"number": "x"}]
    before = Event.objects.count()
    response = organiser_client.post(import_url(organiser.club), {"file": upload(data)})
    assert response.status_code == 200
    assert response.context["form"].errors["file"]
    assert Event.objects.count() == before


def test_taken_short_name_is_refused(organiser_client, organiser, archived):
    _event, data = archived
    make_event(club=organiser.club, name="Clubabend", slug="abend")
    response = organiser_client.post(import_url(organiser.club), {"file": upload(data), "slug": "abend"})
    assert "already has an event" in " ".join(response.context["form"].errors["file"])


def test_only_the_clubs_organisers_may_import(client, organiser, archived):
    _event, data = archived
    client.force_login(MembershipFactory().user)
    assert client.post(import_url(organiser.club), {"file": upload(data)}).status_code == 404
    client.logout()
    assert client.post(import_url(organiser.club), {"file": upload(data)}).status_code == 302
    assert Event.objects.count() == 1  # only the archived original
