"""deal_preview: a deal placed among the sheet's deals and scored, nothing stored. The referee page's check
and the API's validate both answer from it."""

import pytest

from scoring.models import Deal, Sheet
from scoring.sheets.preview import deal_preview
from scoring.sheets.services import deal_create
from tests.scoring.entry_helpers import HOHELUFT_GAME, link_actor, released_round, table_of

pytestmark = pytest.mark.django_db

FIRST, SECOND = HOHELUFT_GAME[0], HOHELUFT_GAME[1]  # N/S make 92 : 70, then E/W make 60 : 102
NEW = {"contract": {"taker": "A", "trump": "clubs"}, "tricks": {"A": 100, "B": 62}}  # N/S make 100 : 62


@pytest.fixture
def sheet():
    _round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    for i, data in enumerate((FIRST, SECOND)):
        write = deal_create(sheet=sheet, data=data, version=sheet.version, client_id=f"p{i}", actor=link_actor(link_a))
        sheet = write.sheet
    return Sheet.objects.select_related("game__round__event").get(pk=sheet.pk)


def test_a_new_deal_comes_last_with_the_running_totals(sheet):
    preview = deal_preview(sheet=sheet, deal=NEW)
    assert preview.valid and preview.position == 2
    assert preview.deals == [FIRST, SECOND, NEW]
    assert preview.scored["outcome"] == "made" and preview.scored["score"] == {"A": 100, "B": 62}
    assert preview.running == preview.result["totals"] == {"A": 92 + 60 + 100, "B": 70 + 102 + 62}


def test_a_position_replaces_that_deal_and_past_the_end_appends(sheet):
    edit = deal_preview(sheet=sheet, deal=NEW, position=0)
    assert edit.position == 0 and edit.deals == [NEW, SECOND]
    assert edit.running == {"A": 100, "B": 62}
    assert edit.result["totals"] == {"A": 100 + 60, "B": 62 + 102}
    assert deal_preview(sheet=sheet, deal=NEW, position=9).deals == [FIRST, SECOND, NEW]


def test_an_insert_goes_before_the_deal_there_and_counts_up_to_itself(sheet):
    inserted = deal_preview(sheet=sheet, deal=NEW, insert=1)
    assert inserted.position == 1 and inserted.deals == [FIRST, NEW, SECOND]
    assert inserted.running == {"A": 92 + 100, "B": 70 + 62}
    assert inserted.result["totals"] == {"A": 252, "B": 234}
    # Past the end an insert is no insert: the position (here an edit of deal 2) decides.
    assert deal_preview(sheet=sheet, deal=NEW, insert=5, position=1).deals == [FIRST, NEW]


def test_an_impossible_deal_is_invalid_with_the_engines_errors_and_nothing_is_stored(sheet):
    bad = {"contract": {"taker": "A", "trump": "clubs"}, "tricks": {"A": 100, "B": 100}}
    preview = deal_preview(sheet=sheet, deal=bad, position=1)
    assert not preview.valid and preview.position == 1
    assert [(e["deal"], e["field"], e["code"]) for e in preview.result["errors"]] == [(1, "tricks", "sum_mismatch")]
    assert list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("data", flat=True)) == [FIRST, SECOND]
    sheet.refresh_from_db()
    assert (sheet.version, sheet.deal_count) == (2, 2)


@pytest.mark.parametrize("where", [{"position": -1}, {"position": -100}, {"insert": -1}, {"insert": -100}])
def test_a_negative_position_or_insert_is_outside_the_deals_and_comes_last(sheet, where):
    # Python's negative indexes made position -1 replace the last deal (running totals 0 : 0) and
    # position -100 an IndexError, a 500 to a caller that does not refuse negatives itself.
    preview = deal_preview(sheet=sheet, deal=NEW, **where)
    assert preview.position == 2 and preview.deals == [FIRST, SECOND, NEW]
    assert preview.scored["score"] == {"A": 100, "B": 62}
    assert preview.running == {"A": 92 + 60 + 100, "B": 70 + 102 + 62}
