"""Live standings on a phone: a confirmation shows up in the open page without a reload."""

import contextlib

import pytest
from celery.contrib.testing.worker import start_worker
from django.urls import reverse

from config.celery import app
from scoring.models import Sheet
from scoring.sheets.permissions import Actor
from scoring.sheets.services import sheet_confirm
from scoring.standings.store import standings_recompute_now
from tests.factories import UserFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_live_standings_update_without_a_reload(live_server, phone_page):
    event = make_event(status=Event.Status.RUNNING)
    t1, t2, t3, t4 = make_entries(event, 4)
    rnd = make_round(event, 1, status=Round.Status.RELEASED)
    play(rnd, t1, t2, won(900, 700))
    sheet = play(rnd, t3, t4, won(200, 1500), status=Sheet.Status.SUBMITTED).sheet
    standings_recompute_now(event_id=event.pk)
    event = Event.objects.select_related("club").get(pk=event.pk)

    phone_page.goto(live_server.url + reverse("public:standings", args=[event.club.slug, event.slug]))
    first = phone_page.locator("table.standings tbody tr").first
    assert first.get_attribute("data-entry") == "1"
    # Nothing is wider than the phone's screen.
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
    phone_page.evaluate("window.notReloaded = true")

    # With a broker the recompute goes through a real worker; without one, Celery runs it in-process.
    worker = (
        contextlib.nullcontext()
        if app.conf.task_always_eager
        else start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10)
    )
    with worker:
        sheet_confirm(sheet=sheet, version=sheet.version, actor=Actor(user=UserFactory(), organiser=True))
        phone_page.wait_for_function(
            "document.querySelector('table.standings tbody tr').getAttribute('data-entry') === '4'", timeout=20_000
        )
    assert phone_page.evaluate("window.notReloaded") is True
    order = phone_page.locator("table.standings tbody tr").evaluate_all(
        "rows => rows.map(r => r.getAttribute('data-entry'))"
    )
    assert order == ["4", "1", "2", "3"]
    assert phone_page.locator("[data-live-updated]").is_visible()
