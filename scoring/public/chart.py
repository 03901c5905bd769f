"""The chart over the rounds on the public pages (a team's rank, the leaders' rank or match points): where its
lines, dots and ticks go, as plain numbers that `public/_chart.html` draws as an inline SVG.

Pure: it takes the values per round and the chart's size and returns coordinates; it imports no Django (the
caller turns Decimals into plain numbers, e.g. with `metrics.json_value`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

COLOURS = (
    "#0b6e4f",
    "#b42318",
    "#1d4ed8",
    "#b54708",
    "#7c3aed",
    "#0e7490",
    "#be185d",
    "#4d7c0f",
    "#57534e",
    "#9333ea",
)

# Room for the tick labels: left of the plot (ranks), under it (rounds).
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 24

Mode = Literal["rank", "points"]


@dataclass(frozen=True)
class Series:
    """One line: its label and its (round number, value) pairs in round order. A round the entry has no value
    for is left out: it gets no dot. `number` and `highlight` go through to the line unchanged."""

    label: str
    points: Sequence[tuple[int, int | float]]
    number: int | None = None
    highlight: bool = False


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    value: int | float
    round: int


@dataclass(frozen=True)
class Line:
    label: str
    colour: str
    path: str  # "x,y x,y ..." for a <polyline>
    dots: list[Dot] = field(default_factory=list)
    number: int | None = None
    highlight: bool = False


@dataclass(frozen=True)
class XTick:
    x: float
    label: int


@dataclass(frozen=True)
class YTick:
    y: float
    label: int | float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[Line]
    x_ticks: list[XTick]
    y_ticks: list[YTick]
    left: int  # the plot's edges, where the grid lines start and end
    right: int
    top: int
    bottom: int


def rank_chart(
    series: Sequence[Series],
    *,
    rounds: int,
    worst: int,
    mode: Mode = "rank",
    best: float | None = None,
    width: int = 640,
    height: int = 320,
) -> Chart:
    """Coordinates for a line chart over rounds 1..`rounds` (one x tick each), one `Line` per series in
    the order given, coloured in turn from `COLOURS`.

    Rank mode puts rank 1 at the top and `worst` (at least 2) at the bottom; points mode puts `best` (at
    least 1) at the top and 0 at the bottom. Coordinates are rounded to 0.1. Raises nothing for the sizes
    the pages pass (`rounds` ≥ 1, `worst` ≥ 1)."""
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    span_x = max(rounds - 1, 1)

    def x(round_number: int) -> float:
        return LEFT + plot_w * (round_number - 1) / span_x

    low: float
    high: float
    if mode == "rank":
        low, high = 1, max(worst, 2)

        def y(value: float) -> float:
            return TOP + plot_h * (value - low) / (high - low)

    else:
        low, high = 0.0, max(float(best or 1), 1.0)

        def y(value: float) -> float:
            return TOP + plot_h * (1 - (float(value) - low) / (high - low))

    lines = []
    for i, s in enumerate(series):
        pts = [(round(x(r), 1), round(y(v), 1)) for r, v in s.points]
        lines.append(
            Line(
                label=s.label,
                colour=COLOURS[i % len(COLOURS)],
                path=" ".join(f"{px},{py}" for px, py in pts),
                dots=[Dot(x=px, y=py, value=v, round=r) for (px, py), (r, v) in zip(pts, s.points, strict=True)],
                number=s.number,
                highlight=s.highlight,
            )
        )
    x_ticks = [XTick(x=round(x(r), 1), label=r) for r in range(1, rounds + 1)]
    marks: list[int | float]
    if mode == "rank":
        top_rank = int(high)
        if top_rank > 50:
            marks = sorted({1, top_rank // 4, top_rank // 2, 3 * top_rank // 4, top_rank})
        else:
            marks = sorted({1, *range(5, top_rank + 1, 5), top_rank})
    else:
        marks = [0, round(high / 2), round(high)]
    return Chart(
        width=width,
        height=height,
        lines=lines,
        x_ticks=x_ticks,
        y_ticks=[YTick(y=round(y(v), 1), label=v) for v in marks],
        left=LEFT,
        right=width - RIGHT,
        top=TOP,
        bottom=height - BOTTOM,
    )
