"""A game (a sheet of deals): held points, game end and the result JSON of spec §6."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from scoring.rules.deal import scorer_of
from scoring.rules.presets import Family
from scoring.rules.rendering import Problem, field_keys, render, show
from scoring.rules.resolve import resolve_ruleset
from scoring.rules.ruleset import RuleSet
from scoring.rules.validation import ParsedDeal, parse_fully, parse_plain
from scoring.rules.words import PASSED

GAME_FIELDS = ("rules", "options", "deals")
_GAME_FIELD_SET = frozenset(GAME_FIELDS)
_BELOT = Family.BELOT
MAX_DEALS_WITHOUT_END = 10_000  # a guard for generators; a real sheet is far shorter


class GameScorer:
    """Scores the deals of one game in order, carrying totals and held points.

    `add(deal)` validates and scores the next deal and returns its result object (spec §6) and its
    problems; after an invalid deal the scorer is unchanged, so a caller may stop there (score_game does).
    """

    __slots__ = ("_score", "a", "b", "finished", "held", "held_total", "index", "played", "rs", "winner")

    def __init__(self, rs: RuleSet):
        self.rs = rs
        self._score = scorer_of(rs)
        self.a = 0
        self.b = 0
        self.held: list[tuple[str, int]] = []  # (team it was taken from, points), in order
        self.held_total = 0
        self.played = 0
        self.index = 0
        self.finished = False
        self.winner: str | None = None

    def add(self, deal: Any) -> tuple[dict[str, Any], list[Problem]]:
        index = self.index
        if self.finished:
            problem = Problem(index, "deals", "game_over", {"last": index})
            return _invalid([problem]), [problem]
        rs = self.rs
        # The fast path; the full one below names any problem.
        parsed: ParsedDeal | Literal["passed"] | None = parse_plain(rs, deal)
        if parsed is None:
            parsed, problems = parse_fully(rs, deal, index)
            if parsed is None:
                return _invalid(problems), problems
        self.index = index + 1
        if isinstance(parsed, str):  # PASSED, the only str result
            # A passed-out deal scores 0, decides no held points and does not count towards a deal limit.
            return {
                "outcome": PASSED,
                "score": {"A": 0, "B": 0},
                "held": self.held_total,
                "collected": None,
                "errors": [],
            }, []

        outcome, a, b, held, winner = self._score(rs, parsed)
        collected = None
        if winner is not None and self.held_total:
            collected = winner
            if winner == "A":
                a += self.held_total
            else:
                b += self.held_total
            self.held = []
            self.held_total = 0
        if held:
            self.held.extend(held)
            self.held_total += sum(points for _, points in held)
        total_a = self.a = self.a + a
        total_b = self.b = self.b + b
        played = self.played = self.played + 1
        # Most deals end nothing: skip the end checks unless a limit or the target is reached.
        deals, target = rs.deals, rs.target
        if (deals is not None and played < deals) or (
            target is not None and (total_a if total_a > total_b else total_b) < target
        ):
            return {
                "outcome": outcome,
                "score": {"A": a, "B": b},
                "held": self.held_total,
                "collected": collected,
                "errors": [],
            }, []
        returned_a, returned_b = self._check_end(capot=parsed.capot is not None)
        return {
            "outcome": outcome,
            "score": {"A": a + returned_a, "B": b + returned_b},
            "held": self.held_total,
            "collected": collected,
            "errors": [],
        }, []

    def _check_end(self, capot: bool) -> tuple[int, int]:
        """Decide whether the game ended with this played deal; on the end, held points return to the
        teams they were taken from. Returns the points returned (A, B)."""
        rs = self.rs
        if rs.deals is not None:
            if self.played < rs.deals:
                return 0, 0
        else:
            assert rs.target is not None  # a game ends after a number of deals or at a target
            if max(self.a, self.b) < rs.target:
                return 0, 0
            if self.held and not rs.end_while_held:
                return 0, 0
            if capot and rs.family is _BELOT:
                return 0, 0  # belot: a game never ends on a capot deal
            if self.a + self._held_of("A") == self.b + self._held_of("B"):
                return 0, 0  # level at the target: another deal is played
        returned_a, returned_b = self._held_of("A"), self._held_of("B")
        self.held = []
        self.held_total = 0
        self.a += returned_a
        self.b += returned_b
        self.finished = True
        self.winner = None if self.a == self.b else "A" if self.a > self.b else "B"
        return returned_a, returned_b

    def _held_of(self, team: str) -> int:
        return sum(points for owner, points in self.held if owner == team)

    def summary(self) -> dict[str, Any]:
        return {
            "totals": {"A": self.a, "B": self.b},
            "held": self.held_total,
            "finished": self.finished,
            "winner": self.winner,
        }


def _invalid(problems: list[Problem]) -> dict[str, Any]:
    return {"outcome": None, "score": None, "held": None, "collected": None, "errors": problems}


def check_game(game: Any) -> dict[str, Any]:
    """Like `score_game`, but every error is a `Problem` (deal, field, code, params) with no message.

    Never raises for any input.
    """
    problems: list[Problem] = []
    if not isinstance(game, dict):
        problems.append(Problem(None, "game", "game_not_object", {"got": show(game)}))
        return _result(False, [], None, problems)
    for key in () if game.keys() <= _GAME_FIELD_SET else game:
        if key not in GAME_FIELDS:
            problems.append(
                Problem(None, "game", "unknown_field", {"name": show(key), "choices": field_keys(GAME_FIELDS)})
            )
    rs, found = resolve_ruleset(game.get("rules"), game.get("options"))
    problems.extend(found)
    deals = game.get("deals")
    if not isinstance(deals, list):
        problems.append(Problem(None, "deals", "deals_not_list", {"got": show(deals)}))
    if problems:
        return _result(False, [], None, problems)
    assert rs is not None and isinstance(deals, list)  # else a problem was reported above

    scorer = GameScorer(rs)
    results = []
    for deal in deals:
        result, deal_problems = scorer.add(deal)
        results.append(result)
        if deal_problems:
            return _result(False, results, scorer, deal_problems)
    return _result(True, results, scorer, [])


def _result(
    valid: bool, deals: list[dict[str, Any]], scorer: GameScorer | None, problems: list[Problem]
) -> dict[str, Any]:
    if scorer is None:
        totals, held, finished, winner = {"A": 0, "B": 0}, 0, False, None
    else:
        totals, held, finished, winner = (
            {"A": scorer.a, "B": scorer.b},
            scorer.held_total,
            scorer.finished,
            scorer.winner,
        )
    return {
        "valid": valid,
        "deals": deals,
        "totals": totals,
        "held": held,
        "finished": finished,
        "winner": winner,
        "errors": problems,
    }


def score_game(
    game: Any,
    *,
    translate: Callable[[str], str] | None = None,
    ngettext: Callable[[str, str, int], str] | None = None,
) -> dict[str, Any]:
    """Score a game (spec §6): `{"rules": preset, "options": {...}, "deals": [deal, ...]}`.

    Returns exactly `{valid, deals, totals, held, finished, winner, errors}`; each deal result is
    `{outcome, score, held, collected, errors}`. Never raises: invalid input (of any shape) gives
    `valid: false` and error objects `{deal, field, code, message}`, the message built as
    `translate(template).format(**params)` (English when `translate` is None; `ngettext` picks plural forms),
    each prefixed with its deal ("Deal 5: …"). Scoring stops at the first
    invalid deal, which is the last entry of `deals` (score null); totals are those of the deals before it.
    """
    try:
        result = check_game(game)
    except RecursionError:
        # Absurdly deep JSON: answer like any other malformed game rather than crash.
        result = _result(False, [], None, [Problem(None, "game", "game_not_object", {"got": "..."})])
    if result["errors"]:
        result["errors"] = [render(p, translate, ngettext) for p in result["errors"]]
        for deal in result["deals"]:
            if deal["errors"]:
                deal["errors"] = [render(p, translate, ngettext) for p in deal["errors"]]
    return result
