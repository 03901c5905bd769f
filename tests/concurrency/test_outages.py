"""Redis down or restarted, on PostgreSQL and a Redis server that each test owns and stops itself.

Deal entry and confirmations keep working and answer at once when the broker is down: what was stored
stays stored, the event stays marked dirty and the failure is logged. Public pages never 500 when their
Redis cache is down. The catch-up sweep queues again what an outage lost."""

import datetime
import json
import logging
from pathlib import Path

import pytest
import redis
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.celery import app
from scoring.models import Deal, Export, Sheet
from scoring.standings.store import standings_recompute_now
from scoring.tasks import sweep_owed
from tests.config.settings_helpers import run_settings
from tests.own_redis import celery_broker, own_redis
from tests.scoring.entry_helpers import HOHELUFT_GAME, organiser_actor, pin_of, released_round, table_of
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, Round, Standing

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis_server(tmp_path):
    with own_redis(tmp_path) as server:
        yield server


def queued(server) -> int:
    return redis.Redis.from_url(server.url()).llen("celery")


def submitted_sheet(membership):
    from scoring.sheets.services import sheet_correct

    _round, games = released_round(tables=1, club=membership.club)
    sheet, link_a, link_b = table_of(games[0])
    sheet = sheet_correct(
        sheet=sheet, deals=HOHELUFT_GAME, version=sheet.version, actor=organiser_actor(membership), reason="set-up"
    )
    Sheet.objects.filter(pk=sheet.pk).update(
        status=Sheet.Status.SUBMITTED, entering_side="A", version=sheet.version + 1
    )
    return Sheet.objects.get(pk=sheet.pk), link_a, link_b


def test_broker_down_entry_and_confirm_succeed_and_the_event_stays_dirty(redis_server, organiser, caplog):
    _round, games = released_round(tables=1, club=organiser.club)
    _sheet, link_a, _ = table_of(games[0])
    sheet, _, link_b = submitted_sheet(organiser)  # another table, submitted
    Event.objects.filter(pk=sheet.game.round.event_id).update(standings_dirty=False)
    with celery_broker(redis_server.url()):
        redis_server.stop()
        client = APIClient()
        caplog.set_level(logging.WARNING, logger="scoring.tasks")
        entry = client.post(
            f"/api/v1/table/{link_a.token}/deals/",
            {"deal": HOHELUFT_GAME[0], "version": 0},
            format="json",
            HTTP_IDEMPOTENCY_KEY="outage-1",
        )
        body = {"version": sheet.version, "pin": pin_of(link_b)}
        confirm = client.post(f"/api/v1/table/{link_b.token}/confirm/", body, format="json")
    assert entry.status_code == 201, entry.content
    assert Deal.objects.filter(sheet__game=games[0], client_id="outage-1").count() == 1
    assert confirm.status_code == 200, confirm.content
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    assert Event.objects.get(pk=sheet.game.round.event_id).standings_dirty
    assert any("Could not queue scoring.standings_recompute" in r.getMessage() for r in caplog.records)


def test_after_a_redis_restart_queueing_works_again_without_a_new_process(redis_server, organiser):
    sheet, _, link_b = submitted_sheet(organiser)
    with celery_broker(redis_server.url()):
        # One message goes out, so the process holds a pooled connection that the restart breaks.
        app.send_task("atout.ping", ignore_result=True)
        assert queued(redis_server) == 1
        redis_server.restart()
        assert queued(redis_server) == 1  # append-only: the restart kept the queued message
        body = {"version": sheet.version, "pin": pin_of(link_b)}
        response = APIClient().post(f"/api/v1/table/{link_b.token}/confirm/", body, format="json")
        assert response.status_code == 200, response.content
        assert queued(redis_server) == 2  # the confirmation's recompute went out on a fresh connection


