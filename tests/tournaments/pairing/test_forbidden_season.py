"""Forbidden pairings and the season's partner history in the pairing core: avoided before anything else
(forbidden) or after the evening's own repeats (season), flagged with the reason when no draw avoids them."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.pairing_helpers import (
    assert_everyone_once,
    fair_bye_sets,
    partnered,
    perfect_matchings,
    teams,
)
from tournaments.pairing import DrawRequest, Entrant, History, draw_quality, generate_draw, swap_entrants
from tournaments.pairing.history import Meetings

SETTINGS = settings(max_examples=80, deadline=None)


def melee_field(count: int) -> list[Entrant]:
    return [Entrant(i, (100 + i,)) for i in range(1, count + 1)]


def partner_pairs(draw) -> list[frozenset[int]]:
    return [frozenset(side) for game in draw.games for side in (game.side_a_players, game.side_b_players)]


def opponent_pairs(draw) -> list[frozenset[int]]:
    return [frozenset({p, q}) for game in draw.games for p in game.side_a_players for q in game.side_b_players]


@st.composite
def season_cases(draw):
    """A mêlée field of 4 to 8 players with a season's partner counts and a few forbidden partner pairs."""
    entrants = draw(teams(min_size=4, max_size=8, players=1))
    players = [e.players[0] for e in entrants]
    season: dict[int, dict[int, int]] = {}
    for p, q in combinations(players, 2):
        times = draw(st.sampled_from([0, 0, 1, 2, 3]))
        if times:
            season.setdefault(p, {})[q] = times
    pairs = list(combinations(players, 2))
    forbidden = draw(st.lists(st.sampled_from(pairs), max_size=3, unique=True))
    history = History(season_partners=season, forbidden_partners=tuple(forbidden))
    return entrants, history, draw(st.integers(1, 4)), draw(st.integers(0, 2**32))


def best_partnering(entrants, history) -> tuple[int, int]:
    """Exhaustive: the least (forbidden partner pairs, season partner repeats) over every fair choice of
    sit-outs and every way to form teams."""
    player = {e.id: e.players[0] for e in entrants}
    forbidden = {frozenset(pair) for pair in history.forbidden_partners}

    def season(p: int, q: int) -> int:
        return max(history.season_partners.get(p, {}).get(q, 0), history.season_partners.get(q, {}).get(p, 0))

    return min(
        (
            sum(frozenset({player[a], player[b]}) in forbidden for a, b in matching),
            sum(season(player[a], player[b]) for a, b in matching),
        )
        for sitting in fair_bye_sets(entrants, len(entrants) % 4)
        for matching in perfect_matchings([e.id for e in entrants if e.id not in sitting])
    )


@SETTINGS
@given(season_cases())
def test_forbidden_partners_then_season_repeats_are_as_few_as_any_draw_allows(case):
    entrants, history, round_number, seed = case
    draw = generate_draw(DrawRequest("melee", entrants, history, None, round_number, seed))
    assert_everyone_once(draw, entrants)
    forbidden = {frozenset(pair) for pair in history.forbidden_partners}
    meetings = Meetings(history, [], [e.players[0] for e in entrants])
    got = (
        sum(pair in forbidden for pair in partner_pairs(draw)),
        sum(meetings.season_partnered(*sorted(pair)) for pair in partner_pairs(draw)),
    )
    assert got == best_partnering(entrants, history)
    assert draw.quality == draw_quality(draw, history, entrants)
    for game in draw.games:
        sides = [frozenset(game.side_a_players), frozenset(game.side_b_players)]
        assert ("forbidden_partners_no_alternative" in game.flags) == any(side in forbidden for side in sides)
        assert ("season_partner_no_alternative" in game.flags) == any(
            meetings.season_partnered(*sorted(side)) for side in sides
        )


def test_season_partners_are_avoided_when_a_fresh_partner_is_left():
    # Eight players; every partnership but 101-102, 103-104, 105-106, 107-108 was played on an earlier evening.
    entrants = melee_field(8)
    fresh = {frozenset({101, 102}), frozenset({103, 104}), frozenset({105, 106}), frozenset({107, 108})}
    season = {p: {q: 1 for q in range(p + 1, 109) if frozenset({p, q}) not in fresh} for p in range(101, 109)}
    for seed in range(10):
        draw = generate_draw(DrawRequest("melee", entrants, History(season_partners=season), None, 1, seed))
        assert set(partner_pairs(draw)) == fresh
        assert draw.quality.season_partners == 0
        assert not any("season_partner" in flag for game in draw.games for flag in game.flags)


def test_the_evenings_own_repeats_come_before_the_seasons():
    # Four players: 101 partnered 102 tonight, 103 and 104 on an earlier evening, 101-103 and 101-104 both
    # too (twice): the fewest season repeats would pair 101-102 again, which the evening forbids.
    entrants = melee_field(4)
    history = History(partners={101: {102}}, season_partners={101: {103: 2, 104: 2}, 102: {103: 1, 104: 1}})
    draw = generate_draw(DrawRequest("melee", entrants, history, None, 2, 3))
    assert frozenset({101, 102}) not in partner_pairs(draw)
    assert draw.quality.repeated_partners == 0
    assert draw.quality.season_partners == 2
    (game,) = draw.games
    assert "season_partner_no_alternative" in game.flags
    assert "repeated_partner_no_alternative" not in game.flags


