"""The rating core (pure): OpenSkill over team games, replayed in order, deterministic."""

import pytest

from scoring.rating.core import A_WON, B_WON, DRAWN, MU, SIGMA, RatedGame, new_rating, ratings_compute, win_probability


def test_winners_go_up_losers_down_and_everyone_grows_surer():
    ratings = ratings_compute([RatedGame(side_a=(1, 2), side_b=(3, 4), outcome=A_WON)])
    assert ratings[1].mu > MU and ratings[2].mu > MU
    assert ratings[3].mu < MU and ratings[4].mu < MU
    assert all(r.sigma < SIGMA and r.games == 1 for r in ratings.values())
    assert ratings[1].ordinal == pytest.approx(ratings[1].mu - 3 * ratings[1].sigma)


def test_partners_change_and_each_player_keeps_their_own_rating():
    # 1 wins with 2, then with 3, then with 4: 1 is the strongest afterwards, whoever the partner.
    games = [
        RatedGame(side_a=(1, 2), side_b=(3, 4), outcome=A_WON),
        RatedGame(side_a=(1, 3), side_b=(2, 4), outcome=A_WON),
        RatedGame(side_a=(1, 4), side_b=(2, 3), outcome=A_WON),
    ]
    ratings = ratings_compute(games)
    assert max(ratings, key=lambda p: ratings[p].mu) == 1
    assert ratings[1].games == 3
    assert win_probability(ratings, (1, 2), (3, 4)) > 0.5


def test_the_same_history_gives_the_same_ratings_and_the_order_matters():
    games = [
        RatedGame(side_a=(1, 2), side_b=(3, 4), outcome=A_WON),
        RatedGame(side_a=(1, 3), side_b=(2, 4), outcome=B_WON),
        RatedGame(side_a=(1, 4), side_b=(2, 3), outcome=DRAWN),
    ]
    assert ratings_compute(games) == ratings_compute(list(games))
    assert ratings_compute(games) != ratings_compute(list(reversed(games)))


def test_a_draw_moves_the_favourite_down():
    start = {1: new_rating(), 2: new_rating(), 3: new_rating(), 4: new_rating()}
    ahead = ratings_compute([RatedGame(side_a=(1, 2), side_b=(3, 4), outcome=A_WON)], start)
    drawn = ratings_compute([RatedGame(side_a=(1, 2), side_b=(3, 4), outcome=DRAWN)], ahead)
    assert drawn[1].mu < ahead[1].mu and drawn[3].mu > ahead[3].mu


def test_a_game_that_cannot_be_rated_is_skipped_and_a_wrong_outcome_refused():
    assert ratings_compute([RatedGame(side_a=(1, 2), side_b=(2, 3), outcome=A_WON)]) == {}
    assert ratings_compute([RatedGame(side_a=(), side_b=(2, 3), outcome=A_WON)]) == {}
    with pytest.raises(ValueError, match="outcome"):
        ratings_compute([RatedGame(side_a=(1,), side_b=(2,), outcome="won")])