@pytest.fixture
def redis_cache(redis_server, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.ForgivingRedisCache",
            "LOCATION": redis_server.url(1),
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
    yield caches["default"]


def standings_event():
    event = make_event(status=Event.Status.RUNNING)
    t1, t2, t3, t4 = make_entries(event, 4)
    rnd = make_round(event, 1, status=Round.Status.CLOSED)
    play(rnd, t1, t2, won(900, 700))
    play(rnd, t3, t4, won(200, 1500))
    standings_recompute_now(event_id=event.pk)
    return Event.objects.select_related("club").get(pk=event.pk)


def test_public_standings_render_from_the_database_while_the_redis_cache_is_down(client, redis_server, redis_cache):
    event = standings_event()
    url = reverse("public:standings", args=[event.club.slug, event.slug])
    cached = client.get(url)
    assert cached.status_code == 200
    redis_server.stop()
    for name in ("standings", "standings_table", "entry", "season"):
        args = [event.club.slug, event.slug] + ([1] if name == "entry" else [])
        response = client.get(reverse(f"public:{name}", args=args))
        assert response.status_code in (200, 404), (name, response.status_code)  # season: none here
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.index('data-entry="') and 'data-entry="4"' in html  # 4 won 1500:200: the snapshot is shown
    redis_server.start()
    assert client.get(url).status_code == 200


def test_sweep_queues_the_recompute_of_dirty_events_and_stale_exports(celery_eager, monkeypatch):
    event = standings_event()
    Standing.objects.filter(event=event).delete()
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)  # a confirmation whose message was lost
    clean = standings_event()
    now = timezone.now()
    stale = Export.objects.create(event=event, kind=Export.Kind.CSV, task_id="lost")
    Export.objects.filter(pk=stale.pk).update(created_at=now - datetime.timedelta(minutes=5))
    fresh = Export.objects.create(event=event, kind=Export.Kind.CSV, task_id="queued")
    stuck = Export.objects.create(event=event, kind=Export.Kind.CSV, status=Export.Status.RUNNING, task_id="died")
    Export.objects.filter(pk=stuck.pk).update(created_at=now - datetime.timedelta(hours=1))
    result = sweep_owed()
    assert result == {"events": [event.pk], "exports": [stale.pk, stuck.pk]}
    assert not Event.objects.get(pk=event.pk).standings_dirty
    assert Standing.objects.filter(event=event).count() == 4
    assert Event.objects.get(pk=clean.pk).standings_version == 1
    assert Export.objects.get(pk=stale.pk).status == Export.Status.DONE
    assert Export.objects.get(pk=stuck.pk).status == Export.Status.DONE
    assert Export.objects.get(pk=fresh.pk).status == Export.Status.PENDING
    # A second sweep finds nothing owed.
    assert sweep_owed() == {"events": [], "exports": []}


def test_beat_runs_the_sweep_at_least_every_30_seconds(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["scoring-sweep"]
    assert entry["task"] == "scoring.sweep" and entry["task"] in app.tasks
    assert float(entry["schedule"]) <= 30


def test_a_redis_cache_url_gets_the_forgiving_backend_with_short_timeouts():
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        "print(json.dumps(settings.CACHES['default']))"
    )
    result = run_settings(
        {
            "DATABASE_URL": "postgres://u@127.0.0.1:5432/x",
            "SECRET_KEY": "k" * 50,
            "CACHE_URL": "rediscache://127.0.0.1:6399/1",
        },
        code,
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert loaded["BACKEND"] == "config.cache.ForgivingRedisCache"
    assert loaded["OPTIONS"]["socket_connect_timeout"] <= 1 and loaded["OPTIONS"]["socket_timeout"] <= 1


def test_compose_keeps_the_broker_durable_and_runs_beat():
    import yaml

    compose = yaml.safe_load((Path(__file__).resolve().parents[2] / "docker" / "compose.yaml").read_text())
    redis_command = compose["services"]["redis"]["command"]
    assert "--appendonly yes" in redis_command
    assert any(v.endswith(":/data") for v in compose["services"]["redis"]["volumes"])
    assert "beat" in compose["services"]["beat"]["command"]
