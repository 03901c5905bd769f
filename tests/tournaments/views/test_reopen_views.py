"""The reopen forms on the round page and the event page: shown only where reopening can succeed (else the
sentence that says what to do first), a reason and a tick required, the page's queries pinned."""

import pytest

from scoring.models import Sheet
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tests.tournaments.views.view_helpers import url
from tournaments.models import Event, EventLogEntry, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(organiser):
    event = make_event(club=organiser.club, status=Event.Status.RUNNING, rounds=2)
    t1, t2 = make_entries(event, 2)
    rnd = make_round(event, 1)
    play(rnd, t1, t2, won(900, 700), status=Sheet.Status.LOCKED)
    return rnd


def _page(client, event, number=1):
    return client.get(url("round", event, number=number), HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_closed_round_page_offers_the_reopen_form_with_reason_and_tick(organiser_client, closed):
    page = _page(organiser_client, closed.event)
    form = page[page.index("/rounds/1/reopen/") : page.index("</form>", page.index("/rounds/1/reopen/"))]
    assert 'name="reason"' in form and 'name="confirm"' in form and form.count("required") >= 2
    assert "Reopen round 1" in form


def test_reopening_through_the_page_needs_the_tick_and_a_reason(organiser_client, closed):
    path = url("round_reopen", closed.event, number=1)
    for data, said in (({"reason": "Tisch 1"}, "Yes, reopen it: "), ({"confirm": "on"}, "reason: ")):
        answer = organiser_client.post(path, data, follow=True, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert said in answer and "This field is required." in answer
    assert Round.objects.get(pk=closed.pk).status == Round.Status.CLOSED
    answer = organiser_client.post(path, {"reason": "Tisch 1", "confirm": "on"}, follow=True).content.decode()
    assert "Round 1 is open again" in answer
    assert Round.objects.get(pk=closed.pk).status == Round.Status.RELEASED
    assert Sheet.objects.get(game__round=closed).status == Sheet.Status.CONFIRMED
    assert EventLogEntry.objects.get(action="round_reopened").reason == "Tisch 1"


def test_a_drawn_next_round_shows_the_sentence_instead_of_the_form(organiser_client, closed):
    make_round(closed.event, 2, status=Round.Status.DRAFT)
    page = _page(organiser_client, closed.event)
    assert "/rounds/1/reopen/" not in page
    assert "discard the draw of round 2 first, then reopen round 1." in page
    # A post all the same (an old page) is refused with the same sentence, and changes nothing.
    answer = organiser_client.post(
        url("round_reopen", closed.event, number=1), {"reason": "x", "confirm": "on"}, follow=True
    ).content.decode()
    assert "discard the draw of round 2 first" in answer
    assert Round.objects.get(pk=closed.pk).status == Round.Status.CLOSED


def test_the_finished_event_page_offers_reopening_and_it_is_no_longer_final(organiser_client, closed):
    event = closed.event
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    page = organiser_client.get(url("event", event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "/reopen/" in page and "its standings are final" in page
    refused = organiser_client.post(url("event_reopen", event), {"reason": "Einspruch"}, follow=True)
    assert "Yes, reopen it: This field is required." in refused.content.decode()
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    done = organiser_client.post(url("event_reopen", event), {"reason": "Einspruch", "confirm": "on"}, follow=True)
    html = done.content.decode()
    assert "no longer final" in html and "its standings are final" not in html
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    # The round page of the last round now offers its reopen form.
    assert "/rounds/1/reopen/" in _page(organiser_client, event)


def test_a_running_event_page_has_no_reopen_form(organiser_client, closed):
    assert "/reopen/" not in organiser_client.get(url("event", closed.event)).content.decode()


def test_the_closed_round_page_runs_a_fixed_number_of_queries(organiser_client, closed, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        assert organiser_client.get(url("round", closed.event, number=1)).status_code == 200
