"""Untrusted input on the organiser's forms: the adjustment form and the paper-sheet grid answer bad input
with a message naming the field and store nothing (no 500); free text has a length cap; the `next` of an
event action never leads to another site."""

from html import unescape

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from scoring.models import MAX_REASON, Adjustment, Deal, SheetChange
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round, table_of
from tests.scoring.standings_helpers import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(played_event):
    return played_event


def _messages(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


FIELD_IDS = {
    "entry": "adj-entry",
    "kind": "adj-kind",
    "match_points": "adj-mp",
    "points": "adj-pts",
    "round_number": "adj-round",
    "reason": "adj-reason",
}


def field_error(response, field_id: str) -> str:
    html = response.content.decode()
    start = html.index(f'id="{field_id}-error">') + len(f'id="{field_id}-error">')
    return unescape(html[start : html.index("</p>", start)])


GOOD = {
    "entry": "1",
    "kind": "penalty",
    "match_points": "-1",
    "points": "0",
    "round_number": "1",
    "reason": "Handy geklingelt",
}


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("match_points", "NaN", "Match points: “NaN” is not a number."),
        ("match_points", "-Infinity", "Match points: “-Infinity” is not a number."),
        ("match_points", "sNaN", "Match points: “sNaN” is not a number."),
        ("points", str(2**31), "Game points: Ensure this value is less than or equal to 1000000."),
        ("points", str(-(2**63)), "Game points: Ensure this value is greater than or equal to -1000000."),
        ("round_number", str(2**31), "Round: Ensure this value is less than or equal to 32767."),
        ("entry", str(2**31), "Entry: Ensure this value is less than or equal to 32767."),
        ("entry", "1\x00", "Entry: Enter a whole number."),
        ("reason", "Zu spät\x00", "Reason: Null characters are not allowed."),
        (
            "reason",
            "x" * (MAX_REASON + 1),
            f"Reason: Ensure this value has at most {MAX_REASON} characters (it has {MAX_REASON + 1}).",
        ),
        ("kind", "bonus", "Kind: Select a valid choice. bonus is not one of the available choices."),
    ],
)
def test_adjustment_form_refuses_bad_numbers_and_text_naming_the_field(organiser_client, event, field, value, message):
    url = reverse("results:adjustment_add", args=[event.club.slug, event.slug])
    response = organiser_client.post(url, {**GOOD, field: value}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    # The error stands at its field (whose label names it), not as a message at the top of the page.
    _label, error = message.split(": ", 1)
    assert error in field_error(response, FIELD_IDS[field])
    assert f'aria-describedby="{FIELD_IDS[field]}-error"' in response.content.decode()
    assert not _messages(response)
    assert not Adjustment.objects.exists()


def test_adjustment_form_still_takes_a_good_adjustment(organiser_client, event):
    url = reverse("results:adjustment_add", args=[event.club.slug, event.slug])
    response = organiser_client.post(url, {**GOOD, "match_points": "-0,5"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    adjustment = Adjustment.objects.get()
    assert str(adjustment.match_points) == "-0.50" and adjustment.reason == "Handy geklingelt"


# --- the paper-sheet grid (the whole sheet at once) --------------------------------------------------------


@pytest.fixture
def sheet_and_client(client):
    round, games = released_round(tables=1)
    sheet, _, _ = table_of(games[0])
    client.force_login(MembershipFactory(club=round.event.club).user)
    return sheet, client


def _grid(rows: list[dict], **extra) -> dict:
    data = {"version": "0", "reason": "Tippfehler", **extra}
    for n, row in enumerate(rows):
        for name in ("taker", "trump", "belote", "capot", "tricks_a", "tricks_b"):
            data[f"r{n}-{name}"] = row.get(name, "")
    return data


@pytest.mark.parametrize(
    "row",
    [
        {"taker": "n", "trump": "h", "tricks_a": "NaN"},
        {"taker": "n", "trump": "h", "tricks_a": "1e400"},
        {"taker": "n", "trump": "h", "tricks_a": "²"},
        {"taker": "n", "trump": "h", "tricks_a": "2147483648"},
        {"taker": "n\x00", "trump": "h", "tricks_a": "92"},
        {"taker": "n", "trump": "h" * 5000, "tricks_a": "92"},
        {"taker": "n", "trump": "h", "capot": "n", "tricks_a": "999"},
        {"taker": "-", "trump": "h"},
    ],
)
def test_the_grid_refuses_bad_input_with_a_message_and_no_change(sheet_and_client, row):
    sheet, client = sheet_and_client
    response = client.post(sheet_url(sheet, "grid/"), _grid([row]), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    errors = _messages(response)
    assert errors and errors[0].startswith("Nothing was saved: Deal 1"), errors
    assert not Deal.objects.filter(sheet=sheet).exists()
    assert not SheetChange.objects.filter(sheet=sheet).exists()


def test_the_grid_caps_its_rows_and_its_reason(sheet_and_client):
    sheet, client = sheet_and_client
    response = client.post(
        sheet_url(sheet, "grid/"),
        _grid([{"taker": "n", "trump": "h", "tricks_a": "92"}], reason="x" * (MAX_REASON + 1)),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert f"at most {MAX_REASON} characters" in unescape(response.content.decode())
    many = _grid([{"taker": "-"}] * 300)  # 1800 fields: past Django's cap of 1000 per request
    assert client.post(sheet_url(sheet, "grid/"), many).status_code == 400
    assert not Deal.objects.filter(sheet=sheet).exists()


def test_the_grid_still_takes_a_good_sheet(sheet_and_client):
    sheet, client = sheet_and_client
    rows = [{"taker": "n", "trump": "h", "tricks_a": "92"}, {"taker": "e", "trump": "s", "tricks_b": "102"}]
    response = client.post(sheet_url(sheet, "grid/"), _grid(rows))
    assert response.status_code == 302
    assert Deal.objects.filter(sheet=sheet).count() == 2


# --- no open redirect ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "target,kept",
    [
        ("https://evil.example/phish", False),
        ("//evil.example/phish", False),
        ("/\\evil.example", False),
        ("javascript:alert(1)", False),
        ("/o/", True),
    ],
)
def test_event_action_next_stays_on_this_site(organiser_client, organiser, target, kept):
    event = make_event(club=organiser.club)
    url = reverse("tournaments:event_action", args=[event.club.slug, event.slug, "open"])
    response = organiser_client.post(url, {"next": target})
    assert response.status_code == 302
    if kept:
        assert response["Location"] == target
    else:
        assert response["Location"].startswith("/o/") and "evil" not in response["Location"]
