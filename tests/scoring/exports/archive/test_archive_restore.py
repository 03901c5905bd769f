"""Restoring an event from its own archive (a backup): the event returns to the archived state in place (same
row, same season: counted once), another event's archive is refused, a broken archive stores nothing and loses
nothing already stored."""

import json

import pytest

from scoring.exports.archive import ArchiveError, event_archive, event_archive_restore
from scoring.models import Adjustment, Deal, Sheet, TableCard, TableLink, TeamLink
from scoring.sheets.links import table_cards_ensure, team_links_ensure
from tests.factories import EventFactory, PlayerFactory
from tests.scoring.archive_helpers import make_rich_event, rows, sheet_in
from tournaments.exceptions import InvalidInput
from tournaments.history_labels import event_log_text
from tournaments.models import Entry, Event, EventLogEntry, Payment, Prize, PrizeAward, PrizeCategory, Season
from tournaments.services.history import event_log_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup():
    """The rich event, its archive (as read back from JSON) and its rows at that moment."""
    event = make_rich_event()
    data = json.loads(json.dumps(event_archive(event_id=event.pk)))
    return event, data, rows(event)


def _change_everything(event):
    """What an evening does after the backup: a deal removed, a penalty, a late entry, a new name, a step."""
    sheet = Sheet.objects.filter(game__round__event=event, deal_count__gt=1).first()
    Deal.objects.filter(sheet=sheet, position=sheet.deal_count - 1).delete()
    Sheet.objects.filter(pk=sheet.pk).update(deal_count=sheet.deal_count - 1, total_a=0)
    entry = Entry.objects.filter(event=event).first()
    Adjustment.objects.create(event=event, entry=entry, points=-50, reason="Handy am Tisch")
    late = PlayerFactory(club=event.club, first_name="Spät", last_name="Gekommen", email="")
    Entry.objects.create(event=event, number=9, player_1=late)
    Event.objects.filter(pk=event.pk).update(name="Umbenannt", status=Event.Status.RUNNING)
    event_log_add(event=event, action="round_reopened", round_number=2, reason="nach dem Backup", round=2)


def test_a_restore_after_changes_returns_the_event_to_the_archived_state(backup):
    event, data, archived = backup
    _change_everything(event)
    assert rows(event) != archived
    restored = event_archive_restore(data=data, event=event, reason="Stand von 21 Uhr")
    assert restored.pk == event.pk and restored.season_id == event.season_id
    now = rows(event)
    for table in archived:
        if table not in ("event_log", "players"):
            assert now[table] == archived[table], table
    # The club's members are the club's: the late pair's player stays a member, with no entry now.
    assert now["players"] == sorted([*archived["players"], ("Spät", "Gekommen", "")])
    # The history keeps every row (also the step after the backup) and gains the restore, with its reason.
    steps = list(EventLogEntry.objects.filter(event=event).order_by("id").values_list("action", "reason"))
    assert steps[:2] == [("late_entry", "Stau"), ("sides_swapped", "Falsch gesetzt")]
    assert steps[2:] == [("round_reopened", "nach dem Backup"), ("event_restored", "Stand von 21 Uhr")]
    log = EventLogEntry.objects.get(event=event, action="event_restored")
    assert (log.details["deals_before"], log.details["deals_after"]) == (
        log.details["deals_after"] - 1,
        Deal.objects.filter(sheet__game__round__event=event).count(),
    )
    # The late pair's history row finds its entry again by start number.
    assert EventLogEntry.objects.get(event=event, action="late_entry").entry.number == 2


def test_the_evening_is_counted_once_in_the_season(backup):
    event, data, _archived = backup
    season = event.season
    event_archive_restore(data=data, event=event, reason="x")
    event_archive_restore(data=data, event=event, reason="noch einmal")
    assert list(Event.objects.filter(season=season).values_list("pk", flat=True)) == [event.pk]
    assert Season.objects.filter(club=event.club).count() == 1


