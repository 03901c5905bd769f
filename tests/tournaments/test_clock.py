"""The round clock (tournaments.clock, pure): the state and the time left at a given moment, in each state."""

from datetime import UTC, datetime, timedelta

import pytest

from tournaments.clock import clock_stamp, clock_state

START = datetime(2026, 11, 30, 19, 0, tzinfo=UTC)


def state(now_minutes: float, **kwargs):
    values = {
        "minutes": 70,
        "started": START,
        "paused_at": None,
        "paused_seconds": 0,
        "last_deal_at": None,
        "warnings": [10, 5],
    }
    values.update(kwargs)
    return clock_state(now=START + timedelta(minutes=now_minutes), **values)


def test_running_counts_down_from_the_start():
    clock = state(30)
    assert (clock.state, clock.remaining, clock.duration, clock.warning) == ("running", 40 * 60, 70 * 60, None)
    assert clock.runs and clock.minutes_left == 40


def test_minutes_left_round_up():
    assert state(69.5).minutes_left == 1
    assert state(30.01).minutes_left == 40


@pytest.mark.parametrize(("at", "warning"), [(59.9, None), (60, 10), (64, 10), (65, 5), (69.9, 5)])
def test_the_smallest_warning_passed_is_in_force(at, warning):
    assert state(at).warning == warning


def test_paused_stands_still_and_counts_the_pause_out():
    paused = state(50, paused_at=START + timedelta(minutes=20))
    assert (paused.state, paused.remaining, paused.runs) == ("paused", 50 * 60, False)
    # Resumed after a 10-minute pause: 10 minutes later than without it.
    resumed = state(50, paused_seconds=600)
    assert (resumed.state, resumed.remaining) == ("running", 30 * 60)


def test_the_last_deal_called_while_time_remains():
    clock = state(62, last_deal_at=START + timedelta(minutes=61))
    assert (clock.state, clock.last_deal, clock.warning, clock.runs) == ("last_deal", True, 10, True)


def test_over_when_the_time_is_up_whatever_else():
    for kwargs in ({}, {"last_deal_at": START}):
        clock = state(75, **kwargs)
        assert (clock.state, clock.remaining, clock.warning, clock.runs) == ("over", 0, None, False)


def test_off_without_minutes_and_ready_before_the_start():
    assert state(10, minutes=None).state == "off"
    ready = state(10, started=None)
    assert (ready.state, ready.remaining) == ("ready", 70 * 60)


def test_a_start_in_the_future_leaves_the_whole_time():
    assert state(-5).remaining == 70 * 60


def test_the_stamp_moves_with_each_action_not_with_time():
    base = clock_stamp(START, None, 0, None)
    assert base == clock_stamp(START, None, 0, None)
    assert len({base, clock_stamp(START, START, 0, None), clock_stamp(START, None, 60, None)}) == 3
    assert clock_stamp(START, None, 0, START) != base
