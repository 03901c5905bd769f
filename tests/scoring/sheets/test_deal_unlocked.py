"""The phone's deal through its table card, written in one statement without a lock
(scoring/sheets/services/deals.py `_create_unlocked`): stored as the locked path stores it, and every case
where the sheet moved on after the card's lookup read it goes the locked way, which answers as before: a
deal from the other phone (a version conflict), a retry (a replay, also of a deal deleted since), a close
(refused), a side swap (the mirrored deals kept), a deal the engine refuses."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from scoring.exceptions import DealInvalid, SheetConflict, SheetStateError
from scoring.models import Deal, Sheet, SheetChange
from scoring.sheets.card_lookup import card_game_access
from scoring.sheets.services import deal_create, deal_delete
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, organiser_actor
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]


@pytest.fixture
def table():
    event, round1, _entries, games = evening(tables=1)
    return event, round1, games[0]


def _access(event, game, side="A"):
    """What the card's write address opens now: the sheet and the deals as its one statement read them."""
    request = RequestFactory().post("/")
    return card_game_access(request, card_of(event, 1, side).token, game.pk)


def _create(access, deal, client_id, version=None):
    version = access.sheet.version if version is None else version
    return deal_create(sheet=access.sheet, data=deal, version=version, client_id=client_id, actor=access.actor)


def test_a_deal_is_stored_with_its_history_and_the_sheets_result(table):
    event, _round, game = table
    access = _access(event, game)
    assert access.sheet.read_deals == []
    written = _create(access, HOHELUFT_GAME[0], "c-1")
    assert written.created and written.deals == [HOHELUFT_GAME[0]]
    sheet = Sheet.objects.get(pk=access.sheet.pk)
    assert (sheet.version, sheet.deal_count, sheet.entering_side) == (1, 1, "A")
    assert (sheet.total_a, sheet.total_b) == (written.sheet.total_a, written.sheet.total_b) != (0, 0)
    change = SheetChange.objects.get(sheet=sheet)
    assert (change.action, change.deal_position, change.version, change.client_id) == ("deal_create", 0, 1, "c-1")
    assert Deal.objects.get(sheet=sheet).pk == written.deal.pk
    assert _access(event, game).sheet.read_deals == [HOHELUFT_GAME[0]]


def test_a_sheet_that_moved_on_after_the_lookup_is_a_version_conflict(table):
    event, _round, game = table
    stale = _access(event, game)
    _create(_access(event, game), HOHELUFT_GAME[0], "c-1")  # the same phone's other tab, say
    with pytest.raises(SheetConflict):
        _create(stale, HOHELUFT_GAME[1], "c-2")
    assert list(Deal.objects.filter(sheet=stale.sheet).values_list("client_id", flat=True)) == ["c-1"]


def test_a_retry_is_a_replay_even_of_a_deal_deleted_since(table):
    event, _round, game = table
    first = _create(_access(event, game), HOHELUFT_GAME[0], "c-1")
    again = _create(_access(event, game), HOHELUFT_GAME[0], "c-1")  # the answer was lost; the page knows v1
    assert not again.created and again.deal.pk == first.deal.pk
    director = organiser_actor(MembershipFactory(club=event.club))
    deal_delete(sheet=first.sheet, position=0, version=1, actor=director, reason="falsch")
    late = _create(_access(event, game), HOHELUFT_GAME[0], "c-1")
    assert not late.created and late.deal is None
    assert not Deal.objects.filter(sheet=first.sheet).exists()


def test_a_close_after_the_lookup_is_refused_and_stores_nothing(table):
    event, _round, game = table
    access = _access(event, game)
    Sheet.objects.filter(pk=access.sheet.pk).update(status=Sheet.Status.LOCKED)  # what closing does, under lock
    with pytest.raises(SheetStateError):
        _create(access, HOHELUFT_GAME[0], "c-1")
    assert not Deal.objects.filter(sheet=access.sheet).exists()


def test_a_deal_the_engine_refuses_is_refused_with_its_errors(table):
    event, _round, game = table
    access = _access(event, game)
    bad = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 71}}
    with pytest.raises(DealInvalid):
        _create(access, bad, "c-1")
    assert not Deal.objects.filter(sheet=access.sheet).exists()
    assert not SheetChange.objects.filter(sheet=access.sheet).exists()
