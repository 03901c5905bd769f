"""A finished event's organiser pages: entries closed with it, no button to close or reopen them, no entry form."""

import pytest

from tests.tournaments.views.view_helpers import url
from tournaments import services
from tournaments.exceptions import IllegalTransition
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _finish(event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    return services.event_finish(event=event)


def test_finishing_closes_entries_and_they_cannot_be_reopened(event):
    assert event.entries_open
    finished = _finish(event)
    assert Event.objects.get(pk=event.pk).entries_open is False and not finished.takes_entries
    with pytest.raises(IllegalTransition):
        services.event_entries_set_open(event=finished, is_open=True)


def test_a_finished_events_pages_say_entries_closed_and_offer_no_entry_action(organiser_client, event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)  # an event finished before the fix
    detail = organiser_client.get(url("event", event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "entries closed" in detail and "entries open" not in detail
    assert "Close entries" not in detail and "Reopen entries" not in detail
    entries = organiser_client.get(url("entries", event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The event is finished: no more entries." in entries
    assert "Add entry" not in entries and "Reopen entries" not in entries and "Copy pairs" not in entries


def test_finishing_needs_the_tick_on_the_form(organiser_client, event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    page = organiser_client.get(url("event", event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    form = page[page.index("/action/finish/") : page.index("</form>", page.index("/action/finish/"))]
    assert 'name="confirm"' in form and "required" in form
    refused = organiser_client.post(url("event_action", event, action="finish"), follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "Tick the box to confirm that the event is finished." in refused.content.decode()
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    organiser_client.post(url("event_action", event, action="finish"), {"confirm": "yes"})
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED


def test_a_finished_event_with_rounds_left_offers_no_draw_and_says_final(organiser_client, event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)  # finished after 0 of its 4 rounds
    response = organiser_client.get(url("event", event), HTTP_ACCEPT_LANGUAGE="en")
    assert response.context["can_draw_next"] is False
    html = response.content.decode()
    assert "The event is finished: its standings are final." in html
    assert "not drawn" not in html
