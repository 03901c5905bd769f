"""The restore page: check the file (this event's archive, else a sentence), see what is replaced, then a
tick and a reason replace the evening; another club's organiser gets 404; the page's queries are pinned."""

import json

import pytest
from django.core.files.storage import default_storage
from django.urls import reverse

from scoring.exports.archive import event_archive
from scoring.models import Deal
from tests.factories import EventFactory, MembershipFactory, PlayerFactory
from tests.scoring.archive_helpers import make_rich_event, rows, upload
from tournaments.models import Event, EventLogEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def rich(client, export_media):
    event = make_rich_event()
    client.force_login(MembershipFactory(club=event.club).user)
    return event


def _url(event, name="results:restore"):
    return reverse(name, args=[event.club.slug, event.slug])


def _check(client, event, data):
    return client.post(_url(event), {"file": upload(data)}, HTTP_ACCEPT_LANGUAGE="en")


def test_the_page_shows_what_the_event_holds_now(client, rich, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        page = client.get(_url(rich), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200 and "What is replaced" in html and 'type="file"' in html
    assert "restore/confirm/" not in html  # no replacing before a file is checked
    results = client.get(reverse("results:page", args=[rich.club.slug, rich.slug]))
    assert _url(rich) in results.content.decode()


def test_checking_then_confirming_restores_the_event(client, rich):
    data = json.loads(json.dumps(event_archive(event_id=rich.pk)))
    archived = rows(rich)
    Deal.objects.filter(sheet__game__round__event=rich).delete()
    Event.objects.filter(pk=rich.pk).update(name="Falsch")
    checked = _check(client, rich, data)
    html = checked.content.decode()
    assert checked.status_code == 200 and "restore/confirm/" in html
    counts = checked.context["counts"]
    deals = next(row for row in counts if row["label"] == "Deals")
    assert (deals["now"], deals["file"]) == (0, 15)  # 13 + 1 + 1 deals in the rich event
    token = checked.context["restore_form"].initial["token"]
    assert default_storage.exists(f"restores/{rich.pk}/{token}.json")
    confirm = _url(rich, "results:restore_confirm")
    refused = client.post(confirm, {"token": token, "reason": "Backup"}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400 and "This field is required." in refused.content.decode()
    assert Event.objects.get(pk=rich.pk).name == "Falsch"
    done = client.post(confirm, {"token": token, "reason": "Backup 21 Uhr", "confirm": "on"})
    assert done.status_code == 302 and done.url == reverse("results:page", args=[rich.club.slug, rich.slug])
    now = rows(rich)
    assert {k: v for k, v in now.items() if k != "event_log"} == {k: v for k, v in archived.items() if k != "event_log"}
    assert EventLogEntry.objects.get(event=rich, action="event_restored").reason == "Backup 21 Uhr"
    assert not default_storage.exists(f"restores/{rich.pk}/{token}.json")


def test_another_events_archive_is_refused_on_the_check(client, rich):
    other = EventFactory(club=rich.club, slug="abend-dezember")
    data = event_archive(event_id=other.pk)
    answer = _check(client, rich, data)
    assert answer.status_code == 400
    assert "not of this event" in answer.content.decode() and "restore/confirm/" not in answer.content.decode()


def test_a_file_that_is_no_archive_is_refused_on_the_check(client, rich):
    answer = client.post(_url(rich), {"file": upload(b"{not json")}, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 400 and "not valid JSON" in answer.content.decode()


def test_an_unknown_token_asks_for_the_file_again(client, rich):
    answer = client.post(
        _url(rich, "results:restore_confirm"), {"token": "x" * 32, "reason": "r", "confirm": "on"}, follow=True
    )
    assert "choose the archive again" in answer.content.decode()


def test_another_clubs_organiser_gets_404(client, rich):
    data = event_archive(event_id=rich.pk)
    checked = _check(client, rich, data)
    token = checked.context["restore_form"].initial["token"]
    client.force_login(MembershipFactory().user)
    assert client.get(_url(rich)).status_code == 404
    assert client.post(_url(rich), {"file": upload(data)}).status_code == 404
    before = rows(rich)
    answer = client.post(_url(rich, "results:restore_confirm"), {"token": token, "reason": "r", "confirm": "on"})
    assert answer.status_code == 404 and rows(rich) == before


def test_a_second_check_replaces_the_first_file(client, rich):
    data = event_archive(event_id=rich.pk)
    first = _check(client, rich, data).context["restore_form"].initial["token"]
    second = _check(client, rich, data).context["restore_form"].initial["token"]
    assert not default_storage.exists(f"restores/{rich.pk}/{first}.json")
    assert default_storage.exists(f"restores/{rich.pk}/{second}.json")


def test_the_check_says_which_prize_steps_the_restore_would_undo(client, rich):
    """The prize-giving is not in the file: a step of a team the file does not have is undone by the restore,
    and the page says so before anything is replaced."""
    from tournaments.models import Entry, Prize, PrizeAward

    data = json.loads(json.dumps(event_archive(event_id=rich.pk)))
    late = Entry.objects.create(event=rich, number=99, player_1=PlayerFactory(club=rich.club))
    kept = Entry.objects.filter(event=rich).exclude(pk=late.pk).first()
    for step, entry in enumerate((kept, late), start=1):
        PrizeAward.objects.create(
            event=rich,
            step=step,
            entry=entry,
            prize=Prize.objects.create(event=rich, position=step, label=f"Lot {step}"),
        )
    html = _check(client, rich, data).content.decode()
    assert "1 step of the prize-giving will be undone: its team is not in this file." in html
    assert "The desk's payments and the prize-giving are not in the file" in html
    PrizeAward.objects.filter(entry=late).delete()
    assert "will be undone" not in _check(client, rich, data).content.decode()
