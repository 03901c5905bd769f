"""Wrong seats found after three deals: one swap with a reason keeps every deal and its history, gives the
totals to the right teams, and the standings follow; the phones on the table card keep writing for their seat,
a team's own link follows its team."""

from __future__ import annotations

import pytest

from scoring.engine import sheet_score
from scoring.exceptions import FieldRequired, SheetConflict, SheetStateError, SideNotAllowed
from scoring.models import Deal, Sheet, SheetChange, TeamLink
from scoring.rules.mirror import mirror_deal
from scoring.sheets.links import team_place
from scoring.sheets.services import sheet_confirm, sheet_sides_swap
from scoring.standings.store import standings_recompute_now
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, link_actor, organiser_actor, table_of
from tests.scoring.sheets.cards_helpers import card_of, evening
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play
from tournaments.models import EventLogEntry, Game, Round, Standing

pytestmark = pytest.mark.django_db

DEAL = {"taker": "B", "trump": "clubs", "tricks_a": "62", "tricks_b": "100", "capot": ""}


@pytest.fixture
def played():
    """Table 1 of a released round: three deals typed through the N/S game link, confirmed by the organiser."""
    event, _rnd, _entries, games = evening(tables=1)
    organiser = MembershipFactory(club=event.club)
    sheet, link_a, link_b = table_of(games[0])
    sheet = fill(sheet, link_a, HOHELUFT_GAME[:3])
    sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=organiser_actor(organiser), reason="Pause")
    standings_recompute_now(event_id=event.pk)
    return {"event": event, "game": games[0], "sheet": sheet, "links": (link_a, link_b), "organiser": organiser}


def _history(sheet):
    return list(SheetChange.objects.filter(sheet=sheet).order_by("id").values_list("id", "action", "before", "after"))


def _totals_of_entries(event):
    return {s.entry.number: (s.total_points, s.points_against) for s in Standing.objects.filter(event=event)}


def _swap(played, how, **kwargs):
    sheet = Sheet.objects.get(pk=played["sheet"].pk)
    args = {"version": sheet.version, "actor": organiser_actor(played["organiser"]), "reason": "Falsch gesetzt"}
    return sheet_sides_swap(sheet=sheet, how=how, **{**args, **kwargs})


def test_the_two_teams_swapped_moves_the_result_to_the_right_entries(
    played, celery_eager, django_capture_on_commit_callbacks
):
    game, event = played["game"], played["event"]
    north, east = game.entry_a, game.entry_b
    deals = list(Deal.objects.filter(sheet=played["sheet"]).order_by("position").values_list("id", "data"))
    history = _history(played["sheet"])
    with django_capture_on_commit_callbacks(execute=True):
        sheet = _swap(played, "teams")
    game = Game.objects.get(pk=game.pk)
    assert (game.entry_a, game.entry_b) == (east, north)
    assert game.seats == {"N": east.player_1_id, "S": east.player_2_id, "E": north.player_1_id, "W": north.player_2_id}
    # Every deal kept as typed (same rows, same letters: they are the seats'), and the history before it.
    assert list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("id", "data")) == deals
    assert _history(sheet)[:-1] == history and sheet.deal_count == 3
    assert (sheet.status, sheet.entering_side) == (Sheet.Status.CONFIRMED, "A")
    # An independent computation: the engine on the typed deals, side A's points to the team now at N/S.
    totals = sheet_score(event=event, deals=[d for _, d in deals])["totals"]
    assert (sheet.total_a, sheet.total_b) == (totals["A"], totals["B"])
    assert _totals_of_entries(event) == {
        east.number: (totals["A"], totals["B"]),
        north.number: (totals["B"], totals["A"]),
    }
    change = SheetChange.objects.filter(sheet=sheet).latest("id")
    assert change.action == SheetChange.Action.SIDES_SWAPPED and change.reason == "Falsch gesetzt"
    assert change.before["A"] == [north.number] and change.after["A"] == [east.number]
    log = EventLogEntry.objects.get(event=event, action="sides_swapped")
    assert (log.table_number, log.round_number, log.details["how"], log.details["a"]) == (
        1,
        1,
        "teams",
        str(east.number),
    )


def test_after_the_teams_swap_the_card_keeps_its_seat_and_a_team_link_follows_its_team(played, client):
    game, event = played["game"], played["event"]
    north, east = game.entry_a, game.entry_b
    Sheet.objects.filter(pk=played["sheet"].pk).update(status=Sheet.Status.ENTERED)
    sheet = _swap(played, "teams")
    place = team_place(TeamLink.objects.active().select_related("entry__event").get(entry=north))
    assert (place.state.kind, place.side) == ("playing", "B")
    place = team_place(TeamLink.objects.active().select_related("entry__event").get(entry=east))
    assert place.side == "A"
    # The N/S card's phone (the side that enters) types the fourth deal: appended after the three.
    card = card_of(event, 1, "A")
    answer = client.post(
        f"/t/{card.token}/game/{game.pk}/deals/", {**DEAL, "version": sheet.version, "client_id": "after-swap"}
    )
    assert answer.status_code in (200, 302)
    assert list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("position", flat=True)) == [
        0,
        1,
        2,
        3,
    ]


