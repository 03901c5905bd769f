"""A step sent again after its answer was lost (scoring/sheets/services/steps.py `_replayed`): the same link's
submit or confirm, with the version it was sent with, is answered as the first one was, and nothing is
written twice; anyone else, or the same link after something changed, is refused as before."""

from __future__ import annotations

import pytest

from scoring.exceptions import SheetStateError
from scoring.models import Sheet, SheetChange
from scoring.sheets.services import sheet_confirm, sheet_submit
from tests.scoring.entry_helpers import (
    HOHELUFT_GAME,
    card_actor,
    fill,
    link_actor,
    pin_of,
    released_round,
    table_of,
)

pytestmark = pytest.mark.django_db


def _submitted():
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    sheet = fill(sheet, link_a, HOHELUFT_GAME)
    before = sheet.version
    sheet = sheet_submit(sheet=sheet, version=before, actor=card_actor(link_a))
    return sheet, link_a, link_b, before


def _changes(sheet: Sheet, action: str) -> int:
    return SheetChange.objects.filter(sheet=sheet, action=action).count()


def test_the_same_cards_submit_sent_again_is_answered_as_the_first():
    sheet, link_a, _link_b, before = _submitted()
    again = sheet_submit(sheet=Sheet.objects.get(pk=sheet.pk), version=before, actor=card_actor(link_a))
    assert (again.status, again.version) == (Sheet.Status.SUBMITTED, before + 1)
    assert _changes(sheet, SheetChange.Action.SUBMIT) == 1


def test_the_same_sides_confirm_sent_again_is_answered_as_the_first():
    sheet, _link_a, link_b, _before = _submitted()
    sent = sheet.version
    pin = pin_of(link_b)
    sheet_confirm(sheet=sheet, version=sent, actor=link_actor(link_b), pin=pin)
    again = sheet_confirm(sheet=Sheet.objects.get(pk=sheet.pk), version=sent, actor=link_actor(link_b), pin=pin)
    assert (again.status, again.version) == (Sheet.Status.CONFIRMED, sent + 1)
    assert _changes(sheet, SheetChange.Action.CONFIRM) == 1


def test_another_actor_or_an_older_version_is_still_refused():
    sheet, _link_a, link_b, _before = _submitted()
    sent = sheet.version
    sheet_confirm(sheet=sheet, version=sent, actor=card_actor(link_b))
    fresh = Sheet.objects.get(pk=sheet.pk)
    with pytest.raises(SheetStateError) as by_link:  # the game link is not the card that confirmed
        sheet_confirm(sheet=fresh, version=sent, actor=link_actor(link_b), pin=pin_of(link_b))
    assert by_link.value.code == "sheet_confirmed"
    with pytest.raises(SheetStateError) as older:  # the same card, but not the version it confirmed
        sheet_confirm(sheet=fresh, version=sent - 1, actor=card_actor(link_b))
    assert older.value.code == "sheet_confirmed"
