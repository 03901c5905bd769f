"""The draw manager end to end: draw, edit, regenerate, confirm, release, close; byes; history; query counts."""

import pytest

from tests.factories import EntryFactory, EventFactory, StandingFactory, TableFactory
from tournaments import selectors, services
from tournaments.draws import DrawManager, effective_statuses, next_round_number
from tournaments.exceptions import (
    ConfirmationRequired,
    DrawFailed,
    IllegalTransition,
    InvalidInput,
    RoundCloseRefused,
)
from tournaments.models import CheckIn, Event, Game, Round

pytestmark = pytest.mark.django_db


def make_event(entries=8, *, mode=Event.TeamMode.PAIRS, present=True, **kwargs):
    event = EventFactory(team_mode=mode, **kwargs)
    made = [
        EntryFactory(event=event, number=n + 1, **({"player_2": None} if mode == Event.TeamMode.MELEE else {}))
        for n in range(entries)
    ]
    if present:
        services.checkin_set(event=event, entry_ids=[e.pk for e in made], round_number=1, status="present")
    return event, made


def confirm_sheets(round):
    """Stand-in for score entry: every game of the round finished and confirmed (scoring refuses to close
    otherwise, and an unfinished game is closed on the close page only)."""
    from scoring.models import Sheet

    Sheet.objects.filter(game__round=round).update(status=Sheet.Status.CONFIRMED, finished=True)


def play_round(round):
    services.round_confirm(round=round)
    services.round_release(round=round)
    confirm_sheets(round)
    return services.round_close(round=round)


def entries_of(round):
    ids = []
    for game in Game.objects.filter(round=round):
        ids += [e for e in (game.entry_a_id, game.entry_a_partner_id, game.entry_b_id, game.entry_b_partner_id) if e]
    return ids


def test_draw_stores_a_draft_with_every_present_entry_once():
    event, entries = make_event(8)
    round = services.round_draw(event=event, number=1, seed=7)
    assert round.status == Round.Status.DRAFT
    assert round.method == "random" and round.seed == 7
    games = list(Game.objects.filter(round=round))
    assert len(games) == 4
    assert sorted(entries_of(round)) == sorted(e.pk for e in entries)
    assert sorted(g.table_number for g in games) == [1, 2, 3, 4]
    assert round.quality["games"] == 4 and round.quality["byes"] == 0
    for game in games:
        assert set(game.seats) == {"N", "E", "S", "W"}
        assert game.first_dealer in "NESW"


def test_same_seed_same_draw_and_random_seed_when_not_given():
    event, _ = make_event(10)
    first = services.round_draw(event=event, number=1, seed=99)
    before = sorted((g.table_number, g.entry_a_id, g.entry_b_id) for g in Game.objects.filter(round=first))
    again = services.round_draw(event=event, number=1, seed=99, regenerate=True)
    after = sorted((g.table_number, g.entry_a_id, g.entry_b_id) for g in Game.objects.filter(round=again))
    assert before == after
    third = services.round_draw(event=event, number=1, regenerate=True)
    assert third.seed != 99 and 0 <= third.seed < 2**53


def test_regenerating_a_draft_needs_confirmation_and_only_a_draft():
    event, _ = make_event(8)
    round = services.round_draw(event=event, number=1, seed=1)
    with pytest.raises(ConfirmationRequired):
        services.round_draw(event=event, number=1, seed=2)
    assert Round.objects.get(pk=round.pk).seed == 1
    services.round_draw(event=event, number=1, seed=2, regenerate=True)
    assert Round.objects.get(pk=round.pk).seed == 2
    assert Game.objects.filter(round=round).count() == 4
    services.round_confirm(round=round)
    with pytest.raises(IllegalTransition):
        services.round_draw(event=event, number=1, seed=3, regenerate=True)
    assert Round.objects.get(pk=round.pk).seed == 2


def test_odd_field_gives_one_bye_and_no_second_bye_while_someone_has_none():
    event, entries = make_event(5, rounds=5)
    byes = []
    for number in range(1, 6):
        round = services.round_draw(event=event, number=number, seed=number)
        bye_games = list(Game.objects.filter(round=round, is_bye=True))
        assert len(bye_games) == 1 and bye_games[0].table_number is None
        byes.append(bye_games[0].entry_a_id)
        play_round(round)
    assert sorted(byes) == sorted(e.pk for e in entries)


