"""The score-entry API: table links by token, organisers by session; versions, idempotency, errors."""

import json

import pytest
from rest_framework.test import APIClient

from scoring.models import Deal, Sheet, SheetChange
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, pin_of

pytestmark = pytest.mark.django_db

MADE = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


@pytest.fixture
def api():
    return APIClient()


def url(link, rest=""):
    return f"/api/v1/table/{link.token}/{rest}"


def create(api, link, deal, version, key):
    return api.post(url(link, "deals/"), {"deal": deal, "version": version}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_read_the_game_and_its_sheet(api, table):
    sheet, link_a, _ = table
    response = api.get(url(link_a))
    assert response.status_code == 200
    assert response["ETag"] == '"0"'
    body = response.json()
    assert body["id"] == sheet.pk and body["status"] == "entered" and body["version"] == 0
    assert body["side"] == "A"
    assert body["game"]["table_number"] == sheet.game.table_number
    assert body["game"]["sides"]["A"]["name"] == sheet.game.entry_a.display_name
    assert [seat["seat"] for seat in body["game"]["sides"]["B"]["seats"]] == ["E", "W"]
    assert body["rules"] == {"rules": "hoheluft", "options": {"deals": 12}}
    assert body["permissions"] == {"edit": True, "submit": False, "confirm": False, "dispute": False, "pin": False}
    assert body["deals"] == [] and body["totals"] == {"A": 0, "B": 0}


def test_create_is_idempotent_by_key(api, table):
    sheet, link_a, _ = table
    first = create(api, link_a, MADE, 0, "k-1")
    assert first.status_code == 201, first.json()
    body = first.json()
    assert body["replayed"] is False
    assert body["deal"]["score"] == {"A": 92, "B": 70} and body["deal"]["outcome"] == "made"
    assert body["sheet"]["version"] == 1 and first["ETag"] == '"1"'
    again = create(api, link_a, MADE, 0, "k-1")
    assert again.status_code == 200
    assert again.json()["replayed"] is True and again.json()["deal"]["position"] == 0
    assert Deal.objects.filter(sheet=sheet).count() == 1


def test_create_without_idempotency_key_names_it(api, table):
    _, link_a, _ = table
    response = api.post(url(link_a, "deals/"), {"deal": MADE, "version": 0}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "client_id"


def test_stale_version_answers_409_with_the_current_sheet(api, table):
    _, link_a, _ = table
    create(api, link_a, MADE, 0, "k-1")
    response = create(api, link_a, MADE, 0, "k-2")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "version_conflict" and body["version"] == 1
    assert body["sheet"]["version"] == 1 and len(body["sheet"]["deals"]) == 1


def test_version_from_if_match(api, table):
    _, link_a, _ = table
    response = api.post(
        url(link_a, "deals/"), {"deal": MADE}, format="json", HTTP_IDEMPOTENCY_KEY="k-1", HTTP_IF_MATCH='"0"'
    )
    assert response.status_code == 201
    response = api.post(url(link_a, "deals/"), {"deal": MADE}, format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "version"


def test_impossible_deal_answers_400_with_the_engines_error(api, table):
    sheet, link_a, _ = table
    bad = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 161, "B": 1}}
    response = create(api, link_a, bad, 0, "k-1")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["deal"] == 0 and error["field"].startswith("tricks") and error["code"] == "unreachable"
    assert not Deal.objects.filter(sheet=sheet).exists()


def test_errors_come_in_the_users_language(api, table):
    _, link_a, _ = table
    bad = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}}
    response = create(api, link_a, bad, 0, "k-1")
    assert response.status_code == 400
    assert "162" in response.json()["errors"][0]["message"]


