"""Score entry services: versions, idempotent creates, engine validation, the way to confirmed, history."""

import pytest
from django.utils import timezone

from scoring.exceptions import (
    DealInvalid,
    FieldRequired,
    SheetConflict,
    SheetStateError,
    SideNotAllowed,
)
from scoring.models import Deal, Sheet, SheetChange, TableLink
from scoring.rules import score_game
from scoring.sheets.links import table_link_revoke
from scoring.sheets.permissions import Actor, sheet_permissions
from scoring.sheets.rounds import sheets_recompute, table_links_ensure
from scoring.sheets.services import (
    deal_create,
    deal_delete,
    deal_update,
    sheet_confirm,
    sheet_correct,
    sheet_dispute,
    sheet_submit,
)
from tests.factories import GameFactory, MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, card_actor, link_actor, organiser_actor, released_round, table_of

pytestmark = pytest.mark.django_db

MADE = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


@pytest.fixture
def table():
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    return sheet, link_a, link_b


def enter_game(sheet, link, deals=HOHELUFT_GAME):
    for i, deal in enumerate(deals):
        sheet = deal_create(
            sheet=sheet, data=deal, version=sheet.version, client_id=f"c{i}", actor=link_actor(link)
        ).sheet
    return sheet


def test_create_stores_the_deal_bumps_the_version_and_records_who_and_where(table):
    sheet, link_a, _ = table
    write = deal_create(sheet=sheet, data=MADE, version=0, client_id="deal-1", actor=link_actor(link_a))
    assert write.created
    sheet.refresh_from_db()
    assert sheet.version == 1
    assert sheet.deal_count == 1
    assert (sheet.total_a, sheet.total_b) == (92, 70)
    assert sheet.entering_side == "A"
    assert sheet.result["deals"][0]["outcome"] == "made"
    deal = Deal.objects.get(sheet=sheet)
    assert (deal.position, deal.data, deal.client_id) == (0, MADE, "deal-1")
    change = SheetChange.objects.get(sheet=sheet)
    assert change.action == SheetChange.Action.DEAL_CREATE
    assert change.link == link_a and change.user is None
    assert (change.ip_address, change.user_agent) == ("10.0.0.7", "pytest-phone")
    assert change.before is None and change.after == MADE
    assert change.version == 1 and change.client_id == "deal-1"


def test_an_impossible_deal_is_refused_with_the_engines_error_and_nothing_is_stored(table):
    sheet, link_a, _ = table
    bad = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}}
    with pytest.raises(DealInvalid) as caught:
        deal_create(sheet=sheet, data=bad, version=0, client_id="bad", actor=link_actor(link_a))
    error = caught.value.errors[0]
    assert (error["deal"], error["field"], error["code"]) == (0, "tricks", "sum_mismatch")
    assert "162" in error["message"] and "92 + 72 = 164" in error["message"]
    sheet.refresh_from_db()
    assert sheet.version == 0 and sheet.entering_side == ""
    assert not Deal.objects.exists() and not SheetChange.objects.exists()


def test_a_stale_version_is_a_conflict_not_an_overwrite(table):
    sheet, link_a, _ = table
    deal_create(sheet=sheet, data=MADE, version=0, client_id="one", actor=link_actor(link_a))
    with pytest.raises(SheetConflict) as caught:
        deal_create(sheet=sheet, data=MADE, version=0, client_id="two", actor=link_actor(link_a))
    assert caught.value.sheet.version == 1
    assert caught.value.status_code == 409
    assert Deal.objects.count() == 1


def test_a_missing_version_names_the_field(table):
    sheet, link_a, _ = table
    with pytest.raises(FieldRequired) as caught:
        deal_create(sheet=sheet, data=MADE, version=None, client_id="one", actor=link_actor(link_a))
    assert caught.value.errors[0]["field"] == "version"


def test_a_retried_create_with_the_same_client_id_stores_one_deal(table):
    sheet, link_a, _ = table
    first = deal_create(sheet=sheet, data=MADE, version=0, client_id="same", actor=link_actor(link_a))
    # The retry carries the version the phone had before its first try.
    again = deal_create(sheet=sheet, data=MADE, version=0, client_id="same", actor=link_actor(link_a))
    assert not again.created
    assert again.deal.pk == first.deal.pk
    assert Deal.objects.count() == 1
    assert SheetChange.objects.count() == 1
    assert Sheet.objects.get(pk=sheet.pk).version == 1


