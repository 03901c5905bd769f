"""The event's history: each director's step is one row, read as a sentence on its page, kept in the archive."""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, MembershipFactory
from tournaments.labels import EVENT_LOG_ACTIONS, event_log_text
from tournaments.models import EventLogEntry
from tournaments.services.history import event_log_add

pytestmark = pytest.mark.django_db


def _url(event):
    return reverse("tournaments:event_history", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})


def test_a_step_reads_as_a_sentence_on_the_history_page_newest_first(organiser_client, organiser):
    event = EventFactory(club=organiser.club)
    entry = EntryFactory(event=event)
    event_log_add(
        event=event,
        action="late_entry",
        user=organiser.user,
        entry=entry,
        round_number=2,
        reason="Bus verspätet",
        number=entry.number,
    )
    event_log_add(event=event, action="round_reopened", user=organiser.user, round_number=1, reason="Tisch 3", round=1)
    page = organiser_client.get(_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Pair {entry.number} entered late." in page and "Bus verspätet" in page
    assert page.index("Round 1 reopened.") < page.index(f"Pair {entry.number} entered late.")
    assert organiser.user.get_username() in page
    assert "late_entry" not in page and "round_reopened" not in page


def test_the_page_is_the_clubs_own(client):
    event = EventFactory()
    client.force_login(MembershipFactory().user)
    assert client.get(_url(event)).status_code == 404
    client.logout()
    assert client.get(_url(event)).status_code == 302


def test_an_unknown_step_is_refused_and_stores_nothing():
    event = EventFactory()
    with pytest.raises(ValueError, match="EVENT_LOG_ACTIONS"):
        event_log_add(event=event, action="teleported")
    assert not EventLogEntry.objects.exists()


def test_every_step_reads_without_its_details_and_in_german():
    from django.utils import translation

    with translation.override("de"):
        for action in EVENT_LOG_ACTIONS:
            text = event_log_text(action, {})
            assert text and "%(" not in text and action not in text
    assert event_log_text("no_longer_known", {}) == "Step of an earlier version."
