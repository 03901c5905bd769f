"""The season's championship rules, pure (no Django): each rule against a computation written out here."""

from decimal import Decimal

from scoring.standings.season_rules import Evening, PlayerSeason, SeasonRules, season_table


def ev(mp, gp, place):
    return Evening(Decimal(mp), gp, place)


def season():
    # Four evenings; Anna plays all, Bernd three, Gast (a guest) two, Clara one.
    return [
        PlayerSeason(1, "Anna", False, [ev(2, 900, 1), ev(0, 600, 5), ev(2, 800, 2), ev(1, 700, 3)]),
        PlayerSeason(2, "Bernd", False, [ev(2, 950, 1), None, ev(2, 850, 1), ev(0, 500, 6)]),
        PlayerSeason(3, "Gast", True, [None, ev(2, 990, 1), ev(2, 700, 3), None]),
        PlayerSeason(4, "Clara", False, [None, None, None, ev(2, 1000, 1)]),
    ]


def by_name(rows):
    return {r.name: r for r in rows}


def test_total_of_match_points_over_every_evening_ties_by_game_points():
    table = season_table(season(), 4, SeasonRules())
    rows = by_name(table.ranked)
    assert {n: r.score for n, r in rows.items()} == {"Anna": 5, "Bernd": 4, "Gast": 4, "Clara": 2}
    # Bernd and Gast tie on 4: game points 2300 against 1690.
    assert [r.name for r in table.ranked] == ["Anna", "Bernd", "Gast", "Clara"]
    assert [r.rank for r in table.ranked] == [1, 2, 3, 4]


def test_points_by_place_and_best_two_mark_counted_and_dropped():
    rules = SeasonRules(basis="place", place_points=(8, 6, 5, 4, 3, 2), best_n=2)
    rows = by_name(season_table(season(), 4, rules).ranked)
    # Anna's places 1, 5, 2, 3 give 8, 3, 6, 5: the best two are 8 and 6.
    assert rows["Anna"].score == 14
    assert [state for state, _v in rows["Anna"].cells] == ["counted", "dropped", "counted", "dropped"]
    # Bernd: 1, -, 1, 6 → 8, 8 (the 2 of place 6 dropped).
    assert rows["Bernd"].score == 16 and rows["Bernd"].cells[1] == ("absent", None)
    assert rows["Clara"].score == 8


def test_drop_the_worst_and_the_average_with_a_penalty_per_missed_evening():
    rules = SeasonRules(basis="game", score="average", drop_worst=1, missed_penalty=Decimal("50"))
    rows = by_name(season_table(season(), 4, rules).ranked)
    # Anna: 900, 600, 800, 700 → drop 600 → average 800, nothing missed.
    assert rows["Anna"].score == Decimal("800.00")
    # Bernd: 950, 850, 500 → drop 500 → 900, one missed evening: 850.
    assert rows["Bernd"].score == Decimal("850.00")
    # Clara: one evening, never dropped below one: 1000, three missed: 850.
    assert rows["Clara"].score == Decimal("850.00") and rows["Clara"].counted == 1


def test_too_few_evenings_are_listed_apart_and_guests_ranked_apart_or_not_at_all():
    table = season_table(season(), 4, SeasonRules(min_evenings=2, guests="apart"))
    assert [r.name for r in table.ranked] == ["Anna", "Bernd"]
    assert [r.name for r in table.guests] == ["Gast"] and table.guests[0].rank == 1
    assert [(r.name, r.played) for r in table.not_yet] == [("Clara", 1)]
    excluded = season_table(season(), 4, SeasonRules(guests="excluded"))
    assert "Gast" not in {r.name for r in excluded.ranked + excluded.guests + excluded.not_yet}


def test_named_tie_breaks_in_order_and_shared_places_when_still_equal():
    players = [
        PlayerSeason(1, "Dora", False, [ev(2, 800, 1), ev(2, 800, 1), None]),
        PlayerSeason(2, "Emil", False, [ev(4, 800, 1), ev(0, 800, 4), None]),
        PlayerSeason(3, "Fritz", False, [ev(4, 800, 1), ev(0, 800, 4), None]),
    ]
    # All on 4 match points and 1600 game points; the best single evening puts Emil and Fritz ahead.
    table = season_table(players, 3, SeasonRules(tie_breaks=("best_evening", "game_points")))
    assert [(r.name, r.rank) for r in table.ranked] == [("Emil", 1), ("Fritz", 1), ("Dora", 3)]