def test_a_retried_create_after_its_deal_was_deleted_stores_nothing(table):
    sheet, link_a, _ = table
    deal_create(sheet=sheet, data=MADE, version=0, client_id="gone", actor=link_actor(link_a))
    deal_delete(sheet=sheet, position=0, version=1, actor=link_actor(link_a))
    replay = deal_create(sheet=sheet, data=MADE, version=1, client_id="gone", actor=link_actor(link_a))
    assert not replay.created and replay.deal is None
    assert not Deal.objects.exists()


@pytest.mark.parametrize("client_id", ["", "x" * 65, "with space", None, 7])
def test_a_create_needs_a_well_formed_client_id(table, client_id):
    sheet, link_a, _ = table
    with pytest.raises(FieldRequired) as caught:
        deal_create(sheet=sheet, data=MADE, version=0, client_id=client_id, actor=link_actor(link_a))
    assert caught.value.errors[0]["field"] == "client_id"


def test_the_other_side_cannot_write_once_one_side_enters(table):
    sheet, link_a, link_b = table
    deal_create(sheet=sheet, data=MADE, version=0, client_id="a1", actor=link_actor(link_a))
    with pytest.raises(SideNotAllowed):
        deal_create(sheet=sheet, data=MADE, version=1, client_id="b1", actor=link_actor(link_b))
    sheet.refresh_from_db()
    assert sheet_permissions(sheet, link_actor(link_b))["edit"] is False
    assert sheet_permissions(sheet, link_actor(link_a))["edit"] is True


def test_update_keeps_before_and_after(table):
    sheet, link_a, _ = table
    deal_create(sheet=sheet, data=MADE, version=0, client_id="a1", actor=link_actor(link_a))
    changed = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 102, "B": 60}}
    write = deal_update(sheet=sheet, position=0, data=changed, version=1, actor=link_actor(link_a))
    assert write.sheet.version == 2 and (write.sheet.total_a, write.sheet.total_b) == (102, 60)
    change = SheetChange.objects.get(action=SheetChange.Action.DEAL_UPDATE)
    assert (change.before, change.after, change.deal_position) == (MADE, changed, 0)


def test_update_of_a_missing_position_names_it(table):
    sheet, link_a, _ = table
    with pytest.raises(SheetStateError) as caught:
        deal_update(sheet=sheet, position=3, data=MADE, version=0, actor=link_actor(link_a))
    assert caught.value.code == "no_such_deal"


def test_delete_moves_later_deals_up(table):
    sheet, link_a, _ = table
    sheet = enter_game(sheet, link_a, HOHELUFT_GAME[:4])
    write = deal_delete(sheet=sheet, position=1, version=sheet.version, actor=link_actor(link_a))
    positions = list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("position", "client_id"))
    assert positions == [(0, "c0"), (1, "c2"), (2, "c3")]
    expected = score_game(
        {"rules": "hoheluft", "options": {"deals": 12}, "deals": [HOHELUFT_GAME[0], HOHELUFT_GAME[2], HOHELUFT_GAME[3]]}
    )
    assert write.sheet.result == expected
    assert SheetChange.objects.get(action=SheetChange.Action.DEAL_DELETE).before == HOHELUFT_GAME[1]


def test_no_deal_after_the_game_is_over(table):
    sheet, link_a, _ = table
    sheet = enter_game(sheet, link_a)
    assert sheet.finished and sheet.winner == "A"
    with pytest.raises(DealInvalid) as caught:
        deal_create(sheet=sheet, data=MADE, version=sheet.version, client_id="extra", actor=link_actor(link_a))
    assert caught.value.errors[0]["code"] == "game_over"


