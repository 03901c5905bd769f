"""The referee page and its form posts (with and without JavaScript), and the organiser's sheet page."""

import pytest

from scoring.models import Deal, Sheet, SheetChange
from scoring.sheets.links import table_link_revoke
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, organiser_actor, pin_of, released_round, table_of

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def form(**fields):
    data = {"taker": "A", "trump": "hearts", "tricks_a": "92", "version": "0", "client_id": "c-1"}
    data.update({k: v for k, v in fields.items() if v is not None})
    for key in [k for k, v in fields.items() if v is None]:
        data.pop(key, None)
    return data


def test_the_page_shows_table_teams_rules_and_the_form(client, table):
    sheet, link_a, _ = table
    response = client.get(f"/t/{link_a.token}/")
    assert response.status_code == 200
    html = response.content.decode()
    game = sheet.game
    assert f"Tisch {game.table_number}" in html or f"Table {game.table_number}" in html
    assert game.entry_a.display_name in html and game.entry_b.display_name in html
    assert 'name="tricks_a"' in html and 'name="taker"' in html and 'name="belote"' in html
    assert 'name="bid"' not in html  # hoheluft has no bidding
    assert 'name="declarations_a"' not in html  # belote only
    assert "referee.js" in html
    assert response["Cache-Control"].startswith("max-age=0")


def test_a_coinche_form_has_bid_multiplier_and_announcements(client):
    _round, games = released_round(tables=1, rules_preset="coinche", rules_options={})
    _, link_a, _ = table_of(games[0])
    html = client.get(f"/t/{link_a.token}/").content.decode()
    for name in ("bid", "multiplier", "declarations_a", "declarations_b"):
        assert f'name="{name}"' in html
    assert 'value="all_trump"' in html and 'value="A:hearts"' in html


def test_save_without_javascript_redirects_and_stores(client, table):
    sheet, link_a, _ = table
    response = client.post(f"/t/{link_a.token}/deals/", form())
    assert response.status_code == 302 and response["Location"] == f"/t/{link_a.token}/"
    deal = Deal.objects.get(sheet=sheet)
    assert deal.data == {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}
    page = client.get(response["Location"]).content.decode()
    assert "92" in page and "70" in page


def test_save_with_javascript_answers_json_with_the_new_sheet(client, table):
    sheet, link_a, _ = table
    response = client.post(f"/t/{link_a.token}/deals/", form(belote="A"), **JSON)
    assert response.status_code == 201
    body = response.json()
    assert body["ok"] and body["version"] == 1
    assert 'id="sheet-live"' in body["live"] and 'data-version="1"' in body["live"]
    again = client.post(f"/t/{link_a.token}/deals/", form(belote="A"), **JSON)
    assert again.status_code == 200 and again.json()["ok"]
    assert Deal.objects.filter(sheet=sheet).count() == 1
    assert Deal.objects.get(sheet=sheet).data["belote"] == ["A"]


def test_the_other_teams_points_are_filled_in(client, table):
    sheet, link_a, _ = table
    client.post(f"/t/{link_a.token}/deals/", form(tricks_a=None, tricks_b="102"), **JSON)
    assert Deal.objects.get(sheet=sheet).data["tricks"] == {"A": 60, "B": 102}


def test_capot_and_passed_deals(client, table):
    sheet, link_a, _ = table
    client.post(f"/t/{link_a.token}/deals/", form(capot="A", tricks_a=None), **JSON)
    client.post(
        f"/t/{link_a.token}/deals/", form(taker="pass", trump=None, tricks_a=None, version="1", client_id="c-2"), **JSON
    )
    assert [d.data for d in Deal.objects.filter(sheet=sheet).order_by("position")] == [
        {"contract": {"taker": "A", "trump": "hearts"}, "capot": "A"},
        {"contract": None},
    ]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"taker": None}, "taker"),
        ({"taker": "C"}, "taker"),
        ({"trump": None}, "trump"),
        ({"trump": "bells"}, "trump"),
        ({"tricks_a": "many"}, "tricks_a"),
        ({"tricks_a": "-5"}, "tricks_a"),
        ({"tricks_a": "999"}, "tricks_a"),
        ({"tricks_a": "92.5"}, "tricks_a"),
        ({"tricks_a": None}, "tricks_a"),
        ({"tricks_b": "x"}, "tricks_b"),
        ({"capot": "N"}, "capot"),
        ({"last_trick": "Z"}, "last_trick"),
        ({"belote": "C"}, "belote"),
        ({"version": None}, "version"),
        ({"version": "new"}, "version"),
        ({"version": "-1"}, "version"),
        ({"client_id": "has space"}, "client_id"),
        ({"client_id": "x" * 65}, "client_id"),
    ],
)
def test_bad_form_input_gives_400_naming_the_field(client, table, fields, field):
    _sheet, link_a, _ = table
    response = client.post(f"/t/{link_a.token}/deals/", form(**fields), **JSON)
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()
    without_js = client.post(f"/t/{link_a.token}/deals/", form(**fields))
    assert without_js.status_code == 400
    assert f'data-errors-for="{field}"><li>' in without_js.content.decode()
    assert not Deal.objects.exists()


