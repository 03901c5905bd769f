"""load_demo: the Hoheluft evening, idempotent, with a generated organiser password printed once."""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.models import CheckIn, Club, Entry, Event, Game, Membership, Player, Round, Season, Table

pytestmark = pytest.mark.django_db


def load():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def state():
    return {
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "seasons": Season.objects.count(),
        "events": Event.objects.count(),
        "entries": Entry.objects.count(),
        "present": CheckIn.objects.filter(round_number=1, status="present").count(),
        "tables": Table.objects.count(),
        "rounds": list(Round.objects.values_list("number", "status", "seed")),
        "games": sorted(Game.objects.values_list("table_number", "entry_a__number", "entry_b__number", "first_dealer")),
    }


def test_demo_is_a_hoheluft_evening_and_loading_twice_gives_the_same_demo():
    first_output = load()
    first = state()
    assert first["clubs"] == 1 and first["players"] == 24 and first["seasons"] == 1
    assert first["events"] == 1 and first["entries"] == 12 and first["present"] == 12 and first["tables"] == 6
    assert [(n, s) for n, s, _seed in first["rounds"]] == [(1, "released")]
    assert len(first["games"]) == 6
    event = Event.objects.get()
    assert event.team_mode == "pairs" and event.rounds == 4 and event.pairing_methods == ["random", "swiss"]
    assert event.rules_frozen["rules"] == "hoheluft" and event.rules_frozen["options"]["deals"] == 12
    assert Club.objects.get().name == "Belote-Club Hoheluft" and Club.objects.get().city == "Hamburg"
    second_output = load()
    assert state() == first
    passwords = [re.search(r"password (\S+)", text).group(1) for text in (first_output, second_output)]
    assert passwords[0] != passwords[1] and len(passwords[0]) >= 16
    user = get_user_model().objects.get(username="organiser")
    assert user.check_password(passwords[1]) and not user.check_password(passwords[0])
    assert Membership.objects.filter(user=user, role="organiser").count() == 1
    assert "/accounts/login/" in second_output and "/o/hoheluft/events/clubabend/rounds/1/" in second_output


def test_demo_pages_work_for_the_organiser(client):
    output = load()
    password = re.search(r"password (\S+)", output).group(1)
    assert client.login(username="organiser", password=password)
    for path in re.findall(r"http://127\.0\.0\.1:\d+(/o/\S*)", output):
        assert client.get(path).status_code == 200, path


def test_the_demo_shows_each_teams_deals_to_anyone_as_the_readme_says(client, settings, tmp_path):
    """README: the public pages show "each team's deals": the demo's sheets are public, and a team's page that
    the demo prints shows its confirmed deals to a visitor who is not logged in."""
    settings.MEDIA_ROOT = tmp_path / "media"
    output = load()
    call_command("load_demo_scores", stdout=io.StringIO())
    assert Event.objects.get().public_sheets is True
    path = re.search(r"A team's deals \(public\):\s+http://127\.0\.0\.1:\d+(/e/\S+)", output).group(1)
    response = client.get(path)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="data deals"' in html and html.count("<tr") > 12  # one row per deal of the confirmed sheet
