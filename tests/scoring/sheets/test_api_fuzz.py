"""Fuzz the score-entry API from its own OpenAPI schema (schemathesis): no input gives a 500.

Every table-link and organiser sheet operation gets bounded runs of schema-valid (positive) and
schema-breaking (negative) requests, sent through Django's test client against one real sheet. Half of the
bodies carry the sheet's current version, so valid deals reach the rules engine and get stored, and later
requests meet a sheet with deals (and, once it is finished, a submitted or confirmed one).
"""

import json
from itertools import count

import pytest
import schemathesis
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

from scoring.models import Sheet
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = 20  # per operation and generation mode: ~600 requests, well under a minute


def _schema():
    raw = SchemaGenerator().get_schema(request=None, public=True)
    raw = json.loads(json.dumps(raw, default=str))
    raw["paths"] = {p: v for p, v in raw["paths"].items() if p.startswith(("/api/v1/table/", "/api/v1/sheets/"))}
    return schemathesis.openapi.from_dict(raw)


def _send(client: Client, case, sheet: Sheet, use_current: bool):
    body = case.body
    if use_current and isinstance(body, dict) and "version" in body:
        body = {**body, "version": Sheet.objects.get(pk=sheet.pk).version}
    headers = {
        f"HTTP_{k.upper().replace('-', '_')}": str(v)
        for k, v in (case.headers or {}).items()
        if k.lower() not in ("content-type", "content-length")
    }
    path = case.formatted_path
    query = case.query or {}
    method = case.method.lower()
    kwargs = {}
    if isinstance(body, bytes | str):
        kwargs = {"data": body, "content_type": "application/json"}  # raw (often broken) JSON, as sent
    elif _has_body(body):
        kwargs = {"data": json.dumps(body), "content_type": "application/json"}
    if method in ("get", "delete") and query:
        path = path + "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return getattr(client, method)(path, **kwargs, **headers)


def _has_body(body) -> bool:
    return body is not None and type(body).__name__ != "NotSet"


def _fuzz(operation, strategy, client, sheet, statuses, counter):
    """A bounded hypothesis run over one operation's generated requests."""

    @settings(
        max_examples=EXAMPLES, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
    )
    @given(case=strategy, position=st.integers(min_value=0, max_value=14))
    def run(case, position):
        if "position" in (case.path_parameters or {}):
            case.path_parameters["position"] = position
        response = _send(client, case, sheet, use_current=next(counter) % 2 == 0)
        statuses.append(response.status_code)
        assert response.status_code < 500, (operation.method, operation.path, case.body, response.content[:500])

    return run


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_fuzz_the_sheet_api_never_answers_500(mode):
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    organiser = MembershipFactory(club=sheet.game.round.event.club)
    schema = _schema()
    table_client, organiser_client = Client(), Client()
    organiser_client.force_login(organiser.user)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 15  # every sheet operation is in the schema
    statuses: list[int] = []
    counter = count()

    for operation in operations:
        organiser_side = "{sheet_id}" in operation.path
        params = {"sheet_id": sheet.pk} if organiser_side else {"token": link_a.token}
        strategy = operation.as_strategy(generation_mode=mode, path_parameters=params)
        client = organiser_client if organiser_side else table_client

        try:
            _fuzz(operation, strategy, client, sheet, statuses, counter)()
        except Unsatisfiable:
            # Negative mode: an operation with nothing to break (a GET without a body or query) has no case.
            assert mode is GenerationMode.NEGATIVE and operation.method.upper() == "GET"

    assert statuses and max(statuses) < 500
    assert 200 in statuses or 201 in statuses  # the fuzz reached real work, not only refusals