def test_cards_screens_and_phone_addresses_are_kept(backup):
    event, data, _archived = backup
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    table_cards_ensure(event=event, table_numbers=[1, 2])
    team_links_ensure(event=event)
    cards = set(TableCard.objects.active().filter(event=event).values_list("token", flat=True))
    teams = dict(TeamLink.objects.active().filter(entry__event=event).values_list("entry__number", "token"))
    games = set(TableLink.objects.active().filter(game__round__event=event).values_list("token", flat=True))
    event_archive_restore(data=data, event=event, reason="x")
    assert set(TableCard.objects.active().filter(event=event).values_list("token", flat=True)) == cards
    assert dict(TeamLink.objects.active().filter(entry__event=event).values_list("entry__number", "token")) == teams
    assert set(TableLink.objects.active().filter(game__round__event=event).values_list("token", flat=True)) == games


def _desk(event, numbers):
    """The treasurer's payments and a started prize-giving (with a ticked category) for the teams `numbers`."""
    teams = {entry.number: entry for entry in Entry.objects.filter(event=event, number__in=numbers)}
    ladies = PrizeCategory.objects.create(event=event, position=1, name="Damen")
    ladies.entries.set(teams.values())
    for step, number in enumerate(numbers, start=1):
        entry = teams[number]
        Payment.objects.create(event=event, entry=entry, entry_number=number, entry_name=str(entry), amount=10)
        prize = Prize.objects.create(event=event, position=step, label=f"{step}. Preis")
        PrizeAward.objects.create(event=event, step=step, entry=entry, prize=prize)


def test_a_restore_keeps_the_desks_payments_and_prize_giving(backup):
    """Neither is in the archive: replacing the entries once orphaned every payment (the treasurer's sheet
    showed every team owing) and deleted the prize-giving."""
    event, data, _archived = backup
    _change_everything(event)  # adds the late pair no. 9, whom the backup does not know
    _desk(event, [2, 9, 1])
    event_archive_restore(data=data, event=event, reason="Stand von 21 Uhr")
    ledger = list(Payment.objects.filter(event=event).order_by("pk").values_list("entry_number", "entry__number"))
    assert ledger == [(2, 2), (9, None), (1, 1)]  # no. 9's payment stays in the ledger, with its number and name
    steps = list(PrizeAward.objects.filter(event=event).values_list("step", "entry__number", "prize__label"))
    assert steps == [(1, 2, "1. Preis"), (2, 1, "3. Preis")]  # no. 9's step undone, the next one moved up
    ticked = PrizeCategory.objects.get(event=event).entries.values_list("number", flat=True)
    assert sorted(ticked) == [1, 2]
    log = EventLogEntry.objects.get(event=event, action="event_restored")
    assert event_log_text(log.action, log.details).endswith(
        "2 payments kept. 2 steps of the prize-giving kept. "
        "1 step of the prize-giving undone: its team is not in the backup."
    )


def test_another_events_archive_is_refused_and_nothing_changes(backup):
    event, data, archived = backup
    other = EventFactory(club=event.club, slug="abend-dezember")
    with pytest.raises(ArchiveError, match="not of this event") as info:
        event_archive_restore(data=data, event=other, reason="x")
    assert "import the file as a copy" in str(info.value)
    # Same address, but an earlier event that had it (deleted, then the short name taken again).
    Event.objects.filter(pk=event.pk).update(created_at=event.created_at.replace(year=2020))
    with pytest.raises(ArchiveError, match="earlier event with the same short name"):
        event_archive_restore(data=data, event=Event.objects.get(pk=event.pk), reason="x")
    Event.objects.filter(pk=event.pk).update(created_at=event.created_at)
    assert rows(event) == archived
    assert not EventLogEntry.objects.filter(action="event_restored").exists()


def test_a_broken_archive_stores_nothing_and_loses_nothing(backup):
    event, data, _archived = backup
    _change_everything(event)
    before = rows(event)
    counts = (Deal.objects.count(), TableLink.objects.count(), EventLogEntry.objects.count())
    sheet_in(data)["deals"][1]["data"]["tricks"]["A"] = 1  # the rules engine refuses the sum
    with pytest.raises(ArchiveError, match=r"rounds\[0\]\.games\[0\]\.sheet\.deals\[1\]"):
        event_archive_restore(data=data, event=event, reason="x")
    assert rows(event) == before
    assert (Deal.objects.count(), TableLink.objects.count(), EventLogEntry.objects.count()) == counts


def test_a_reason_is_required(backup):
    event, data, archived = backup
    with pytest.raises(InvalidInput, match="Give a reason"):
        event_archive_restore(data=data, event=event, reason="")
    assert rows(event) == archived
