"""Manual edits: swaps and moves keep everyone placed once and recompute flags and quality."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.pairing_helpers import appearances, assert_everyone_once, game_met, histories, teams
from tournaments.pairing import (
    DrawRequest,
    DrawUserError,
    Entrant,
    History,
    Table,
    draw_quality,
    generate_draw,
    move_game,
    swap_entrants,
)

SETTINGS = settings(max_examples=100, deadline=None)


@st.composite
def drawn(draw, method):
    players = 1 if method == "melee" else 2
    entrants = draw(teams(min_size=4, max_size=12, players=players))
    history = draw(histories(entrants, partners=method == "melee"))
    request = DrawRequest(method, entrants, history, None, draw(st.integers(1, 5)), draw(st.integers(0, 2**32)))
    return entrants, history, generate_draw(request)


methods = st.sampled_from(["swiss", "random", "round_robin", "melee"])


@SETTINGS
@given(methods.flatmap(lambda m: drawn(m)), st.data())
def test_swap_keeps_everyone_once_and_recomputes_flags(case, data):
    entrants, history, draw = case
    ids = sorted(appearances(draw))
    a, b = data.draw(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True))
    edited = swap_entrants(draw, a, b, entrants=entrants, history=history)
    assert_everyone_once(edited, entrants)
    assert edited.quality == draw_quality(edited, history, entrants)
    assert draw.table_of(a) == edited.table_of(b) and draw.table_of(b) == edited.table_of(a)
    before = {frozenset((frozenset(g.side_a_entrants), frozenset(g.side_b_entrants))): g for g in draw.games}
    by_id = {e.id: e for e in entrants}
    for game in edited.games:
        key = frozenset((frozenset(game.side_a_entrants), frozenset(game.side_b_entrants)))
        if key in before:
            pairing = [f for f in before[key].flags if f not in ("fixed_table", "fixed_table_unmet")]
            assert [f for f in game.flags if f not in ("fixed_table", "fixed_table_unmet")] == pairing
        elif draw.method != "melee":
            assert ("rematch" in game.flags) == game_met(history, game)
            assert "rematch_no_alternative" not in game.flags
        else:
            assert "repeated_partner_no_alternative" not in game.flags
    playing = [e for g in edited.games for e in g.entrants]
    for bye in edited.byes:
        unfair = by_id[bye.entrant].byes > min(by_id[e].byes for e in playing)
        assert ("bye_unfair" in bye.flags) == unfair
    # Swapping back restores the pairing.
    again = swap_entrants(edited, a, b, entrants=entrants, history=history)
    assert [(g.table, g.side_a_entrants, g.side_b_entrants) for g in again.games] == [
        (g.table, g.side_a_entrants, g.side_b_entrants) for g in draw.games
    ]


@SETTINGS
@given(methods.flatmap(lambda m: drawn(m)), st.data())
def test_move_game_swaps_tables_and_keeps_pairings(case, data):
    entrants, history, draw = case
    source = data.draw(st.sampled_from([g.table for g in draw.games]))
    target = data.draw(st.integers(1, len(draw.games) + 2))
    edited = move_game(draw, source, target, entrants=entrants, history=history)
    assert_everyone_once(edited, entrants)
    assert edited.game_at(target).entrants == draw.game_at(source).entrants
    if draw.game_at(target) is not None and target != source:
        assert edited.game_at(source).entrants == draw.game_at(target).entrants
    assert edited.quality == draw.quality
    assert [g.table for g in edited.games] == sorted(g.table for g in edited.games)


def team(i, **kw):
    return Entrant(i, (10 * i, 10 * i + 1), **kw)


def test_swap_into_a_rematch_is_flagged_as_manual():
    entrants = [team(i, score=float(4 - i), rank=i) for i in range(1, 5)]
    history = History(opponents={1: {3}})
    draw = generate_draw(DrawRequest("swiss", entrants, history, round_number=2, seed=1))
    assert [(g.side_a, g.side_b) for g in draw.games] == [(1, 2), (3, 4)]
    edited = swap_entrants(draw, 2, 3, entrants=entrants, history=history)
    assert [(g.side_a, g.side_b, g.flags) for g in edited.games] == [
        (1, 3, ("rematch", "pulled_up")),
        (2, 4, ("pulled_up",)),
    ]
    assert edited.quality.rematches == 1
    assert edited.seed == draw.seed and edited.method == "swiss"


def test_swap_with_a_bye_flags_an_unfair_bye():
    entrants = [team(1, score=2.0, byes=1), team(2, score=1.0), team(3)]
    draw = generate_draw(DrawRequest("swiss", entrants, round_number=2, seed=1))
    assert [b.entrant for b in draw.byes] == [3]
    edited = swap_entrants(draw, 3, 1, entrants=entrants, history=History())
    assert [(b.entrant, b.flags) for b in edited.byes] == [(1, ("bye_unfair",))]
    assert edited.game_at(1).entrants in ((3, 2), (2, 3))


def test_moves_recompute_table_flags():
    entrants = [
        team(1, score=3.0, fixed_table=2),
        team(2, score=2.0),
        team(3, score=1.0, needs_step_free=True),
        team(4),
    ]
    tables = [Table(1), Table(2), Table(3, step_free=True)]
    draw = generate_draw(DrawRequest("swiss", entrants, tables=tables, round_number=2, seed=4))
    # The top game is held at table 2; the other game takes the free step-free table 3, not table 1.
    assert [g.table for g in draw.games] == [2, 3]
    at_two = draw.game_at(2)
    assert 1 in at_two.entrants and "fixed_table" in at_two.flags
    stepped = draw.game_at(3)
    assert 3 in stepped.entrants and "step_free_unmet" not in stepped.flags
    moved = move_game(draw, 2, 1, entrants=entrants, history=History(), tables=tables)
    assert "fixed_table_unmet" in moved.game_at(1).flags
    moved = move_game(draw, 3, 1, entrants=entrants, history=History(), tables=tables)
    assert "step_free_unmet" in moved.game_at(1).flags


def test_edit_errors_carry_codes():
    entrants = [team(i) for i in range(1, 5)]
    draw = generate_draw(DrawRequest("random", entrants, seed=1))
    cases = [
        (lambda: swap_entrants(draw, 1, 1, entrants=entrants, history=History()), "same_entrant"),
        (lambda: swap_entrants(draw, 1, 99, entrants=entrants, history=History()), "entrant_not_in_draw"),
        (lambda: move_game(draw, 7, 1, entrants=entrants, history=History()), "no_game_at_table"),
        (lambda: move_game(draw, 1, 0, entrants=entrants, history=History()), "invalid_table"),
        (
            lambda: move_game(draw, 1, 9, entrants=entrants, history=History(), tables=[Table(1), Table(2)]),
            "unknown_table",
        ),
    ]
    for call, code in cases:
        try:
            call()
        except DrawUserError as error:
            assert error.code == code
        else:
            raise AssertionError(f"expected {code}")
