"""Draw generators for Atout: pure Python, no Django.

Build a ``DrawRequest`` from the entrants present, the history of the event and the tables, call
``generate_draw``; edit a draft with ``swap_entrants`` and ``move_game``; measure with ``draw_quality``.
Flags and user errors are codes (``FLAG_CODES``, ``USER_ERROR_CODES``) that the edge translates; method
options are named in ``OPTION_RULES``.
"""

from .draw import METHODS, generate_draw
from .edits import move_game, swap_entrants
from .errors import USER_ERROR_CODES, DrawError, DrawFatalError, DrawUserError
from .flags import BYE_FLAGS, FLAG_CODES, FORBIDDEN_FLAGS, PAIRING_FLAGS, TABLE_FLAGS
from .generator import OPTION_RULES
from .quality import draw_quality
from .types import (
    METHOD_NAMES,
    Bye,
    Draw,
    DrawnGame,
    DrawQuality,
    DrawRequest,
    Entrant,
    History,
    Table,
)

__all__ = [
    "BYE_FLAGS",
    "FLAG_CODES",
    "FORBIDDEN_FLAGS",
    "METHODS",
    "METHOD_NAMES",
    "OPTION_RULES",
    "PAIRING_FLAGS",
    "TABLE_FLAGS",
    "USER_ERROR_CODES",
    "Bye",
    "Draw",
    "DrawError",
    "DrawFatalError",
    "DrawQuality",
    "DrawRequest",
    "DrawUserError",
    "DrawnGame",
    "Entrant",
    "History",
    "Table",
    "draw_quality",
    "generate_draw",
    "move_game",
    "swap_entrants",
]
