"""The phone's deal through its table card is written without a lock (`_create_unlocked`): two posts that
both read the sheet before either writes race in the one guarded statement. Each thread waits, after its
lookup and its checks, until the other has got that far, so both really write on what they read: one is
stored, the other goes the locked way and is answered as before (a version conflict for another deal, a
replay for the same client id), and nothing is stored twice."""

import threading

import pytest
from django.test import Client

from scoring.models import Deal, Sheet, SheetChange
from scoring.sheets.services import deals as deal_services
from tests.concurrency.test_sheet_races import run_at_once
from tests.scoring.sheets.cards_helpers import card_of, evening
from tests.scoring.sheets.test_links import DEAL

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

OTHER = {**DEAL, "taker": "B", "trump": "spades", "tricks_a": "60", "tricks_b": "102"}


@pytest.fixture
def both_read_first(monkeypatch):
    """Hold each unlocked create after its checks until two have got there (then both write)."""
    barrier = threading.Barrier(2, timeout=10)
    original = deal_services.save_if_unchanged

    def meet_then_write(**kwargs):
        barrier.wait()
        return original(**kwargs)

    monkeypatch.setattr(deal_services, "save_if_unchanged", meet_then_write)


def _post_at_once(url, *forms):
    """Each form posted from its own thread (own connection), as `run_at_once` starts them."""

    def post(form):
        def job():
            answer = Client().post(url, form, HTTP_ACCEPT="application/json")
            return answer.status_code, answer.json()

        return job

    return run_at_once(*(post(form) for form in forms))


def _table():
    event, _round, _entries, games = evening(tables=1)
    sheet = Sheet.objects.get(game=games[0])
    return f"/t/{card_of(event, 1, 'A').token}/game/{games[0].pk}/deals/", sheet


def test_two_deals_on_the_same_version_store_one_and_answer_the_other_with_a_conflict(both_read_first):
    url, sheet = _table()
    first, second = {**DEAL, "client_id": "p-1", "version": 0}, {**OTHER, "client_id": "p-2", "version": 0}
    results = _post_at_once(url, first, second)
    assert sorted(status for status, _ in results) == [201, 409], results
    assert Deal.objects.filter(sheet=sheet).count() == 1
    assert SheetChange.objects.filter(sheet=sheet).count() == 1
    assert Sheet.objects.get(pk=sheet.pk).version == 1


def test_a_retry_arriving_at_once_is_stored_once_and_answered_as_a_replay(both_read_first):
    url, sheet = _table()
    form = {**DEAL, "client_id": "same", "version": 0}
    results = _post_at_once(url, form, form)
    assert sorted(status for status, _ in results) == [200, 201], results
    assert Deal.objects.filter(sheet=sheet).count() == 1
    assert SheetChange.objects.filter(sheet=sheet).count() == 1
    assert Sheet.objects.get(pk=sheet.pk).version == 1
