"""How well the club's rating predicts an evening: simulated mêlée seasons of players with a hidden strength.

Run: .venv/bin/python bench/rating_bench.py [--players 40] [--evenings 20] [--present 36] [--rounds 4]
                                            [--seasons 10] [--luck 1.0] [--seed 7]

Each season: `--players` players get a hidden true strength (normal, mean 0, sd 1). Each evening `--present`
of them come (chosen at random), and `--rounds` mêlée rounds are drawn by the real draw core
(`tournaments.pairing.generate_draw`, method "melee": new partners and opponents each round, by the
evening's wins so far). A game is won by side A with probability 1 / (1 + exp(−(sum of A's strengths −
sum of B's) / luck)): with luck 1, a pair 1 sd stronger wins 73 % of its games, a belote-like share of luck.
The evening's places are by wins, then by point difference (drawn from the same strengths).

Before each evening (from the second on) the rating of everyone (`scoring.rating.core.ratings_compute` over
all earlier games, the same code the club's rating runs) is frozen, and compared with that evening:
- **Spearman**: the correlation of the ordinal (mu − 3σ) before the evening with the evening's places,
  averaged over evenings (0 is no information; the "oracle" line gives the same with the hidden strengths,
  the most any rating could reach through the cards' luck);
- **pairwise**: the share of the evening's games whose winner the ratings before the evening picked
  (the side with the model's win probability above 50 %; a coin gives 50 %).
Every model of `scoring.rating.core.MODELS` is measured on the same seasons. Prints one table per model.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.rating.core import (
    A_WON,
    B_WON,
    MODELS,
    RatedGame,
    Rating,
    new_rating,
    ratings_compute,
    win_probability,
)
from tournaments.pairing import DrawRequest, Entrant, History, generate_draw


def average_ranks(values: list[float]) -> list[float]:
    """1-based ranks of `values` (largest first), ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (Pearson of the average ranks); 0 when one side is constant."""
    rx, ry = average_ranks(xs), average_ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (sx * sy) if sx and sy else 0.0


def play_evening(rng, strength, present, rounds, luck, seed):
    """One mêlée evening: its games (side players, outcome) and each player's (wins, point difference)."""
    wins = dict.fromkeys(present, 0.0)
    diff = dict.fromkeys(present, 0.0)
    opponents: dict[int, set[int]] = {}
    partners: dict[int, set[int]] = {}
    games = []
    for number in range(1, rounds + 1):
        ordered = sorted(present, key=lambda p: (-wins[p], -diff[p], p))
        ranked = [Entrant(p, (p,), score=wins[p], rank=i + 1) for i, p in enumerate(ordered)]
        history = History(opponents, partners, number - 1)
        draw = generate_draw(DrawRequest("melee", ranked, history, None, number, seed * 100 + number))
        for game in draw.games:
            a, b = tuple(game.side_a_players), tuple(game.side_b_players)
            gap = sum(strength[p] for p in a) - sum(strength[p] for p in b)
            a_won = rng.random() < 1 / (1 + math.exp(-gap / luck))
            margin = abs(rng.gauss(300 + 100 * abs(gap), 200))
            for p in a:
                wins[p] += a_won
                diff[p] += margin if a_won else -margin
                opponents.setdefault(p, set()).update(b)
            for p in b:
                wins[p] += not a_won
                diff[p] += -margin if a_won else margin
                opponents.setdefault(p, set()).update(a)
            partners.setdefault(a[0], set()).add(a[1])
            partners.setdefault(a[1], set()).add(a[0])
            partners.setdefault(b[0], set()).add(b[1])
            partners.setdefault(b[1], set()).add(b[0])
            games.append(RatedGame(side_a=a, side_b=b, outcome=A_WON if a_won else B_WON))
        for bye in draw.byes:
            wins[bye.entrant] += 1
    return games, {p: (wins[p], diff[p]) for p in present}


