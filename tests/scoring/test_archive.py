"""The JSON archive: export a whole event, import it again, and compare every row; bad files store nothing."""

import datetime
import json
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from scoring.archive import ArchiveError, event_archive, event_archive_import, event_archive_load
from scoring.models import Adjustment, Deal, Sheet, SheetChange, TableLink
from scoring.standings import standings_recompute
from tests.factories import (
    AdjustmentFactory,
    CheckInFactory,
    ClubFactory,
    PlayerFactory,
    SeasonFactory,
    TableFactory,
    UserFactory,
)
from tests.scoring.standings_helpers import bye, make_entries, make_event, make_round, play
from tournaments.models import CheckIn, Club, Entry, Event, Game, Player, Round, Standing, Table

pytestmark = pytest.mark.django_db

MOMENT = datetime.datetime(2026, 11, 30, 19, 30, tzinfo=datetime.UTC)


@pytest.fixture
def rich_event():
    """An event with everything an archive holds: season, guest player, named team, check-ins (one
    withdrawal), tables, two closed rounds and a draft, a bye, sheets with deals and history (by a user and
    by a table link), a revoked link, a penalty by an organiser, and computed standings."""
    season = SeasonFactory()
    event = make_event(club=season.club, season=season, name="Clubabend Hoheluft", slug="abend-november",
                       status=Event.Status.FINISHED, rules_frozen={"rules": "hoheluft", "options": {"deals": 12}},
                       bye_points=800, ranking_precedence=["match_points", "buchholz", "lots"])
    t1, t2, t3 = make_entries(event, 3)
    guest = PlayerFactory(club=event.club, first_name="Gisèle", last_name="Gast", is_guest=True, home_club="Lübeck")
    t4 = Entry.objects.create(event=event, number=4, name="Die Asse", player_1=guest,
                              player_2=PlayerFactory(club=event.club), late=True)
    CheckInFactory(entry=t1, round_number=1)
    CheckInFactory(entry=t3, round_number=2, status=CheckIn.Status.WITHDRAWN)
    TableFactory(event=event, number=1, label="Fenster", step_free=True)
    TableFactory(event=event, number=2)
    r1, r2 = make_round(event, 1), make_round(event, 2)
    make_round(event, 3, status=Round.Status.DRAFT)
    g1 = play(r1, t1, t2, [(500, 300), (400, 400)])
    play(r1, t3, t4, [(162, 0), (0, 0)])
    play(r2, t1, t4, [(250, 400)], status=Sheet.Status.SUBMITTED)
    bye(r2, t2)
    user = UserFactory(username="leitung")
    link = TableLink.objects.create(game=g1, side="A")
    TableLink.objects.create(game=g1, side="B", revoked_at=MOMENT)
    for position, data in enumerate([{"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}},
                                     {"contract": None}]):
        Deal.objects.create(sheet=g1.sheet, position=position, data=data, client_id=f"c-{position}")
    SheetChange.objects.create(sheet=g1.sheet, action="deal_create", deal_position=0, after={"x": 1}, link=link,
                               ip_address="192.0.2.7", user_agent="Phone", version=1)
    SheetChange.objects.create(sheet=g1.sheet, action="correct", deal_position=0, before={"x": 1}, after={"x": 2},
                               user=user, reason="Tippfehler", version=2)
    AdjustmentFactory(event=event, entry=t2, kind=Adjustment.Kind.PENALTY, match_points=Decimal("-0.5"),
                      points=-10, round_number=2, reason="Zu spät", created_by=user)
    standings_recompute(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


def rows(event) -> dict[str, list]:
    """Every row of the event, with ids replaced by natural keys, sorted: two identical events compare equal."""
    entry_no = {e.pk: e.number for e in Entry.objects.filter(event=event)}
    players = {p.pk: (p.first_name, p.last_name, p.email) for p in Player.objects.filter(club=event.club)}
    round_no = {r.pk: r.number for r in Round.objects.filter(event=event)}
    games = {g.pk: (round_no[g.round_id], g.table_number, g.is_bye, entry_no[g.entry_a_id])
             for g in Game.objects.filter(round__event=event)}
    sheets = {s.pk: games[s.game_id] for s in Sheet.objects.filter(game__round__event=event)}
    links = {link.pk: (games[link.game_id], link.side, link.created_at)
             for link in TableLink.objects.filter(game__round__event=event)}
    users = {None: None, **{u.pk: u.username for u in _users()}}

    def plain(obj, skip=()):
        out = {}
        for field in obj._meta.concrete_fields:
            name = field.attname
            if name == "id" or name in skip:
                continue
            value = getattr(obj, name)
            if name in ("entry_id", "entry_a_id", "entry_a_partner_id", "entry_b_id", "entry_b_partner_id"):
                value = entry_no.get(value)
            elif name in ("player_1_id", "player_2_id"):
                value = players.get(value)
            elif name == "round_id":
                value = round_no[value]
            elif name == "game_id":
                value = games[value]
            elif name == "sheet_id":
                value = sheets[value]
            elif name == "link_id":
                value = links.get(value)
            elif name in ("user_id", "created_by_id"):
                value = users[value]
            elif name == "seats":
                value = {seat: players[pid] for seat, pid in value.items()}
            elif name in ("event_id", "club_id", "season_id"):
                value = "same"
            out[name] = value
        return out

    def dump(queryset, skip=()):
        return sorted((plain(obj, skip) for obj in queryset), key=repr)

    return {
        "event": dump([event], skip=("slug",)),
        "players": sorted(players.values()),
        "entries": dump(Entry.objects.filter(event=event)),
        "checkins": dump(CheckIn.objects.filter(entry__event=event)),
        "tables": dump(Table.objects.filter(event=event)),
        "rounds": dump(Round.objects.filter(event=event)),
        "games": dump(Game.objects.filter(round__event=event)),
        "links": dump(TableLink.objects.filter(game__round__event=event), skip=("token",)),
        "sheets": dump(Sheet.objects.filter(game__round__event=event)),
        "deals": dump(Deal.objects.filter(sheet__game__round__event=event)),
        "changes": dump(SheetChange.objects.filter(sheet__game__round__event=event)),
        "adjustments": dump(Adjustment.objects.filter(event=event)),
        "standings": dump(Standing.objects.filter(event=event)),
    }


def _users():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.all()


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
        TableLink.objects.filter(game__round__event=rich_event).values_list("token", flat=True))
    # A recompute of the imported event gives the same standings as the archived ones.
    archived = rows(copy)["standings"]
    standings_recompute(event_id=copy.pk)
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


@pytest.mark.parametrize("mutate,message", [
    (lambda d: "not json at all", "not valid JSON"),
    (lambda d: {**d, "format": "something-else"}, "not an Atout event archive"),
    (lambda d: {**d, "format_version": 99}, "version 99 is not supported"),
    (lambda d: {**d, "event": {k: v for k, v in d["event"].items() if k != "name"}}, r"event\.name is missing"),
    (lambda d: {**d, "event": {**d["event"], "date": "30.11.2026"}}, r"event\.date must be a date"),
    (lambda d: {**d, "event": {**d["event"], "rounds": "vier"}}, r"event\.rounds must be a whole number"),
    (lambda d: {**d, "entries": d["entries"] + [dict(d["entries"][0])]}, "start number 1 is used twice"),
    (lambda d: _set_game(d, "entry_b", 42), r"rounds\[0\]\.games\[0\]\.entry_b names start number 42"),
    (lambda d: _set_game(d, "seats", {"N": "p999"}), r"seats\.N names player “p999”"),
    (lambda d: {**d, "adjustments": [{**d["adjustments"][0], "kind": "bonus"}]}, r"adjustments\[0\]\.kind must be"),
    (lambda d: {**d, "rounds": d["rounds"] + [dict(d["rounds"][0], games=[])]}, "does not fit together"),
])
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
