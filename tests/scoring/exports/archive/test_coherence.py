"""An archive edited by hand is refused when its parts cannot have been played together (each case named by
the path at fault, nothing stored), and its standings are never trusted: the import rebuilds them from the
deals (scoring/exports/archive/read/coherence.py, read/__init__.py)."""

import json

import pytest

from scoring.exports.archive import event_archive, event_archive_import
from tests.scoring.archive_helpers import make_rich_event, refused, sheet_in
from tournaments.models import Game, Player, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def archived():
    return event_archive(event_id=make_rich_event().pk)


def _games(data, round_index=0):
    return data["rounds"][round_index]["games"]


def _bye_with_a_sheet(d):
    bye = next(g for g in _games(d, 1) if g["is_bye"])
    bye["sheet"] = json.loads(json.dumps(sheet_in(d)))


def _stand_in_seated(d, round_index):
    """Entry 1's game of the round seats its substitute (Erika Ersatz, round 2 only) at South."""
    game = next(g for g in _games(d, round_index) if g["entry_a"] == 1)
    game["seats"]["S"] = d["substitutions"][0]["substitute"]


def _locked_in_a_released_round(d):
    d["event"]["status"] = "running"
    d["rounds"][0]["status"] = "released"
    sheet_in(d)["status"] = "locked"


@pytest.mark.parametrize(
    "mutate,pattern",
    [
        # an entry on both sides of a game
        (lambda d: _games(d)[0].update(entry_b=_games(d)[0]["entry_a"]), r"^rounds\[0\]\.games\[0\]\.entry_b: entry 1"),
        # one entry in two games of a round
        (
            lambda d: _games(d)[1].update(entry_b=_games(d)[0]["entry_a"]),
            r"^rounds\[0\]\.games\[1\]\.entry_b: entry 1 already plays in this round, at rounds\[0\]\.games\[0\]",
        ),
        # a seat naming a player of another entry
        (lambda d: _games(d)[0]["seats"].update(N=_games(d)[1]["seats"]["N"]), r"^rounds\[0\]\.games\[0\]\.seats\.N: "),
        # a substitute seated in a round they do not play
        (lambda d: _stand_in_seated(d, 0), r"^rounds\[0\]\.games\[\d\]\.seats\.S: seat S names a player who is not"),
        # round 9 in a 3-round event
        (lambda d: d["rounds"][1].update(number=9), r"^rounds\[1\]\.number: round 9 is not a round of this event"),
        # a finished event with a released round
        (lambda d: d["rounds"][0].update(status="released"), r"^rounds\[0\]\.status: the event is finished"),
        # check-ins for rounds 0 and 99
        (lambda d: d["checkins"][0].update(round_number=0), r"^checkins\[0\]\.round_number: round 0 is not a round"),
        (lambda d: d["checkins"][0].update(round_number=99), r"^checkins\[0\]\.round_number: round 99 is not a round"),
        # a locked sheet in a released round
        (_locked_in_a_released_round, r"^rounds\[0\]\.games\[0\]\.sheet\.status: a sheet is locked when its round"),
        # an adjustment for round 99
        (lambda d: d["adjustments"][0].update(round_number=99), r"^adjustments\[0\]\.round_number: round 99 is not"),
        # a bye game with a sheet
        (_bye_with_a_sheet, r"^rounds\[1\]\.games\[1\]\.sheet: a bye is no game at a table"),
        # first_dealer "Z"
        (lambda d: _games(d)[0].update(first_dealer="Z"), r"^rounds\[0\]\.games\[0\]\.first_dealer: the first dealer"),
    ],
)
def test_an_archive_whose_parts_do_not_fit_is_refused_naming_the_path(archived, mutate, pattern):
    mutate(archived)
    refused(archived, pattern)


def test_edited_standings_are_rebuilt_from_the_deals_before_anyone_sees_them(archived):
    honest = {(s["entry"], s["round_number"]): s["total_points"] for s in archived["standings"]}
    for row in archived["standings"]:
        row["total_points"] = 99999
    copy = event_archive_import(data=archived, club_slug="kopie")
    rebuilt = {(s.entry.number, s.round_number): s.total_points for s in Standing.objects.filter(event=copy)}
    assert rebuilt == honest
    assert 99999 not in rebuilt.values()
    assert not copy.standings_dirty


def test_a_substitute_seated_in_their_round_is_read_back(archived):
    """The seats name who sat there, a substitute included: an evening with one exports and reads back (it
    was refused as "a player who is not in the entries of that side", its restore too)."""
    _stand_in_seated(archived, 1)
    copy = event_archive_import(data=archived, club_slug="kopie")
    game = Game.objects.get(round__event=copy, round__number=2, entry_a__number=1)
    assert Player.objects.get(pk=game.seats["S"]).last_name == "Ersatz"