def test_engine_errors_land_next_to_the_field(client, table):
    _, link_a, _ = table
    response = client.post(f"/t/{link_a.token}/deals/", form(tricks_a="92", tricks_b="80"), **JSON)
    assert response.status_code == 400
    assert "164" not in str(response.json()) and "172" in response.json()["errors"]["tricks_a"][0]
    response = client.post(f"/t/{link_a.token}/deals/", form(tricks_a="161"), **JSON)
    assert response.status_code == 400 and "tricks_b" in response.json()["errors"]
    response = client.post(f"/t/{link_a.token}/deals/", form(capot="A", last_trick="B", tricks_a=None), **JSON)
    assert response.status_code == 400 and "last_trick" in response.json()["errors"]


def test_check_validates_as_you_type_and_stores_nothing(client, table):
    _sheet, link_a, _ = table
    response = client.post(f"/t/{link_a.token}/check/", form(tricks_a="81", belote="A"))
    body = response.json()
    assert body["valid"] and body["preview"]["outcome"] == "made"
    assert body["preview"]["score"] == {"A": 101, "B": 81}
    response = client.post(f"/t/{link_a.token}/check/", form(tricks_a="81"))
    assert response.json()["preview"]["outcome"] == "litige"
    response = client.post(f"/t/{link_a.token}/check/", form(tricks_a="1"))
    assert not response.json()["valid"] and "tricks_a" in response.json()["errors"]
    assert not Deal.objects.exists()


def test_check_of_an_edit_replaces_that_deal(client, table):
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:3])
    response = client.post(f"/t/{link_a.token}/check/?position=2", form(tricks_a="100", version="3"))
    assert response.json()["valid"] and response.json()["preview"]["outcome"] == "made"


@pytest.mark.parametrize("position", ["²", "9" * 5000, "-1", "1.5", "٣"])
def test_a_position_that_is_not_plain_digits_checks_a_new_deal_and_opens_no_edit(client, table, position):
    # "²".isdigit() is true but int() refuses it, and 5000 digits are past int()'s limit: both were a 500.
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:2])
    response = client.get(f"/t/{link_a.token}/check/", {"position": position})
    assert response.status_code == 405
    response = client.post(f"/t/{link_a.token}/check/?position={position}", form(tricks_a="100", version="2"))
    assert response.status_code == 200 and response.json()["valid"]
    assert response.json()["preview"]["totals"]["A"] == 92 + 60 + 100  # appended after the two deals, not an edit
    page = client.get(f"/t/{link_a.token}/", {"edit": position})
    assert page.status_code == 200
    assert f'action="/t/{link_a.token}/deals/"' in page.content.decode()


def test_edit_and_delete_through_the_page(client, table):
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:2])
    page = client.get(f"/t/{link_a.token}/?edit=1").content.decode()
    assert f'action="/t/{link_a.token}/deals/1/"' in page and 'value="102"' in page
    response = client.post(
        f"/t/{link_a.token}/deals/1/", form(taker="B", trump="spades", tricks_a="50", version="2", client_id=""), **JSON
    )
    assert response.status_code == 200, response.json()
    assert Deal.objects.get(sheet=sheet, position=1).data["tricks"] == {"A": 50, "B": 112}
    response = client.post(f"/t/{link_a.token}/deals/0/delete/", {"version": "3"})
    assert response.status_code == 302
    assert list(Deal.objects.filter(sheet=sheet).values_list("position", flat=True)) == [0]


