"""The JSON event archive's one schema: which field of which model is archived, under which key, and which
are left out on purpose (and why). `write` writes exactly these fields and `read` reads and
checks exactly these, so the two cannot drift apart (a round trip once lost `Round.confirmed_at`).

Each `Part` names a model, the fields archived as they are (`fields`), the fields archived as a reference to
another part of the file (`refs`: a player key, a start number, a link key, a username), and the fields not
archived (`excluded`, with the reason). A test checks that every concrete field of every model is in exactly
one of the three. The JSON type, the range, the length and the choices of an archived field come from the
model field itself; `JSON_SHAPES` adds what a JSON field must hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import models

from scoring.models import (
    Adjustment,
    Deal,
    Sheet,
    SheetChange,
    TableLink,
)
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

FORMAT = "atout-event-archive"
FORMAT_VERSION = 1


class ArchiveError(ValueError):
    """A file that is not a valid event archive; the message names where and what."""


@dataclass(frozen=True)
class Part:
    model: type[models.Model]
    fields: tuple[str, ...]
    refs: dict[str, str] = field(default_factory=dict)  # model field → what the archive holds instead
    excluded: dict[str, str] = field(default_factory=dict)  # model field → why it is not archived


NEW_ID = "new ids on import"
PARENT = "implied by where the row sits in the file"

CLUB = Part(
    Club,
    ("slug", "name", "city"),
    excluded={
        "id": NEW_ID,
        "created_at": "the importing club's own",
        "embed_origins": "the importing club's own websites decide who may frame its pages",
        "rating_enabled": "whether the importing club rates its players is its own choice",
        "publication_version": "a cache key of the importing club's public pages",
        "currency": "the importing club's own (its entry fees are not in the archive)",
    },
)
SEASON = Part(
    Season,
    ("name", "start_date", "end_date", *Season.RULE_FIELDS),
    excluded={
        "id": NEW_ID,
        "club": PARENT,
        # Which season it was started from, and who plays in which division, are the club's own roster.
        "previous": "the importing club's own seasons",
    },
)
EVENT = Part(
    Event,
    (
        "name",
        "slug",
        "date",
        "venue",
        "status",
        "rules_preset",
        "rules_options",
        "rules_frozen",
        "team_mode",
        "rounds",
        "pairing_methods",
        "ranking_precedence",
        "points_win",
        "points_draw",
        "points_loss",
        "bye_points",
        "round_minutes",
        "warning_minutes",
        "unfinished_rule",
        "entries_open",
        "public_draw",
        "public_standings",
        "public_sheets",
        "standings_dirty",
        "standings_version",
        "standings_computed_at",
        "started_at",
        "created_at",
    ),
    excluded={
        "id": NEW_ID,
        "club": "the archive's club or --club",
        "season": "the archive's season",
        # The history (event_log) keeps every message shown, with who and when.
        "room_message": "what the venue screen said during play, not a result",
        "room_message_at": "what the venue screen said during play, not a result",
        "seed_by_rating": "ratings are the importing club's own: its organiser chooses the seeding again",
    },
)
PLAYER = Part(
    Player,
    ("first_name", "last_name", "email", "is_guest", "home_club", "is_active", "created_at"),
    refs={"club": "the importing club"},
    excluded={
        "id": "a key p1, p2, ... within the file",
        "results_mail": "a member asks their own club for the results mail; a file does not carry it",
        "results_mail_stopped_at": "an unsubscription belongs to the club it was given to",
        # A file leaves the club (a copy, another installation): it never decides what the public sees of a
        # name. Players made from a file start at the default, initials only.
        "publication": "the member's consent is recorded by the importing club, never taken from a file",
        "is_junior": "the entry fee's reduction at the desk: no part of the results",
    },
)
ENTRY = Part(
    Entry,
    (
        "number",
        "name",
        "affiliation",
        "fixed_table",
        "needs_step_free",
        "late",
        "joined_round",
        "missed_rounds_rule",
        "created_at",
    ),
    refs={"player_1": "player key", "player_2": "player key"},
    excluded={"id": NEW_ID, "event": PARENT},
)
CHECKIN = Part(
    CheckIn, ("round_number", "status", "updated_at"), refs={"entry": "start number"}, excluded={"id": NEW_ID}
)
SUBSTITUTION = Part(
    Substitution,
    ("from_round", "to_round", "reason", "created_at"),
    refs={"entry": "start number", "player": "player key", "substitute": "player key"},
    excluded={"id": NEW_ID},
)
TABLE = Part(Table, ("number", "label", "step_free"), excluded={"id": NEW_ID, "event": PARENT})
ROUND = Part(
    Round,
    (
        "number",
        "method",
        "seed",
        "status",
        "quality",
        "created_at",
        "confirmed_at",
        "released_at",
        "closed_at",
        "clock_started_at",
        "clock_paused_at",
        "clock_paused_seconds",
        "last_deal_at",
    ),
    excluded={"id": NEW_ID, "event": PARENT},
)
GAME = Part(
    Game,
    ("table_number", "is_bye", "first_dealer", "flags"),
    refs={
        "entry_a": "start number",
        "entry_a_partner": "start number",
        "entry_b": "start number",
        "entry_b_partner": "start number",
        "seats": "seat → player key",
    },
    excluded={"id": NEW_ID, "round": PARENT},
)
LINK = Part(
    TableLink,
    ("side", "created_at", "revoked_at"),
    excluded={
        "id": "a key l1, l2, ... within the file",
        "game": PARENT,
        "token": "a secret: the import makes new ones, so an archive never opens a live sheet",
    },
)
# The sheet's scores (result, totals, held, finished, winner, deal_count) are derived: the import scores the
# deals again with the rules engine, refuses a sheet whose archived scores differ, and stores its own.
SHEET = Part(
    Sheet,
    (
        "status",
        "version",
        "result",
        "total_a",
        "total_b",
        "held",
        "finished",
        "winner",
        "deal_count",
        "submitted_at",
        "confirmed_at",
        "dispute_message",
        "entering_side",
        "unfinished_rule",
        "ruled_total_a",
        "ruled_total_b",
        "updated_at",
    ),
    excluded={"id": NEW_ID, "game": PARENT},
)
DEAL = Part(
    Deal, ("position", "data", "client_id", "created_at", "updated_at"), excluded={"id": NEW_ID, "sheet": PARENT}
)
CHANGE = Part(
    SheetChange,
    (
        "action",
        "deal_position",
        "before",
        "after",
        "ip_address",
        "user_agent",
        "reason",
        "client_id",
        "version",
        "created_at",
    ),
    refs={
        "user": "the author's username, imported as text (imported_author), never a local account",
        "imported_author": "the same author key as `user`",
        "link": "link key",
    },
    excluded={
        "id": NEW_ID,
        "sheet": PARENT,
        "card": "table cards are secrets a copy makes anew (not archived); the link the card acted through is",
    },
)
ADJUSTMENT = Part(
    Adjustment,
    (
        "round_number",
        "kind",
        "match_points",
        "points",
        "reason",
        "created_at",
        "penalty_code",
        "penalty_name",
        "penalty_group",
        "withdrawn_at",
        "withdraw_reason",
    ),
    refs={
        "entry": "start number",
        "created_by": "the author's username, imported as text",
        "imported_author": "the same author key as `created_by`",
        "penalised_entry": "start number, or null",
        "withdrawn_by": "the withdrawing user's username, imported as text (withdrawn_imported_author)",
        "withdrawn_imported_author": "the same author key as `withdrawn_by`",
    },
    excluded={
        "id": NEW_ID,
        "event": PARENT,
        # A club kind's name is archived as penalty_name: the copy's club has its own catalogue.
        "penalty_kind": "the club's own catalogue is the club's, not the event's; its name is archived",
    },
)
EVENT_LOG = Part(
    EventLogEntry,
    ("action", "round_number", "table_number", "details", "reason", "created_at"),
    refs={
        "entry": "start number, or null",
        "user": "the author's username, imported as text",
        "imported_author": "the same author key as `user`",
    },
    excluded={"id": NEW_ID, "event": PARENT},
)
STANDING = Part(
    Standing,
    (
        "round_number",
        "rank",
        "games",
        "wins",
        "draws",
        "losses",
        "byes",
        "match_points",
        "total_points",
        "points_against",
        "deals_won",
        "penalties",
        "metrics",
        "computed_at",
    ),
    refs={"entry": "start number"},
    excluded={"id": NEW_ID, "event": PARENT},
)

PARTS = (
    CLUB,
    SEASON,
    EVENT,
    PLAYER,
    ENTRY,
    CHECKIN,
    SUBSTITUTION,
    TABLE,
    ROUND,
    GAME,
    LINK,
    SHEET,
    DEAL,
    CHANGE,
    ADJUSTMENT,
    EVENT_LOG,
    STANDING,
)

# What a JSON field must hold ("object", "list", "list of text", "rule set", or None for any JSON).
JSON_SHAPES = {
    (Event, "rules_options"): "object",
    (Event, "rules_frozen"): "rule set",
    (Event, "pairing_methods"): "list of text",
    (Event, "ranking_precedence"): "list of text",
    (Round, "quality"): "object",
    (Sheet, "result"): "object",
    (Game, "flags"): "list",
    (Deal, "data"): "object",
    (SheetChange, "before"): None,
    (SheetChange, "after"): None,
    (Standing, "metrics"): "object",
    (EventLogEntry, "details"): "object",
    (Season, "tie_breaks"): "list of text",
}

# Fields Django would stamp with "now" on insert; the import keeps the archived moments instead.
STAMPED = [
    (Event, ("created_at",)),
    (Player, ("created_at",)),
    (Entry, ("created_at",)),
    (CheckIn, ("updated_at",)),
    (Substitution, ("created_at",)),
    (Round, ("created_at",)),
    (Sheet, ("updated_at",)),
    (Deal, ("created_at", "updated_at")),
    (TableLink, ("created_at",)),
    (SheetChange, ("created_at",)),
    (Adjustment, ("created_at",)),
]
