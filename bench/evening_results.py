"""The figures half of the evening bench (bench/evening_bench.py): what one K's run collects, and its report."""

from __future__ import annotations

import threading

from entry_http import p95


class Results:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.deal: list[float] = []
        self.poll: list[float] = []
        self.health: list[float] = []
        self.public: list[float] = []
        self.lag: list[float] = []
        self.not_modified = 0
        self.parts = {"phone": 0, "public": 0}  # live parts fetched after a poll saw a change
        self.polls = 0
        self.problems: list = []
        # (confirm answered: monotonic, club, standings version before, answered: wall clock)
        self.pending: list[tuple[float, int, int, float]] = []
        self.confirmed = 0
        # The push path (--push): streams opened, opened again after they ended, messages read, and those
        # of another scope (another game's sheet, the standings for a phone: dropped without an ask).
        self.streams = self.reopened = self.messages = self.ignored = self.merged = 0

    COUNTS = ("not_modified", "polls", "confirmed", "streams", "reopened", "messages", "ignored", "merged")
    LISTS = ("deal", "poll", "health", "public", "lag", "pending")

    def state(self) -> dict:
        """What a client process sends back to the bench (bench/evening_bench.py --client-processes)."""
        with self.lock:
            return {
                **{name: getattr(self, name) for name in (*self.COUNTS, *self.LISTS)},
                "parts": self.parts,
                "problems": self.problems,
            }

    def merge(self, state: dict) -> None:
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + state[name])
        for name in self.LISTS:
            getattr(self, name).extend(state[name])
        for kind, count in state["parts"].items():
            self.parts[kind] += count
        self.problems.extend(state["problems"][: max(0, 20 - len(self.problems))])

    def problem(self, what) -> None:
        with self.lock:
            if len(self.problems) < 20:
                self.problems.append(what)


def report(figure: dict, args) -> bool:
    r: Results = figure["results"]
    k, tables = figure["k"], figure["k"] * args.tables
    pages = k * (2 * args.tables + args.viewers + 1)
    ms = lambda values: (  # noqa: E731
        f"p50 {sorted(values)[len(values) // 2] * 1000:.0f} ms, p95 {p95(values) * 1000:.0f} ms" if values else "-"
    )
    deal95 = p95(r.deal) if r.deal else float("inf")
    public95 = p95(r.public) if r.public and not r.pending else float("inf")
    held = deal95 <= 0.300 and public95 <= 2.0 and len(r.public) == tables and not r.problems
    cpu = dict(figure["cpu"])
    live = cpu.pop("live", 0.0)
    cpu["web"] += live
    cpu["live"] = live
    total = cpu["web"] + cpu["db"] + cpu["celery"]
    print(f"K = {k}: {k} club evenings, {tables} tables, {pages} open pages, {figure['wall']:.0f} s")
    print(f"  deal POST ({len(r.deal)} posts, passed deals included): {ms(r.deal)}")
    print(f"  confirmation → public ({len(r.public)} of {tables} counted, {len(r.pending)} not seen): {ms(r.public)}")
    print(f"  /healthz during the same load (baseline, {len(r.health)}): {ms(r.health)}")
    print(
        f"  polls {r.polls} ({r.polls / figure['wall']:.0f}/s), {100 * r.not_modified / max(1, r.polls):.0f}% 304: "
        f"{ms(r.poll)}; client lag {ms(r.lag)}"
    )
    print(f"  live parts fetched on a change: phones {r.parts['phone']}, public standings tables {r.parts['public']}")
    if args.push:
        print(
            f"  streams opened {r.streams} (again after they ended: {r.reopened}); messages {r.messages}, of which "
            f"{r.ignored} of another scope (no ask), {r.merged} while the page's ask was waiting (one ask); "
            f"asks every {args.slow:g} s besides"
        )
    print(
        f"  CPU s per club evening ({figure['wall']:.0f} s): web {cpu['web'] / k:.1f}"
        + (f" (of which the streams' uvicorn {cpu['live'] / k:.1f})" if args.push else "")
        + f", PostgreSQL {cpu['db'] / k:.1f}, "
        f"worker+beat {cpu['celery'] / k:.1f}; all {total:.1f} s = "
        f"{total / figure['wall']:.2f} cores"
    )
    cores = total / figure["wall"]
    print(
        f"  open pages per core of server CPU: {pages / cores:,.0f}; the bench's own client used "
        f"{figure['client']:.1f} CPU s ({figure['client'] / figure['wall']:.2f} cores) on the same machine"
    )
    print(f"  load average {' '.join(f'{x:.2f}' for x in figure['load'])}; held: {'yes' if held else 'no'}")
    for problem in r.problems[:5]:
        print(f"  problem: {problem}")
    return held