def season(args, seed: int):
    """One season's evenings: [(games, results)], with the hidden strengths."""
    rng = random.Random(seed)
    strength = {p: rng.gauss(0, 1) for p in range(args.players)}
    evenings = []
    for number in range(args.evenings):
        present = sorted(rng.sample(range(args.players), args.present))
        evenings.append(play_evening(rng, strength, present, args.rounds, args.luck, seed * 1000 + number))
    return strength, evenings


def measure(model_name: str, seasons, rounds: int):
    """Mean Spearman (ordinal before the evening vs places) and pairwise accuracy, over evenings 2 on;
    also by the season's second half, and the oracle's figures with the hidden strengths."""
    rho, rho_late, hits, total, hits_late, total_late = [], [], 0, 0, 0, 0
    oracle_rho, oracle_hits = [], 0
    seconds = 0.0
    for strength, evenings in seasons:
        ratings: dict[int, Rating] = {}
        half = len(evenings) // 2
        for number, (games, results) in enumerate(evenings):
            if number:
                players = sorted(results)
                places = [results[p][0] * 10000 + results[p][1] for p in players]
                ordinal = [ratings.get(p, new_rating()).ordinal for p in players]
                r = spearman(ordinal, places)
                rho.append(r)
                oracle_rho.append(spearman([strength[p] for p in players], places))
                if number >= half:
                    rho_late.append(r)
                for game in games:
                    p_a = win_probability(ratings, game.side_a, game.side_b, model_name=model_name)
                    hit = (p_a > 0.5) == (game.outcome == A_WON) if p_a != 0.5 else None
                    gap = sum(strength[p] for p in game.side_a) - sum(strength[p] for p in game.side_b)
                    oracle_hits += (gap > 0) == (game.outcome == A_WON)
                    total += 1
                    hits += bool(hit) if hit is not None else 0.5
                    if number >= half:
                        total_late += 1
                        hits_late += bool(hit) if hit is not None else 0.5
            started = time.perf_counter()
            ratings = ratings_compute(games, ratings, model_name=model_name)
            seconds += time.perf_counter() - started
    return {
        "spearman": statistics.fmean(rho),
        "spearman_sd": statistics.stdev(rho),
        "spearman_late": statistics.fmean(rho_late),
        "oracle_spearman": statistics.fmean(oracle_rho),
        "pairwise": hits / total,
        "pairwise_late": hits_late / total_late,
        "oracle_pairwise": oracle_hits / total,
        "games": total,
        "seconds": seconds,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--evenings", type=int, default=20)
    parser.add_argument("--present", type=int, default=36)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seasons", type=int, default=10)
    parser.add_argument("--luck", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if not 4 <= args.present <= args.players or args.evenings < 2:
        parser.error("--present must be from 4 to --players, and --evenings at least 2")
    seasons = [season(args, args.seed + s) for s in range(args.seasons)]
    print(
        f"{args.seasons} seasons × {args.evenings} mêlée evenings, {args.present} of {args.players} players, "
        f"{args.rounds} rounds, luck {args.luck}, seed {args.seed}"
    )
    print(f"{'model':<26} {'Spearman':>9} {'± sd':>6} {'2nd half':>9} {'pairwise':>9} {'2nd half':>9} {'s':>6}")
    oracle = None
    for name in MODELS:
        m = measure(name, seasons, args.rounds)
        oracle = m
        print(
            f"{name:<26} {m['spearman']:>9.3f} {m['spearman_sd']:>6.3f} {m['spearman_late']:>9.3f} "
            f"{m['pairwise']:>8.1%} {m['pairwise_late']:>9.1%} {m['seconds']:>6.2f}"
        )
    assert oracle is not None
    print(
        f"{'oracle (hidden strength)':<26} {oracle['oracle_spearman']:>9.3f} {'':>6} {'':>9} "
        f"{oracle['oracle_pairwise']:>8.1%}"
    )
    print(f"games predicted per model: {oracle['games']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
