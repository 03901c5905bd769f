"""simulate_event: a whole throwaway event drawn round by round; one JSON object out; bad arguments refused."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from scoring.models import Deal, Sheet
from tournaments.models import Club, Event, Game, Player, Standing

pytestmark = pytest.mark.django_db


def simulate(*args):
    out = io.StringIO()
    call_command("simulate_event", *args, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize(
    ("args", "games", "byes"),
    [
        (["--entries", "13", "--rounds", "4", "--method", "random,swiss", "--mode", "pairs"], 6, 1),
        (["--entries", "18", "--rounds", "3", "--method", "melee", "--mode", "melee"], 4, 2),
        (["--entries", "6", "--rounds", "5", "--method", "round_robin", "--mode", "pairs", "--tables"], 3, 0),
    ],
)
def test_simulation_prints_one_json_object_with_every_round_and_cleans_up(args, games, byes):
    report = simulate(*args, "--seed", "5")
    rounds = int(args[3])
    assert [r["round"] for r in report["rounds"]] == list(range(1, rounds + 1))
    for row in report["rounds"]:
        assert row["games"] == games and row["byes"] == byes
        assert row["rematches"] == 0 and row["repeated_partners"] == 0
        assert row["seconds"] >= 0 and row["max_score_gap"] >= 0
    assert not Event.objects.exists() and not Club.objects.exists() and not Player.objects.exists()
    assert not Sheet.objects.exists() and not Game.objects.exists()


def test_keep_leaves_a_closed_event_with_confirmed_deals_and_standings():
    report = simulate("--entries", "8", "--rounds", "2", "--method", "random,swiss", "--seed", "1", "--keep")
    event = Event.objects.get(pk=report["event"]["id"])
    assert list(event.round_set.values_list("status", flat=True)) == ["closed", "closed"]
    sheets = Sheet.objects.filter(game__round__event=event)
    assert sheets.count() == 8 and set(sheets.values_list("status", flat=True)) == {"locked"}
    assert all(s.finished and s.deal_count == Deal.objects.filter(sheet=s).count() for s in sheets)
    assert Standing.objects.filter(event=event, round_number=2).count() == 8
    assert event.rules_frozen["rules"] == "hoheluft"


def test_same_seed_same_simulation():
    args = ["--entries", "10", "--rounds", "3", "--method", "random,swiss", "--seed", "42"]
    first, second = simulate(*args), simulate(*args)
    strip = lambda r: [{k: v for k, v in row.items() if "seconds" not in k} for row in r["rounds"]]  # noqa: E731
    assert strip(first) == strip(second)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--entries", "1", "--rounds", "2", "--method", "random"], "--entries"),
        (["--entries", "3", "--rounds", "2", "--method", "melee", "--mode", "melee"], "--entries"),
        (["--entries", "8", "--rounds", "0", "--method", "swiss"], "--rounds"),
        (["--entries", "8", "--rounds", "2", "--method", "melee"], "--method"),
        (["--entries", "8", "--rounds", "2", "--method", "dutch"], "--method"),
        (["--entries", "8", "--rounds", "1", "--method", "random,swiss"], "--method"),
        (["--entries", "8", "--rounds", "2", "--method", "swiss", "--rules", "skat"], "--rules"),
        (["--entries", "8", "--rounds", "2", "--method", "swiss", "--seed", "-3"], "--seed"),
        (["--entries", "8", "--rounds", "2", "--method", "swiss", "--deals", "0"], "--deals"),
    ],
)
def test_bad_arguments_are_a_clear_command_error(args, words):
    with pytest.raises(CommandError, match=words):
        simulate(*args)
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("de", "--rounds muss zwischen 1 und"),
        ("fr", "--method donne 2 méthodes pour 1 manche."),
    ],
)
def test_a_refusal_reads_in_the_language_of_the_person(language, sentence):
    args = {"de": ["--rounds", "0", "--method", "swiss"], "fr": ["--rounds", "1", "--method", "random,swiss"]}
    with translation.override(language), pytest.raises(CommandError) as raised:
        simulate("--entries", "8", *args[language])
    assert sentence in str(raised.value)
