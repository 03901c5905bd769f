"""Mêlée draws over a whole season: how often partners and opponents meet again across the evenings, with
the season's history given to the draw and without it (each evening drawn as if it were the first).

Run: .venv/bin/python bench/season_draw_bench.py [--players 40] [--evenings 20] [--rounds 4] [--seasons 3]

Each season plays ``evenings`` evenings of ``rounds`` mêlée rounds through the pairing core
(``generate_draw``, the same call the draw manager makes); the evening's own history (partners, opponents)
grows round by round as in a real evening. "Full" has every player at every evening; "attendance" has a
random 34 to 40 of them each evening (sit-outs when the count is not a multiple of 4). With history, each
draw also gets the season's partners and opponents of the earlier evenings (counted), as
``tournaments.draws.season.with_season`` loads them. The figures are counted from the draws, not taken
from the generator's report, by ``tournaments.pairing.season_quality`` (as ``manage.py simulate_season``
counts them from the stored games of evenings drawn by the draw manager):

- partner repeats: partnerships that repeat an earlier one of the season, Σ max(0, n - 1) over player pairs;
  "fewest possible" is partnerships minus player pairs (each pair can partner once before a repeat);
- most often: the most times one pair partnered over the season;
- first repeat: the first evening with a partnership already played on an earlier evening; while avoidable:
  the partner repeats of the first k evenings, k = player pairs // partnerships per evening (9 for 40
  players and 4 rounds: 720 partnerships fit into 780 pairs, the 10th evening cannot avoid repeats);
- within evenings: repeated partners and repeated opponents inside one evening (the absolute rule: 0);
- opponent repeats: as partner repeats, for players across a table, and the most times one pair met;
- seconds: the median and largest draw time (wall clock).
Exits 1 if an evening repeats a partner within itself, or if the history does not lower the partner repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

from tournaments.pairing import DrawRequest, Entrant, History, generate_draw
from tournaments.pairing.season_quality import SeasonGame, season_quality

Pair = tuple[int, int]


def _as_history(counts: Counter[Pair]) -> dict[int, dict[int, int]]:
    rows: dict[int, dict[int, int]] = {}
    for (p, q), times in counts.items():
        rows.setdefault(p, {})[q] = times
    return rows


def _count(games: list[SeasonGame]) -> tuple[Counter[Pair], Counter[Pair]]:
    """The partners and opponents of an evening's `games`, counted as the draw manager loads the season."""
    partners: Counter[Pair] = Counter()
    opponents: Counter[Pair] = Counter()
    for side_a, side_b in games:
        for side in (side_a, side_b):
            partners[(min(side), max(side))] += 1
        for p in side_a:
            for q in side_b:
                opponents[(min(p, q), max(p, q))] += 1
    return partners, opponents


def play_season(players: int, evenings: int, rounds: int, seed: int, *, history: bool, attendance: bool) -> dict:
    """One season drawn by the pairing core; its figures by `season_quality` (the same count as
    `manage.py simulate_season`)."""
    rng = random.Random(seed)
    season_partners: Counter[Pair] = Counter()
    season_opponents: Counter[Pair] = Counter()
    played: list[list[SeasonGame]] = []
    seconds: list[float] = []
    for evening in range(1, evenings + 1):
        present = (
            sorted(rng.sample(range(players), rng.randint(players - 6, players)))
            if attendance
            else list(range(players))
        )
        byes: Counter[int] = Counter()
        partners: dict[int, set[int]] = {}
        opponents: dict[int, set[int]] = {}
        tonight: list[SeasonGame] = []
        for number in range(1, rounds + 1):
            entrants = [Entrant(p, (p,), byes=byes[p]) for p in present]
            past = History(
                opponents=opponents,
                partners=partners,
                past_rounds=number - 1,
                season_partners=_as_history(season_partners) if history else {},
                season_opponents=_as_history(season_opponents) if history else {},
            )
            request = DrawRequest("melee", entrants, past, None, number, seed * 1000 + evening * 10 + number)
            start = time.perf_counter()
            draw = generate_draw(request)
            seconds.append(time.perf_counter() - start)
            for bye in draw.byes:
                byes[bye.entrant] += 1
            for game in draw.games:
                side_a, side_b = game.side_a_entrants, game.side_b_entrants
                tonight.append((side_a, side_b))
                for side in (side_a, side_b):
                    partners.setdefault(side[0], set()).add(side[1])
                for p in side_a:
                    for q in side_b:
                        opponents.setdefault(p, set()).add(q)
        played.append(tonight)
        new_partners, new_opponents = _count(tonight)
        season_partners.update(new_partners)
        season_opponents.update(new_opponents)
    return season_quality(played, players=players, rounds=rounds, seconds=seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--evenings", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seasons", type=int, default=3)
    args = parser.parse_args()
    print(
        f"Mêlée season: {args.players} players, {args.evenings} evenings of {args.rounds} rounds, "
        f"mean of {args.seasons} seasons (seeds 1..{args.seasons})"
    )
    header = (
        "| Field | Season history | Partner repeats (fewest possible) | Most often | First repeat (evening) "
        "| Repeats while avoidable | Within evenings: partners / opponents | Opponent repeats (fewest possible) "
        "| Opponents most often | Draw s: median / max |"
    )
    print(header)
    print("|" + "---|" * 10)
    failed = False
    for attendance in (False, True):
        repeats = {}
        for history in (False, True):
            runs = [
                play_season(args.players, args.evenings, args.rounds, seed, history=history, attendance=attendance)
                for seed in range(1, args.seasons + 1)
            ]

            def mean(key: str, runs: list[dict] = runs) -> float:
                return statistics.fmean(r[key] for r in runs)

            firsts = [r["first_repeat"] for r in runs if r["first_repeat"] is not None]
            repeats[history] = mean("partner_repeats")
            failed |= any(r["within_partners"] for r in runs)
            print(
                f"| {'34–40 present' if attendance else 'all present'} | {'yes' if history else 'no'} "
                f"| {mean('partner_repeats'):.0f} ({mean('partner_floor'):.0f}) | {max(r['most_often'] for r in runs)} "
                f"| {statistics.fmean(firsts) if firsts else float('nan'):.1f} "
                f"| {mean('early_repeats'):.1f} (evenings 1–{runs[0]['avoidable']}) "
                f"| {mean('within_partners'):.0f} / {mean('within_opponents'):.1f} "
                f"| {mean('opponent_repeats'):.0f} ({mean('opponent_floor'):.0f}) "
                f"| {max(r['opponents_most'] for r in runs)} "
                f"| {mean('median_s'):.3f} / {max(r['max_s'] for r in runs):.3f} |"
            )
        failed |= not repeats[True] < repeats[False]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
