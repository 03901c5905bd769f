"""A deal POST through a table link costs at most six queries (five once the teams are cached; BEGIN and
COMMIT counted), whatever the number of deals before it
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
    return api.post(
        f"/api/v1/table/{link.token}/deals/",
        {"deal": deal, "version": version},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def test_a_deal_post_takes_at_most_six_queries_whatever_the_deals_before(api, django_assert_max_num_queries):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    with django_assert_max_num_queries(6):  # the first one also loads the teams into the cache
        first = post(api, link_a, HOHELUFT_GAME[0], 0, "q-0")
    assert first.status_code == 201
    for n, deal in enumerate(HOHELUFT_GAME[1:11], start=1):
        with django_assert_max_num_queries(5):
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


def test_the_one_statement_write_stores_what_save_stored(api):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    response = post(api, link_a, HOHELUFT_GAME[0], 0, "w-0")
    assert response.status_code == 201
    body = response.json()
    deal = Deal.objects.get(sheet=sheet)
    assert (deal.position, deal.data, deal.client_id) == (0, HOHELUFT_GAME[0], "w-0")
    assert deal.created_at is not None and deal.updated_at is not None
    change = SheetChange.objects.get(sheet=sheet)
    assert (change.action, change.deal_position, change.after, change.client_id, change.version) == (
        "deal_create",
        0,
        HOHELUFT_GAME[0],
        "w-0",
        1,
    )
    assert change.link_id == link_a.pk and change.ip_address == "127.0.0.1" and change.user_id is None
    sheet.refresh_from_db()
    assert (sheet.version, sheet.deal_count, sheet.entering_side) == (1, 1, "A")
    assert (sheet.total_a, sheet.total_b) == (92, 70) == (body["sheet"]["totals"]["A"], body["sheet"]["totals"]["B"])
    assert sheet.result["deals"][0]["score"] == {"A": 92, "B": 70}


def test_a_key_whose_deal_was_deleted_is_still_a_replay(api):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    assert post(api, link_a, HOHELUFT_GAME[0], 0, "d-0").status_code == 201
    deleted = api.delete(f"/api/v1/table/{link_a.token}/deals/0/", {"version": 1}, format="json")
    assert deleted.status_code == 200
    again = post(api, link_a, HOHELUFT_GAME[0], 0, "d-0")  # stale version too: the replay answers first
    assert again.status_code == 200 and again.json()["replayed"] is True and again.json()["deal"] is None
    assert not Deal.objects.filter(sheet=sheet).exists()


def test_a_renamed_player_shows_in_the_next_answer(api):
    _round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    first = post(api, link_a, HOHELUFT_GAME[0], 0, "n-0")
    assert first.status_code == 201
    player = games[0].entry_a.player_1
    assert str(player) in first.json()["sheet"]["game"]["sides"]["A"]["name"]
    player.first_name = "Renamed"
    player.save()
    second = post(api, link_a, HOHELUFT_GAME[1], 1, "n-1")
    assert second.status_code == 201
    assert "Renamed" in second.json()["sheet"]["game"]["sides"]["A"]["name"]


def test_side_labels_follow_the_callers_language_with_a_warm_cache(api):
    _round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    assert (
        post(
            api,
            link_a,
            HOHELUFT_GAME[0],
            0,
            "g-0",
        ).status_code
        == 201
    )
    german = api.post(
        f"/api/v1/table/{link_a.token}/deals/",
        {"deal": HOHELUFT_GAME[1], "version": 1},
        format="json",
        HTTP_IDEMPOTENCY_KEY="g-1",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    english = api.post(
        f"/api/v1/table/{link_a.token}/deals/",
        {"deal": HOHELUFT_GAME[2], "version": 2},
        format="json",
        HTTP_IDEMPOTENCY_KEY="g-2",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert german.json()["sheet"]["game"]["sides"]["A"]["label"] == "Nord/Süd"
    assert english.json()["sheet"]["game"]["sides"]["A"]["label"] == "North/South"
