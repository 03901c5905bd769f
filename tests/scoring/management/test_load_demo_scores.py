"""load_demo_scores: the demo's round 1 in play, through the same services as the phones; idempotent."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import Deal, Sheet, SheetChange
from tournaments.models import Standing

pytestmark = pytest.mark.django_db


def load():
    out = io.StringIO()
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo_scores", stdout=out)
    return out.getvalue()


def test_round_one_has_confirmed_typing_and_empty_tables_and_standings():
    output = load()
    by_table = {s.game.table_number: s for s in Sheet.objects.select_related("game")}
    assert [by_table[t].status for t in (1, 2, 3, 4)] == ["confirmed"] * 4
    assert all(by_table[t].finished for t in (1, 2, 3, 4))
    assert by_table[5].status == "entered" and by_table[5].deal_count == 5
    assert by_table[6].deal_count == 0
    # Typed by side A's link, confirmed by side B's: the history says so.
    confirm = SheetChange.objects.get(sheet=by_table[1], action="confirm")
    assert confirm.link.side == "B"
    # The eight teams of tables 1-4 have a result; standings exist for round 1.
    assert Standing.objects.filter(round_number=1).count() == 12
    assert "/t/" in output and "standings" in output


def snapshot():
    sheets = list(Sheet.objects.order_by("pk").values_list("version", "status"))
    return Deal.objects.count(), SheetChange.objects.count(), sheets


def test_running_twice_changes_nothing():
    load()
    before = snapshot()
    load()
    assert snapshot() == before


def test_without_the_demo_event_it_says_what_to_run():
    with pytest.raises(CommandError, match="run load_demo first"):
        call_command("load_demo_scores", stdout=io.StringIO())


def addresses(output: str) -> list[str]:
    """The organiser's and the public addresses the two commands print (not the t/ and p/ tokens)."""
    return [line for line in output.splitlines() if "/o/" in line or "/e/" in line]


def test_a_second_load_prints_the_same_organiser_addresses():
    """The demo event is rebuilt on every run (new ids); its organiser addresses use slugs and numbers, so a
    bookmark survives `make demo`. The t/ and p/ tokens are new on every run: they are secrets."""
    outputs = []
    for _run in range(2):
        demo, scores = io.StringIO(), io.StringIO()
        call_command("load_demo", stdout=demo)
        call_command("load_demo_scores", stdout=scores)
        outputs.append(demo.getvalue() + scores.getvalue())
    first, second = outputs
    assert len(addresses(first)) >= 12 and addresses(first) == addresses(second)
    assert "/o/hoheluft/events/clubabend/rounds/1/sheets/" in first
    assert "/o/hoheluft/events/clubabend/cards/" in first
