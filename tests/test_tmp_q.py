import pytest
from tests.scoring.sheets.test_links import evening, card_of, DEAL

@pytest.mark.django_db
def test_show(client):
    from django.test.utils import CaptureQueriesContext
    from django.db import connection
    event, _round, _entries, games = evening(tables=1)
    card = card_of(event, 1, "A")
    url = f"/t/{card.token}/game/{games[0].pk}/deals/"
    client.post(url, {**DEAL, "version": 0}, HTTP_ACCEPT="application/json")
    with CaptureQueriesContext(connection) as c:
        answer = client.post(url, {**DEAL, "client_id": "c-2", "version": 1}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 201
    for q in c.captured_queries:
        print("----", q["time"]); print(q["sql"][:1500])
