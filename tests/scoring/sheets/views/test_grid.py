"""The desk's paper-sheet grid, posted as a plain form (no JavaScript): a whole sheet stored in one
transaction with one reason, a refused grid storing nothing with the engine's message naming the deal and
field, the same grid correcting a confirmed sheet, and who may reach it."""

from __future__ import annotations

import re

import pytest

from scoring.models import Deal, Sheet, SheetChange
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]

FIELDS = ("taker", "trump", "belote", "capot", "tricks_a", "tricks_b")
# A Hoheluft paper sheet as the desk types it in English keys: taker, trump, belote, capot, points N/S, E/W.
PAPER = [
    ("n", "h", "", "", "92", ""),
    ("e", "s", "", "", "", "102"),
    ("n", "c", "", "", "81", ""),  # a litige
    ("e", "d", "e", "", "", "112"),
    ("n", "h", "", "n", "", ""),  # a capot
    ("n", "s", "", "", "70", ""),
    ("-", "", "", "", "", ""),  # passed out
    ("e", "c", "", "", "", "62"),
    ("n", "d", "n", "", "130", ""),
    ("e", "h", "", "", "", "122"),
    ("n", "c", "", "", "85", ""),
    ("e", "s", "", "", "", "86"),
    ("n", "h", "", "", "102", ""),
]


def grid_post(rows, *, version=0, reason="Paper sheet", confirm=True, spare=2):
    data = {"version": str(version), "reason": reason}
    if confirm:
        data["confirm"] = "1"
    for n, row in enumerate([*rows, *([("",) * len(FIELDS)] * spare)]):
        for name, value in zip(FIELDS, row, strict=True):
            data[f"r{n}-{name}"] = value
    return data


@pytest.fixture
def desk(client):
    membership = MembershipFactory()
    _round, games = released_round(tables=2, club=membership.club)
    sheet, _link_a, _link_b = table_of(games[0])
    client.force_login(membership.user)
    return membership, sheet, client


