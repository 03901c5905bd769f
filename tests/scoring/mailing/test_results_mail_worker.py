"""The results mail through a real Celery worker (Redis, PostgreSQL): queued after commit, sent by the
worker, its progress on the row the event page polls."""

import pytest
from celery.contrib.testing.worker import start_worker
from django.core import mail

from config.celery import app
from scoring.queueing import results_mail_request
from scoring.standings.store import standings_recompute_now
from tests.scoring.live_helpers import wait_for
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, ResultsMailing

pytestmark = [pytest.mark.needs_redis, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_the_worker_sends_one_mail_per_member_who_asked():
    assert not app.conf.task_always_eager
    app.control.purge()
    event = make_event(status=Event.Status.FINISHED)
    teams = make_entries(event, 4)
    rnd = make_round(event, 1)
    play(rnd, teams[0], teams[1], won(900, 700))
    play(rnd, teams[2], teams[3], won(200, 1500))
    standings_recompute_now(event_id=event.pk)
    for n, entry in enumerate(teams[:3]):
        entry.player_1.results_mail = True
        entry.player_1.email = f"member{n}@example.org"
        entry.player_1.save()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        mailing = results_mail_request(event=event, base_url="https://atout.example")
        wait_for(lambda: ResultsMailing.objects.get(pk=mailing.pk).status == ResultsMailing.Status.DONE)
    mailing.refresh_from_db()
    assert mailing.sent == mailing.total == 3 and mailing.progress == 100
    assert sorted(m.to[0] for m in mail.outbox) == [f"member{n}@example.org" for n in range(3)]