def test_a_stale_form_gets_409_keeps_the_input_and_shows_the_current_sheet(client, table):
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:1])
    response = client.post(f"/t/{link_a.token}/deals/", form(version="0", client_id="late"), **JSON)
    assert response.status_code == 409
    body = response.json()
    assert body["version"] == 1 and 'data-version="1"' in body["live"]
    without_js = client.post(f"/t/{link_a.token}/deals/", form(version="0", client_id="late"))
    assert without_js.status_code == 409
    html = without_js.content.decode()
    assert 'name="version" value="1"' in html and 'name="tricks_a" value="92"' in html


def test_submit_confirm_and_dispute_through_the_page(client, table):
    sheet, link_a, link_b = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME)
    page_a = client.get(f"/t/{link_a.token}/").content.decode()
    assert 'id="submit-sheet"' in page_a
    page_b = client.get(f"/t/{link_b.token}/").content.decode()
    assert 'id="deal-form"' not in page_b and 'id="confirm-sheet"' not in page_b
    response = client.post(f"/t/{link_a.token}/submit/", {"version": sheet.version})
    assert response.status_code == 302
    page_b = client.get(f"/t/{link_b.token}/").content.decode()
    assert 'id="confirm-sheet"' in page_b and 'id="dispute-sheet"' in page_b
    response = client.post(f"/t/{link_b.token}/dispute/", {"version": sheet.version + 1, "message": ""}, **JSON)
    assert response.status_code == 400 and "message" in response.json()["errors"]
    assert 'name="pin"' in page_b and 'inputmode="numeric"' in page_b  # a game link confirms with its PIN
    response = client.post(f"/t/{link_b.token}/confirm/", {"version": sheet.version + 1, "pin": pin_of(link_b)})
    assert response.status_code == 302
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.CONFIRMED
    page_b = client.get(f"/t/{link_b.token}/").content.decode()
    assert 'id="confirm-sheet"' not in page_b


def test_the_entering_side_cannot_confirm_its_own_sheet(client, table):
    sheet, link_a, _ = table
    sheet = fill(sheet, link_a, HOHELUFT_GAME)
    client.post(f"/t/{link_a.token}/submit/", {"version": sheet.version})
    response = client.post(f"/t/{link_a.token}/confirm/", {"version": sheet.version + 1}, **JSON)
    assert response.status_code == 403


