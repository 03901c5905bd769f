"""Two phones write the same sheet at the same moment, on PostgreSQL, each thread with its own connection.

The first writer is slowed down inside its transaction (while it holds the sheet's row lock), so the second
really arrives while the first is in the middle of its write: it waits for the lock, then sees the new
version and gets a 409 with the current sheet. Nothing is lost: the loser retries with that version.
"""

import threading
import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

from scoring.models import Deal, Sheet, SheetChange
from scoring.sheets import services
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

FIRST = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
SECOND = {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 60, "B": 102}}


@pytest.fixture
def slow_first_writer(monkeypatch):
    """Once armed, hold the first write inside its locked transaction for a moment; later writes run at
    full speed. Returns (arm, calls)."""
    original = services.write.sheet_score
    calls = []
    lock = threading.Lock()

    def slow(*, event, deals):
        with lock:
            calls.append(threading.get_ident())
            first = len(calls) == 1
        if first:
            time.sleep(0.5)
        return original(event=event, deals=deals)

    def arm():
        monkeypatch.setattr(services.write, "sheet_score", slow)

    return arm, calls


def run_at_once(*jobs):
    """Run each job in its own thread (own DB connection), started together; returns their results."""
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(index, job):
        try:
            barrier.wait()
            if index:
                time.sleep(0.1)  # usually the second arrives while the first holds the lock
            results[index] = job()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def post_deal(token, deal, version, key):
    def job():
        response = APIClient().post(
            f"/api/v1/table/{token}/deals/", {"deal": deal, "version": version}, format="json", HTTP_IDEMPOTENCY_KEY=key
        )
        return response.status_code, response.json()

    return job


def test_two_clients_at_once_one_gets_409_and_nothing_is_lost(slow_first_writer):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    slow_first_writer[0]()
    results = run_at_once(post_deal(link_a.token, FIRST, 0, "phone-1"), post_deal(link_a.token, SECOND, 0, "phone-2"))
    assert sorted(status for status, _ in results) == [201, 409], results
    (_, won), (_, lost) = sorted(results, key=lambda r: r[0])
    winner, loser = (FIRST, SECOND) if won["deal"]["data"] == FIRST else (SECOND, FIRST)
    assert lost["code"] == "version_conflict"
    assert lost["sheet"]["version"] == 1
    assert [d["data"] for d in lost["sheet"]["deals"]] == [winner]
    # The loser still has its deal: it sends it again on the version it was given.
    retry = post_deal(link_a.token, loser, lost["version"], "phone-2" if loser is SECOND else "phone-1")()
    assert retry[0] == 201
    assert [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")] == [winner, loser]
    assert Sheet.objects.get(pk=sheet.pk).version == 2
    assert SheetChange.objects.filter(sheet=sheet).count() == 2


def test_a_retried_create_arriving_at_once_stores_one_deal(slow_first_writer):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    slow_first_writer[0]()
    first, second = run_at_once(
        post_deal(link_a.token, FIRST, 0, "same-key"), post_deal(link_a.token, FIRST, 0, "same-key")
    )
    assert sorted([first[0], second[0]]) == [200, 201]
    replay = first if first[0] == 200 else second
    assert replay[1]["replayed"] is True and replay[1]["deal"]["position"] == 0
    assert Deal.objects.filter(sheet=sheet).count() == 1
    assert SheetChange.objects.filter(sheet=sheet).count() == 1
    assert Sheet.objects.get(pk=sheet.pk).version == 1


def test_services_serialise_on_the_sheet_lock(slow_first_writer):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    from scoring.exceptions import SheetConflict
    from tests.scoring.entry_helpers import link_actor

    def write(deal, key):
        def job():
            try:
                services.deal_create(
                    sheet=Sheet.objects.get(pk=sheet.pk), data=deal, version=0, client_id=key, actor=link_actor(link_a)
                )
            except SheetConflict as exc:
                return "conflict", exc.sheet.version
            return "stored", None

        return job

    arm, calls = slow_first_writer
    arm()
    results = run_at_once(write(FIRST, "s-1"), write(SECOND, "s-2"))
    assert sorted(results) == [("conflict", 1), ("stored", None)]
    assert len(calls) == 1  # the loser never reached validation: refused on the version
