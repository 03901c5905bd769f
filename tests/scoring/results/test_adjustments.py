"""Penalties and adjustments (`scoring.results.adjustments`): the input checked, naming the field, and a
recompute requested."""

from decimal import Decimal

import pytest

from scoring.models import Adjustment
from scoring.results.adjustments import adjustment_create
from scoring.standings.store import StandingsError
from tests.scoring.standings_helpers import (
    four_teams_event,
    make_entries,
    make_event,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def four_teams():
    return four_teams_event()


def test_adjustment_create_checks_its_input_and_requests_a_recompute(four_teams, django_capture_on_commit_callbacks):
    entry = four_teams.entries.get(number=1)
    with pytest.raises(StandingsError, match="reason"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason=" ", match_points=-1)
    with pytest.raises(StandingsError, match="both 0"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x")
    with pytest.raises(StandingsError, match="between 1 and 4; got 9"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x", points=-5, round_number=9)
    with pytest.raises(StandingsError, match="not a number"):
        adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x", match_points="eins")
    for special in ("NaN", "-Infinity", "sNaN"):  # they parse as Decimals; the form refuses them, so must the service
        with pytest.raises(StandingsError, match=f"“{special}” is not a number"):
            adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="x", match_points=special)
    other = make_event()
    (stranger,) = make_entries(other, 1)
    with pytest.raises(StandingsError, match="not in this event"):
        adjustment_create(event=four_teams, entry=stranger, kind="penalty", reason="x", points=-5)
    assert not Adjustment.objects.exists()
    with django_capture_on_commit_callbacks() as callbacks:
        adjustment = adjustment_create(event=four_teams, entry=entry, kind="penalty", reason="Handy", match_points=-1)
    assert adjustment.match_points == Decimal(-1)
    four_teams.refresh_from_db()
    assert four_teams.standings_dirty
    assert len(callbacks) == 1


@pytest.mark.parametrize(
    "field,value,message",
    [
        # 2^31 overflowed the database's integer: a DataError, a 500 to any caller without the form's bounds.
        ("points", 2**31, "Game points: a whole number from -1000000 to 1000000; got 2147483648."),
        ("points", -(2**63), f"Game points: a whole number from -1000000 to 1000000; got {-(2**63)}."),
        # A float was cut to a whole number as it was stored, a string or True stored as a number.
        ("points", 2.5, "Game points: a whole number from -1000000 to 1000000; got 2.5."),
        ("points", "5", "Game points: a whole number from -1000000 to 1000000; got 5."),
        ("points", True, "Game points: a whole number from -1000000 to 1000000; got True."),
        # A string was a TypeError (a 500) in the range check, True stored as round 1.
        ("round_number", "2", "Round: must be between 1 and 4; got 2."),
        ("round_number", 2.0, "Round: must be between 1 and 4; got 2.0."),
        ("round_number", True, "Round: must be between 1 and 4; got True."),
    ],
)
def test_adjustment_create_refuses_numbers_of_the_wrong_type_or_size_naming_the_field(
    four_teams, field, value, message
):
    entry = four_teams.entries.get(number=1)
    good = {"kind": "penalty", "reason": "Handy", "match_points": -1, "points": -5, "round_number": 2}
    with pytest.raises(StandingsError) as refused:
        adjustment_create(event=four_teams, entry=entry, **{**good, field: value})
    assert str(refused.value) == message
    assert not Adjustment.objects.exists()
    four_teams.refresh_from_db()
    assert not four_teams.standings_dirty
    # The largest amounts and a round in range are taken.
    adjustment_create(event=four_teams, entry=entry, **{**good, "points": -1_000_000, "round_number": 4})
    assert Adjustment.objects.get().points == -1_000_000