def test_a_revoked_link_is_gone_and_a_closed_round_says_so(client, table):
    sheet, link_a, _ = table
    organiser = MembershipFactory(club=sheet.game.round.event.club)
    new = table_link_revoke(link=link_a, actor=organiser_actor(organiser))
    assert client.get(f"/t/{link_a.token}/").status_code == 404
    assert client.get(f"/t/{new.token}/").status_code == 200
    round = sheet.game.round
    round.status = round.Status.CLOSED
    round.save(update_fields=["status"])
    response = client.get(f"/t/{new.token}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 403
    assert 'id="sheet-closed"' in response.content.decode() and "round is closed" in response.content.decode()
    assert client.post(f"/t/{new.token}/deals/", form(), **JSON).status_code == 403
    assert client.get("/t/not-a-token/").status_code == 404


def test_the_organiser_sheet_page_needs_a_login_and_the_right_club(client, table):
    sheet, _link_a, _ = table
    url = sheet_url(sheet)
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(MembershipFactory().user)
    assert client.get(url).status_code == 404
    organiser = MembershipFactory(club=sheet.game.round.event.club)
    client.force_login(organiser.user)
    html = client.get(url).content.decode()
    assert 'name="reason"' in html, html[-3000:]
    assert 'id="correct-deals"' not in html and "<textarea" not in html  # the JSON text area is gone
    assert sheet_url(sheet, "grid/") in html  # the paper-sheet grid corrects a whole sheet


def test_organiser_changes_through_the_page_need_a_reason(client, table):
    sheet, _link_a, _ = table
    organiser = MembershipFactory(club=sheet.game.round.event.club)
    client.force_login(organiser.user)
    base = sheet_url(sheet)
    response = client.post(base + "deals/", form(), **JSON)
    assert response.status_code == 400 and "reason" in response.json()["errors"]
    response = client.post(base + "deals/", form(reason="typed from the paper sheet"), **JSON)
    assert response.status_code == 201
    assert SheetChange.objects.get().reason == "typed from the paper sheet"
    # The whole sheet through the paper-sheet grid: the one reason is asked for the correction too.
    grid = {
        "version": "1",
        "r0-taker": "-",
        **{f"r0-{f}": "" for f in ("trump", "belote", "capot", "tricks_a", "tricks_b")},
    }
    assert client.post(sheet_url(sheet, "grid/"), {**grid, "reason": ""}).status_code == 400
    correct = client.post(sheet_url(sheet, "grid/"), {**grid, "reason": "wrong table"})
    assert correct.status_code == 302
    assert [d.data for d in Deal.objects.filter(sheet=sheet)] == [{"contract": None}]
    assert SheetChange.objects.latest("id").reason == "wrong table"


def test_referee_page_queries_do_not_grow_with_deals(client, django_assert_max_num_queries):
    _round, games = released_round(tables=2)
    _empty_sheet, empty_link, _ = table_of(games[0])
    full_sheet, full_link, _ = table_of(games[1])
    fill(full_sheet, full_link, HOHELUFT_GAME)
    client.get(f"/t/{empty_link.token}/")  # warm caches (rule set, templates)
    # The sheet by its link, its deals, its history's last change; the table's open call to the director.
    with django_assert_max_num_queries(4):
        assert client.get(f"/t/{empty_link.token}/").status_code == 200
    with django_assert_max_num_queries(4):
        assert client.get(f"/t/{full_link.token}/").status_code == 200


def test_a_write_through_one_link_never_touches_another_table(client):
    _round, games = released_round(tables=2)
    sheet_1, link_1, _ = table_of(games[0])
    sheet_2, _, _ = table_of(games[1])
    client.post(f"/t/{link_1.token}/deals/", form(), **JSON)
    assert Deal.objects.filter(sheet=sheet_1).count() == 1
    assert not Deal.objects.filter(sheet=sheet_2).exists()
    assert Sheet.objects.get(pk=sheet_2.pk).version == 0


def test_the_page_names_the_first_dealer(client, table):
    sheet, link_a, _ = table
    html = client.get(f"/t/{link_a.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    dealer = sheet.game.entry_a.player_1  # the factory seats entry A's first player North, dealing first
    assert f"First dealer: N ({dealer})" in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Ein anderes Handy oder die Turnierleitung hat den Spielbericht inzwischen geändert"),
        ("fr", "Un autre téléphone ou l’organisateur a modifié la feuille de marque"),
        ("en", "Another phone or the desk changed the sheet in the meantime; here it is as it is now."),
    ],
)
def test_the_conflict_message_says_what_happened_without_version_numbers(client, table, language, said):
    """Issue 19: the two-phone conflict message read "you sent version 0, it is now at version 1"."""
    sheet, link_a, _ = table
    fill(sheet, link_a, HOHELUFT_GAME[:3])
    response = client.post(
        f"/t/{link_a.token}/deals/", form(version="1", client_id="late"), HTTP_ACCEPT_LANGUAGE=language, **JSON
    )
    assert response.status_code == 409 and response.json()["version"] == 3
    message = " ".join(m for messages in response.json()["errors"].values() for m in messages)
    assert said in message
    assert not any(digit in message for digit in "0123456789") and "version" not in message.lower()


def test_the_table_is_thanked_for_confirming_the_organiser_is_not(client):
    """Issue 19: the organiser who confirms a sheet was told "Vielen Dank!"; the table is thanked instead."""
    _round, games = released_round(tables=2)
    german = {"HTTP_ACCEPT_LANGUAGE": "de", **JSON}
    said = {}
    for game, who in zip(games, ("table", "organiser"), strict=True):
        sheet, link_a, link_b = table_of(game)
        sheet = fill(sheet, link_a, HOHELUFT_GAME)
        client.post(f"/t/{link_a.token}/submit/", {"version": sheet.version})
        if who == "table":
            answer = client.post(
                f"/t/{link_b.token}/confirm/", {"version": sheet.version + 1, "pin": pin_of(link_b)}, **german
            )
        else:
            client.force_login(MembershipFactory(club=game.round.event.club).user)
            answer = client.post(
                sheet_url(sheet) + "confirm/", {"version": sheet.version + 1, "reason": "Papierbogen"}, **german
            )
        assert answer.status_code == 200, answer.content
        said[who] = answer.json()["message"]
    assert said == {
        "table": "Der Spielbericht ist bestätigt. Vielen Dank!",
        "organiser": "Der Spielbericht ist bestätigt.",
    }
