"""Round robin on Berger tables: everyone meets everyone once per cycle."""

from __future__ import annotations

from typing import Any, ClassVar

from .errors import DrawUserError
from .generator import DrawGenerator, PlannedGame
from .quality import pairing_flags
from .types import Draw


def berger_round(count: int, round_number: int) -> list[tuple[int, int]]:
    """The games of round ``round_number`` for ``count`` entrants numbered 1..count, as (white, black)
    numbers in table order, following the FIDE Berger tables.

    With an odd count, number ``count + 1`` stands for "no opponent" (a bye). Rounds past the cycle of
    ``count - 1`` rounds (``count`` when odd) start the cycle again with the sides swapped.
    """
    size = count + count % 2
    turns = size - 1
    cycle, index = divmod(round_number - 1, turns)
    rnd = index + 1
    # The pivot p meets the last number; the others pair so that their numbers sum to rnd + 1 (mod turns).
    pivot = (rnd + 1) // 2 if rnd % 2 else (rnd + 1 + turns) // 2

    def wrap(number: int) -> int:
        return (number - 1) % turns + 1

    games = [(pivot, size) if rnd % 2 else (size, pivot)]
    games.extend((wrap(pivot + step), wrap(pivot - step)) for step in range(1, size // 2))
    if cycle % 2:
        games = [(black, white) for white, black in games]
    return games


class RoundRobinDraw(DrawGenerator):
    """Berger tables over the entrants in ``order`` (option: entrant ids in Berger number order; default:
    the present entrants by id). Give the same ``order`` every round, absent entrants included: a present
    entrant whose scheduled opponent is absent gets a bye ("opponent_absent"); with an odd count the
    schedule's free slot is a bye ("schedule_bye"). ``round_number`` picks the schedule round; planned
    return games are not flagged as rematches. The schedule decides the byes, not the bye counts.
    """

    method = "round_robin"
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {"order": None}

    def generate(self) -> Draw:
        present = set(self.field.entrants)
        order = list(self.options["order"]) if self.options["order"] is not None else sorted(present)
        listed = set(order)
        for entrant in sorted(present):
            if entrant not in listed:
                raise DrawUserError("entrant_not_in_order", entrant=entrant)
        planned: list[PlannedGame] = []
        byes: list[tuple[int, str | None]] = []
        for white, black in berger_round(len(order), self.request.round_number):
            a = order[white - 1] if white <= len(order) else None
            b = order[black - 1] if black <= len(order) else None
            if a in present and b in present:
                planned.append(PlannedGame((a,), (b,), pairing_flags(self.field, (a,), (b,), origin="schedule")))
                continue
            for seat, opponent in ((a, b), (b, a)):
                if seat is not None and seat in present:
                    byes.append((seat, "schedule_bye" if opponent is None else "opponent_absent"))
        return self.finish(planned, byes)
