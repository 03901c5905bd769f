"""PURE: individual ratings from team play, with OpenSkill (docs/rating.md says which model and why).

Every game at a table is two teams of two players; each player is rated on their own, whoever the partner
is, so fixed pairs and mêlée evenings feed the same rating. The games are replayed in the order given
(the edge sorts them by date, event, round and table), so the same history always gives the same ratings:
nothing is incremented, the whole history is rated again.

Imports no Django: it takes `RatedGame`s and returns `Rating`s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull

#: OpenSkill's defaults, named: a new player starts at MU ± SIGMA; BETA is the spread of one game's
#: performance; TAU the uncertainty added before each game, so a rating keeps moving over the years.
MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
TAU = MU / 300
#: The conservative ordinal is mu − Z·sigma: a player is at least this strong with about 99.7 % certainty.
Z = 3.0

A_WON, DRAWN, B_WON = "A", "=", "B"

#: The models the bench compares (bench/rating_bench.py); the club's rating uses MODEL.
MODELS: dict[str, Any] = {
    "plackett_luce": PlackettLuce,
    "bradley_terry_full": BradleyTerryFull,
    "thurstone_mosteller_full": ThurstoneMostellerFull,
}
MODEL = "plackett_luce"


@dataclass(frozen=True)
class RatedGame:
    """One counted game: the player ids of side A and side B (one or two each) and who won (A_WON, DRAWN,
    B_WON)."""

    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    outcome: str


@dataclass(frozen=True)
class Rating:
    """A player's rating: mu ± sigma after `games` rated games."""

    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative figure shown and used as a seed: mu − 3·sigma."""
        return self.mu - Z * self.sigma


def _model(name: str = MODEL) -> Any:
    return MODELS[name](mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def new_rating() -> Rating:
    """The rating of a player who has played no rated game."""
    return Rating(mu=MU, sigma=SIGMA, games=0)


def ratings_compute(
    games: Iterable[RatedGame], start: Mapping[int, Rating] | None = None, *, model_name: str = MODEL
) -> dict[int, Rating]:
    """Replay `games` in order from `start` (default: everyone new) and return every player's rating.

    A game with an empty side or a player on both sides is skipped (it cannot be rated). Raises ValueError
    for an outcome other than A_WON, DRAWN, B_WON. `model_name` is a key of MODELS (the bench compares them)."""
    model = _model(model_name)
    state: dict[int, Any] = {}
    counts: dict[int, int] = {}
    for pid, rating in (start or {}).items():
        state[pid] = model.rating(mu=rating.mu, sigma=rating.sigma)
        counts[pid] = rating.games
    for game in games:
        if game.outcome not in (A_WON, DRAWN, B_WON):
            raise ValueError(f"outcome must be {A_WON!r}, {DRAWN!r} or {B_WON!r}, got {game.outcome!r}")
        if not game.side_a or not game.side_b or set(game.side_a) & set(game.side_b):
            continue
        for pid in (*game.side_a, *game.side_b):
            if pid not in state:
                state[pid] = model.rating()
                counts[pid] = 0
        ranks = {A_WON: [0, 1], DRAWN: [0, 0], B_WON: [1, 0]}[game.outcome]
        teams = [[state[p] for p in game.side_a], [state[p] for p in game.side_b]]
        new_a, new_b = model.rate(teams, ranks=ranks)
        for pid, rating in zip((*game.side_a, *game.side_b), (*new_a, *new_b), strict=True):
            state[pid] = rating
            counts[pid] += 1
    return {pid: Rating(mu=r.mu, sigma=r.sigma, games=counts[pid]) for pid, r in state.items()}


def win_probability(
    ratings: Mapping[int, Rating], side_a: tuple[int, ...], side_b: tuple[int, ...], *, model_name: str = MODEL
) -> float:
    """The model's chance that side A beats side B (players not in `ratings` count as new)."""
    model = _model(model_name)

    def team(side: tuple[int, ...]) -> list[Any]:
        return [model.rating(mu=r.mu, sigma=r.sigma) for r in (ratings.get(p, new_rating()) for p in side)]

    return float(model.predict_win([team(side_a), team(side_b)])[0])
