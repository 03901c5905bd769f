"""The archive's one schema: every concrete field of every model is archived, archived as a reference, or
left out with a reason; writing and reading use that one list; the untrusted file is checked against it
(types, ranges, choices, rules engine), refusals name the path, and a refusal stores nothing."""

import copy
import json
import random
import re

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.exports.archive import ArchiveError, event_archive, event_archive_import, event_archive_load
from scoring.exports.archive.left_out import MODELS_LEFT_OUT
from scoring.exports.archive.schema import PARTS
from scoring.models import Adjustment, Deal, Sheet, SheetChange, TableLink
from scoring.standings.store import standings_recompute_now
from tests.address_helpers import sheet_url
from tests.factories import MembershipFactory, UserFactory
from tests.scoring.archive_helpers import (
    make_rich_event,
    refused,
    row_counts,
    rows,
    score_sheet,
    sheet_in,
)
from tests.scoring.entry_helpers import HOHELUFT_GAME
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play
from tournaments.models import (
    CheckIn,
    Club,
    Entry,
    Event,
    EventLogEntry,
    Game,
    Player,
    Round,
    Season,
    Standing,
    Substitution,
    Table,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def rich_event():
    return make_rich_event()


def test_every_concrete_field_is_archived_or_left_out_on_purpose():
    by_model = {part.model: part for part in PARTS}
    for app in ("tournaments", "scoring"):
        for model in apps.get_app_config(app).get_models():
            if model in MODELS_LEFT_OUT:
                continue
            assert model in by_model, f"{model.__name__} is neither archived nor in MODELS_LEFT_OUT"
            part = by_model[model]
            names = [f.name for f in model._meta.concrete_fields]
            sections = [set(part.fields), set(part.refs), set(part.excluded)]
            for name in names:
                homes = [s for s in sections if name in s]
                assert len(homes) == 1, f"{model.__name__}.{name} must be in exactly one of fields, refs, excluded"
            for section in sections:
                assert section <= set(names), f"{model.__name__}: {section - set(names)} are not fields"


def test_the_round_trip_fixture_sets_every_archived_field(rich_event):
    """Each archived field holds a value other than its default in some row, so a field that the writer or
    the reader drops makes the round trip fail."""
    querysets = {
        Club: Club.objects.filter(pk=rich_event.club_id),
        Season: Season.objects.filter(pk=rich_event.season_id),
        Event: Event.objects.filter(pk=rich_event.pk),
        Player: Player.objects.filter(club=rich_event.club),
        Entry: Entry.objects.filter(event=rich_event),
        CheckIn: CheckIn.objects.filter(entry__event=rich_event),
        Substitution: Substitution.objects.filter(entry__event=rich_event),
        Table: Table.objects.filter(event=rich_event),
        Round: Round.objects.filter(event=rich_event),
        Game: Game.objects.filter(round__event=rich_event),
        TableLink: TableLink.objects.filter(game__round__event=rich_event),
        Sheet: Sheet.objects.filter(game__round__event=rich_event),
        Deal: Deal.objects.filter(sheet__game__round__event=rich_event),
        SheetChange: SheetChange.objects.filter(sheet__game__round__event=rich_event),
        Adjustment: Adjustment.objects.filter(event=rich_event),
        EventLogEntry: EventLogEntry.objects.filter(event=rich_event),
        Standing: Standing.objects.filter(event=rich_event),
    }
    missing = []
    at_default = {"Event.team_mode"}  # a mêlée event: test_a_melee_event_round_trips
    for part in PARTS:
        for name in part.fields:
            field = part.model._meta.get_field(name)
            default = field.get_default() if field.has_default() else None
            values = [getattr(obj, name) for obj in querysets[part.model]]
            if f"{part.model.__name__}.{name}" in at_default:
                continue
            if not any(v not in (default, None, "", [], {}) for v in values):
                missing.append(f"{part.model.__name__}.{name}")
    assert missing == []


def test_a_melee_event_round_trips():
    event = make_event(team_mode=Event.TeamMode.MELEE, pairing_methods=["melee"])
    p1, p2, p3, p4 = make_entries(event, 4, melee=True)
    score_sheet(play(make_round(event, 1), (p1, p2), (p3, p4), []), HOHELUFT_GAME)
    standings_recompute_now(event_id=event.pk)
    copy_ = event_archive_import(data=event_archive(event_id=event.pk), club_slug="kopie")
    assert copy_.team_mode == Event.TeamMode.MELEE
    assert rows(copy_) == rows(Event.objects.get(pk=event.pk))


def test_round_confirmed_at_and_other_once_lost_fields_survive(rich_event):
    copy_ = event_archive_import(data=event_archive(event_id=rich_event.pk), club_slug="kopie")
    source = Round.objects.get(event=rich_event, number=1)
    target = Round.objects.get(event=copy_, number=1)
    assert target.confirmed_at == source.confirmed_at is not None
    sheet = Sheet.objects.get(game__round=target, game__table_number=1)
    assert sheet.entering_side == "A"
    assert SheetChange.objects.filter(sheet=sheet, client_id="c-1").exists()


# --- refusals -----------------------------------------------------------------------------------------------


def test_forged_sheet_totals_are_refused_naming_the_field(rich_event):
    data = event_archive(event_id=rich_event.pk)
    sheet_in(data)["total_a"] += 100
    refused(
        data,
        r"^rounds\[0\]\.games\[0\]\.sheet\.total_a: the archive says \d+, but the deals score \d+ "
        r"\(up to deals\[12\]\)\.$",
    )


def test_a_forged_deal_score_is_refused_naming_the_deal(rich_event):
    data = event_archive(event_id=rich_event.pk)
    sheet_in(data)["result"]["deals"][1]["score"] = {"A": 0, "B": 999}
    refused(
        data,
        r"^rounds\[0\]\.games\[0\]\.sheet\.deals\[1\]: the rules engine scores this deal \d+ : \d+; "
        r"the archive says 0 : 999\.$",
    )


def test_an_impossible_deal_is_refused_with_the_rule_it_breaks(rich_event):
    data = event_archive(event_id=rich_event.pk)
    sheet_in(data)["deals"][1]["data"]["tricks"] = {"A": 92, "B": 72}
    message = refused(data, r"^rounds\[0\]\.games\[0\]\.sheet\.deals\[1\]\.data\.tricks")
    assert "162" in message


def test_history_authors_never_become_local_accounts(rich_event, client):
    superuser = UserFactory(username="root", is_superuser=True, is_staff=True)
    data = event_archive(event_id=rich_event.pk)
    for change in sheet_in(data)["changes"]:
        change["user"] = "root"
    data["adjustments"][0]["created_by"] = "root"
    copy_ = event_archive_import(data=data, club_slug="kopie")
    changes = SheetChange.objects.filter(sheet__game__round__event=copy_)
    assert changes.count() == 2
    assert not changes.filter(user__isnull=False).exists()
    assert set(changes.values_list("imported_author", flat=True)) == {"root"}
    adjustment = Adjustment.objects.get(event=copy_, reason="Zu spät")
    assert adjustment.created_by is None and adjustment.imported_author == "root"
    assert not SheetChange.objects.filter(user=superuser).exists()
    # The organiser's history shows the archived name, marked as imported.
    client.force_login(MembershipFactory(club=copy_.club).user)
    page = client.get(sheet_url(changes.first().sheet), HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    assert "root (importiert)" in page.content.decode()


@pytest.mark.parametrize(
    "mutate,pattern",
    [
        (lambda d: d["event"].update(rounds=2**40), r"^event\.rounds: must be a whole number from 0 to 32767"),
        (lambda d: d["event"].update(rounds=True), r"^event\.rounds: must be a whole number; got true/false"),
        (lambda d: d["event"].update(name="x" * 500), r"^event\.name: Ensure this value has at most"),
        (lambda d: d["event"].update(venue="Saal\x00"), r"^event\.venue: text must not contain a NUL"),
        (lambda d: d["event"].update(venue="\ud800"), r"^event\.venue: text must be valid Unicode"),
        (lambda d: d["event"].update(pairing_methods="swiss"), r"^event\.pairing_methods: must be a list"),
        (lambda d: d["event"].update(ranking_precedence=[1]), r"^event\.ranking_precedence\[0\]: must be text"),
        (lambda d: d["event"].update(rules_frozen={"rules": 5}), r"^event\.rules_frozen\.rules: must be the name"),
        (lambda d: d["rounds"][0].update(quality=[]), r"^rounds\[0\]\.quality: must be an object"),
        (lambda d: d["rounds"][0].update(status="gone"), r"^rounds\[0\]\.status: Value 'gone' is not a valid choice"),
        (lambda d: d["rounds"][0]["games"][0].update(flags={"a": float("nan")}), r"^rounds\[0\]\.games\[0\]\.flags"),
        (
            lambda d: sheet_in(d)["deals"][0].update(position=5),
            r"^rounds\[0\]\.games\[0\]\.sheet\.deals\[0\]\.position",
        ),
        (
            lambda d: sheet_in(d)["changes"][0].update(ip_address="999.1.1.1"),
            r"^rounds\[0\]\.games\[0\]\.sheet\.changes\[0\]\.ip_address: ",
        ),
        (
            lambda d: sheet_in(d)["changes"][0].update(link="l99"),
            r"^rounds\[0\]\.games\[0\]\.sheet\.changes\[0\]\.link",
        ),
        (
            lambda d: sheet_in(d).update(dispute_message="x" * 5000),
            r"^rounds\[0\]\.games\[0\]\.sheet\.dispute_message",
        ),
        (lambda d: d["standings"][0].update(match_points="NaN"), r"^standings\[0\]\.match_points: must be a number"),
        (
            lambda d: d["adjustments"][0].update(created_by="u" * 200),
            r"^adjustments\[0\]\.created_by: must have at most",
        ),
        (
            lambda d: d["adjustments"][0].update(penalty_group="kein-uuid"),
            r"^adjustments\[0\]\.penalty_group: ",
        ),
        (
            lambda d: d["adjustments"][0].update(withdrawn_at="2026-11-30T20:00:00+00:00", withdraw_reason=""),
            r"^adjustments\[0\]\.withdraw_reason: a withdrawn penalty or adjustment needs the reason",
        ),
        (lambda d: d["adjustments"][0].update(penalised_entry=99), r"^adjustments\[0\]\.penalised_entry: names"),
        (lambda d: d.update(players="p1"), r"^players: must be a list"),
        (lambda d: d["players"].append(7), r"^players\[\d+\]: must be an object; got a number"),
    ],
)
def test_wrong_types_and_values_are_refused_naming_the_path(rich_event, mutate, pattern):
    data = event_archive(event_id=rich_event.pk)
    mutate(data)
    before = row_counts()
    with pytest.raises(ArchiveError, match=pattern):
        event_archive_import(data=data, club_slug="ziel")
    assert row_counts() == before


def test_the_size_is_capped_by_a_setting(rich_event, tmp_path, settings):
    raw = json.dumps(event_archive(event_id=rich_event.pk))
    settings.ARCHIVE_MAX_BYTES = len(raw.encode()) - 1
    with pytest.raises(ArchiveError, match=r"has \d+ bytes; an archive may have at most \d+ \(setting ARCHIVE_MAX"):
        event_archive_load(raw)
    path = tmp_path / "gross.json"
    path.write_text(raw, encoding="utf-8")
    with pytest.raises(CommandError, match="setting ARCHIVE_MAX_BYTES"):
        call_command("import_event", str(path), "--club", "ziel")
    settings.ARCHIVE_MAX_BYTES = len(raw.encode())
    assert event_archive_load(raw)["format"] == "atout-event-archive"


def test_the_command_answers_bad_input_without_a_traceback(rich_event, tmp_path):
    data = event_archive(event_id=rich_event.pk)
    sheet_in(data)["total_b"] = "viel"
    path = tmp_path / "kaputt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(
        CommandError,
        match=r"kaputt\.json: rounds\[0\]\.games\[0\]\.sheet\.total_b: must be a whole "
        r"number; got text\. Nothing was imported\.",
    ):
        call_command("import_event", str(path), "--club", "ziel")
    path.write_bytes(b"[" * 100_000)
    with pytest.raises(CommandError, match="nested too deeply"):
        call_command("import_event", str(path), "--club", "ziel")


# --- fuzzing ------------------------------------------------------------------------------------------------

ARCHIVE_PATH = re.compile(r"^(archive|[a-z_]+)(\[\d+\])?(\.[A-Za-z_0-9]+(\[\d+\])?)*: \S")
NASTY = [
    None,
    True,
    -1,
    2**31,
    2**63,
    1.5,
    float("inf"),
    "",
    "x" * 300,
    "\x00",
    "\ud800",
    [],
    {},
    [None],
    {"a": 1},
    "2026-13-45",
    "../../etc/passwd",
]


def _paths(value, prefix=()):
    """Every place in the JSON: (path tuple) for each object key and list index."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


def _set(data, path, value):
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def _delete(data, path):
    target = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]


@pytest.fixture
def archived(rich_event):
    return event_archive(event_id=rich_event.pk)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fuzzed_archives_are_imported_whole_or_refused_naming_a_path(archived, data):
    """Mutate a real archive in one to three places (a nasty value, a deleted key, a swapped value): either
    the import succeeds, or it is refused with an ArchiveError that names a path, and stores nothing."""
    mutated = copy.deepcopy(archived)
    for _ in range(data.draw(st.integers(1, 3))):
        places = [p for p in _paths(mutated) if p and p[0] not in ("format", "format_version")]
        path = data.draw(st.sampled_from(places))
        action = data.draw(st.sampled_from(["set", "delete"]))
        if action == "delete":
            _delete(mutated, path)
        else:
            _set(mutated, path, copy.deepcopy(data.draw(st.sampled_from(NASTY))))
    before = row_counts()
    with transaction.atomic():  # each example starts from the same database
        try:
            event_archive_import(data=mutated, club_slug=f"fuzz-{random.randrange(10**9)}")
        except ArchiveError as exc:
            message = str(exc)
            assert row_counts() == before, message
            assert ARCHIVE_PATH.match(message), message
        transaction.set_rollback(True)


def test_the_import_leaves_other_requests_timestamps_alone(rich_event, monkeypatch):
    """A web upload imports while referees type: the import must not switch Django's auto_now stamps off for
    everyone (a deal stored meanwhile would get no created_at), yet it keeps the archived moments."""
    import scoring.exports.archive.read as archive_read

    seen = []
    real = archive_read.sheet_score

    def watching(**kwargs):
        seen.append((Deal._meta.get_field("created_at").auto_now_add, Sheet._meta.get_field("updated_at").auto_now))
        return real(**kwargs)

    monkeypatch.setattr(archive_read, "sheet_score", watching)
    copy_ = event_archive_import(data=event_archive(event_id=rich_event.pk), club_slug="kopie")
    assert seen and all(flags == (True, True) for flags in seen)
    assert copy_.created_at == rich_event.created_at
    source = Deal.objects.filter(sheet__game__round__event=rich_event).order_by("created_at").first()
    assert Deal.objects.filter(sheet__game__round__event=copy_, created_at=source.created_at).exists()