def test_change_and_delete_a_deal(api, table):
    _sheet, link_a, _ = table
    create(api, link_a, MADE, 0, "k-1")
    create(api, link_a, HOHELUFT_GAME[1], 1, "k-2")
    changed = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 102, "B": 60}}
    response = api.put(url(link_a, "deals/0/"), {"deal": changed, "version": 2}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["deal"]["score"] == {"A": 102, "B": 60}
    assert api.get(url(link_a, "deals/0/")).json()["data"] == changed
    assert api.get(url(link_a, "deals/5/")).status_code == 404
    response = api.delete(url(link_a, "deals/0/"), HTTP_IF_MATCH='"3"')
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["version"] == 4 and [d["data"] for d in body["deals"]] == [HOHELUFT_GAME[1]]
    response = api.delete(url(link_a, "deals/0/") + "?version=3")
    assert response.status_code == 409


def test_validate_stores_nothing(api, table):
    sheet, link_a, _ = table
    response = api.post(url(link_a, "deals/validate/"), {"deal": MADE}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True and body["deal"]["score"] == {"A": 92, "B": 70}
    response = api.post(
        url(link_a, "deals/validate/"),
        {"deal": {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 80}}},
        format="json",
    )
    assert response.json()["valid"] is False and response.json()["errors"][0]["code"] == "sum_mismatch"
    assert not Deal.objects.exists() and Sheet.objects.get(pk=sheet.pk).version == 0


def test_the_whole_way_submit_dispute_fix_confirm(api, table):
    _sheet, link_a, link_b = table
    version = 0
    for i, deal in enumerate(HOHELUFT_GAME):
        response = create(api, link_a, deal, version, f"d{i}")
        assert response.status_code == 201, response.json()
        version = response.json()["sheet"]["version"]
    assert response.json()["sheet"]["finished"] is True
    assert api.get(url(link_b)).json()["permissions"]["edit"] is False
    response = api.post(url(link_a, "submit/"), {"version": version}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "submitted"
    version = response.json()["version"]
    assert api.post(url(link_a, "confirm/"), {"version": version}, format="json").status_code == 403
    response = api.post(url(link_b, "dispute/"), {"version": version}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "message"
    disputed = {"version": version, "message": "deal 3 was ours", "pin": pin_of(link_b)}
    response = api.post(url(link_b, "dispute/"), disputed, format="json")
    assert response.status_code == 200 and response.json()["status"] == "disputed"
    assert api.get(url(link_b)).json()["permissions"]["confirm"] is False
    version = response.json()["version"]
    response = api.post(url(link_a, "submit/"), {"version": version}, format="json")
    assert response.status_code == 200
    version = response.json()["version"]
    response = api.post(url(link_b, "confirm/"), {"version": version}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "pin_required"  # a game link needs its PIN
    response = api.post(url(link_b, "confirm/"), {"version": version, "pin": pin_of(link_b)}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"
    response = create(api, link_a, MADE, response.json()["version"], "late")
    assert response.status_code == 409 and response.json()["code"] == "sheet_confirmed"


def test_organiser_writes_need_a_reason(api, table):
    sheet, _, _ = table
    organiser = MembershipFactory(club=sheet.game.round.event.club)
    api.force_login(organiser.user)
    base = f"/api/v1/sheets/{sheet.pk}/"
    assert api.get(base).json()["side"] is None
    response = api.post(base + "deals/", {"deal": MADE, "version": 0}, format="json", HTTP_IDEMPOTENCY_KEY="o1")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "reason"
    response = api.post(
        base + "deals/", {"deal": MADE, "version": 0, "reason": "paper sheet"}, format="json", HTTP_IDEMPOTENCY_KEY="o1"
    )
    assert response.status_code == 201
    assert SheetChange.objects.get().user == organiser.user
    response = api.post(
        base + "correct/", {"deals": HOHELUFT_GAME, "version": 1, "reason": "typed the paper"}, format="json"
    )
    assert response.status_code == 200 and response.json()["finished"] is True
    response = api.post(base + "confirm/", {"version": response.json()["version"]}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"
    rows = api.get(f"/api/v1/rounds/{sheet.game.round_id}/sheets/").json()
    assert [(r["table_number"], r["status"]) for r in rows] == [(1, "confirmed"), (2, "entered")]


def test_correct_refuses_an_invalid_sheet_naming_the_deal(api, table):
    sheet, _, _ = table
    api.force_login(MembershipFactory(club=sheet.game.round.event.club).user)
    deals = [MADE, {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 10, "B": 10}}]
    response = api.post(
        f"/api/v1/sheets/{sheet.pk}/correct/", {"deals": deals, "version": 0, "reason": "x"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["deal"] == 1


def test_answers_have_exactly_the_documented_shape(api, table):
    from rest_framework.renderers import JSONRenderer

    from scoring.sheets.serializers import DealWrittenSerializer, SheetSerializer

    def documented(serializer_class, body):
        return json.loads(JSONRenderer().render(serializer_class(body).data))

    _, link_a, _ = table
    written = create(api, link_a, MADE, 0, "k-1").json()
    assert documented(DealWrittenSerializer, written) == written
    create(api, link_a, HOHELUFT_GAME[2], 1, "k-2")
    body = api.get(url(link_a)).json()
    assert body["held"] == 81 and body["deals"][1]["outcome"] == "litige"
    assert documented(SheetSerializer, body) == body


def _names(body, path: str) -> bool:
    """Whether an error answer (the one shape) names `path` (dotted) or a field inside it: serializer errors
    name the whole path (`deal.tricks.A`), the rules engine's errors a field within the deal (`tricks.A`)."""
    assert set(body) >= {"code", "detail", "errors"}, body
    paths = (path, path.removeprefix("deal."))
    return any(
        field == p or field.startswith(p + ".")
        for field in ((e.get("field") or "") for e in body["errors"])
        for p in paths
    )


def _deal(**changes):
    deal = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
    for path, value in changes.items():
        *parents, last = path.split("__")
        node = deal
        for part in parents:
            node = node.setdefault(part, {})
        if value is _MISSING:
            node.pop(last, None)
        else:
            node[last] = value
    return deal


_MISSING = object()


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        (_deal(contract=_MISSING), "deal.contract"),
        (_deal(contract="hearts"), "deal.contract"),
        (_deal(contract__taker=_MISSING), "deal.contract.taker"),
        (_deal(contract__taker="C"), "deal.contract.taker"),
        (_deal(contract__taker=1), "deal.contract.taker"),
        (_deal(contract__trump=_MISSING), "deal.contract.trump"),
        (_deal(contract__trump="bells"), "deal.contract.trump"),
        (_deal(contract__trump=["hearts"]), "deal.contract.trump"),
        (_deal(contract__bid="high"), "deal.contract.bid"),
        (_deal(contract__bid=100), "deal.contract.bid"),  # hoheluft has no bidding: the engine says so
        (_deal(contract__multiplier=3), "deal.contract.multiplier"),
        (_deal(contract__multiplier=2), "deal.contract.multiplier"),  # take or pass: no coinche
        (_deal(contract__colour="red"), "deal.contract.colour"),
        (_deal(tricks=_MISSING), "deal.tricks"),
        (_deal(tricks="92:70"), "deal.tricks"),
        (_deal(tricks__A="ninety"), "deal.tricks.A"),
        (_deal(tricks__A=True), "deal.tricks.A"),
        (_deal(tricks__A=-10), "deal.tricks.A"),
        (_deal(tricks__B=10**6), "deal.tricks.B"),
        (_deal(tricks__B=_MISSING), "deal.tricks.B"),
        (_deal(tricks__C=0), "deal.tricks.C"),
        (_deal(tricks__A=100), "deal.tricks"),  # 100 + 70 is not 162
        (_deal(last_trick="N"), "deal.last_trick"),
        (_deal(capot=1), "deal.capot"),
        (_deal(belote="A"), "deal.belote"),
        (_deal(belote=["X"]), "deal.belote"),
        (_deal(belote=["A", "B"]), "deal.belote"),  # one belote per suit contract
        (_deal(declarations={"A": "tierce"}), "deal.declarations.A"),
        (_deal(declarations={"A": [{"type": "sixte"}]}), "deal.declarations.A"),
        (_deal(declarations={"A": [{"type": "tierce", "suit": "hearts", "high": "K"}]}), "deal.declarations"),
        (
            _deal(declarations={"A": [{"type": "quinte", "suit": "hearts", "high": "A", "length": 9}]}),
            "deal.declarations.A",
        ),
        (_deal(eldest="West"), "deal.eldest"),
        (_deal(comment="nice"), "deal.comment"),
    ],
)
def test_bad_deal_input_gives_400_naming_the_field(api, table, deal, field):
    sheet, link_a, _ = table
    response = create(api, link_a, deal, 0, "bad-1")
    assert response.status_code == 400, response.json()
    assert _names(response.json(), field), response.json()
    assert not Deal.objects.filter(sheet=sheet).exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"deal": MADE}, "version"),
        ({"deal": MADE, "version": "new"}, "version"),
        ({"deal": MADE, "version": -1}, "version"),
        ({"deal": MADE, "version": 1.5}, "version"),
        ({"version": 0}, "deal"),
        ({"deal": "92:70", "version": 0}, "deal"),
        ({"deal": MADE, "version": 0, "extra": 1}, "extra"),
    ],
)
def test_bad_bodies_give_400_naming_the_field(api, table, body, field):
    _, link_a, _ = table
    response = api.post(url(link_a, "deals/"), body, format="json", HTTP_IDEMPOTENCY_KEY="b-1")
    assert response.status_code == 400
    assert _names(response.json(), field), response.json()


def test_a_body_that_is_not_json_is_400(api, table):
    _, link_a, _ = table
    response = api.post(url(link_a, "deals/"), "{not json", content_type="application/json", HTTP_IDEMPOTENCY_KEY="b-2")
    assert response.status_code == 400
    response = api.post(url(link_a, "deals/"), [1, 2], format="json", HTTP_IDEMPOTENCY_KEY="b-3")
    assert response.status_code == 400
