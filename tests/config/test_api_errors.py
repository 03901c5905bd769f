"""The API's one error contract (config/exceptions.py): every 4xx answer of every API is
{code, detail, errors: [{field, code, message}]}, serializer 400s with dotted field paths, in the user's language."""

from types import SimpleNamespace

import pytest
from django.urls import reverse
from rest_framework.exceptions import ErrorDetail
from rest_framework.test import APIClient

from config.exceptions import flatten_errors
from tests.factories import EventFactory
from tests.scoring.entry_helpers import released_round, table_of

MADE = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


def assert_one_shape(body: dict) -> None:
    assert isinstance(body.get("code"), str) and body["code"], body
    assert isinstance(body.get("detail"), str) and body["detail"], body
    assert isinstance(body.get("errors"), list), body
    for error in body["errors"]:
        assert {"field", "code", "message"} <= set(error), body
        assert error["field"] is None or isinstance(error["field"], str)
        assert isinstance(error["code"], str) and error["code"] and isinstance(error["message"], str)


def test_nested_serializer_errors_flatten_to_dotted_paths_with_drf_codes():
    detail = {
        "deal": {
            "tricks": {"A": [ErrorDetail("Ensure this value is greater than or equal to 0.", code="min_value")]},
            "declarations": {
                "A": [{}, {"type": [ErrorDetail('"sixte" is not a valid choice.', code="invalid_choice")]}],
            },
            "non_field_errors": [ErrorDetail("Both teams cannot take.", code="invalid")],
        },
        "version": [ErrorDetail("This field is required.", code="required")],
        "non_field_errors": [ErrorDetail("Empty body.", code="empty")],
    }
    assert flatten_errors(detail) == [
        {"field": "deal.tricks.A", "code": "min_value", "message": "Ensure this value is greater than or equal to 0."},
        {"field": "deal.declarations.A.1.type", "code": "invalid_choice", "message": '"sixte" is not a valid choice.'},
        {"field": "deal", "code": "invalid", "message": "Both teams cannot take."},
        {"field": "version", "code": "required", "message": "This field is required."},
        {"field": None, "code": "empty", "message": "Empty body."},
    ]
    assert flatten_errors([ErrorDetail("Not a list.", code="not_a_list")]) == [
        {"field": None, "code": "not_a_list", "message": "Not a list."}
    ]


@pytest.mark.django_db
def test_a_serializer_400_of_the_sheet_api_names_the_path_and_the_rule():
    _round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    deal = {**MADE, "tricks": {"A": -10, "B": 70}}
    response = APIClient().post(
        f"/api/v1/table/{link_a.token}/deals/",
        {"deal": deal, "version": 0},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-1",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    body = response.json()
    assert_one_shape(body)
    assert body["code"] == "invalid"
    [error] = [e for e in body["errors"] if e["field"] == "deal.tricks.A"]
    assert error["code"] == "min_value" and "0" in error["message"]
    assert body["detail"].startswith("deal.tricks.A: ")


@pytest.mark.django_db
def test_the_summary_is_translated_with_the_french_space_before_the_colon():
    _round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    response = APIClient().post(
        f"/api/v1/table/{link_a.token}/deals/",
        {"version": 0},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k-1",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    body = response.json()
    assert_one_shape(body)
    assert body["errors"][0] == {"field": "deal", "code": "required", "message": "Ce champ est obligatoire."}
    assert body["detail"] == "deal\u00a0: Ce champ est obligatoire."


@pytest.mark.django_db
def test_a_service_refusal_and_a_serializer_400_of_the_organiser_api_share_the_shape(organiser):
    api = APIClient()
    api.force_authenticate(organiser.user)
    event = EventFactory(club=organiser.club)
    refused = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", {}, format="json")
    assert refused.status_code == 400
    assert_one_shape(refused.json())
    assert refused.json()["code"] == "too_few_entrants"
    bad = api.post(f"/api/v1/events/{event.pk}/rounds/draw/", {"seed": "abc"}, format="json")
    assert bad.status_code == 400
    assert_one_shape(bad.json())
    assert [(e["field"], e["code"]) for e in bad.json()["errors"]] == [("seed", "invalid")]


@pytest.mark.django_db
def test_permission_lookup_and_protocol_answers_share_the_shape(client, organiser):
    other_event = EventFactory()
    api = APIClient()
    assert_one_shape(api.get("/api/v1/clubs/").json())  # not logged in
    assert api.get("/api/v1/clubs/").status_code == 403
    response = api.get("/api/v1/sheets/1/")
    assert response.status_code == 403 and response.json()["code"] == "not_authenticated"
    api.force_authenticate(organiser.user)
    response = api.get(f"/api/v1/events/{other_event.pk}/")  # another club's event: a 404, not a 403
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert_one_shape(response.json())
    response = api.get("/api/v1/table/not-a-token/")
    assert response.status_code == 404
    assert_one_shape(response.json())
    response = api.delete(f"/api/v1/events/{other_event.pk}/rounds/draw/")
    assert response.status_code in (404, 405)
    assert_one_shape(response.json())
    response = api.post(f"/api/v1/events/{other_event.pk}/rounds/draw/", "{not json", content_type="application/json")
    assert response.status_code in (400, 404)
    assert_one_shape(response.json())


@pytest.mark.django_db
def test_a_closed_rounds_table_link_is_a_403_in_the_shape():
    round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    round.status = round.Status.CLOSED
    round.save(update_fields=["status"])
    response = APIClient().get(f"/api/v1/table/{link_a.token}/")
    assert response.status_code == 403
    assert_one_shape(response.json())
    assert response.json()["code"] == "round_closed"


def test_the_rules_engine_refusal_carries_the_shape_too(client):
    response = client.post(
        reverse("rules-score"),
        {"rules": "hoheluft", "deals": [{"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}}]},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    body = response.json()
    assert_one_shape(body)
    assert body["code"] == "game_invalid" and body["valid"] is False and "162" in body["detail"]
    response = client.post(reverse("rules-score"), "{not json", content_type="application/json")
    assert_one_shape(response.json())
    assert response.json()["code"] == "invalid_json"


@pytest.mark.django_db
def test_permission_classes_only_answer_yes_or_no(rf, organiser, django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser

    from scoring.sheets.api_parts import RoundOrganiserAccess, SheetOrganiserAccess, TableLinkAccess
    from tournaments.permissions import IsClubOrganiser

    kwargs = {"token": "no-such-token", "sheet_id": 10**6, "round_id": 10**6, "event_id": 10**6}
    for user, expected in ((organiser.user, [True, True, True, True]), (AnonymousUser(), [True, False, False, False])):
        request = rf.get("/")
        request.user = user
        view = SimpleNamespace(kwargs=dict(kwargs))
        with django_assert_num_queries(0):  # no lookup: the views do that in initial()
            answers = [
                cls().has_permission(request, view)
                for cls in (TableLinkAccess, SheetOrganiserAccess, RoundOrganiserAccess)
            ]
        answers.append(IsClubOrganiser().has_permission(request, view))
        assert answers == expected
        assert vars(view) == {"kwargs": kwargs}  # nothing set on the view
