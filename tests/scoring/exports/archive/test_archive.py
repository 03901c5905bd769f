"""The JSON archive: export a whole event, import it again, and compare every row; bad files store nothing."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from scoring.exports.archive import ArchiveError, event_archive, event_archive_import, event_archive_load
from scoring.models import Deal, Sheet, TableLink
from scoring.standings.store import standings_recompute_now
from tests.factories import ClubFactory
from tests.scoring.archive_helpers import make_rich_event, rows
from tests.scoring.standings_helpers import make_event
from tournaments.models import Club, Entry, Event, Game, Player, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def rich_event():
    return make_rich_event()


def test_round_trip_into_another_club_gives_an_identical_event(rich_event):
    data = event_archive(event_id=rich_event.pk)
    assert data["format"] == "atout-event-archive"
    copy = event_archive_import(data=json.loads(json.dumps(data)), club_slug="neuer-club")
    assert copy.pk != rich_event.pk and copy.club.slug == "neuer-club"
    assert copy.club.name == rich_event.club.name
    assert copy.season.name == rich_event.season.name and copy.season.club == copy.club
    before, after = rows(rich_event), rows(copy)
    for table in before:
        assert after[table] == before[table], table
    assert Standing.objects.filter(event=copy).count() == Standing.objects.filter(event=rich_event).count() == 8
    # New secrets for the links, history still points at the right one.
    assert not set(TableLink.objects.filter(game__round__event=copy).values_list("token", flat=True)) & set(
        TableLink.objects.filter(game__round__event=rich_event).values_list("token", flat=True)
    )
    # A recompute of the imported event gives the same standings as the archived ones.
    archived = rows(copy)["standings"]
    standings_recompute_now(event_id=copy.pk)
    recomputed = rows(copy)["standings"]
    strip = [{k: v for k, v in row.items() if k != "computed_at"} for row in archived]
    assert [{k: v for k, v in row.items() if k != "computed_at"} for row in recomputed] == strip


def test_import_into_the_same_club_needs_a_new_slug_and_reuses_players(rich_event):
    data = event_archive(event_id=rich_event.pk)
    with pytest.raises(ArchiveError, match="already has an event “abend-november”"):
        event_archive_import(data=data)
    players_before = Player.objects.filter(club=rich_event.club).count()
    copy = event_archive_import(data=data, event_slug="abend-november-kopie")
    assert copy.club_id == rich_event.club_id
    assert Player.objects.filter(club=rich_event.club).count() == players_before
    assert rows(copy) == rows(rich_event)


def test_import_command_reads_a_file_and_reports(rich_event, tmp_path, capsys):
    path = tmp_path / "abend.json"
    path.write_text(json.dumps(event_archive(event_id=rich_event.pk)), encoding="utf-8")
    call_command("import_event", str(path), "--club", "archiv")
    assert "Imported “Clubabend Hoheluft”" in capsys.readouterr().out
    copy = Event.objects.get(club__slug="archiv", slug="abend-november")
    assert rows(copy) == rows(rich_event)


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: "not json at all", "not valid JSON"),
        (lambda d: {**d, "format": "something-else"}, "^format: the file is not an Atout event archive"),
        (lambda d: {**d, "format_version": 99}, "^format_version: archive format version 99 is not supported"),
        (
            lambda d: {**d, "event": {k: v for k, v in d["event"].items() if k != "name"}},
            r"^event\.name: is missing\.$",
        ),
        (lambda d: {**d, "event": {**d["event"], "date": "30.11.2026"}}, r"^event\.date: must be a date"),
        (lambda d: {**d, "event": {**d["event"], "rounds": "vier"}}, r"^event\.rounds: must be a whole number"),
        (
            lambda d: {**d, "entries": d["entries"] + [dict(d["entries"][0])]},
            r"^entries\[4\]\.number: start number 1 is used twice",
        ),
        (lambda d: _set_game(d, "entry_b", 42), r"^rounds\[0\]\.games\[0\]\.entry_b: names start number 42"),
        (lambda d: _set_game(d, "seats", {"N": "p999"}), r"^rounds\[0\]\.games\[0\]\.seats\.N: names player “p999”"),
        (
            lambda d: {**d, "adjustments": [{**d["adjustments"][0], "kind": "bonus"}]},
            r"^adjustments\[0\]\.kind: Value 'bonus' is not a valid choice",
        ),
        (
            lambda d: {**d, "rounds": d["rounds"] + [dict(d["rounds"][0], games=[])]},
            r"^rounds\[3\]: repeats event, number of rounds\[0\]\.$",
        ),
    ],
)
def test_bad_files_say_what_is_wrong_and_store_nothing(rich_event, tmp_path, mutate, message):
    data = event_archive(event_id=rich_event.pk)
    bad = mutate(json.loads(json.dumps(data)))
    counts = {m: m.objects.count() for m in (Club, Event, Player, Entry, Game, Sheet, Deal, Standing)}
    raw = bad if isinstance(bad, str) else json.dumps(bad)
    with pytest.raises(ArchiveError, match=message):
        event_archive_import(data=event_archive_load(raw), club_slug="ziel")
    assert {m: m.objects.count() for m in counts} == counts
    path = tmp_path / "bad.json"
    path.write_text(raw, encoding="utf-8")
    with pytest.raises(CommandError, match="Nothing was imported"):
        call_command("import_event", str(path), "--club", "ziel")
    assert {m: m.objects.count() for m in counts} == counts


def _set_game(data, key, value):
    data["rounds"][0]["games"][0][key] = value
    return data


def test_missing_file_is_a_clear_error():
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_event", "/nonexistent/abend.json")


def test_archive_of_an_event_without_rounds(db):
    club = ClubFactory()
    event = make_event(club=club, slug="leer")
    data = event_archive(event_id=event.pk)
    assert data["rounds"] == [] and data["standings"] == []
    copy = event_archive_import(data=data, club_slug=club.slug, event_slug="leer-2")
    assert copy.created_at == event.created_at
    assert copy.date == event.date and timezone.is_aware(copy.created_at)