def test_whole_game_submitted_and_confirmed_by_the_other_side(table, django_capture_on_commit_callbacks):
    sheet, link_a, link_b = table
    sheet = enter_game(sheet, link_a)
    assert (sheet.total_a, sheet.total_b, sheet.deal_count) == (1069, 1005, 13)
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    assert sheet.status == Sheet.Status.SUBMITTED and sheet.submitted_at is not None
    with pytest.raises(SideNotAllowed):
        sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_a))
    with pytest.raises(SheetStateError):  # submitted: the entering side can no longer change deals
        deal_create(sheet=sheet, data=MADE, version=sheet.version, client_id="late", actor=link_actor(link_a))
    with django_capture_on_commit_callbacks() as callbacks:
        sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_b))
    assert sheet.status == Sheet.Status.CONFIRMED and sheet.confirmed_at is not None
    assert len(callbacks) == 1  # the standings recompute, queued after commit
    sheet.game.round.event.refresh_from_db()
    assert sheet.game.round.event.standings_dirty
    actions = list(SheetChange.objects.filter(sheet=sheet).values_list("action", flat=True))
    assert actions[-2:] == [SheetChange.Action.SUBMIT, SheetChange.Action.CONFIRM]


def test_an_unfinished_game_cannot_be_submitted(table):
    sheet, link_a, _ = table
    sheet = enter_game(sheet, link_a, HOHELUFT_GAME[:5])
    with pytest.raises(SheetStateError) as caught:
        sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    assert caught.value.code == "not_finished"


def test_dispute_needs_a_message_and_sends_the_sheet_back_to_entry(table):
    sheet, link_a, link_b = table
    sheet = enter_game(sheet, link_a)
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    with pytest.raises(FieldRequired) as caught:
        sheet_dispute(sheet=sheet, version=sheet.version, actor=card_actor(link_b), message="  ")
    assert caught.value.errors[0]["field"] == "message"
    with pytest.raises(SideNotAllowed):
        sheet_dispute(sheet=sheet, version=sheet.version, actor=card_actor(link_a), message="mine")
    sheet = sheet_dispute(sheet=sheet, version=sheet.version, actor=card_actor(link_b), message="Deal 12 was 86 for us")
    assert sheet.status == Sheet.Status.DISPUTED and sheet.dispute_message == "Deal 12 was 86 for us"
    fixed = {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 66, "B": 96}}
    sheet = deal_update(sheet=sheet, position=11, data=fixed, version=sheet.version, actor=link_actor(link_a)).sheet
    assert sheet.status == Sheet.Status.ENTERED
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_b))
    assert sheet.status == Sheet.Status.CONFIRMED


def test_organiser_changes_need_a_reason_and_are_recorded(table):
    sheet, _link_a, _ = table
    organiser = MembershipFactory(club=sheet.game.round.event.club)
    actor = organiser_actor(organiser)
    with pytest.raises(FieldRequired) as caught:
        deal_create(sheet=sheet, data=MADE, version=0, client_id="o1", actor=actor)
    assert caught.value.errors[0]["field"] == "reason"
    deal_create(sheet=sheet, data=MADE, version=0, client_id="o1", actor=actor, reason="from the paper sheet")
    change = SheetChange.objects.get()
    assert change.user == organiser.user and change.link is None and change.reason == "from the paper sheet"
    # An organiser's deal does not decide which side enters.
    assert Sheet.objects.get(pk=sheet.pk).entering_side == ""


def test_organiser_corrects_a_confirmed_sheet_with_a_reason(table, django_capture_on_commit_callbacks):
    sheet, link_a, link_b = table
    sheet = enter_game(sheet, link_a)
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_b))
    actor = organiser_actor(MembershipFactory(club=sheet.game.round.event.club))
    with pytest.raises(SheetStateError):
        deal_update(sheet=sheet, position=0, data=MADE, version=sheet.version, actor=link_actor(link_a))
    corrected = [dict(d) for d in HOHELUFT_GAME]
    corrected[0] = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 102, "B": 60}}
    with pytest.raises(FieldRequired):
        sheet_correct(sheet=sheet, deals=corrected, version=sheet.version, actor=actor, reason="")
    with pytest.raises(SideNotAllowed):
        sheet_correct(sheet=sheet, deals=corrected, version=sheet.version, actor=link_actor(link_a), reason="x")
    with django_capture_on_commit_callbacks() as callbacks:
        sheet = sheet_correct(
            sheet=sheet, deals=corrected, version=sheet.version, actor=actor, reason="N/S counted 102 in deal 1"
        )
    assert len(callbacks) == 1
    assert sheet.status == Sheet.Status.CONFIRMED
    assert (sheet.total_a, sheet.total_b) == (1079, 995)
    change = SheetChange.objects.filter(action=SheetChange.Action.CORRECT).get()
    assert change.before == HOHELUFT_GAME and change.after == corrected
    assert change.reason == "N/S counted 102 in deal 1"


