"""The models of the two apps that an event archive leaves out altogether, each with the reason
(tests/scoring/exports/archive/test_schema.py checks that every model is archived or named here); the
fields left out of an archived model are in schema.py, beside the part that archives it."""

from scoring.models import CardCodeMiss, Export, PenaltyKind, PinFailure, TableCard, TeamLink, VenueScreen
from tournaments.models import (
    ClubLogEntry,
    DirectorCall,
    EventFee,
    ForbiddenPairing,
    Membership,
    PasswordResetRequest,
    Payment,
    PlayerRating,
    Prize,
    PrizeAward,
    PrizeCategory,
    PrizeSettings,
    ResultsMailing,
    SeasonDivision,
)

MODELS_LEFT_OUT = {
    Membership: "accounts and roles belong to the installation, not to an event",
    ClubLogEntry: "the club's own history of its year (seasons, members, settings): no part of an event",
    Export: "files made from the event; the archive is one of them",
    PasswordResetRequest: "the installation's password-reset limit, by address: no part of an event",
    CardCodeMiss: "the installation's limit on wrong card codes, by address: no part of an event",
    # Links to a live evening are secrets: a copy gets its own when its organiser prints cards or opens a screen.
    TableCard: "the table cards' secret links (and their PINs); an imported copy makes new ones",
    PinFailure: "the limit on guessed PINs counts minutes-old wrong tries: no part of the results",
    TeamLink: "the teams' secret links; an imported copy makes new ones",
    VenueScreen: "the venue screen's secret link; an imported copy makes a new one",
    PenaltyKind: "the club's own penalty catalogue belongs to the club; each penalty given keeps its name",
    DirectorCall: "the evening's open calls to the director; the history (event_log) keeps each call and answer",
    SeasonDivision: "who plays in which division is the club's roster for its season, not a part of an event",
    PlayerRating: "the club's rating, rebuilt from every counted game by its own task: no part of an event",
    ResultsMailing: "a sending of the results mail to the club's members; the history keeps that it was sent",
    # Not yet in the archive's format (docs/prizes.md): the history (event_log) keeps each prize taken.
    PrizeSettings: "the prize list's settings are not archived yet; the history keeps the prize-giving's steps",
    PrizeCategory: "the prize categories are not archived yet; the history keeps the prize-giving's steps",
    Prize: "the lots are not archived yet; the history keeps each lot taken, with its name",
    PrizeAward: "the prize-giving's steps are not archived yet; the history keeps each, a restore keeps them",
    ForbiddenPairing: "the club's standing rules for its draws, not an event's; the draw's flags keep what they did",
    # The desk's money: the treasurer's sheet (PDF, XLSX) is the club's record of it; the history keeps each step.
    EventFee: "the entry fee and payout of the desk, not the results; the treasurer's sheet records them",
    Payment: "the desk's payment ledger; the treasurer's sheet and the history keep it, a restore keeps its rows",
}
