"""Rules engine benchmark: score 100,000 mixed valid deals (12-deal sheets, all presets) with score_game.

Run: .venv/bin/python bench/rules_bench.py [--deals 100000] [--seed 1] [--repeat 3]

Generation is not timed. The baseline, run in the same process on the same sheets, is a trivial loop that
only sums the trick points of every deal; the ratio says how many baseline passes one scoring pass costs.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import random_game, score_game

PRESETS = ("hoheluft", "dertele", "classic", "coinche", "belot")


def make_sheets(total: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    sheets, count, i = [], 0, 0
    while count < total:
        sheet = random_game(rng, PRESETS[i % len(PRESETS)], deals=min(12, total - count))
        sheets.append(sheet)
        count += len(sheet["deals"])
        i += 1
    return sheets


def baseline(sheets: list[dict]) -> int:
    points = 0
    for sheet in sheets:
        for deal in sheet["deals"]:
            tricks = deal.get("tricks")
            if tricks:
                points += tricks["A"] + tricks["B"]
    return points


def score_all(sheets: list[dict]) -> int:
    valid = 0
    for sheet in sheets:
        valid += score_game(sheet)["valid"]
    return valid


def best_of(repeat: int, func, *args) -> tuple[float, float]:
    """Best wall-clock and best CPU time (the machine may be shared; CPU time is the steadier figure)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        func(*args)
        wall = min(wall, time.perf_counter() - start_wall)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    start = time.perf_counter()
    sheets = make_sheets(args.deals, args.seed)
    deals = sum(len(s["deals"]) for s in sheets)
    generated = time.perf_counter() - start
    assert score_all(sheets) == len(sheets), "every generated sheet must be valid"

    engine_wall, engine_cpu = best_of(args.repeat, score_all, sheets)
    base_wall, base_cpu = best_of(args.repeat, baseline, sheets)
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    print(f"sheets: {len(sheets)}, deals: {deals} (generated in {generated:.1f} s, not timed)")
    print(
        f"score_game: {engine_wall:.3f} s wall, {engine_cpu:.3f} s CPU → {deals / engine_wall:,.0f} deals/s wall, "
        f"{deals / engine_cpu:,.0f} deals/s CPU (floor 50,000)"
    )
    print(
        f"baseline (sum trick points): {base_wall:.4f} s wall, {base_cpu:.4f} s CPU → "
        f"{deals / base_wall:,.0f} deals/s wall"
    )
    print(f"ratio score_game / baseline: {engine_wall / base_wall:.1f}x wall, {engine_cpu / base_cpu:.1f}x CPU")


if __name__ == "__main__":
    main()
