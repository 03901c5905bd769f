"""API throttles: an anonymous address, a table token and a signed-in user each have their own budget; a
429 answers in the error contract with Retry-After, and one caller's flood leaves the others their budget."""

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db

RATES = {"anon": "3/min", "user": "4/min", "table_token": "5/min", "rules_score": "2/min"}
SCORE = "/api/v1/rules/score/"


@pytest.fixture
def table():
    from tests.scoring.entry_helpers import released_round, table_of

    _round, games = released_round(tables=2)
    return table_of(games[0])


GAME = {"rules": "hoheluft", "deals": [{"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}]}


def _post_score(api, address="203.0.113.5"):
    return api.post(SCORE, GAME, format="json", REMOTE_ADDR=address)


@override_settings(ATOUT_THROTTLE_RATES=RATES)
def test_the_rules_scorer_has_its_own_budget_per_address_and_says_when_to_retry():
    api = APIClient()
    assert [_post_score(api).status_code for _ in range(2)] == [200, 200]
    refused = _post_score(api)
    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "throttled" and body["errors"] == []
    assert int(refused["Retry-After"]) > 0 and "seconds" in body["detail"]
    # Another address still has its budget: a loop on one machine does not lock out the room.
    assert _post_score(api, address="203.0.113.6").status_code == 200


@override_settings(ATOUT_THROTTLE_RATES=RATES)
def test_a_table_token_counts_on_its_own_not_against_the_rooms_address(table):
    _sheet, link_a, link_b = table
    api = APIClient()
    answers = [api.get(f"/api/v1/table/{link_a.token}/", REMOTE_ADDR="198.51.100.1").status_code for _ in range(6)]
    # Five reads of the same token pass (more than the anonymous budget of 3), the sixth is refused...
    assert answers == [200] * 5 + [429]
    # ...and the other side's phone, on the same club Wi-Fi address, reads on.
    assert api.get(f"/api/v1/table/{link_b.token}/", REMOTE_ADDR="198.51.100.1").status_code == 200


@override_settings(ATOUT_THROTTLE_RATES=RATES)
def test_a_signed_in_user_counts_per_account():
    organiser = MembershipFactory()
    api = APIClient()
    api.force_authenticate(organiser.user)
    answers = [api.get("/api/v1/clubs/").status_code for _ in range(5)]
    assert answers == [200] * 4 + [429]
    other = APIClient()
    other.force_authenticate(MembershipFactory().user)
    assert other.get("/api/v1/clubs/").status_code == 200


@override_settings(ATOUT_THROTTLE_RATES={**RATES, "rules_score": None})
def test_an_empty_rate_turns_that_throttle_off():
    api = APIClient()
    assert {_post_score(api).status_code for _ in range(5)} == {200}


def test_the_installation_has_a_budget_for_every_scope():
    from django.conf import settings

    assert set(settings.ATOUT_THROTTLE_RATES) == {"anon", "user", "table_token", "rules_score"}
    assert all(rate for rate in settings.ATOUT_THROTTLE_RATES.values())
