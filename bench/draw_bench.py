"""Draw generators against the clock: Swiss 1,000 teams after 8 rounds, mêlée 400 players after 5 rounds,
random 300 teams after 3 rounds; each drawn exactly (rustworkx), with networkx's solver on the same input,
in windows (``band_limit=0``, the former method) and by a naive greedy pairing, all in the same run.

Run: .venv/bin/python bench/draw_bench.py [--networkx-runs 1]

The history is built first (untimed) by playing the earlier rounds with the same generator and random
results. Each draw is then timed RUNS times with different seeds (median of CPU and wall-clock time; the
2-core machine is shared, so CPU time is the steadier figure). networkx runs the same generator on the
same input with only the solver switched (``matching.SOLVER``), fewer times because it is slow. The greedy
baseline walks down the list and pairs each with the next one not met before. Quality per draw: rematches
(mêlée: player pairs meeting again), repeated partners, pulled-up games (Swiss), same-club games, total
and largest score gap. Targets: Swiss and mêlée at most 0.3 s CPU per draw with 0 rematches and 0
repeated partners; the exit status is 1 if one is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tournaments.pairing import Draw, DrawRequest, Entrant, History, generate_draw, matching

TARGET_SECONDS = 0.3
RUNS = 5


def build(method: str, count: int, rounds: int, clubs: int, seed: int = 7):
    """Entrants, history and next round number after ``rounds`` rounds of ``method`` with random results."""
    rng = random.Random(seed)
    size = 1 if method == "melee" else 2
    entrants = {
        i: Entrant(i, tuple(range(size * i, size * i + size)), club_id=rng.randrange(clubs)) for i in range(count)
    }
    opponents: dict[int, set[int]] = {}
    partners: dict[int, set[int]] = {}
    points = dict.fromkeys(entrants, 0)
    for number in range(1, rounds + 1):
        history = History(opponents, partners, number - 1)
        draw = generate_draw(DrawRequest(method, list(entrants.values()), history, None, number, seed + number))
        wins = _play(draw, points, opponents, partners, rng)
        on_bye = {bye.entrant for bye in draw.byes}
        ranked = sorted(entrants, key=lambda e: (-(entrants[e].score + wins[e]), -points[e], e))
        for rank, e in enumerate(ranked, start=1):
            old = entrants[e]
            entrants[e] = Entrant(e, old.players, old.club_id, old.score + wins[e], rank, old.byes + (e in on_bye))
    return list(entrants.values()), History(opponents, partners, rounds), rounds + 1


def _play(draw: Draw, points, opponents, partners, rng: random.Random) -> dict[int, float]:
    """Random results: the winning side's entrants score a win; a bye counts as a win."""
    wins = {}
    for game in draw.games:
        sides = [game.side_a_entrants, game.side_b_entrants]
        rng.shuffle(sides)
        for e in sides[0]:
            wins[e], points[e] = 1.0, points[e] + rng.randint(900, 1600)
        for e in sides[1]:
            wins[e], points[e] = 0.0, points[e] + rng.randint(300, 900)
        for e in game.side_a_entrants:
            opponents.setdefault(e, set()).update(game.side_b_entrants)
        for side in (game.side_a_players, game.side_b_players):
            partners.setdefault(side[0], set()).add(side[1])
    for bye in draw.byes:
        wins[bye.entrant], points[bye.entrant] = 1.0, points[bye.entrant] + 1000
    return wins


def greedy(entrants: list[Entrant], history: History, method: str) -> tuple[int, float]:
    """Baseline: pair down the list (standings for Swiss, by id otherwise), each with the next one not met
    before (mêlée: not partnered before, then teams in turn). Returns (rematches, total score gap)."""
    ordered = sorted(entrants, key=lambda e: (-e.score, e.rank or 0)) if method == "swiss" else list(entrants)
    if method == "melee":
        player = {e.id: e.players[0] for e in ordered}
        teams = _greedy_pairs([e.id for e in ordered], lambda a, b: player[b] in history.partners.get(player[a], ()))
        pairs = [(teams[i], teams[i + 1]) for i in range(0, len(teams) - 1, 2)]
    else:
        pairs = [
            ((a,), (b,))
            for a, b in _greedy_pairs([e.id for e in ordered], lambda a, b: b in history.opponents.get(a, ()))
        ]
    score = {e.id: e.score for e in entrants}
    rematches = sum(
        b in history.opponents.get(a, ()) or a in history.opponents.get(b, ()) for x, y in pairs for a in x for b in y
    )
    gap = sum(abs(sum(score[a] for a in x) / len(x) - sum(score[b] for b in y) / len(y)) for x, y in pairs)
    return rematches, gap


