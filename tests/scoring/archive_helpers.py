"""The archive tests' shared event: every archived field set, sheets scored by the rules engine; and `rows`,
which lists every row of an event with ids replaced by natural keys so two identical events compare equal; the
import page's address and an uploaded file (`import_url`, `upload`)."""

import datetime
import json
import uuid
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.engine import sheet_score
from scoring.exports.archive import ArchiveError, event_archive_import
from scoring.models import Adjustment, Deal, Sheet, SheetChange, TableLink
from scoring.standings.store import standings_recompute_now
from tests.factories import AdjustmentFactory, CheckInFactory, PlayerFactory, SeasonFactory, TableFactory, UserFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME
from tests.scoring.standings_helpers import bye, make_entries, make_event, make_round, play
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
from tournaments.services.history import event_log_add

MOMENT = datetime.datetime(2026, 11, 30, 19, 30, tzinfo=datetime.UTC)


def import_url(club):
    return reverse("results:archive_import", kwargs={"club_slug": club.slug})


def upload(data, name="archive.json"):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return SimpleUploadedFile(name, raw, content_type="application/json")


def score_sheet(game, deals, **fields):
    """Give the game's sheet real deals, scored by the rules engine as the services do (the import scores
    every sheet again and refuses one whose archived scores differ)."""
    sheet = Sheet.objects.get(game=game)
    Deal.objects.filter(sheet=sheet).delete()
    for position, data in enumerate(deals):
        Deal.objects.create(sheet=sheet, position=position, data=data, client_id=f"c-{game.pk}-{position}")
    result = sheet_score(event=game.round.event, deals=deals)
    assert result["valid"], result["errors"]
    Sheet.objects.filter(pk=sheet.pk).update(
        result=result,
        total_a=result["totals"]["A"],
        total_b=result["totals"]["B"],
        held=result["held"] or 0,
        finished=bool(result["finished"]),
        winner=result["winner"] or "",
        deal_count=len(deals),
        **fields,
    )
    return Sheet.objects.get(pk=sheet.pk)