def test_later_rounds_avoid_rematches_from_history():
    event, _ = make_event(8, rounds=4, pairing_methods=["random"])
    seen = set()
    for number in range(1, 4):
        round = services.round_draw(event=event, number=number, seed=number)
        assert round.quality["rematches"] == 0
        for game in Game.objects.filter(round=round):
            pair = frozenset((game.entry_a_id, game.entry_b_id))
            assert pair not in seen
            seen.add(pair)
        play_round(round)


def test_melee_draw_forms_teams_of_two_single_players():
    event, entries = make_event(9, mode=Event.TeamMode.MELEE, pairing_methods=["melee"])
    round = services.round_draw(event=event, number=1, seed=3)
    games = list(Game.objects.filter(round=round, is_bye=False))
    assert len(games) == 2
    for game in games:
        assert game.entry_a_partner_id and game.entry_b_partner_id
    assert Game.objects.filter(round=round, is_bye=True).count() == 1
    assert sorted(entries_of(round)) == sorted(e.pk for e in entries)


def test_swiss_uses_the_latest_standings_snapshot():
    event, entries = make_event(8, pairing_methods=["random", "swiss"])
    play_round(services.round_draw(event=event, number=1, seed=1))
    # Entries 1..8 with 8..1 match points: the Swiss draw puts the two leaders together at table 1.
    for rank, entry in enumerate(entries, start=1):
        StandingFactory(event=event, entry=entry, round_number=1, rank=rank, match_points=10 - rank)
    manager = DrawManager(event, 2)
    inputs = manager.load()
    assert inputs.scores[entries[0].pk] == (9.0, 1)
    round = services.round_draw(event=event, number=2, seed=5)
    assert round.method == "swiss"
    top = Game.objects.get(round=round, table_number=1)
    if {top.entry_a_id, top.entry_b_id} != {entries[0].pk, entries[1].pk}:
        # Only a rematch can keep the leaders apart.
        assert Game.objects.filter(round__number=1, entry_a__in=entries[:2], entry_b__in=entries[:2]).exists()


def test_absent_and_withdrawn_entries_are_not_drawn_and_status_carries_over():
    event, entries = make_event(8)
    services.checkin_set(event=event, entry_ids=[entries[0].pk], round_number=1, status="absent")
    services.checkin_set(event=event, entry_ids=[entries[1].pk], round_number=1, status="withdrawn")
    round = services.round_draw(event=event, number=1, seed=1)
    drawn = entries_of(round)
    assert entries[0].pk not in drawn and entries[1].pk not in drawn
    assert len(drawn) == 6
    play_round(round)
    statuses = selectors.checkin_statuses(event=event, round_number=2)
    assert statuses[entries[1].pk] == "withdrawn"
    assert statuses[entries[2].pk] == "present"


def test_effective_statuses_take_the_latest_row_at_or_before_the_round():
    rows = [(1, 1, "present"), (1, 3, "absent"), (2, 2, "withdrawn")]
    assert effective_statuses(rows, 2) == {1: "present", 2: "withdrawn"}
    assert effective_statuses(rows, 3) == {1: "absent", 2: "withdrawn"}
    assert effective_statuses(rows, 1) == {1: "present"}


def test_status_machine_refuses_illegal_transitions_with_a_message():
    event, _ = make_event(4)
    round = services.round_draw(event=event, number=1, seed=1)
    with pytest.raises(IllegalTransition, match="Draft"):
        services.round_release(round=round)
    with pytest.raises(IllegalTransition):
        services.round_close(round=round)
    services.round_confirm(round=round)
    with pytest.raises(IllegalTransition):
        services.round_confirm(round=round)
    services.round_release(round=round)
    game = round.games.first()
    with pytest.raises(IllegalTransition):
        services.round_swap_entries(round=round, entry_a=game.entry_a, entry_b=game.entry_b)
    with pytest.raises(RoundCloseRefused):
        services.round_close(round=round)
    confirm_sheets(round)
    services.round_close(round=round)
    with pytest.raises(IllegalTransition):
        services.round_close(round=round)
    assert Round.objects.get(pk=round.pk).status == Round.Status.CLOSED


def test_release_starts_the_event_and_freezes_its_rule_set():
    event, _ = make_event(4)
    round = services.round_draw(event=event, number=1, seed=1)
    services.round_confirm(round=round)
    services.round_release(round=round)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert event.started_at is not None
    assert event.rules_frozen["rules"] == "hoheluft"
    assert event.rules_frozen["options"]["deals"] == 12
    assert event.rules_frozen["options"]["litige"] is True