def test_ns_and_ew_swapped_mirrors_every_deal_and_flips_the_totals(
    played, celery_eager, django_capture_on_commit_callbacks
):
    game, event = played["game"], played["event"]
    before = Sheet.objects.get(pk=played["sheet"].pk)
    deals = list(Deal.objects.filter(sheet=before).order_by("position").values_list("id", "data"))
    history = _history(before)
    with django_capture_on_commit_callbacks(execute=True):
        sheet = _swap(played, "seats")
    after = list(Deal.objects.filter(sheet=sheet).order_by("position").values_list("id", "data"))
    assert [i for i, _ in after] == [i for i, _ in deals]  # the same deal rows, in the same places
    assert [d for _, d in after] == [mirror_deal(d) for _, d in deals]
    assert (sheet.total_a, sheet.total_b) == (before.total_b, before.total_a)
    assert _history(sheet)[:-1] == history
    assert Game.objects.get(pk=game.pk).entry_a == game.entry_a  # the entries stay where they were drawn
    assert sheet.entering_side == "A" and sheet.status == Sheet.Status.CONFIRMED
    totals = sheet_score(event=event, deals=[mirror_deal(d) for _, d in deals])["totals"]
    assert _totals_of_entries(event) == {
        game.entry_a.number: (totals["A"], totals["B"]),
        game.entry_b.number: (totals["B"], totals["A"]),
    }
    change = SheetChange.objects.filter(sheet=sheet).latest("id")
    assert change.before["deals"] == [d for _, d in deals] and change.after["deals"] == [d for _, d in after]
    assert EventLogEntry.objects.get(event=event, action="sides_swapped").details["how"] == "seats"


def test_after_the_mirror_the_entering_link_still_writes(played):
    Sheet.objects.filter(pk=played["sheet"].pk).update(status=Sheet.Status.ENTERED)
    sheet = _swap(played, "seats")
    link_a, _link_b = played["links"]
    sheet = fill(sheet, link_a, [HOHELUFT_GAME[3]])
    assert sheet.deal_count == 4


def test_refusals_change_nothing(played):
    sheet = Sheet.objects.get(pk=played["sheet"].pk)
    link_a, _ = played["links"]
    rows = (_history(sheet), list(Deal.objects.values_list("data", flat=True)), list(Game.objects.values()))
    with pytest.raises(SideNotAllowed):
        sheet_sides_swap(sheet=sheet, how="teams", version=sheet.version, actor=link_actor(link_a), reason="x")
    with pytest.raises(FieldRequired, match="Choose what was swapped"):
        _swap(played, "both")
    with pytest.raises(FieldRequired, match="needs a reason"):
        _swap(played, "seats", reason=" ")
    with pytest.raises(SheetConflict):
        _swap(played, "teams", version=sheet.version - 1)
    Round.objects.filter(pk=played["game"].round_id).update(status=Round.Status.CLOSED)
    with pytest.raises(SheetStateError, match="Round 1 is closed: sides are swapped while the round is played"):
        _swap(played, "teams")
    assert (_history(sheet), list(Deal.objects.values_list("data", flat=True)), list(Game.objects.values())) == rows
    assert not EventLogEntry.objects.exists()


def test_in_melee_both_players_of_each_side_change_sides(organiser):
    event = make_event(club=organiser.club, team_mode="melee", pairing_methods=["melee"])
    players = make_entries(event, 4, melee=True)
    rnd = make_round(event, 1, status=Round.Status.RELEASED)
    game = play(rnd, (players[0], players[1]), (players[2], players[3]), [(92, 70)])
    seats = dict(game.seats)
    sheet = sheet_sides_swap(
        sheet=Sheet.objects.get(game=game), how="teams", version=3, actor=organiser_actor(organiser), reason="x"
    )
    game = Game.objects.get(pk=game.pk)
    assert (game.entry_a, game.entry_a_partner, game.entry_b, game.entry_b_partner) == (
        players[2],
        players[3],
        players[0],
        players[1],
    )
    assert game.seats == {"N": seats["E"], "S": seats["W"], "E": seats["N"], "W": seats["S"]}
    change = SheetChange.objects.get(sheet=sheet)
    assert (change.before["A"], change.after["A"]) == ([1, 2], [3, 4])
    assert EventLogEntry.objects.get(action="sides_swapped").details["a"] == "3 + 4"