def _greedy_pairs(order: list[int], clash) -> list[tuple[int, int]]:
    free = order[: len(order) - len(order) % 2]
    pairs = []
    while free:
        first = free.pop(0)
        pick = next((i for i, e in enumerate(free) if not clash(first, e)), 0)
        pairs.append((first, free.pop(pick)))
    return pairs


def timed(call, runs: int) -> tuple[float, float]:
    """Median (CPU seconds, wall seconds) of ``runs`` calls."""
    cpu, wall = [], []
    for _ in range(runs):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        call()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
    return statistics.median(cpu), statistics.median(wall)


def quality_line(draw: Draw) -> str:
    q = draw.quality
    pulled = sum("pulled_up" in g.flags for g in draw.games)
    return (
        f"rematches {q.rematches}, repeated partners {q.repeated_partners}, pulled-up games {pulled}, "
        f"same club {q.same_club}, total score gap {q.total_score_gap:g}, max score gap {q.max_score_gap:g}"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--networkx-runs", type=int, default=1)
    args = parser.parse_args()
    cases = [
        ("swiss", 1000, 8, 60, "Swiss, 1,000 teams after 8 rounds", True),
        ("melee", 400, 5, 1, "Mêlée, 400 players after 5 rounds", True),
        ("random", 300, 3, 30, "Random, 300 teams after 3 rounds", False),
    ]
    missed = False
    for method, count, rounds, clubs, title, targeted in cases:
        entrants, history, number = build(method, count, rounds, clubs)
        print(f"{title}:")

        def draw(options=None, seed=100, entrants=entrants, history=history, number=number, method=method):
            return generate_draw(DrawRequest(method, entrants, history, None, number, seed, options or {}))

        seeds = iter(range(100, 100 + RUNS))
        exact_cpu, exact_wall = timed(lambda draw=draw, seeds=seeds: draw(seed=next(seeds)), RUNS)
        exact = draw()
        matching.SOLVER = "networkx"
        try:
            nx_cpu, nx_wall = timed(lambda draw=draw: draw(), args.networkx_runs)
            other = draw()
            # Two optimal matchings may differ when they tie; the optimum (hence the quality) may not.
            same = f"same draw {other == exact}, same quality {other.quality == exact.quality}"
        finally:
            matching.SOLVER = "rustworkx"
        windows_cpu, windows_wall = timed(lambda draw=draw: draw({"band_limit": 0}), RUNS)
        windowed = draw({"band_limit": 0})
        greedy_cpu, _ = timed(lambda e=entrants, h=history, m=method: greedy(e, h, m), RUNS)
        greedy_rematches, greedy_gap = greedy(entrants, history, method)
        q = exact.quality
        ok = exact_cpu <= TARGET_SECONDS and q.rematches == 0 and q.repeated_partners == 0
        missed |= targeted and not ok
        target = f"target {TARGET_SECONDS} s: {'met' if ok else 'MISSED'}" if targeted else "no target"
        print(f"  exact (rustworkx): {exact_cpu:.3f} s CPU, {exact_wall:.3f} s wall per draw ({target})")
        print(
            f"  same solve with networkx: {nx_cpu:.2f} s CPU, {nx_wall:.2f} s wall; "
            f"ratio {nx_cpu / exact_cpu:.0f}x CPU; {same}"
        )
        print(f"  windows (band_limit=0): {windows_cpu:.3f} s CPU, {windows_wall:.3f} s wall")
        print(f"  greedy baseline: {greedy_cpu * 1000:.2f} ms CPU")
        print(f"  quality, exact:   {quality_line(exact)}")
        print(f"  quality, windows: {quality_line(windowed)}")
        print(f"  quality, greedy:  rematches {greedy_rematches}, total score gap {greedy_gap:g}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
