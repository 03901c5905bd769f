"""What an unfinished game counts when its round is closed (pure: no Django). docs/rules.md, "Unfinished games".

Rules (codes; their words live in the event's `UnfinishedRule` choices):
- `played`: the deals played count as they stand (300 : 186 after 3 of 12 deals stays 300 : 186);
- `prorate`: each side's points scaled to the full game: × deals / deals played in a game of so many deals
  (300 : 186 after 3 of 12 → 1200 : 744); in a game to a target, scaled so that the leader reaches the
  target (300 : 186 to 1000 → 1000 : 620);
- `average`: both sides get the same score, the round's average: the mean score of one side over the
  round's finished games, or, with none finished, half of this table's own total. Equal scores: a draw.

Pro-rated and average scores are rounded half up to whole points, and to tens where the rule set rounds
each deal to tens (`nearest_ten_5_up`, `nearest_ten_6_up`), as a deal's score would be.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.rules.deal import round_french

PLAYED = "played"
PRORATE = "prorate"
AVERAGE = "average"
#: The rules that can be applied to a table (the event may also say "ask": choose one per table).
UNFINISHED_RULES = (PLAYED, PRORATE, AVERAGE)


class UnfinishedRuleError(ValueError):
    """A rule code that is none of UNFINISHED_RULES (a bug at the caller: the choices come from a list)."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """The score an unfinished game counts with: the rule applied and each side's total."""

    rule: str
    total_a: int
    total_b: int


def _round(value: Fraction, rounding: str) -> int:
    whole = int((value + Fraction(1, 2)) // 1)  # half up; points are never negative
    return round_french(whole, rounding)


def prorate(points: int, *, played: int, full: int, rounding: str = "none") -> int:
    """`points` scored in `played` parts of a game of `full` parts, scaled to the full game and rounded.
    `played` 0 gives 0 (nothing to scale)."""
    if played <= 0:
        return 0
    return _round(Fraction(points * full, played), rounding)


def round_average(finished: list[tuple[int, int]]) -> Fraction | None:
    """The mean score of one side over the round's finished games ((A, B) totals), or None with none."""
    if not finished:
        return None
    return Fraction(sum(a + b for a, b in finished), 2 * len(finished))


def rule_unfinished(
    *,
    rule: str,
    total_a: int,
    total_b: int,
    deals_played: int,
    deals: int | None = None,
    target: int | None = None,
    rounding: str = "none",
    average: Fraction | None = None,
) -> Ruling:
    """The score of an unfinished game under `rule` (one of UNFINISHED_RULES).

    Takes the game's totals so far and its deals played, the game's length (`deals` per game, or the
    `target` points; one of the two), the rule set's rounding, and the round's `average` (see
    `round_average`; None: half this table's own total). Returns a Ruling; raises UnfinishedRuleError for
    an unknown rule."""
    if rule == PLAYED:
        return Ruling(rule, total_a, total_b)
    if rule == PRORATE:
        if deals:
            return Ruling(
                rule,
                prorate(total_a, played=deals_played, full=deals, rounding=rounding),
                prorate(total_b, played=deals_played, full=deals, rounding=rounding),
            )
        leader = max(total_a, total_b)
        if not target or leader <= 0:
            return Ruling(rule, total_a, total_b)
        return Ruling(
            rule,
            prorate(total_a, played=leader, full=target, rounding=rounding),
            prorate(total_b, played=leader, full=target, rounding=rounding),
        )
    if rule == AVERAGE:
        mean = average if average is not None else Fraction(total_a + total_b, 2)
        score = _round(mean, rounding)
        return Ruling(rule, score, score)
    raise UnfinishedRuleError(rule)