def test_next_round_needs_the_previous_one_closed():
    event, _ = make_event(4)
    round = services.round_draw(event=event, number=1, seed=1)
    with pytest.raises(IllegalTransition, match="closed"):
        services.round_draw(event=event, number=2)
    assert next_round_number(event) == 1
    play_round(round)
    assert next_round_number(event) == 2
    with pytest.raises(IllegalTransition):
        services.round_draw(event=event, number=5)


def test_round_close_runs_the_pre_check_and_registered_hooks():
    event, _ = make_event(4)
    round = services.round_draw(event=event, number=1, seed=1)
    services.round_confirm(round=round)
    services.round_release(round=round)

    def sheets_open(r):
        raise RoundCloseRefused("2 sheets of round 1 are not confirmed.")

    with pytest.raises(RoundCloseRefused, match="not confirmed"):
        services.round_close(round=round, pre_check=sheets_open)
    services.register_round_hook("before_close", sheets_open)
    try:
        with pytest.raises(RoundCloseRefused):
            services.round_close(round=round)
    finally:
        services.ROUND_HOOKS["before_close"].remove(sheets_open)
    assert Round.objects.get(pk=round.pk).status == Round.Status.RELEASED
    confirm_sheets(round)
    closed = []
    services.register_round_hook("after_close", closed.append)
    try:
        services.round_close(round=round)
    finally:
        services.ROUND_HOOKS["after_close"].remove(closed.append)
    assert [r.pk for r in closed] == [round.pk]


def test_swap_two_entries_in_a_draft_keeps_everyone_once():
    event, entries = make_event(8)
    round = services.round_draw(event=event, number=1, seed=4)
    game = Game.objects.get(round=round, table_number=1)
    other = Game.objects.get(round=round, table_number=2)
    services.round_swap_entries(round=round, entry_a=game.entry_a, entry_b=other.entry_b)
    assert Game.objects.get(round=round, table_number=1).entry_a_id == other.entry_b_id
    assert sorted(entries_of(round)) == sorted(e.pk for e in entries)
    with pytest.raises(InvalidInput):
        services.round_swap_entries(round=round, entry_a=entries[0], entry_b=entries[0])


def test_swap_with_an_entry_not_in_the_draw_is_refused_by_number():
    event, entries = make_event(8)
    late = EntryFactory(event=event, number=9)
    round = services.round_draw(event=event, number=1, seed=4)
    with pytest.raises(DrawFailed, match=r"no\. 9"):
        services.round_swap_entries(round=round, entry_a=entries[0], entry_b=late)


def test_move_a_game_to_another_table_swaps_with_the_game_there():
    event, _ = make_event(6)
    TableFactory(event=event, number=1)
    TableFactory(event=event, number=2)
    TableFactory(event=event, number=3, step_free=True)
    TableFactory(event=event, number=4, label="Terrasse")
    round = services.round_draw(event=event, number=1, seed=4)
    at_1 = Game.objects.get(round=round, table_number=1)
    at_4 = Game.objects.filter(round=round, table_number=4).first()
    services.round_move_game(round=round, from_table=1, to_table=4)
    assert Game.objects.get(round=round, table_number=4).entry_a_id == at_1.entry_a_id
    if at_4:
        assert Game.objects.get(round=round, table_number=1).entry_a_id == at_4.entry_a_id
    with pytest.raises(DrawFailed, match="Table 9"):
        services.round_move_game(round=round, from_table=4, to_table=9)
    with pytest.raises(DrawFailed, match="no game at table 7"):
        services.round_move_game(round=round, from_table=7, to_table=2)


def test_fixed_table_and_step_free_needs_are_honoured():
    event, entries = make_event(6)
    for n in (1, 2, 3):
        TableFactory(event=event, number=n, step_free=(n == 2))
    entries[4].fixed_table = 3
    entries[4].save()
    entries[5].needs_step_free = True
    entries[5].save()
    round = services.round_draw(event=event, number=1, seed=11)
    fixed = Game.objects.get(round=round, table_number=3)
    assert entries[4].pk in (fixed.entry_a_id, fixed.entry_b_id)
    step_free = Game.objects.get(round=round, table_number=2)
    assert entries[5].pk in (step_free.entry_a_id, step_free.entry_b_id)


