"""Clubs, members, seasons, events, entries, rounds, tables and games.

One module per aggregate, as pretix's `base/models/`: `clubs` (Club, Membership, Player, Season), `events`
(Event, Entry, CheckIn, Table), `rounds` (Round, Game, Standing), `accounts` (PasswordResetRequest: what
the password reset limit counts). Every model is importable from here, its
app label is `tournaments` and its migrations are unchanged.

Standings snapshots live here too (they are rows of the event): `scoring`'s tasks write them, the next
Swiss draw and the public pages read them. This app never imports `scoring`'s Django code.
"""

from tournaments.models.accounts import PasswordResetRequest
from tournaments.models.clubs import Club, Membership, Player, Season
from tournaments.models.events import CheckIn, Entry, Event, Table
from tournaments.models.rounds import Game, Round, Standing

__all__ = [
    "CheckIn",
    "Club",
    "Entry",
    "Event",
    "Game",
    "Membership",
    "PasswordResetRequest",
    "Player",
    "Round",
    "Season",
    "Standing",
    "Table",
]