def make_rich_event():
    """An event that sets every archived field: season, guest player, named team, check-ins (one
    withdrawal), tables, two closed rounds and a draft, a bye, sheets with real deals and history (by a user
    and by a table link), a revoked link, a penalty by an organiser, and computed standings."""
    season = SeasonFactory(
        ranking_rule=Season.Ranking.values[-1],
        best_n=3,
        score_mode=Season.ScoreMode.AVERAGE,
        points_basis=Season.PointsBasis.PLACE,
        place_points="8 6 4",
        drop_worst=1,
        min_evenings=1,
        missed_penalty=Decimal("0.5"),
        guests=Season.Guests.APART,
        tie_breaks=["evenings", "game_points"],
        awarded_min_evenings=2,
        ranked_as=Season.RankedAs.BOTH,
        divisions=2,
        promotion=1,
    )
    event = make_event(
        club=season.club,
        season=season,
        name="Clubabend Hoheluft",
        slug="abend-november",
        status=Event.Status.FINISHED,
        rules_frozen={"rules": "hoheluft", "options": {"deals": 12}},
        bye_points=800,
        ranking_precedence=["match_points", "buchholz", "lots"],
        venue="Saal 2",
        rules_options={"deals": 12},
        points_win=3,
        points_draw=2,
        points_loss=1,
        entries_open=False,
        rules_preset="classic",
        rounds=3,
        public_draw=False,
        public_standings=False,
        public_sheets=True,
        started_at=MOMENT,
        round_minutes=70,
        warning_minutes=[10, 5],
        unfinished_rule=Event.UnfinishedRule.PRORATE,
    )
    t1, t2, t3 = make_entries(event, 3)
    guest = PlayerFactory(
        club=event.club,
        first_name="Gisèle",
        last_name="Gast",
        is_guest=True,
        home_club="Lübeck",
        email="gisele@example.org",
        is_active=False,
    )
    t4 = Entry.objects.create(
        event=event,
        number=4,
        name="Die Asse",
        player_1=guest,
        affiliation="BC Lübeck",
        player_2=PlayerFactory(club=event.club),
        late=True,
        joined_round=2,
        missed_rounds_rule=Entry.MissedRounds.AVERAGE,
        fixed_table=1,
        needs_step_free=True,
    )
    # A substitute for round 2 only, who plays in no entry (the archive names them among its players).
    stand_in = PlayerFactory(club=event.club, first_name="Erika", last_name="Ersatz", is_guest=True)
    Substitution.objects.create(
        entry=t1, player=t1.player_2, substitute=stand_in, from_round=2, to_round=2, reason="krank"
    )
    CheckInFactory(entry=t1, round_number=1)
    CheckInFactory(entry=t3, round_number=2, status=CheckIn.Status.WITHDRAWN)
    TableFactory(event=event, number=1, label="Fenster", step_free=True)
    TableFactory(event=event, number=2)
    r1, r2 = make_round(event, 1), make_round(event, 2)
    Round.objects.filter(pk=r1.pk).update(
        quality={"rematches": 0},
        confirmed_at=MOMENT,
        released_at=MOMENT,
        closed_at=MOMENT,
        clock_started_at=MOMENT,
        clock_paused_at=MOMENT,
        clock_paused_seconds=120,
        last_deal_at=MOMENT,
    )
    make_round(event, 3, status=Round.Status.DRAFT)
    g1 = play(r1, t1, t2, [])
    Game.objects.filter(pk=g1.pk).update(flags=["pulled_up"], first_dealer="E")
    g2 = play(r1, t3, t4, [])
    g3 = play(r2, t1, t4, [], status=Sheet.Status.SUBMITTED)
    bye(r2, t2)
    # A finished game won by A, a passed-out draw, and an unfinished one with held points (a litige).
    score_sheet(
        g1, HOHELUFT_GAME, submitted_at=MOMENT, confirmed_at=MOMENT, entering_side="A", dispute_message="Punkte falsch?"
    )
    score_sheet(g2, [{"contract": None}])
    # The passed-out game ruled at the close as if unfinished (a ruling is archived as it was given).
    Sheet.objects.filter(game=g2).update(unfinished_rule="prorate", ruled_total_a=0, ruled_total_b=0)
    score_sheet(g3, HOHELUFT_GAME[2:3], submitted_at=MOMENT)
    user = UserFactory(username="leitung")
    link = TableLink.objects.create(game=g1, side="A")
    TableLink.objects.create(game=g1, side="B", revoked_at=MOMENT)
    SheetChange.objects.create(
        sheet=g1.sheet,
        action="deal_create",
        deal_position=0,
        after={"x": 1},
        link=link,
        ip_address="192.0.2.7",
        user_agent="Phone",
        version=1,
        client_id="c-1",
    )
    SheetChange.objects.create(
        sheet=g1.sheet,
        action="correct",
        deal_position=0,
        before={"x": 1},
        after={"x": 2},
        user=user,
        reason="Tippfehler",
        version=2,
    )
    AdjustmentFactory(
        event=event,
        entry=t2,
        kind=Adjustment.Kind.PENALTY,
        match_points=Decimal("-0.5"),
        points=-10,
        round_number=2,
        reason="Zu spät",
        created_by=user,
    )
    AdjustmentFactory(
        event=event, entry=t1, kind=Adjustment.Kind.ADJUSTMENT, match_points=Decimal("1"), reason="Nachtrag"
    )
    # Catalogue penalties: a revoke's points on the opponents' row naming the offender, and a club's own
    # penalty, withdrawn (kept, with who and why).
    AdjustmentFactory(
        event=event,
        entry=t1,
        penalised_entry=t2,
        kind=Adjustment.Kind.PENALTY,
        points=162,
        round_number=1,
        penalty_code="revoke",
        penalty_group=uuid.UUID("12345678-1234-5678-1234-567812345678"),
        reason="Nicht bedient",
        created_by=user,
    )
    AdjustmentFactory(
        event=event,
        entry=t2,
        penalised_entry=t2,
        kind=Adjustment.Kind.PENALTY,
        points=-20,
        penalty_name="Handy am Tisch",
        reason="Klingelte",
        withdrawn_at=MOMENT,
        withdrawn_by=user,
        withdraw_reason="War der Nachbartisch",
    )
    event_log_add(
        event=event, action="late_entry", user=user, round_number=2, entry=t2, reason="Stau", number=t2.number
    )
    event_log_add(event=event, action="sides_swapped", round_number=1, table_number=2, reason="Falsch gesetzt", table=2)
    standings_recompute_now(event_id=event.pk)
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    return Event.objects.get(pk=event.pk)


