"""Draw generators against the clock: Swiss 1,000 teams after 8 rounds, mêlée 400 players after 5 rounds,
random 300 teams after 3 rounds.

Run: .venv/bin/python bench/draw_bench.py

The history is built first (untimed) by playing earlier rounds with the same generator and random results.
Each draw is then timed a few times with different seeds (median reported), next to a naive greedy pairing
of the same input in the same process (walk down the list, take the next one not met before): the ratio says
what the minimum-cost matching costs over the simplest thing that could work. The floor is 2 s per draw.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import (  # noqa: E402
    Draw,
    DrawRequest,
    Entrant,
    History,
    generate_draw,
)

FLOOR_SECONDS = 2.0
RUNS = 5


def _play(draw: Draw, entrants: dict[int, Entrant], opponents, partners, rng: random.Random) -> None:
    """Random results: the winning side's entrants score 1 and some points; byes score a win."""
    points = {}
    for game in draw.games:
        winner, loser = (
            (game.side_a_entrants, game.side_b_entrants)
            if rng.random() < 0.5
            else (game.side_b_entrants, game.side_a_entrants)
        )
        for e in winner:
            points[e] = (1.0, rng.randint(900, 1600))
        for e in loser:
            points[e] = (0.0, rng.randint(300, 900))
        for e in game.side_a_entrants:
            opponents.setdefault(e, set()).update(game.side_b_entrants)
        for side in (game.side_a_players, game.side_b_players):
            partners.setdefault(side[0], set()).add(side[1])
    for bye in draw.byes:
        points[bye.entrant] = (1.0, 1000)
    totals = {}
    for e in entrants.values():
        win, pts = points[e.id]
        bye = 1 if any(b.entrant == e.id for b in draw.byes) else 0
        entrants[e.id] = Entrant(e.id, e.players, e.club_id, e.score + win, None, e.byes + bye)
        totals[e.id] = getattr(e, "_points", 0) + pts
    ranked = sorted(entrants.values(), key=lambda x: (-x.score, -totals[x.id], x.id))
    for rank, e in enumerate(ranked, start=1):
        entrants[e.id] = Entrant(e.id, e.players, e.club_id, e.score, rank, e.byes)


def build(method: str, count: int, rounds: int, clubs: int, seed: int = 7):
    rng = random.Random(seed)
    size = 1 if method == "melee" else 2
    entrants = {
        i: Entrant(i, tuple(range(size * i, size * i + size)), club_id=rng.randrange(clubs)) for i in range(count)
    }
    opponents: dict[int, set[int]] = {}
    partners: dict[int, set[int]] = {}
    for number in range(1, rounds + 1):
        history = History(opponents, partners, number - 1)
        draw = generate_draw(DrawRequest(method, list(entrants.values()), history, None, number, seed + number))
        _play(draw, entrants, opponents, partners, rng)
    return list(entrants.values()), History(opponents, partners, rounds), rounds + 1


def greedy(entrants: list[Entrant], history: History, method: str) -> list[tuple[int, int]]:
    """Baseline: in standings order (by id for random/mêlée), pair each with the next one not met before."""
    if method == "swiss":
        order = [e.id for e in sorted(entrants, key=lambda e: (-e.score, e.rank or 0))]
    else:
        order = [e.id for e in entrants]
    met = history.opponents
    free = order[: len(order) - len(order) % 2]
    pairs = []
    while free:
        first = free.pop(0)
        seen = met.get(first, ())
        pick = next((i for i, e in enumerate(free) if e not in seen), 0)
        pairs.append((first, free.pop(pick)))
    return pairs


def time_it(call) -> float:
    runs = []
    for _ in range(RUNS):
        start = time.perf_counter()
        call()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> int:
    cases = [
        ("swiss", 1000, 8, 60, "Swiss, 1,000 teams after 8 rounds"),
        ("melee", 400, 5, 1, "Mêlée, 400 players after 5 rounds"),
        ("random", 300, 3, 30, "Random, 300 teams after 3 rounds"),
    ]
    failed = False
    for method, count, rounds, clubs, title in cases:
        entrants, history, number = build(method, count, rounds, clubs)
        seeds = iter(range(100, 100 + RUNS))
        draw = None

        def run(entrants=entrants, history=history, number=number, method=method, seeds=seeds):
            nonlocal draw
            draw = generate_draw(DrawRequest(method, entrants, history, None, number, next(seeds)))

        ours = time_it(run)
        base = time_it(lambda entrants=entrants, history=history, method=method: greedy(entrants, history, method))
        q = draw.quality
        status = "ok" if ours < FLOOR_SECONDS else "OVER FLOOR"
        failed |= ours >= FLOOR_SECONDS
        print(f"{title}: {ours:.3f} s per draw (median of {RUNS}) [{status}, floor {FLOOR_SECONDS} s]")
        print(f"  baseline greedy pairing: {base:.4f} s; ratio {ours / base:.0f}x")
        print(
            f"  quality: rematches {q.rematches}, repeated partners {q.repeated_partners}, "
            f"same club {q.same_club}, max score gap {q.max_score_gap:g}, total score gap {q.total_score_gap:g}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
