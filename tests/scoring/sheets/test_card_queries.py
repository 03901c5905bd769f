"""How many statements the phone's requests through a table card take (PostgreSQL: the written-out lookup of
scoring/sheets/card_lookup.py and the one-statement write of scoring/sheets/deal_write.py)."""

import pytest

from tests.scoring.sheets.cards_helpers import card_of, evening
from tests.scoring.sheets.test_links import DEAL

pytestmark = pytest.mark.django_db


@pytest.mark.needs_postgres  # the query count of the one-statement write (sheets/deal_write.py)
def test_the_phones_deal_post_through_a_card_reads_the_deals_once(client, django_assert_max_num_queries):
    """The path the phones take (a form post with Accept: JSON, through the table card): the live part is
    rendered from the deals the write returns, not read again."""
    event, _round, _entries, games = evening(tables=1)
    card = card_of(event, 1, "A")
    url = f"/t/{card.token}/game/{games[0].pk}/deals/"
    client.post(url, {**DEAL, "version": 0}, HTTP_ACCEPT="application/json")  # the first one warms the caches
    with django_assert_max_num_queries(PHONE_DEAL_QUERIES) as captured:
        answer = client.post(url, {**DEAL, "client_id": "c-2", "version": 1}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["version"] == 2
    deal_reads = [q["sql"] for q in captured.captured_queries if 'FROM "scoring_deal"' in q["sql"]]
    assert deal_reads == [], deal_reads


@pytest.mark.needs_postgres
def test_a_check_as_you_type_through_a_card_is_one_statement(client, django_assert_max_num_queries):
    """The request the page sends after each finished field: the card, its game, link and sheet in one
    statement (sheets/card_lookup.py `card_game_access`), the sheet's deals with them; nothing is written."""
    event, _round, _entries, games = evening(tables=1)
    card = card_of(event, 1, "A")
    base = f"/t/{card.token}/game/{games[0].pk}/"
    client.post(f"{base}deals/", {**DEAL, "version": 0}, HTTP_ACCEPT="application/json")
    with django_assert_max_num_queries(1):
        answer = client.post(f"{base}check/", {**DEAL, "version": 1}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 200 and answer.json()["valid"] is True, answer.content
    assert answer.json()["preview"]["totals"] == {"A": 184, "B": 140}


# The lookup (with the deals) and the one-statement write; 5 with the locked write, 9 while the live part
# read the deals again.
PHONE_DEAL_QUERIES = 2