def rows(event) -> dict[str, list]:
    """Every row of the event, with ids replaced by natural keys, sorted: two identical events compare equal."""
    entry_no = {e.pk: e.number for e in Entry.objects.filter(event=event)}
    players = {p.pk: (p.first_name, p.last_name, p.email) for p in Player.objects.filter(club=event.club)}
    round_no = {r.pk: r.number for r in Round.objects.filter(event=event)}
    games = {
        g.pk: (round_no[g.round_id], g.table_number, g.is_bye, entry_no[g.entry_a_id])
        for g in Game.objects.filter(round__event=event)
    }
    sheets = {s.pk: games[s.game_id] for s in Sheet.objects.filter(game__round__event=event)}
    links = {
        link.pk: (games[link.game_id], link.side, link.created_at)
        for link in TableLink.objects.filter(game__round__event=event)
    }
    users = {None: None, **{u.pk: u.username for u in _users()}}

    def plain(obj, skip=()):
        out = {}
        for field in obj._meta.concrete_fields:
            name = field.attname
            if name == "id" or name in skip:
                continue
            value = getattr(obj, name)
            if name in (
                "entry_id",
                "entry_a_id",
                "entry_a_partner_id",
                "entry_b_id",
                "entry_b_partner_id",
                "penalised_entry_id",
            ):
                value = entry_no.get(value)
            elif name in ("player_1_id", "player_2_id", "player_id", "substitute_id"):
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
                value = users[value] or obj.imported_author or None
                name = "author"
            elif name == "withdrawn_by_id":
                value = users[value] or obj.withdrawn_imported_author or None
                name = "withdrawn_author"
            elif name in ("imported_author", "withdrawn_imported_author"):
                continue
            elif name == "seats":
                value = {seat: players[pid] for seat, pid in value.items()}
            elif name in ("event_id", "club_id", "season_id"):
                value = "same"
            out[name] = value
        return out

    def dump(queryset, skip=()):
        return sorted((plain(obj, skip) for obj in queryset), key=repr)

    return {
        # The standings' state is not compared: the import rebuilds the standings from the deals (derived data,
        # never trusted from the file); their values are, and test_archive checks them against a recompute.
        "event": dump([event], skip=("slug", "standings_dirty", "standings_version", "standings_computed_at")),
        "players": sorted(players.values()),
        "entries": dump(Entry.objects.filter(event=event)),
        "checkins": dump(CheckIn.objects.filter(entry__event=event)),
        "substitutions": dump(Substitution.objects.filter(entry__event=event)),
        "tables": dump(Table.objects.filter(event=event)),
        "rounds": dump(Round.objects.filter(event=event)),
        "games": dump(Game.objects.filter(round__event=event)),
        "links": dump(TableLink.objects.filter(game__round__event=event), skip=("token",)),
        "sheets": dump(Sheet.objects.filter(game__round__event=event)),
        "deals": dump(Deal.objects.filter(sheet__game__round__event=event)),
        "changes": dump(SheetChange.objects.filter(sheet__game__round__event=event)),
        "adjustments": dump(Adjustment.objects.filter(event=event)),
        "event_log": dump(EventLogEntry.objects.filter(event=event)),
        "standings": dump(Standing.objects.filter(event=event), skip=("computed_at",)),
    }


def _users():
    return get_user_model().objects.all()


# --- refusals: an archive refused names the path, and stores nothing ------------------------------------

ALL_MODELS = (
    Club,
    Season,
    Event,
    Player,
    Entry,
    CheckIn,
    Substitution,
    Table,
    Round,
    Game,
    TableLink,
    Sheet,
    Deal,
    SheetChange,
    Adjustment,
    EventLogEntry,
    Standing,
)


def row_counts():
    return {m: m.objects.count() for m in ALL_MODELS}


def refused(data, pattern, **kwargs):
    """Import `data` (a copy), expecting ArchiveError matching `pattern`; no row may have been stored."""
    before = row_counts()
    with pytest.raises(ArchiveError, match=pattern) as info:
        event_archive_import(data=json.loads(json.dumps(data)), club_slug=kwargs.pop("club_slug", "ziel"), **kwargs)
    assert row_counts() == before
    return str(info.value)


def sheet_in(data, round_index=0, game_index=0):
    return data["rounds"][round_index]["games"][game_index]["sheet"]
