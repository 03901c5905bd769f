"""Score sheets as entered at the table, their history, the event's secret links, adjustments and exports.

One module per topic (sheets, links, results); every model and helper is importable from `scoring.models`,
as the migrations and the rest of the code import them.
"""

from scoring.models.links import (
    CARD_TOKEN_LENGTH,
    PIN_LENGTH,
    CardCodeMiss,
    PinFailure,
    SecretLink,
    SecretLinkQuerySet,
    TableCard,
    TableLink,
    TeamLink,
    VenueScreen,
    new_card_token,
    new_pin,
    new_screen_token,
    new_table_token,
)
from scoring.models.results import Adjustment, Export, PenaltyEffect, PenaltyKind, export_file_path
from scoring.models.sheets import MAX_REASON, SIDES, Deal, Sheet, SheetChange

__all__ = [
    "CARD_TOKEN_LENGTH",
    "MAX_REASON",
    "PIN_LENGTH",
    "SIDES",
    "Adjustment",
    "CardCodeMiss",
    "Deal",
    "Export",
    "PenaltyEffect",
    "PenaltyKind",
    "PinFailure",
    "SecretLink",
    "SecretLinkQuerySet",
    "Sheet",
    "SheetChange",
    "TableCard",
    "TableLink",
    "TeamLink",
    "VenueScreen",
    "export_file_path",
    "new_card_token",
    "new_pin",
    "new_screen_token",
    "new_table_token",
]