def test_too_few_present_or_too_few_tables_is_a_clear_draw_error():
    event, _ = make_event(1)
    with pytest.raises(DrawFailed, match="at least 2"):
        services.round_draw(event=event, number=1)
    assert not Round.objects.filter(event=event).exists()
    event, _ = make_event(6)
    TableFactory(event=event, number=1)
    with pytest.raises(DrawFailed, match="needs 3 tables, only 1"):
        services.round_draw(event=event, number=1)
    assert not Round.objects.filter(event=event).exists()


def test_confirm_is_refused_when_the_check_in_changed_after_the_draw():
    event, entries = make_event(8)
    round = services.round_draw(event=event, number=1, seed=1)
    services.checkin_set(event=event, entry_ids=[entries[0].pk], round_number=1, status="absent")
    with pytest.raises(IllegalTransition, match="check-in changed"):
        services.round_confirm(round=round)
    services.round_draw(event=event, number=1, seed=1, regenerate=True)
    assert services.round_confirm(round=round).status == Round.Status.CONFIRMED
    with pytest.raises(IllegalTransition, match="check-in"):
        services.round_release(round=round) and services.checkin_set(
            event=event, entry_ids=[entries[1].pk], round_number=1, status="absent"
        )


def test_check_in_of_a_released_round_is_refused():
    event, entries = make_event(4)
    round = services.round_draw(event=event, number=1, seed=1)
    services.round_confirm(round=round)
    services.round_release(round=round)
    with pytest.raises(IllegalTransition, match="check-in is over"):
        services.checkin_set(event=event, entry_ids=[entries[0].pk], round_number=1, status="absent")
    assert services.checkin_set(event=event, entry_ids=[entries[0].pk], round_number=2, status="absent") == 1
    assert CheckIn.objects.get(entry=entries[0], round_number=1).status == "present"


def test_method_and_seed_are_validated():
    event, _ = make_event(4)
    with pytest.raises(InvalidInput, match="Mêlée is not a pairing method for Fixed pairs"):
        services.round_draw(event=event, number=1, method="melee")
    with pytest.raises(InvalidInput, match="seed"):
        services.round_draw(event=event, number=1, seed=-1)
    with pytest.raises(InvalidInput):
        services.round_draw(event=event, number=0)


def test_round_robin_follows_the_berger_schedule_by_start_number():
    event, _entries = make_event(4, rounds=3, pairing_methods=["round_robin"])
    met = set()
    for number in (1, 2, 3):
        round = services.round_draw(event=event, number=number, seed=number)
        for game in Game.objects.filter(round=round):
            met.add(frozenset((game.entry_a_id, game.entry_b_id)))
        play_round(round)
    assert len(met) == 6


# 250: more games than Django's 100-row delete chunks. Counted on PostgreSQL: SQLite's limit on query
# parameters splits those deletes into more statements.
@pytest.mark.parametrize("size", [8, 80, pytest.param(250, marks=pytest.mark.needs_postgres)])
def test_draw_query_count_does_not_grow_with_the_field(size, django_assert_max_num_queries):
    event, entries = make_event(size, rounds=3)
    play_round(services.round_draw(event=event, number=1, seed=1))
    for rank, entry in enumerate(entries, start=1):
        StandingFactory(event=event, entry=entry, round_number=1, rank=rank, match_points=rank % 3)
    for n in range(1, size // 2 + 1):
        TableFactory(event=event, number=n)
    event = Event.objects.get(pk=event.pk)
    # Lock event and rounds, six loads (the club's forbidden pairings the sixth), write the round, bulk-insert
    # the games; replacing a draft also deletes its games (one query per model pointing at games, then one
    # DELETE). An edit also reads the draft's games.
    with django_assert_max_num_queries(15):
        round = services.round_draw(event=event, number=2, seed=2)
    with django_assert_max_num_queries(15):
        services.round_draw(event=event, number=2, seed=3, regenerate=True)
    game = Game.objects.select_related("entry_a", "entry_b").filter(round=round).first()
    with django_assert_max_num_queries(16):
        services.round_swap_entries(round=round, entry_a=game.entry_a, entry_b=game.entry_b)
    with django_assert_max_num_queries(16):
        services.round_move_game(round=round, from_table=1, to_table=2)
    with django_assert_max_num_queries(8):
        services.round_confirm(round=round)
