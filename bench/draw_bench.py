"""Draw generators against the clock: Swiss 1,000 teams after 8 rounds, mêlée 400 players after 5 rounds,
random 300 teams after 3 rounds; and windowed against exact matching on a Swiss field of 200.

Run: .venv/bin/python bench/draw_bench.py

The history is built first (untimed) by playing the earlier rounds with the same generator and random
results. Each draw is then timed RUNS times with different seeds (median reported), next to a naive greedy
pairing of the same input in the same process (walk down the list, pair each with the next one not met
before): the ratio is what the minimum-cost matching costs over the simplest thing that could work, and the
quality lines show what it buys. The floor is 2 s per draw; the exit status is 1 if a draw is over it.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tournaments.pairing import Draw, DrawRequest, Entrant, History, generate_draw

FLOOR_SECONDS = 2.0
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


def median_seconds(call) -> float:
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
    over = False
    for method, count, rounds, clubs, title in cases:
        entrants, history, number = build(method, count, rounds, clubs)
        seeds = iter(range(100, 100 + RUNS))
        draws: list[Draw] = []

        def run(entrants=entrants, history=history, number=number, method=method, seeds=seeds, draws=draws):
            draws.append(generate_draw(DrawRequest(method, entrants, history, None, number, next(seeds))))

        ours = median_seconds(run)
        base = median_seconds(lambda e=entrants, h=history, m=method: greedy(e, h, m))
        base_rematches, base_gap = greedy(entrants, history, method)
        q = draws[-1].quality
        over |= ours >= FLOOR_SECONDS
        status = "ok" if ours < FLOOR_SECONDS else "OVER THE FLOOR"
        print(f"{title}: {ours:.3f} s per draw (median of {RUNS}; floor {FLOOR_SECONDS} s: {status})")
        print(f"  greedy baseline: {base * 1000:.2f} ms; ratio {ours / base:.0f}x")
        print(
            f"  quality: rematches {q.rematches} (greedy {base_rematches}), repeated partners "
            f"{q.repeated_partners}, same club {q.same_club}, total score gap {q.total_score_gap:g} "
            f"(greedy {base_gap:g}), max score gap {q.max_score_gap:g}"
        )
    entrants, history, number = build("swiss", 200, 6, 20)
    print("Swiss, 200 teams after 6 rounds, windowed against exact matching:")
    for label, options in (("windowed (default)", {}), ("exact (exact_limit=1000)", {"exact_limit": 1000})):
        start = time.perf_counter()
        draw = generate_draw(DrawRequest("swiss", entrants, history, None, number, 1, options))
        seconds = time.perf_counter() - start
        q = draw.quality
        pulled = sum("pulled_up" in g.flags for g in draw.games)
        print(
            f"  {label}: {seconds:.3f} s; rematches {q.rematches}, same club {q.same_club}, "
            f"pulled-up games {pulled}, total score gap {q.total_score_gap:g}"
        )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
