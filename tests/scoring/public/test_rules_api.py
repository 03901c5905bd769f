"""The public rules API: presets, scoring a game (200 / 400 with the errors), schema and language."""

import json

import pytest
from django.urls import reverse

from scoring.rules import list_presets

GOOD = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}, "belote": ["A"]}
BAD_SUM = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}}


def post(client, body, **headers):
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(reverse("rules-score"), data=data, content_type="application/json", **headers)


def test_presets_list(client):
    response = client.get(reverse("rules-list"))
    assert response.status_code == 200
    assert response.json() == list_presets()
    names = [p["name"] for p in response.json()]
    assert names == ["hoheluft", "dertele", "classic", "coinche", "belot"]
    assert response.json()[3]["settings"]["values"]["no_trump"]["A"] == 19


def test_score_a_valid_game(client):
    response = post(client, {"rules": "hoheluft", "options": {"deals": 2}, "deals": [GOOD, GOOD]})
    assert response.status_code == 200
    assert response.json() == {
        "valid": True,
        "deals": [
            {"outcome": "made", "score": {"A": 112, "B": 70}, "held": 0, "collected": None, "errors": []},
            {"outcome": "made", "score": {"A": 112, "B": 70}, "held": 0, "collected": None, "errors": []},
        ],
        "totals": {"A": 224, "B": 140},
        "held": 0,
        "finished": True,
        "winner": "A",
        "errors": [],
    }


def test_invalid_game_is_a_400_naming_the_field(client):
    response = post(client, {"rules": "hoheluft", "deals": [GOOD, BAD_SUM]}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    body = response.json()
    assert body["valid"] is False
    assert body["errors"] == [
        {
            "deal": 1,
            "field": "tricks",
            "code": "sum_mismatch",
            "message": "Deal 2: Trick points must add up to 162; got 92 + 72 = 164.",
        }
    ]
    assert body["totals"] == {"A": 112, "B": 70}
    assert len(body["deals"]) == 2 and body["deals"][1]["score"] is None


def test_invalid_options_are_a_400(client):
    response = post(client, {"rules": "coinche", "options": {"litige": True}, "deals": []})
    assert response.status_code == 400
    assert [(e["deal"], e["field"], e["code"]) for e in response.json()["errors"]] == [
        (None, "options.litige", "litige_in_coinche")
    ]


@pytest.mark.parametrize("body", ["{not json", "[1, 2", ""])
def test_malformed_json_is_a_400_in_the_same_shape(client, body):
    response = post(client, body)
    assert response.status_code == 400
    body = response.json()
    assert body["valid"] is False
    [error] = body["errors"]
    assert (error["deal"], error["field"]) == (None, "game")
    assert error["code"] in ("invalid_json", "game_not_object")


@pytest.mark.parametrize("body", [[], 42, "just a string", None, {"deals": [GOOD]}])
def test_any_json_gives_an_answer_never_a_500(client, body):
    response = post(client, json.dumps(body))
    assert response.status_code == 400
    assert response.json()["valid"] is False


def test_form_encoded_body_is_refused_cleanly(client):
    response = client.post(reverse("rules-score"), data="rules=hoheluft", content_type="text/plain")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "invalid_json"


def test_messages_follow_the_request_language(client, settings):
    # The engine's messages go through gettext: the German catalogue (once translated) applies; the
    # message is then built from the translated template with the deal's numbers.
    from django.utils import translation

    from scoring.rules import MESSAGES

    german = "Die Stichpunkte müssen {total} ergeben; erhalten {a} + {b} = {sum}."

    def fake_gettext(message):
        return german if message == MESSAGES["sum_mismatch"] and translation.get_language() == "de" else message

    import scoring.public.rules_api as api

    original = api.gettext
    api.gettext = fake_gettext
    try:
        de = post(client, {"rules": "hoheluft", "deals": [BAD_SUM]}, HTTP_ACCEPT_LANGUAGE="de")
        en = post(client, {"rules": "hoheluft", "deals": [BAD_SUM]}, HTTP_ACCEPT_LANGUAGE="en")
    finally:
        api.gettext = original
    assert de.json()["errors"][0]["message"] == "Deal 1: Die Stichpunkte müssen 162 ergeben; erhalten 92 + 72 = 164."
    assert en.json()["errors"][0]["message"] == "Deal 1: Trick points must add up to 162; got 92 + 72 = 164."


def test_no_login_and_no_csrf_needed(client, django_user_model):
    # Public computation: an anonymous caller and a logged-in user (session, no CSRF token) both get answers.
    user = django_user_model.objects.create_user("org", password="x")
    checked = type(client)(enforce_csrf_checks=True)
    checked.force_login(user)
    response = post(checked, {"rules": "hoheluft", "deals": [GOOD]})
    assert response.status_code == 200


def test_schema_has_the_endpoints_with_examples(client):
    response = client.get(reverse("api-schema"), HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    text = response.content.decode()
    assert "/api/v1/rules/" in text and "/api/v1/rules/score/" in text
    assert "rules_score" in text and "rules_list" in text
    assert "A game in progress" in text and "Invalid deal" in text


def test_get_on_score_is_not_allowed(client):
    assert client.get(reverse("rules-score")).status_code == 405
