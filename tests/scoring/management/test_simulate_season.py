"""simulate_season: a mêlée season of one club, every evening through simulate_event and the draw manager; the
season's draw quality checked here against a count written from the stored seats; bad arguments refused."""

import io
import json
from collections import Counter

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.models import Club, Event, ForbiddenPairing, Game, Player, Round, Season

pytestmark = pytest.mark.django_db


def simulate(*args):
    out = io.StringIO()
    call_command("simulate_season", *args, stdout=out)
    return json.loads(out.getvalue())


def stored_partners(season_id):
    """Per evening (in date order) the Counter of player pairs that sat together, from the games' seats."""
    events = list(Event.objects.filter(season_id=season_id).order_by("date", "pk"))
    evenings = []
    for event in events:
        tonight = Counter()
        for seats in Game.objects.filter(round__event=event, is_bye=False).values_list("seats", flat=True):
            for a, b in (("N", "S"), ("E", "W")):
                tonight[frozenset((int(seats[a]), int(seats[b])))] += 1
        evenings.append(tonight)
    return events, evenings


def test_a_small_season_is_stored_and_never_repeats_a_partner_while_avoidable():
    # 12 players, 3 rounds: 18 partnerships an evening, 66 pairs; 3 evenings fit, the 4th must repeat 6.
    report = simulate("--evenings", "4", "--players", "12", "--rounds", "3", "--deals", "2", "--seed", "3", "--keep")
    season = Season.objects.get(pk=report["season"]["id"])
    events, evenings = stored_partners(season.pk)
    assert len(events) == 4 and [e.pk for e in events] == [row["event"] for row in report["evenings"]]
    assert {e.team_mode for e in events} == {Event.TeamMode.MELEE}
    assert set(Round.objects.filter(event__season=season).values_list("status", flat=True)) == {"closed"}
    assert Round.objects.filter(event__season=season).count() == 12
    # Within an evening no pair partners twice (counted here, and as the command reports it).
    assert all(max(tonight.values()) == 1 and sum(tonight.values()) == 18 for tonight in evenings)
    figures = report["figures"]
    assert figures["within_partners"] == 0  # opponents may meet twice: the season's partners come first
    # Across the season: none on the first three evenings, then exactly the fewest possible.
    seen = Counter()
    for n, tonight in enumerate(evenings, start=1):
        repeats = sum(1 for pair in tonight if seen[pair])
        assert repeats == (0 if n <= 3 else 6), n
        seen.update(tonight)
    assert figures["partnerships"] == 72 and figures["partner_floor"] == 6
    assert figures["partner_repeats"] == sum(n - 1 for n in seen.values()) == 6
    assert figures["first_repeat"] == 4 and figures["early_repeats"] == 0 and figures["avoidable"] == 3
    assert figures["most_often"] == 2 and figures["stored_evenings"] == 4
    assert 0 <= figures["median_s"] <= figures["max_s"]


def test_forbidden_partners_never_sit_together_and_absentees_sit_out_then_all_is_deleted():
    report = simulate(
        "--evenings", "3", "--players", "14", "--rounds", "2", "--absent", "2", "--forbidden", "3",
        "--deals", "1", "--seed", "11",
    )  # fmt: skip
    assert report["forbidden"] == 3 and report["figures"]["forbidden_partnerships"] == 0
    assert all(12 <= row["present"] <= 14 for row in report["evenings"])
    # Sit-outs when the present are not a multiple of 4: each round seats all but present mod 4.
    assert all(row["games"] == 2 * (row["present"] // 4) for row in report["evenings"])
    assert report["figures"]["within_partners"] == 0
    assert not Club.objects.exists() and not Player.objects.exists() and not Event.objects.exists()
    assert not Season.objects.exists() and not ForbiddenPairing.objects.exists()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--evenings", "-2", "--players", "12"], r"--evenings must be from 1 to 60, got -2"),
        (["--evenings", "3", "--players", "3"], r"--players must be from 4 to 400, got 3"),
        (["--evenings", "3", "--players", "12", "--rounds", "0"], r"--rounds must be from 1 to 30, got 0"),
        (["--evenings", "3", "--players", "12", "--absent", "9"], r"--absent must be from 0 to 8, got 9"),
        (["--evenings", "3", "--players", "12", "--forbidden", "7"], r"--forbidden must be from 0 to 6, got 7"),
        (["--evenings", "3", "--players", "12", "--deals", "0"], r"--deals must be from 1 to 100, got 0"),
        (["--evenings", "3", "--players", "12", "--seed", "-1"], r"--seed must be 0 or more, got -1"),
        (["--evenings", "3", "--players", "12", "--rules", "skat"], r"--rules skat is not a preset"),
    ],
)
def test_bad_arguments_are_a_clear_command_error(args, words):
    with pytest.raises(CommandError, match=words):
        simulate(*args)
    assert not Club.objects.exists()
