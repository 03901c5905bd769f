"""Services of the tournaments app: every write goes through one of these functions.

Names are `<entity>_<action>`, arguments keyword-only. Each validates (model `full_clean()` plus the domain
rules), writes in one transaction, and raises either a Django `ValidationError` (field errors) or a
`tournaments.exceptions.TournamentError` (a translated message, maybe naming a field). Nothing is half stored.

One module per concern: `clubs`, `members` (players and guests), `seasons`, `events` (settings and status),
`entries` (entries and check-in), `tables`, `rounds` (the draw, its edits and the round status machine),
`room` (the calls to the director, the message to the room), `pairings` (the club's forbidden pairings);
`base` has the validated save they share.
This module keeps the names callers import.

Round status machine: draft → confirmed → released → closed (the last closed round
reopens with a reason: `round_reopen`). Other apps hook into it through
`ROUND_HOOKS` (see `register_round_hook`), e.g. `scoring` refuses to close a round while sheets are open.
"""

from tournaments.services.clubs import RESERVED_CLUB_SLUGS, club_create, club_update
from tournaments.services.entries import ENTRY_FIELDS, checkin_set, entry_create, entry_delete, entry_update
from tournaments.services.events import (
    EVENT_FIELDS,
    FROZEN_FIELDS,
    RESERVED_EVENT_SLUGS,
    event_create,
    event_entries_set_open,
    event_finish,
    event_open,
    event_reopen,
    event_start,
    event_update,
)
from tournaments.services.history import event_log_add
from tournaments.services.members import PLAYER_FIELDS, player_create, player_update
from tournaments.services.pairings import forbidden_pairing_add, forbidden_pairing_remove
from tournaments.services.room import (
    director_call_answer,
    director_call_cancel,
    director_call_open,
    event_room_message_set,
)
from tournaments.services.rounds import (
    ROUND_HOOKS,
    register_round_hook,
    round_close,
    round_confirm,
    round_delete,
    round_draw,
    round_move_game,
    round_release,
    round_reopen,
    round_reopen_refusal,
    round_swap_entries,
)
from tournaments.services.seasons import (
    SEASON_FIELDS,
    season_create,
    season_divisions_set,
    season_start_next,
    season_update,
)
from tournaments.services.tables import TABLE_FIELDS, table_create, table_delete, table_update, tables_create_range

__all__ = [
    "ENTRY_FIELDS",
    "EVENT_FIELDS",
    "FROZEN_FIELDS",
    "PLAYER_FIELDS",
    "RESERVED_CLUB_SLUGS",
    "RESERVED_EVENT_SLUGS",
    "ROUND_HOOKS",
    "SEASON_FIELDS",
    "TABLE_FIELDS",
    "checkin_set",
    "club_create",
    "club_update",
    "director_call_answer",
    "director_call_cancel",
    "director_call_open",
    "entry_create",
    "entry_delete",
    "entry_update",
    "event_create",
    "event_entries_set_open",
    "event_finish",
    "event_log_add",
    "event_open",
    "event_reopen",
    "event_room_message_set",
    "event_start",
    "event_update",
    "forbidden_pairing_add",
    "forbidden_pairing_remove",
    "player_create",
    "player_update",
    "register_round_hook",
    "round_close",
    "round_confirm",
    "round_delete",
    "round_draw",
    "round_move_game",
    "round_release",
    "round_reopen",
    "round_reopen_refusal",
    "round_swap_entries",
    "season_create",
    "season_divisions_set",
    "season_start_next",
    "season_update",
    "table_create",
    "table_delete",
    "table_update",
    "tables_create_range",
]