def test_a_season_with_too_few_evenings_is_not_awarded():
    assert season_table(season(), 4, SeasonRules(awarded_min_evenings=5)).awarded is False
    assert season_table(season(), 4, SeasonRules(awarded_min_evenings=4)).awarded is True


def test_head_to_head_counts_only_the_games_among_the_tied():
    from scoring.standings.season_rules import Meeting

    players = [
        PlayerSeason(1, "Dora", False, [ev(2, 800, 1), ev(0, 500, 2)]),
        PlayerSeason(2, "Emil", False, [ev(0, 500, 2), ev(2, 800, 1)]),
        PlayerSeason(3, "Fritz", False, [ev(2, 800, 1), ev(0, 500, 2)]),
        PlayerSeason(4, "Gerd", False, [ev(0, 500, 2), ev(0, 500, 2)]),
    ]
    meetings = [
        Meeting(0, (1,), (2,), 800, 500),  # Dora beats Emil
        Meeting(1, (2,), (3,), 800, 500),  # Emil beats Fritz
        Meeting(1, (3,), (1,), 700, 600),  # Fritz beats Dora
        Meeting(0, (3,), (4,), 800, 500),  # Gerd is not tied: this game does not count for Fritz
        Meeting(1, (2,), (1,), 600, 600),  # Emil and Dora draw
    ]
    table = season_table(players, 2, SeasonRules(tie_breaks=("head_to_head",)), meetings)
    # Dora, Emil, Fritz on 2 MP and 1300: among them Dora 2 + 1 = 3, Emil 1 + 2 = 3, Fritz 2 + 0 = 2.
    assert [(r.name, r.rank) for r in table.ranked] == [("Dora", 1), ("Emil", 1), ("Fritz", 3), ("Gerd", 4)]
    # Then the best evening cannot split Dora and Emil, the number of evenings neither: they share.
    rules = SeasonRules(tie_breaks=("head_to_head", "best_evening", "evenings"))
    assert [r.rank for r in season_table(players, 2, rules, meetings).ranked] == [1, 1, 3, 4]
    # Without head-to-head, game points leave all three equal.
    assert [r.rank for r in season_table(players, 2, SeasonRules(), meetings).ranked] == [1, 1, 1, 4]


def test_head_to_head_is_taken_again_among_those_still_tied():
    from scoring.standings.season_rules import Meeting

    players = [
        PlayerSeason(1, "A", False, [ev(2, 900, 1)]),
        PlayerSeason(2, "B", False, [ev(2, 800, 1)]),
        PlayerSeason(3, "C", False, [ev(2, 800, 1)]),
    ]
    # B beat C; A (ahead on the best evening) beat B. Among B and C only B–C counts.
    meetings = [Meeting(0, (2,), (3,), 700, 600), Meeting(0, (1,), (2,), 700, 600)]
    rules = SeasonRules(tie_breaks=("best_evening", "head_to_head"))
    assert [r.name for r in season_table(players, 1, rules, meetings).ranked] == ["A", "B", "C"]


def test_the_number_of_evenings_breaks_a_tie():
    players = [
        PlayerSeason(1, "Once", False, [ev(4, 800, 1), None]),
        PlayerSeason(2, "Twice", False, [ev(2, 400, 1), ev(2, 400, 1)]),
    ]
    table = season_table(players, 2, SeasonRules(tie_breaks=("evenings",)))
    assert [r.name for r in table.ranked] == ["Twice", "Once"]
    table = season_table(players, 2, SeasonRules(tie_breaks=("best_evening",)))
    assert [r.name for r in table.ranked] == ["Once", "Twice"]


def test_places_over_the_season_after_each_evening():
    from scoring.standings.season_rules import places_over_season

    places = places_over_season(season(), 4, SeasonRules())
    # After evening 1: Bernd (950) ahead of Anna (900), both on 2; Gast and Clara not played yet.
    assert [p[0] for p in (places[2], places[1], places[3], places[4])] == [1, 2, None, None]
    assert places[4] == [None, None, None, 4]
    assert places[1][-1] == 1  # at the end Anna leads (as the whole-season table says)