def test_a_forbidden_pairing_outweighs_a_repeated_partner_and_is_flagged_when_unavoidable():
    # Four players: 101 must never partner 103 nor 104; 101-102 already partnered tonight. Only 101-102 avoids
    # the forbidden pairs, so the repeat is taken (flagged), not the forbidden pairing.
    entrants = melee_field(4)
    history = History(partners={101: {102}}, forbidden_partners=((101, 103), (101, 104)))
    draw = generate_draw(DrawRequest("melee", entrants, history, None, 2, 1))
    assert frozenset({101, 102}) in partner_pairs(draw)
    assert draw.quality.forbidden == 0
    (game,) = draw.games
    assert "repeated_partner_no_alternative" in game.flags
    # At the same table whatever happens: four players make one table, so "never opponents" cannot hold.
    history = History(forbidden_partners=((101, 102),), forbidden_opponents=((101, 102),))
    draw = generate_draw(DrawRequest("melee", entrants, history, None, 1, 1))
    (game,) = draw.games
    assert set(game.flags) & {"forbidden_partners_no_alternative", "forbidden_opponents_no_alternative"}
    assert draw.quality.forbidden == 1


def test_forbidden_opponents_sit_at_different_tables_in_melee():
    entrants = melee_field(8)
    history = History(forbidden_opponents=((101, 102), (101, 103), (102, 103)), forbidden_partners=((101, 102),))
    for seed in range(20):
        draw = generate_draw(DrawRequest("melee", entrants, history, None, 1, seed))
        assert not {frozenset({101, 102}), frozenset({101, 103}), frozenset({102, 103})} & set(opponent_pairs(draw))
        assert frozenset({101, 102}) not in partner_pairs(draw)
        assert draw.quality.forbidden == 0


def test_fixed_pairs_never_play_a_forbidden_opponent_even_at_the_cost_of_a_rematch():
    # Teams 1..4 (players 10+, 20+, ...): team 1 has met teams 3 and 4 already; a player of team 1 must never
    # meet a player of team 2. The only draw without the forbidden game is a rematch.
    entrants = [Entrant(i, (10 * i, 10 * i + 1)) for i in range(1, 5)]
    history = History(opponents={1: {3, 4}}, forbidden_opponents=((11, 20),))
    for method in ("random", "swiss"):
        draw = generate_draw(DrawRequest(method, entrants, history, None, 3, 5))
        games = {frozenset((g.side_a, g.side_b)): g for g in draw.games}
        assert frozenset({1, 2}) not in games
        assert draw.quality.forbidden == 0
        assert draw.quality.rematches == 1
        assert any("rematch_no_alternative" in g.flags for g in draw.games)


def test_fixed_pairs_flag_a_forbidden_game_no_draw_avoids():
    entrants = [Entrant(1, (10, 11)), Entrant(2, (20, 21))]
    draw = generate_draw(DrawRequest("random", entrants, History(forbidden_opponents=((21, 10),)), None, 1, 1))
    (game,) = draw.games
    assert "forbidden_opponents_no_alternative" in game.flags
    assert draw.quality.forbidden == 1
    schedule = generate_draw(DrawRequest("round_robin", entrants, History(forbidden_opponents=((21, 10),)), None, 1, 1))
    assert "forbidden_opponents" in schedule.games[0].flags


def test_a_swap_into_a_forbidden_pairing_is_flagged_as_not_avoided():
    entrants = melee_field(8)
    history = History(forbidden_opponents=((101, 105),))
    draw = generate_draw(DrawRequest("melee", entrants, history, None, 1, 2))
    assert draw.quality.forbidden == 0
    table_of = {p: game for game in draw.games for p in game.side_a_players + game.side_b_players}
    game = table_of[101]
    # Swap 105 with an opponent of 101: 105 now sits across from 101.
    opponent = game.side_b_entrants[0] if 101 in game.side_a_players else game.side_a_entrants[0]
    edited = swap_entrants(draw, opponent, 5, entrants=entrants, history=history)
    flagged = [g for g in edited.games if "forbidden_opponents" in g.flags]
    assert len(flagged) == 1 and 101 in flagged[0].side_a_players + flagged[0].side_b_players
    assert edited.quality.forbidden == 1


def test_meetings_read_one_direction_and_keep_only_those_present():
    history = History(
        season_partners={1: {2: 3}, 3: {1: 1}},
        season_opponents={2: {1: 2}, 1: {2: 1}},
        forbidden_partners=((2, 9),),
        forbidden_opponents=((3, 1), (1, 2)),
    )
    meetings = Meetings(history, [10, 20, 30], [1, 2, 3], {1: 10, 2: 20, 3: 30})
    assert (meetings.season_partnered(2, 1), meetings.season_partnered(1, 3)) == (3, 1)
    assert meetings.season_met(1, 2) == 2  # recorded both ways: the larger count, not the sum
    assert not meetings.never_partners(2, 9)  # 9 is absent
    assert meetings.never_opponents(1, 3) and meetings.never_opponents(2, 1)
    assert meetings.barred_entrants(30, 10) and meetings.barred_entrants(10, 20)
    assert meetings.max_opponents() == 2


def test_without_forbidden_pairs_or_season_the_draw_is_unchanged():
    entrants = melee_field(12)
    history = History(partners={101: {102}}, opponents={1: {3}})
    before = generate_draw(DrawRequest("melee", entrants, history, None, 2, 9))
    again = generate_draw(
        DrawRequest("melee", entrants, History(partners={101: {102}}, opponents={1: {3}}), None, 2, 9)
    )
    assert before == again
    assert not partnered(history, *before.games[0].side_a_players) or before.quality.repeated_partners
