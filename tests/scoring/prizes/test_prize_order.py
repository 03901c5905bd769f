"""The prize-giving's order, pure (no database): who is called, from which pool, and the tie at the cut."""

from scoring.prizes.order import Pool, Ranked, giving_plan, giving_turns, tied_out

PRECEDENCE = ["match_points", "total_points", "point_difference"]


def _ranking(n: int) -> list[Ranked]:
    """Teams 1..n, team i at place i, match points falling by 1, points by 10."""
    return [Ranked(i, i, {"match_points": 100 - i, "total_points": 1000 - 10 * i}) for i in range(1, n + 1)]


def test_the_overall_lots_go_down_the_standings_one_turn_per_lot():
    turns = giving_turns(_ranking(6), overall=Pool(None, 4), categories=[], categories_first=False)
    assert [(t.number, t.entry_id, t.category_id) for t in turns] == [
        (1, 1, None),
        (2, 2, None),
        (3, 3, None),
        (4, 4, None),
    ]


def test_overall_first_a_category_goes_to_its_best_team_without_a_prize():
    ladies = Pool(7, 1, frozenset({2, 5, 6}))
    turns = giving_turns(_ranking(6), overall=Pool(None, 3), categories=[ladies], categories_first=False)
    # Team 2 has an overall prize already, so the ladies' prize goes to team 5, and nobody takes two.
    assert [(t.entry_id, t.category_id) for t in turns] == [(1, None), (2, None), (3, None), (5, 7)]


def test_categories_first_the_category_winner_leaves_the_overall_lots_to_the_others():
    ladies = Pool(7, 1, frozenset({2, 5, 6}))
    turns = giving_turns(_ranking(6), overall=Pool(None, 3), categories=[ladies], categories_first=True)
    assert [(t.entry_id, t.category_id) for t in turns] == [(2, 7), (1, None), (3, None), (4, None)]
    assert len({t.entry_id for t in turns}) == len(turns)


def test_two_categories_never_give_one_team_two_prizes_and_an_empty_category_gives_nothing():
    juniors = Pool(8, 2, frozenset({5}))
    ladies = Pool(7, 1, frozenset({5, 6}))
    nobody = Pool(9, 2, frozenset())
    turns = giving_turns(
        _ranking(6), overall=Pool(None, 2), categories=[juniors, ladies, nobody], categories_first=False
    )
    assert [(t.entry_id, t.category_id) for t in turns] == [(1, None), (2, None), (5, 8), (6, 7)]


def test_an_absent_team_has_no_turn_and_the_next_team_takes_its_place():
    turns = giving_turns(
        _ranking(5), overall=Pool(None, 3), categories=[], categories_first=False, absent=frozenset({2})
    )
    assert [t.entry_id for t in turns] == [1, 3, 4]


def test_more_lots_than_teams_leaves_lots_over():
    assert len(giving_turns(_ranking(3), overall=Pool(None, 25), categories=[], categories_first=False)) == 3


def test_the_teams_level_with_the_last_winner_are_named_with_the_criterion_that_decided():
    ranking = [
        Ranked(1, 1, {"match_points": 12, "total_points": 900}),
        Ranked(2, 2, {"match_points": 9, "total_points": 850, "point_difference": 40}),
        Ranked(3, 3, {"match_points": 9, "total_points": 850, "point_difference": 12}),
        Ranked(4, 4, {"match_points": 9, "total_points": 700, "point_difference": 90}),
        Ranked(5, 5, {"match_points": 6, "total_points": 990}),
    ]
    plan = giving_plan(ranking, overall=Pool(None, 2), categories=[], categories_first=False, precedence=PRECEDENCE)
    assert plan.last_winner == 2
    assert [(t.entry_id, t.decided_by, t.winner_value, t.own_value) for t in plan.tied_out] == [
        (3, "point_difference", 40, 12),
        (4, "total_points", 850, 700),
    ]


def test_a_shared_rank_is_a_tie_on_every_criterion():
    ranking = [Ranked(1, 1, {"match_points": 9}), Ranked(2, 1, {"match_points": 9}), Ranked(3, 3, {"match_points": 3})]
    last, tied = tied_out(
        ranking, giving_turns(ranking, overall=Pool(None, 1), categories=[], categories_first=False), ["match_points"]
    )
    assert last == 1
    assert [(t.entry_id, t.decided_by) for t in tied] == [(2, None)]


def test_no_tie_when_every_team_gets_a_prize_or_the_next_team_has_less():
    ranking = _ranking(4)
    assert (
        giving_plan(
            ranking, overall=Pool(None, 4), categories=[], categories_first=False, precedence=PRECEDENCE
        ).tied_out
        == []
    )
    assert (
        giving_plan(
            ranking, overall=Pool(None, 2), categories=[], categories_first=False, precedence=PRECEDENCE
        ).tied_out
        == []
    )


def test_the_cut_is_the_last_overall_winner_not_a_category_winner_further_down():
    ranking = [Ranked(i, i, {"match_points": 10 if i in (2, 3) else 20 - i}) for i in range(1, 7)]
    plan = giving_plan(
        ranking,
        overall=Pool(None, 2),
        categories=[Pool(7, 1, frozenset({6}))],
        categories_first=False,
        precedence=["match_points"],
    )
    assert plan.last_winner == 2
    assert [t.entry_id for t in plan.tied_out] == [3]