def test_a_paper_sheet_is_stored_in_one_transaction_with_one_reason(desk, django_assert_max_num_queries):
    membership, sheet, client = desk
    # 20: the standings' dirty mark is read under its lock first (scoring/queueing.py), so that only the
    # first mark of a burst moves the standings' pages.
    with django_assert_max_num_queries(20):  # a fixed number: one bulk insert for the deals, one for the history
        response = client.post(sheet_url(sheet, "grid/"), grid_post(PAPER), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert response["Location"].endswith("/rounds/1/sheets/?typed=1")
    page = client.get(response["Location"]).content.decode()
    assert 'data-grid="2" href="/o/' in page and page.count(" autofocus>") == 1
    assert re.search(r'data-grid="2" href="[^"]+" autofocus>', page)
    sheet.refresh_from_db()
    assert sheet.deal_count == 13 and sheet.finished
    assert (sheet.total_a, sheet.total_b) == (1069, 1005)
    assert sheet.status == Sheet.Status.CONFIRMED
    deals = list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("data", flat=True))
    assert deals[0] == {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
    assert deals[3]["belote"] == ["B"] and deals[4]["capot"] == "A" and deals[6] == {"contract": None}
    changes = list(SheetChange.objects.filter(sheet=sheet).order_by("id"))
    assert [c.action for c in changes] == ["deal_create"] * 13 + ["confirm"]
    assert {c.reason for c in changes} == {"Paper sheet"}
    assert {c.user_id for c in changes} == {membership.user.pk}


def test_an_invalid_row_refuses_the_whole_grid_with_the_engines_message(desk):
    _membership, sheet, client = desk
    rows = list(PAPER)
    rows[4] = ("n", "h", "", "", "92", "75")  # 92 + 75 is not 162
    response = client.post(sheet_url(sheet, "grid/"), grid_post(rows), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Deal 5:" in html and "162" in html and "92 + 75" in html
    assert 'name="r4-tricks_a" value="92" data-field="tricks_a"' in html  # what was typed comes back
    assert not Deal.objects.filter(sheet=sheet).exists()
    assert not SheetChange.objects.filter(sheet=sheet).exists()


def test_a_key_the_grid_does_not_know_names_the_deal_the_field_and_the_keys(desk):
    _membership, sheet, client = desk
    rows = list(PAPER)
    rows[1] = ("x", "s", "", "", "", "102")
    response = client.post(sheet_url(sheet, "grid/"), grid_post(rows), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Deal 2, taker: type n (N/S), e (E/W), - (passed); got &quot;x&quot;." in html
    assert not Deal.objects.filter(sheet=sheet).exists()


def test_german_keys(desk):
    _membership, sheet, client = desk
    rows = [("o", "k", "o", "", "", "112"), ("n", "t", "", "", "81", "")]
    response = client.post(
        sheet_url(sheet, "grid/"), grid_post(rows, confirm=False, reason="Papier"), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 302
    deals = list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("data", flat=True))
    assert deals[0] == {"contract": {"taker": "B", "trump": "diamonds"}, "belote": ["B"], "tricks": {"A": 50, "B": 112}}
    assert deals[1]["contract"] == {"taker": "A", "trump": "clubs"}
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.ENTERED


def test_the_grid_corrects_one_deal_of_a_confirmed_sheet(desk):
    _membership, sheet, client = desk
    client.post(sheet_url(sheet, "grid/"), grid_post(PAPER))
    sheet.refresh_from_db()
    page = client.get(sheet_url(sheet, "grid/"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="r0-tricks_a" value="92"' in page and 'name="r4-capot" value="n"' in page
    rows = list(PAPER)
    rows[10] = ("n", "c", "", "", "95", "")
    response = client.post(
        sheet_url(sheet, "grid/"), grid_post(rows, version=sheet.version, reason="Typo: 95 not 85", confirm=False)
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.CONFIRMED
    change = SheetChange.objects.filter(sheet=sheet).latest("id")
    assert change.action == SheetChange.Action.DEAL_UPDATE and change.deal_position == 10
    assert change.before["tricks"] == {"A": 85, "B": 77} and change.after["tricks"] == {"A": 95, "B": 67}
    assert change.reason == "Typo: 95 not 85"
    assert SheetChange.objects.filter(sheet=sheet, action=SheetChange.Action.DEAL_UPDATE).count() == 1


def test_a_correction_needs_its_reason_and_the_current_version(desk):
    _membership, sheet, client = desk
    client.post(sheet_url(sheet, "grid/"), grid_post(PAPER))
    sheet.refresh_from_db()
    rows = list(PAPER)
    rows[0] = ("n", "h", "", "", "100", "")
    response = client.post(
        sheet_url(sheet, "grid/"), grid_post(rows, version=sheet.version, reason="  "), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400 and "needs a reason" in response.content.decode()
    response = client.post(sheet_url(sheet, "grid/"), grid_post(rows, version=0, reason="x"))
    assert response.status_code == 400
    assert Deal.objects.get(sheet=sheet, position=0).data["tricks"] == {"A": 92, "B": 70}


def test_the_live_check_answers_each_row_and_stores_nothing(desk):
    _membership, sheet, client = desk
    rows = [("n", "h", "", "", "92", ""), ("e", "s", "", "", "", "170")]
    answer = client.post(sheet_url(sheet, "grid/check/"), grid_post(rows), HTTP_ACCEPT_LANGUAGE="en").json()
    assert answer["rows"][0]["running"] == {"A": 92, "B": 70} and answer["rows"][0]["outcome"] == "made"
    assert answer["rows"][1]["errors"]["tricks_b"] == [
        "Deal 2, points E/W: at most 162 trick points in this contract; got 170."
    ]
    assert answer["totals"] == {"A": 92, "B": 70} and not answer["valid"]
    assert not Deal.objects.filter(sheet=sheet).exists()


def test_another_clubs_organiser_and_a_table_link_cannot_reach_the_grid(desk, client):
    _membership, sheet, _own = desk
    _s, link_a, _b = table_of(sheet.game)
    other = MembershipFactory()
    client.force_login(other.user)
    for tail in ("grid/", "grid/check/", "blank.pdf"):
        assert client.get(sheet_url(sheet, tail)).status_code in (404, 405)
        assert client.post(sheet_url(sheet, tail), grid_post(PAPER)).status_code in (404, 405)
    client.logout()
    assert client.get(f"/t/{link_a.token}/grid/").status_code == 404
    assert client.post(sheet_url(sheet, "grid/"), grid_post(PAPER)).status_code == 302  # to the login
    assert not Deal.objects.filter(sheet=sheet).exists()


def test_the_grid_page_reads_in_few_queries(desk, django_assert_max_num_queries):
    _membership, sheet, client = desk
    with django_assert_max_num_queries(10):
        response = client.get(sheet_url(sheet, "grid/"), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Kreuz" in html and "<kbd>t</kbd>" in html and "<kbd>o</kbd> O/W" in html
    assert "hoheluft" not in html and "tricks_a</" not in html
    client.post(sheet_url(sheet, "grid/"), grid_post(PAPER))
    with django_assert_max_num_queries(10):  # as many with 13 deals as with none
        assert client.get(sheet_url(sheet, "grid/")).status_code == 200
    few = grid_post(PAPER[:2], version=2, reason="x", confirm=False)
    with django_assert_max_num_queries(19):  # a correction that also deletes 11 deals: still a fixed number
        assert client.post(sheet_url(sheet, "grid/"), few).status_code == 302
    assert Deal.objects.filter(sheet=sheet).count() == 2


def test_a_corrected_row_keeps_what_the_grid_has_no_field_for(desk):
    membership, sheet, client = desk
    from scoring.sheets.services import deal_create
    from tests.scoring.entry_helpers import organiser_actor

    stored = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}, "last_trick": "A"}
    sheet = deal_create(
        sheet=sheet, data=stored, version=0, client_id="c1", actor=organiser_actor(membership), reason="x"
    ).sheet
    rows = [("n", "h", "", "", "100", "")]
    response = client.post(sheet_url(sheet, "grid/"), grid_post(rows, version=sheet.version, confirm=False))
    assert response.status_code == 302
    data = Deal.objects.get(sheet=sheet).data
    assert data == {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 100, "B": 62}, "last_trick": "A"}


def test_announcements_in_short_form(client):
    membership = MembershipFactory()
    _round, games = released_round(tables=1, club=membership.club, rules_preset="classic", rules_options={"deals": 4})
    sheet, _a, _b = table_of(games[0])
    client.force_login(membership.user)
    names = ("taker", "trump", "belote", "announcements", "capot", "tricks_a", "tricks_b")
    rows = [("n", "h", "", "n3hk e4sa", "", "92", ""), ("e", "c", "e", "ecj", "", "", "60")]
    data = {"version": "0", "reason": "Paper"}
    for n, row in enumerate(rows):
        data.update({f"r{n}-{name}": value for name, value in zip(names, row, strict=True)})
    answer = client.post(sheet_url(sheet, "grid/check/"), data, HTTP_ACCEPT_LANGUAGE="en").json()
    assert answer["valid"], answer
    assert client.post(sheet_url(sheet, "grid/"), data).status_code == 302
    deals = list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("data", flat=True))
    assert deals[0]["declarations"] == {
        "A": [{"type": "tierce", "suit": "hearts", "high": "K"}],
        "B": [{"type": "quarte", "suit": "spades", "high": "A"}],
    }
    assert deals[1]["declarations"] == {"A": [], "B": [{"type": "carre", "rank": "J"}]}
    assert deals[1]["belote"] == ["B"]
    data["r1-announcements"] = "e9zz"
    answer = client.post(sheet_url(sheet, "grid/check/"), data, HTTP_ACCEPT_LANGUAGE="en").json()
    (message,) = answer["rows"][1]["errors"]["announcements"]
    assert message.startswith('Deal 2, announcements: "e9zz" does not read') and "n3hk" in message


@pytest.mark.parametrize(
    "preset,names,row,contract",
    [
        (
            "coinche",
            ("taker", "trump", "bid", "multiplier", "belote", "announcements", "capot", "tricks_a", "tricks_b"),
            ("e", "a", "100", "2", "", "", "", "", "110"),
            {"taker": "B", "trump": "all_trump", "bid": 100, "multiplier": 2},
        ),
        (
            "belot",
            ("taker", "trump", "multiplier", "belote", "announcements", "capot", "tricks_a", "tricks_b"),
            ("n", "n", "4", "", "", "", "80", ""),
            {"taker": "A", "trump": "no_trump", "multiplier": 4},
        ),
    ],
)
def test_the_other_rule_sets_rows(client, preset, names, row, contract):
    membership = MembershipFactory()
    _round, games = released_round(tables=1, club=membership.club, rules_preset=preset, rules_options={})
    sheet, _a, _b = table_of(games[0])
    client.force_login(membership.user)
    data = {"version": "0", "reason": "Paper", **{f"r0-{n}": v for n, v in zip(names, row, strict=True)}}
    page = client.get(sheet_url(sheet, "grid/"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert all(f'name="r0-{n}"' in page for n in names)
    response = client.post(sheet_url(sheet, "grid/"), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302, response.content.decode()[-1500:]
    assert Deal.objects.get(sheet=sheet).data["contract"] == contract
