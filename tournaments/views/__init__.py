"""Organiser pages (prefix o/): thin views that check permission, validate a form, call one service.

One module per concern, as `tournaments.urls` names them (`views.<module>.<view>`): `clubs`, `members` (and
their import), `accounts` (organisers, invitations, the first account, password pages), `seasons`,
`pairings` (the club's forbidden pairings), `events`
(settings and status), `entries` (and the copy of last week's pairs), `people` (a withdrawal, its undo, a
substitute), `checkin`, `money` (the entry fee, the ledger, the treasurer's sheets), `tables`,
`room` (the message to the room, answering a call to the director), `rounds`
(the draw, its edits, its status, the printed draw). `base` has what they share: the permission decorators and
the form-to-service step.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from tournaments.views import (
    accounts,
    checkin,
    clubs,
    entries,
    events,
    members,
    money,
    pairings,
    people,
    room,
    rounds,
    seasons,
    tables,
)

__all__ = [
    "accounts",
    "checkin",
    "clubs",
    "entries",
    "events",
    "members",
    "money",
    "pairings",
    "people",
    "room",
    "rounds",
    "seasons",
    "tables",
]
