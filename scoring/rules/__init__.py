"""The Belote rules engine: pure Python, no Django (spec: shared/spec/rules.md).

Entry points:
- `score_game(game, *, translate=None, ngettext=None) -> dict`: a sheet in, the result JSON of spec §6 out;
  never raises. Pass Django's `gettext` and `ngettext` for messages in the reader's language; each message
  names its deal ("Deal 5: …").
- `check_game(game) -> dict`: the same result with errors as `Problem(deal, field, code, params)`.
- `ruleset_errors(rules, options, *, translate=None, ngettext=None) -> list[dict]`,
  `build_ruleset(rules, options) -> RuleSet` (raises `RuleSetError`), `RuleSet.as_dict()`.
- `list_presets() -> list[dict]`.
- `random_deal(rng, rules, options=None, **kwargs) -> dict`, `random_game(rng, rules, options=None,
  deals=None) -> dict`: real shuffled deals played out, for tests, benchmarks and demo data.
"""

from scoring.rules.dealer import random_deal, random_game
from scoring.rules.game import GameScorer, check_game, score_game
from scoring.rules.messages import MESSAGES
from scoring.rules.presets import PRESETS, SETTING_NAMES, Family
from scoring.rules.rendering import Problem, render
from scoring.rules.resolve import build_ruleset, list_presets, ruleset_errors
from scoring.rules.ruleset import RuleSet, RuleSetError

__all__ = [
    "MESSAGES",
    "PRESETS",
    "SETTING_NAMES",
    "Family",
    "GameScorer",
    "Problem",
    "RuleSet",
    "RuleSetError",
    "build_ruleset",
    "check_game",
    "list_presets",
    "random_deal",
    "random_game",
    "render",
    "ruleset_errors",
    "score_game",
]