def test_organiser_confirms_an_unfinished_sheet_only_with_a_reason(table):
    sheet, link_a, _ = table
    sheet = enter_game(sheet, link_a, HOHELUFT_GAME[:3])
    actor = organiser_actor(MembershipFactory(club=sheet.game.round.event.club))
    with pytest.raises(FieldRequired):
        sheet_confirm(sheet=sheet, version=sheet.version, actor=actor)
    sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=actor, reason="time is up")
    assert sheet.status == Sheet.Status.CONFIRMED
    assert SheetChange.objects.get(action=SheetChange.Action.CONFIRM).reason == "time is up"


def test_table_links_ensure_is_idempotent_in_a_fixed_number_of_queries(django_assert_max_num_queries):
    round, _games = released_round(tables=3)
    GameFactory(round=round, table_number=None, entry_b=None, is_bye=True, seats={})
    assert TableLink.objects.count() == 6 and Sheet.objects.count() == 3
    more = [GameFactory(round=round, table_number=10 + n) for n in range(20)]
    with django_assert_max_num_queries(7):
        table_links_ensure(round=round)
    with django_assert_max_num_queries(5):
        table_links_ensure(round=round)
    assert TableLink.objects.count() == 46 and Sheet.objects.count() == 23
    assert len({link.token for link in TableLink.objects.all()}) == 46
    sheet = Sheet.objects.get(game=more[0])
    assert sheet.result["valid"] and sheet.result["totals"] == {"A": 0, "B": 0}


def test_a_token_has_256_bits():
    _round, _games = released_round(tables=1)
    token = TableLink.objects.first().token
    assert len(token) == 43  # 32 bytes, URL-safe base64 without padding


def test_revoking_a_link_issues_a_new_one(table):
    sheet, link_a, _ = table
    actor = organiser_actor(MembershipFactory(club=sheet.game.round.event.club))
    new = table_link_revoke(link=link_a, actor=actor)
    link_a.refresh_from_db()
    assert link_a.revoked_at is not None
    assert new.side == "A" and new.game_id == link_a.game_id and new.token != link_a.token
    with pytest.raises(SideNotAllowed):
        table_link_revoke(link=new, actor=link_actor(new))


def test_sheets_recompute_rebuilds_the_cache_from_the_deals(table):
    sheet, link_a, _ = table
    sheet = enter_game(sheet, link_a, HOHELUFT_GAME[:4])
    Sheet.objects.filter(pk=sheet.pk).update(result={}, total_a=0, total_b=0, updated_at=timezone.now())
    assert sheets_recompute(round=sheet.game.round) == 1
    sheet.refresh_from_db()
    assert (sheet.total_a, sheet.total_b) == (202, 466)
    assert sheets_recompute(round=sheet.game.round) == 0


def test_a_user_without_a_link_or_organiser_role_cannot_write(table):
    sheet, _, _ = table
    with pytest.raises(SideNotAllowed):
        deal_create(sheet=sheet, data=MADE, version=0, client_id="x1", actor=Actor())


def test_an_organiser_locks_a_confirmed_sheet(table):
    from scoring.sheets.services import sheet_lock

    sheet, link_a, link_b = table
    organiser = organiser_actor(MembershipFactory(club=sheet.game.round.event.club))
    sheet = enter_game(sheet, link_a)
    with pytest.raises(SheetStateError):
        sheet_lock(sheet=sheet, version=sheet.version, actor=organiser)
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(link_b))
    with pytest.raises(SideNotAllowed):
        sheet_lock(sheet=sheet, version=sheet.version, actor=link_actor(link_b))
    sheet = sheet_lock(sheet=sheet, version=sheet.version, actor=organiser)
    assert sheet.status == Sheet.Status.LOCKED
    assert SheetChange.objects.filter(sheet=sheet).last().action == SheetChange.Action.LOCK
    with pytest.raises(SheetStateError):
        deal_update(sheet=sheet, position=0, data=MADE, version=sheet.version, actor=link_actor(link_a))
