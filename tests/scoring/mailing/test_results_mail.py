"""The results mail: one mail per member who opted in and played, with their own result and the standings
link; none to the others; the unsubscribe link (signed, one click, no login) records it; a changed token
answers a sentence; the organiser's start and status views are the club's own."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from scoring.mailing.send import results_mail_execute
from scoring.mailing.tokens import unsubscribe_token
from scoring.queueing import MailingError, results_mail_request
from scoring.standings.store import standings_recompute_now
from tests.factories import EventFactory, MembershipFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, EventLogEntry, ResultsMailing

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """A finished evening of four pairs: 1 beat 2 (900:700), 4 beat 3 (1500:200). Player 1 of pairs 1 and 3
    asked for the mail; pair 2's first player asked but has no email; everyone else did not ask."""
    event = make_event(status=Event.Status.FINISHED, name="Clubabend November")
    t1, t2, t3, t4 = make_entries(event, 4)
    rnd = make_round(event, 1)
    play(rnd, t1, t2, won(900, 700))
    play(rnd, t3, t4, won(200, 1500))
    standings_recompute_now(event_id=event.pk)
    for entry, email in ((t1, "anke@example.org"), (t3, "pierre@example.org"), (t2, "")):
        entry.player_1.results_mail = True
        entry.player_1.email = email
        entry.player_1.save()
    t4.player_1.email = "no-thanks@example.org"
    t4.player_1.save()
    return event, (t1, t2, t3, t4)


def _send(event):
    mailing = results_mail_request(event=event, base_url="https://atout.example")
    return results_mail_execute(mailing_id=mailing.pk), mailing


def test_each_member_who_asked_gets_one_mail_with_their_own_result(evening, django_capture_on_commit_callbacks):
    event, (t1, _t2, t3, _t4) = evening
    with django_capture_on_commit_callbacks(execute=False):
        result, mailing = _send(event)
    assert result["status"] == "done" and result["sent"] == 2 and result["total"] == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["anke@example.org", "pierre@example.org"]
    by_address = {m.to[0]: m for m in mail.outbox}
    anke, pierre = by_address["anke@example.org"].body, by_address["pierre@example.org"].body
    standings = "https://atout.example" + reverse("public:standings", args=[event.club.slug, event.slug])
    assert standings in anke and standings in pierre
    # Pair 1 is second (2 MP, 900), pair 3 is fourth (0 MP, 200), each of four.
    assert "Your result: place 2 of 4" in anke and "2 match points, 900 points" in anke
    assert "Your result: place 4 of 4" in pierre and "0 match points, 200 points" in pierre
    assert by_address["anke@example.org"].subject == "Results of Clubabend November"
    assert "List-Unsubscribe" in by_address["anke@example.org"].extra_headers
    mailing.refresh_from_db()
    assert mailing.status == "done" and mailing.progress == 100
    assert sorted(mailing.sent_to) == sorted([t1.player_1_id, t3.player_1_id])
    assert EventLogEntry.objects.filter(event=event, action="results_mailed").count() == 1


def test_a_second_run_of_the_same_mailing_mails_nobody_twice(evening):
    event, _teams = evening
    _result, mailing = _send(event)
    ResultsMailing.objects.filter(pk=mailing.pk).update(status=ResultsMailing.Status.RUNNING)
    again = results_mail_execute(mailing_id=mailing.pk)
    assert again["sent"] == 2 and len(mail.outbox) == 2


def test_the_unsubscribe_link_stops_the_mail_in_one_click_without_login(client, evening):
    event, (t1, _t2, _t3, _t4) = evening
    _send(event)
    body = next(m.body for m in mail.outbox if m.to == ["anke@example.org"])
    link = re.search(r"https://atout\.example(/u/\S+/)", body).group(1)
    page = client.get(link)
    assert page.status_code == 200 and "Stop the results mail" in page.content.decode()
    t1.player_1.refresh_from_db()
    assert t1.player_1.results_mail  # a link scanner's GET changes nothing
    done = client.post(link)
    assert done.status_code == 200 and "no longer receive" in done.content.decode()
    t1.player_1.refresh_from_db()
    assert not t1.player_1.results_mail and t1.player_1.results_mail_stopped_at is not None
    # Unsubscribed: the next mailing leaves Anke out.
    mail.outbox.clear()
    _send(event)
    assert [m.to[0] for m in mail.outbox] == ["pierre@example.org"]


def test_a_changed_unsubscribe_token_answers_a_sentence_and_changes_nothing(client, evening):
    _event, (t1, _t2, _t3, _t4) = evening
    token = unsubscribe_token(t1.player_1_id)
    tampered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    for method in (client.get, client.post):
        response = method(reverse("public:unsubscribe", args=[tampered]))
        assert response.status_code == 400
        assert "This unsubscribe link is not valid" in response.content.decode()
    t1.player_1.refresh_from_db()
    assert t1.player_1.results_mail


def test_the_mail_waits_for_the_end_of_the_event_and_one_sending_at_a_time(evening):
    event, _teams = evening
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    with pytest.raises(MailingError, match="once the event is finished"):
        results_mail_request(event=event)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    ResultsMailing.objects.create(event=event)
    with pytest.raises(MailingError, match="being sent"):
        results_mail_request(event=event)


def test_the_organiser_starts_it_from_the_event_page_and_polls_its_progress(
    client, evening, celery_eager, django_capture_on_commit_callbacks
):
    event, _teams = evening
    organiser = MembershipFactory(club=event.club)
    client.force_login(organiser.user)
    page = reverse("tournaments:event", args=[event.club.slug, event.slug])
    html = client.get(page).content.decode()
    assert "2 players of this event asked for the results by mail." in html
    start = reverse("results:mail_start", args=[event.club.slug, event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(start, HTTP_ACCEPT="application/json")
    assert response.status_code == 202 and len(mail.outbox) == 2
    status = client.get(response.json()["status_url"]).json()
    assert status["status"] == "done" and status["progress"] == 100 and status["sent"] == 2
    assert "2 of 2 mails" in client.get(page).content.decode()


def test_another_clubs_organiser_cannot_start_or_watch_the_mail(organiser_client, organiser, evening):
    event, _teams = evening
    mailing = ResultsMailing.objects.create(event=event)
    start = reverse("results:mail_start", args=[event.club.slug, event.slug])
    status = reverse("results:mail_status", args=[event.club.slug, event.slug, mailing.pk])
    assert organiser_client.post(start).status_code == 404
    assert organiser_client.get(status).status_code == 404
    # Nor another event's mailing through their own event's address.
    own = EventFactory(club=organiser.club)
    foreign = reverse("results:mail_status", args=[own.club.slug, own.slug, mailing.pk])
    assert organiser_client.get(foreign).status_code == 404
    assert ResultsMailing.objects.count() == 1 and not mail.outbox


def test_a_member_who_asks_for_the_mail_needs_an_email(organiser_client, organiser):
    url = reverse("tournaments:members", args=[organiser.club.slug])
    response = organiser_client.post(url, {"first_name": "Ute", "last_name": "Vogt", "email": "", "results_mail": "on"})
    assert response.status_code == 200
    assert "The results mail needs an email address" in response.content.decode()
    assert not organiser.club.players.exists()
