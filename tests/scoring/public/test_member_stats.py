"""The pure member figures (scoring.public.member_stats), without a database."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.public.member_stats import DealFact, GameFact, deal_figures, evenings, head_to_head, opponents_met


def game(event_id=1, number=1, *, partners=(2,), opponents=(3, 4), ours=500, theirs=400, deals=(), counted=True):
    result = "win" if ours > theirs else "loss" if ours < theirs else "draw"
    return GameFact(
        event_id, number, partners, opponents, counted, ours, theirs, result if counted else None, False, deals
    )


def test_deal_figures_as_taker_and_defender():
    deals = (
        DealFact("us", "made", 92, 70, belotes_ours=1),
        DealFact("us", "inside", 0, 162),
        DealFact("us", "litige", 0, 81),
        DealFact("them", "made", 60, 102, belotes_theirs=1),
        DealFact("them", "inside", 162, 0),
        DealFact(None, "passed", 0, 0),
        DealFact("us", "made", 252, 0, capot="us"),
    )
    fig = deal_figures([game(deals=deals)])
    assert (fig.deals, fig.taken, fig.defended, fig.passed) == (7, 4, 2, 1)
    assert fig.points_taking == pytest.approx((92 + 0 + 0 + 252) / 4)
    assert fig.points_defending == pytest.approx((60 + 162) / 2)
    assert (fig.made_rate, fig.inside_rate, fig.tied_rate) == (0.5, 0.25, 0.25)
    assert fig.defence_rate == 0.5
    assert (fig.belotes, fig.belotes_against, fig.capots, fig.capots_against) == (1, 1, 1, 0)


def test_no_deals_gives_no_rates_rather_than_a_division_by_zero():
    fig = deal_figures([game(deals=()), game(counted=False, deals=(DealFact("us", "made", 1, 161),))])
    assert fig.deals == 0
    assert fig.points_taking is None and fig.made_rate is None and fig.defence_rate is None


def test_evenings_count_games_results_byes_and_partners_in_order():
    games = [
        game(1, 2, partners=(7,), ours=300, theirs=500),
        game(1, 1, partners=(5,), ours=500, theirs=400),
        GameFact(1, 3, (), (), False, is_bye=True),
        game(1, 4, partners=(5,), ours=400, theirs=400),
        game(2, 1, partners=(9,), counted=False),
    ]
    lines = evenings(games)
    first = lines[1]
    assert (first.games, first.wins, first.losses, first.draws, first.byes) == (3, 1, 1, 1, 1)
    assert (first.points_for, first.points_against) == (1200, 1300)
    assert first.partners == [5, 7]
    assert (lines[2].games, lines[2].wins, lines[2].points_for) == (1, 0, 0)


def test_head_to_head_counts_only_games_across_the_table():
    games = [
        game(1, 1, opponents=(3, 4), ours=600, theirs=400),
        game(1, 2, opponents=(3, 8), ours=300, theirs=500),
        game(2, 1, opponents=(4, 3), ours=450, theirs=450),
        game(2, 2, partners=(3,), opponents=(5, 6)),
        game(3, 1, opponents=(5, 6)),
    ]
    h2h = head_to_head(games, 3)
    assert (h2h.evenings, h2h.games, h2h.wins, h2h.losses, h2h.draws) == (2, 3, 1, 1, 1)
    assert (h2h.points_for, h2h.points_against, h2h.together) == (1350, 1350, 1)
    assert head_to_head(games, 99).games == 0
    assert opponents_met(games) == {3, 4, 5, 6, 8}


outcomes = st.sampled_from(["made", "inside", "litige", "hanging", "passed"])
deal_facts = st.builds(
    DealFact,
    taker=st.sampled_from(["us", "them", None]),
    outcome=outcomes,
    ours=st.integers(0, 500),
    theirs=st.integers(0, 500),
)


@given(st.lists(st.lists(deal_facts, max_size=12), max_size=6))
def test_every_deal_is_taken_defended_or_passed_and_rates_are_shares(sheets):
    fig = deal_figures([game(deals=tuple(d)) for d in sheets])
    assert fig.taken + fig.defended + fig.passed == fig.deals == sum(len(d) for d in sheets)
    for rate in (fig.made_rate, fig.inside_rate, fig.tied_rate, fig.defence_rate):
        assert rate is None or 0 <= rate <= 1
    if fig.taken:
        assert fig.made_rate + fig.inside_rate + fig.tied_rate <= 1 + 1e-9
