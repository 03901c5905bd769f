"""The chart over the rounds (`scoring.public.chart`): where ranks and points land, what a gap or a tie looks
like. Pure: no database, no Django (tests/config/test_pure_core_runs.py runs this file without it)."""

from scoring.public.chart import COLOURS, Chart, Dot, Series, XTick, YTick, rank_chart

# With the default 640 × 320: the plot runs from x 34 to 630 and from y 10 (top) to 296 (bottom).
LEFT, RIGHT, TOP, BOTTOM = 34.0, 630.0, 10.0, 296.0


def chart(*series: Series, **sizes) -> Chart:
    sizes.setdefault("rounds", 3)
    sizes.setdefault("worst", 5)
    return rank_chart(list(series), **sizes)


def test_rank_one_is_at_the_top_and_the_worst_rank_at_the_bottom():
    result = chart(Series("Team 1", [(1, 1), (2, 3), (3, 5)]))
    (line,) = result.lines
    assert [d.y for d in line.dots] == [TOP, (TOP + BOTTOM) / 2, BOTTOM]
    assert [d.x for d in line.dots] == [LEFT, (LEFT + RIGHT) / 2, RIGHT]
    assert line.path == "34.0,10.0 332.0,153.0 630.0,296.0"
    assert (result.left, result.right, result.top, result.bottom) == (34, 630, 10, 296)


def test_a_better_rank_is_drawn_higher():
    (line,) = chart(Series("climber", [(1, 4), (2, 2), (3, 1)])).lines
    ys = [d.y for d in line.dots]
    assert ys == sorted(ys, reverse=True) and ys[-1] == TOP


def test_a_round_without_a_value_leaves_no_dot_and_later_rounds_keep_their_place():
    (line,) = chart(Series("late entry", [(1, 2), (3, 4)])).lines
    assert [(d.round, d.x) for d in line.dots] == [(1, LEFT), (3, RIGHT)]
    # Round 2 still has its tick in the middle; nothing of the line sits there.
    assert XTick(x=(LEFT + RIGHT) / 2, label=2) in chart().x_ticks
    assert all(d.x != (LEFT + RIGHT) / 2 for d in line.dots)
    assert len(line.path.split()) == 2


def test_an_entry_with_no_snapshot_yet_draws_an_empty_line():
    (line,) = chart(Series("new", [])).lines
    assert line.dots == [] and line.path == ""


def test_one_round_puts_everything_on_the_left_edge():
    result = rank_chart([Series("only", [(1, 1)])], rounds=1, worst=1)
    assert result.x_ticks == [XTick(x=LEFT, label=1)]
    # A field of one still has a height: rank 1 at the top, the scale reaching rank 2.
    assert result.lines[0].dots == [Dot(x=LEFT, y=TOP, value=1, round=1)]
    assert [t.label for t in result.y_ticks] == [1, 2]


def test_tied_entries_share_the_same_point_and_keep_their_own_colour_and_label():
    a, b = chart(Series("A", [(1, 2), (2, 2)]), Series("B", [(1, 2), (2, 3)])).lines
    # Rank 2 of 1..5: a quarter of the way down.
    assert a.dots[0] == b.dots[0] == Dot(x=LEFT, y=TOP + (BOTTOM - TOP) / 4, value=2, round=1)
    assert a.dots[1].y < b.dots[1].y
    assert (a.label, b.label) == ("A", "B")
    assert (a.colour, b.colour) == COLOURS[:2]


def test_colours_come_round_again_after_the_last():
    many = [Series(str(i), [(1, i + 1)]) for i in range(len(COLOURS) + 2)]
    lines = rank_chart(many, rounds=2, worst=20).lines
    assert [line.colour for line in lines] == [*COLOURS, COLOURS[0], COLOURS[1]]
    assert [line.label for line in lines] == [str(i) for i in range(len(COLOURS) + 2)]


def test_rank_ticks_every_five_places_then_in_quarters_past_fifty():
    assert [t.label for t in chart(worst=12).y_ticks] == [1, 5, 10, 12]
    assert [t.label for t in chart(worst=50).y_ticks] == [1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50]
    assert [t.label for t in chart(worst=100).y_ticks] == [1, 25, 50, 75, 100]
    ticks = chart(worst=12).y_ticks
    assert ticks[0] == YTick(y=TOP, label=1) and ticks[-1] == YTick(y=BOTTOM, label=12)


def test_points_mode_puts_the_best_score_at_the_top_and_zero_at_the_bottom():
    result = chart(Series("T", [(1, 0), (2, 4.5), (3, 9)]), mode="points", best=9)
    (line,) = result.lines
    assert [d.y for d in line.dots] == [BOTTOM, (TOP + BOTTOM) / 2, TOP]
    assert [d.value for d in line.dots] == [0, 4.5, 9]
    assert [(t.label, t.y) for t in result.y_ticks] == [(0, BOTTOM), (4, 168.9), (9, TOP)]


def test_points_mode_without_any_points_keeps_a_scale_of_one():
    result = chart(Series("T", [(1, 0)]), mode="points", best=0)
    assert result.lines[0].dots[0].y == BOTTOM
    assert [t.label for t in result.y_ticks] == [0, 0, 1]


def test_size_number_and_highlight_go_through():
    result = rank_chart([Series("T", [(1, 1)], number=7, highlight=True)], rounds=2, worst=4, width=360, height=180)
    line = result.lines[0]
    assert (line.number, line.highlight) == (7, True)
    assert (result.width, result.height, result.right, result.bottom) == (360, 180, 350, 156)
    assert [t.x for t in result.x_ticks] == [34.0, 350.0]
