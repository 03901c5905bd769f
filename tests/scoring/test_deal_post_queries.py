"""A deal POST through a table link costs at most six queries, whatever the number of deals before it
(issue 13), and the shortcuts behind that (the sheet lock alone, the cached sides, the idempotency check
folded into the lock) keep every answer as it was."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring.models import Deal, SheetChange
from tests.scoring.entry_helpers import HOHELUFT_GAME, released_round, table_of

# Real transactions: a test-wrapping transaction would turn each write's atomic block into a savepoint,
# two more statements than a request pays.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.needs_postgres]


@pytest.fixture
def api():
    cache.clear()
    return APIClient()


def post(api, link, deal, version, key):
    return api.post(f"/api/v1/table/{link.token}/deals/", {"deal": deal, "version": version}, format="json",
                    HTTP_IDEMPOTENCY_KEY=key)


def test_a_deal_post_takes_at_most_six_queries_whatever_the_deals_before(api, django_assert_max_num_queries):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    first = post(api, link_a, HOHELUFT_GAME[0], 0, "q-0")  # the first one also fills the sides cache
    assert first.status_code == 201
    for n, deal in enumerate(HOHELUFT_GAME[1:11], start=1):
        with django_assert_max_num_queries(6):
            response = post(api, link_a, deal, n, f"q-{n}")
        assert response.status_code == 201, response.json()
    assert Deal.objects.filter(sheet=sheet).count() == 11
    assert SheetChange.objects.filter(sheet=sheet, action="deal_create").count() == 11


def test_the_lock_takes_the_sheet_row_alone(api):
    _round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    post(api, link_a, HOHELUFT_GAME[0], 0, "l-0")
    with CaptureQueriesContext(connection) as queries:
        assert post(api, link_a, HOHELUFT_GAME[1], 1, "l-1").status_code == 201
    locks = [q["sql"] for q in queries if "FOR UPDATE" in q["sql"] or "FOR NO KEY UPDATE" in q["sql"]]
    assert len(locks) == 1
    assert "JOIN" not in locks[0].upper()
