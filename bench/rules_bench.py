"""Rules engine benchmark: score 100,000 mixed valid deals (12-deal sheets, all presets) with score_game.

Run: .venv/bin/python bench/rules_bench.py [--deals 100000] [--seed 1] [--repeat 5] [--compare main]
     [--sheets /tmp/rules_sheets.json]

Generation is not timed (the random dealer plays every card; 100,000 deals take a minute or two, so
`--sheets` keeps them in a file for the next run). Two baselines are measured in the same run, on the same
sheets: a trivial loop that only sums the trick points of every deal, and, with `--compare REF`, the engine
as it is at git revision REF (exported to a temporary directory and run in its own process, like this one).
Each engine is measured per preset and overall, best of `--repeat` passes, CPU time of one core.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRESETS = ("hoheluft", "dertele", "classic", "coinche", "belot")


def make_sheets(total: int, seed: int) -> list[dict]:
    from scoring.rules import random_game

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


def best_of(repeat: int, func, *args) -> float:
    """Best CPU time of `repeat` runs (the machine is shared; CPU time is the steadier figure)."""
    cpu = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        func(*args)
        cpu = min(cpu, time.process_time() - start)
    return cpu


def measure(sheets: list[dict], repeat: int) -> dict:
    """CPU seconds of score_game over all sheets, per preset and overall, and of the trivial baseline."""
    from scoring.rules import score_game

    def score_all(group: list[dict]) -> None:
        for sheet in group:
            if not score_game(sheet)["valid"]:
                raise AssertionError("every generated sheet must be valid")

    out = {"all": best_of(repeat, score_all, sheets), "baseline": best_of(repeat, baseline, sheets)}
    for preset in PRESETS:
        out[preset] = best_of(repeat, score_all, [s for s in sheets if s["rules"] == preset])
    return out


def load_sheets(args) -> list[dict]:
    path = Path(args.sheets) if args.sheets else None
    if path and path.exists():
        return json.loads(path.read_text())
    start = time.perf_counter()
    sheets = make_sheets(args.deals, args.seed)
    print(f"generated {sum(len(s['deals']) for s in sheets)} deals in {time.perf_counter() - start:.0f} s (not timed)")
    if path:
        path.write_text(json.dumps(sheets))
    return sheets


def export_engine(ref: str, into: Path) -> None:
    """The pure core (scoring/rules) as it is at `ref`, as an importable package under `into`."""
    archive = subprocess.run(["git", "archive", ref, "scoring/rules"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    (into / "scoring" / "__init__.py").write_text("")


def run_engine(engine: Path, sheets_path: str, repeat: int) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, __file__, "--engine", str(engine), "--sheets", sheets_path, "--repeat", str(repeat)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sheets", help="JSON file to keep the generated sheets in (read if it exists)")
    parser.add_argument("--compare", metavar="REF", help="also measure the engine at this git revision")
    parser.add_argument("--engine", help=argparse.SUPPRESS)  # internal: measure the engine under this path
    args = parser.parse_args()

    if args.engine:
        sys.path.insert(0, args.engine)
        print(json.dumps(measure(load_sheets(args), args.repeat)))
        return

    with tempfile.TemporaryDirectory() as tmp:
        sheets_path = args.sheets or str(Path(tmp) / "sheets.json")
        if not args.sheets:
            args.sheets = sheets_path
        sheets = load_sheets(args)
        counts = {p: sum(len(s["deals"]) for s in sheets if s["rules"] == p) for p in PRESETS}
        counts["all"] = sum(counts.values())
        engines = {"this tree": ROOT}
        if args.compare:
            old = Path(tmp) / "old"
            old.mkdir()
            export_engine(args.compare, old)
            engines = {args.compare: old, **engines}
        # Alternate the engines so that a change in the machine's load hits both alike.
        figures: dict[str, dict] = {name: {} for name in engines}
        for _ in range(2):
            for name, path in engines.items():
                got = run_engine(path, sheets_path, args.repeat)
                figures[name] = {k: min(v, figures[name].get(k, v)) for k, v in got.items()}

    print(f"python {platform.python_version()} on {platform.machine()}, one core, CPU time, best of {args.repeat * 2}")
    print(f"sheets: {len(sheets)}, deals: {counts['all']} (seed {args.seed})")
    header = f"{'deals/s':<12}" + "".join(f"{name:>14}" for name in engines)
    if args.compare:
        header += f"{'ratio':>8}"
    print(header)
    for key in (*PRESETS, "all"):
        row = f"{key:<12}" + "".join(f"{counts[key] / figures[name][key]:>14,.0f}" for name in engines)
        if args.compare:
            row += f"{figures[args.compare][key] / figures['this tree'][key]:>7.2f}x"
        print(row)
    base = figures["this tree"]["baseline"]
    print(f"baseline (sum trick points): {counts['all'] / base:,.0f} deals/s")
    print(f"score_game / baseline: {figures['this tree']['all'] / base:.1f}x CPU")


if __name__ == "__main__":
    main()
