"""Clubs, members, seasons, events, entries, rounds, tables and games.

One module per aggregate, as pretix's `base/models/`: `clubs` (Club, Membership, Player, Season), `events`
(Event, Entry, CheckIn, Substitution, Table, EventLogEntry: the director's steps), `rounds` (Round, Game, Standing,
DirectorCall), `money` (EventFee, Payment: the entry fee and the payment ledger),
`accounts` (PasswordResetRequest: what the password reset limit counts). Every model is importable from here
and its app label is `tournaments`.

Standings snapshots live here too (they are rows of the event): `scoring`'s tasks write them, the next
Swiss draw and the public pages read them. This app never imports `scoring`'s Django code.
"""

from tournaments.models.accounts import PasswordResetRequest
from tournaments.models.clubs import Club, Membership, Player, Season
from tournaments.models.events import CheckIn, Entry, Event, EventLogEntry, Substitution, Table
from tournaments.models.money import EventFee, Payment
from tournaments.models.rounds import DirectorCall, Game, Round, Standing

__all__ = [
    "CheckIn",
    "Club",
    "DirectorCall",
    "Entry",
    "Event",
    "EventFee",
    "EventLogEntry",
    "Game",
    "Membership",
    "PasswordResetRequest",
    "Payment",
    "Player",
    "Round",
    "Season",
    "Standing",
    "Substitution",
    "Table",
]
