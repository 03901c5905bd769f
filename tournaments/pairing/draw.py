"""The entry point: one request in, one draw out."""

from __future__ import annotations

from .errors import DrawUserError
from .generator import DrawGenerator
from .melee import MeleeDraw
from .random_draw import RandomDraw
from .round_robin import RoundRobinDraw
from .swiss import SwissDraw
from .types import Draw, DrawRequest

#: Method name → generator class (each has ``DEFAULT_OPTIONS`` listing its options).
METHODS: dict[str, type[DrawGenerator]] = {
    "random": RandomDraw,
    "swiss": SwissDraw,
    "round_robin": RoundRobinDraw,
    "melee": MeleeDraw,
}


def generate_draw(request: DrawRequest) -> Draw:
    """Draw one round.

    Takes a ``DrawRequest``; returns a ``Draw`` in which every entrant present plays exactly once or has a
    bye. Same request, same seed: same draw. Raises ``DrawUserError`` (code and params) for input that cannot
    be drawn, ``DrawFatalError`` for a bug.
    """
    generator = METHODS.get(request.method)
    if generator is None:
        raise DrawUserError("unknown_method", method=request.method)
    return generator(request).generate()
