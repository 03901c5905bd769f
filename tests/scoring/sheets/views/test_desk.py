"""The organiser's round view: tables and their sheets, disputes first, closing the round, links."""

import pytest

from scoring.models import Sheet, SheetChange, TableLink
from scoring.sheets.services import deal_create, sheet_confirm, sheet_correct, sheet_dispute, sheet_submit
from tests.address_helpers import link_revoke_url, round_url
from tests.factories import GameFactory, MembershipFactory, RoundFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, card_actor, link_actor, organiser_actor, released_round, table_of
from tournaments.exceptions import RoundCloseRefused
from tournaments.models import Round
from tournaments.services.rounds import round_close, round_release

pytestmark = pytest.mark.django_db


def fill(sheet, link, deals=HOHELUFT_GAME):
    for i, deal in enumerate(deals):
        sheet = deal_create(
            sheet=sheet, data=deal, version=sheet.version, client_id=f"f{i}", actor=link_actor(link)
        ).sheet
    return sheet


def confirmed(game):
    sheet, link_a, link_b = table_of(game)
    sheet = fill(sheet, link_a)
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    return sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_b))


@pytest.fixture
def organiser_client(client):
    def login(club):
        client.force_login(MembershipFactory(club=club).user)
        return client

    return login


def test_the_round_view_puts_disputes_first_and_lists_missing_sheets(organiser_client):
    round, games = released_round(tables=4)
    confirmed(games[0])
    sheet, link_a, link_b = table_of(games[2])
    sheet = fill(sheet, link_a)
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    sheet_dispute(sheet=sheet, version=sheet.version, actor=card_actor(link_b), message="deal 4 was ours")
    client = organiser_client(round.event.club)
    html = client.get(round_url(round)).content.decode()
    order = [html.index(f'data-table="{n}"') for n in (3, 2, 4, 1)]
    assert order == sorted(order)  # disputed, then being entered (by table), then confirmed
    assert "deal 4 was ours" in html
    assert 'id="missing-title"' in html and 'id="close-round"' in html
    assert html.count('data-status="disputed"') == 1 and html.count('data-status="confirmed"') == 1


def test_round_view_queries_do_not_grow_with_tables(organiser_client, django_assert_max_num_queries):
    small, _ = released_round(tables=2)
    big, _ = released_round(tables=24, club=small.event.club)
    client = organiser_client(small.event.club)
    client.get(round_url(small))
    with django_assert_max_num_queries(14) as small_queries:
        assert client.get(round_url(small)).status_code == 200
    with django_assert_max_num_queries(len(small_queries)):
        assert client.get(round_url(big)).status_code == 200


def test_closing_is_refused_while_sheets_are_unconfirmed(organiser_client):
    round, games = released_round(tables=2)
    confirmed(games[0])
    client = organiser_client(round.event.club)
    response = client.post(round_url(round, "close/"), {}, follow=True)
    assert response.status_code == 200
    assert "2" in str(next(iter(response.context["messages"])))
    round.refresh_from_db()
    assert round.status == Round.Status.RELEASED
    assert not Sheet.objects.filter(status=Sheet.Status.LOCKED).exists()


def test_confirming_the_rest_needs_a_reason(organiser_client):
    round, games = released_round(tables=2)
    confirmed(games[0])
    client = organiser_client(round.event.club)
    client.post(round_url(round, "close/"), {"confirm_all": "on", "reason": ""})
    round.refresh_from_db()
    assert round.status == Round.Status.RELEASED


def test_closing_with_the_rest_confirmed_locks_every_sheet(organiser_client, django_capture_on_commit_callbacks):
    round, games = released_round(tables=3)
    confirmed(games[0])
    _sheet_2, link_2, _ = table_of(games[1])
    client = organiser_client(round.event.club)
    # Tables 2 and 3 played no deal (unfinished): the close page shows them, with the rule, before closing.
    seen = client.get(round_url(round, "close/")).context["plan"].stamp
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(
            round_url(round, "close/"), {"confirm_all": "on", "reason": "table 2 and 3 left early", "seen": seen}
        )
    assert response.status_code == 302
    round.refresh_from_db()
    assert round.status == Round.Status.CLOSED
    assert set(Sheet.objects.filter(game__round=round).values_list("status", flat=True)) == {Sheet.Status.LOCKED}
    assert SheetChange.objects.filter(action=SheetChange.Action.CONFIRM, reason="table 2 and 3 left early").count() == 2
    assert SheetChange.objects.filter(action=SheetChange.Action.LOCK).count() == 3
    # The round is closed: the links stop working.
    assert client.get(f"/t/{link_2.token}/").status_code == 403


def test_tournaments_round_close_runs_the_sheet_check_and_locks(django_capture_on_commit_callbacks):
    round, games = released_round(tables=2)
    confirmed(games[0])
    with pytest.raises(RoundCloseRefused) as refused:
        round_close(round=round)
    assert "2" in str(refused.value)
    confirmed(games[1])
    round_close(round=Round.objects.get(pk=round.pk))
    assert set(Sheet.objects.filter(game__round=round).values_list("status", flat=True)) == {Sheet.Status.LOCKED}


def test_releasing_a_round_creates_sheets_and_links():
    round = RoundFactory(status=Round.Status.CONFIRMED)
    games = [GameFactory(round=round, table_number=n) for n in (1, 2)]
    round_release(round=round)
    assert Sheet.objects.filter(game__in=games).count() == 2
    assert TableLink.objects.active().filter(game__in=games).count() == 4


def test_a_locked_sheet_is_corrected_by_the_organiser_only(django_capture_on_commit_callbacks):
    round, games = released_round(tables=1)
    sheet = confirmed(games[0])
    round_close(round=round)
    sheet.refresh_from_db()
    assert sheet.status == Sheet.Status.LOCKED
    organiser = MembershipFactory(club=round.event.club)
    corrected = [dict(d) for d in HOHELUFT_GAME]
    corrected[1] = {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 50, "B": 112}}
    with django_capture_on_commit_callbacks() as callbacks:
        sheet = sheet_correct(
            sheet=sheet,
            deals=corrected,
            version=sheet.version,
            actor=organiser_actor(organiser),
            reason="deal 2 misread",
        )
    assert sheet.status == Sheet.Status.LOCKED and len(callbacks) == 1
    assert SheetChange.objects.filter(action=SheetChange.Action.CORRECT, reason="deal 2 misread").exists()


def test_revoking_a_link_from_the_round_view(organiser_client):
    round, games = released_round(tables=1)
    _sheet, link_a, _ = table_of(games[0])
    client = organiser_client(round.event.club)
    response = client.post(link_revoke_url(link_a))
    assert response.status_code == 302
    assert client.get(f"/t/{link_a.token}/").status_code == 404
    new = TableLink.objects.active().get(game=games[0], side="A")
    assert client.get(f"/t/{new.token}/").status_code == 200
    other = MembershipFactory()
    client.force_login(other.user)
    assert client.post(link_revoke_url(new)).status_code == 404


def test_round_close_check_names_the_unconfirmed_tables(django_assert_max_num_queries):
    from scoring.sheets.rounds import round_close_check

    round, games = released_round(tables=3)
    confirmed(games[1])
    with django_assert_max_num_queries(6):
        check = round_close_check(round)
    assert not check.ok and check.tables == [1, 3]
    confirmed(games[0])
    confirmed(games[2])
    assert round_close_check(round).ok
