"""Clubs, members, seasons, events, entries, rounds, tables and games.

One module per aggregate, as pretix's `base/models/`: `clubs` (Club, Membership, Player, Season), `events`
(Event, Entry, CheckIn, Substitution, Table), `history` (EventLogEntry: the director's steps; ClubLogEntry:
changes to the club's year), `rounds` (Round, Game, Standing, DirectorCall), `pairings` (ForbiddenPairing: two
members who never meet in a draw), `divisions` (SeasonDivision: a player's division in a season), `money`
(EventFee, Payment: the entry fee and the payment ledger), `accounts` (PasswordResetRequest: what the password
reset limit counts), `sharing` (PlayerRating: the club's rating; ResultsMailing: the results mail to members),
`prizes` (PrizeSettings, PrizeCategory, Prize, PrizeAward: the lots and the prize-giving). Every model is
importable from here and its app label is `tournaments`.

Standings snapshots live here too (they are rows of the event): `scoring`'s tasks write them, the next
Swiss draw and the public pages read them. This app never imports `scoring`'s Django code.
"""

from tournaments.models.accounts import PasswordResetRequest
from tournaments.models.clubs import Club, Membership, Player, Season
from tournaments.models.divisions import SeasonDivision
from tournaments.models.events import CheckIn, Entry, Event, Substitution, Table
from tournaments.models.history import ClubLogEntry, EventLogEntry
from tournaments.models.money import EventFee, Payment
from tournaments.models.pairings import ForbiddenPairing
from tournaments.models.prizes import Prize, PrizeAward, PrizeCategory, PrizeSettings
from tournaments.models.rounds import DirectorCall, Game, Round, Standing
from tournaments.models.sharing import PlayerRating, ResultsMailing

__all__ = [
    "CheckIn",
    "Club",
    "ClubLogEntry",
    "DirectorCall",
    "Entry",
    "Event",
    "EventFee",
    "EventLogEntry",
    "ForbiddenPairing",
    "Game",
    "Membership",
    "PasswordResetRequest",
    "Payment",
    "Player",
    "PlayerRating",
    "Prize",
    "PrizeAward",
    "PrizeCategory",
    "PrizeSettings",
    "ResultsMailing",
    "Round",
    "Season",
    "SeasonDivision",
    "Standing",
    "Substitution",
    "Table",
]
