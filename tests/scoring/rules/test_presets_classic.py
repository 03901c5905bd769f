"""classic (spec §4.3) and the French announcement comparison (§3), worked by hand."""

from scoring.rules import score_game


def game(*deals, rules="classic", **options):
    result = score_game({"rules": rules, "options": options, "deals": list(deals)})
    assert result["valid"], result["errors"]
    return result


def deal(taker="A", a=90, b=72, trump="hearts", A=(), B=(), **extra):
    out = {
        "contract": {"taker": taker, "trump": trump},
        "tricks": {"A": a, "B": b},
        "declarations": {"A": list(A), "B": list(B)},
    }
    out.update(extra)
    return out


def run(kind, suit, high, length=None):
    out = {"type": kind, "suit": suit, "high": high}
    if length:
        out["length"] = length
    return out


def carre(rank):
    return {"type": "carre", "rank": rank}


def score(*args, **kwargs):
    [result] = game(deal(*args, **kwargs))["deals"]
    return result["outcome"], result["score"]


def test_made_with_announcements():
    # 90 + tierce 20 = 110 against 72.
    assert score(A=[run("tierce", "clubs", "K")]) == ("made", {"A": 110, "B": 72})


def test_higher_value_wins_and_inside_takes_all_counted_announcements():
    # B's quarte (50) beats A's tierce (20): A counts nothing, 90 < 72 + 50, inside:
    # B scores 162 + 50.
    assert score(A=[run("tierce", "clubs", "K")], B=[run("quarte", "spades", "J")]) == ("inside", {"A": 0, "B": 212})


def test_the_winner_scores_all_its_announcements():
    # A's best (quarte 50) beats B's tierce; A also counts its own tierce: 90 + 70 = 160.
    declared = deal(A=[run("quarte", "clubs", "A"), run("tierce", "diamonds", "9")], B=[run("tierce", "spades", "A")])
    assert game(declared)["deals"][0]["score"] == {"A": 160, "B": 72}


def test_belote_sits_in_the_same_teams_run_and_is_never_compared():
    # K and Q of hearts (trump) in A's tierce J-Q-K: belote 20 + tierce 20 + 100.
    assert score(a=100, b=62, A=[run("tierce", "hearts", "K")], belote=["A"]) == ("made", {"A": 140, "B": 62})
    # A has only a belote: B's tierce is the only announcement, B counts it, A's belote still counts.
    assert score(B=[run("tierce", "spades", "A")], belote=["A"]) == ("made", {"A": 110, "B": 92})


def test_carre_beats_run_of_equal_value():
    # Quinte 8-Q (100) against carré of kings (100): the carré wins. 100 < 62 + 100: inside, B 162 + 100.
    assert score(a=100, b=62, A=[run("quinte", "spades", "Q")], B=[carre("K")]) == ("inside", {"A": 0, "B": 262})


def test_carre_order_between_equal_values():
    # Carré of aces beats carré of tens (both 100): A counts 100.
    assert score(a=62, b=100, A=[carre("A")], B=[carre("10")]) == ("made", {"A": 162, "B": 100})
    # Tens beat kings, kings beat queens.
    assert score(a=62, b=100, A=[carre("Q")], B=[carre("K")]) == ("inside", {"A": 0, "B": 262})
    assert score(a=62, b=100, A=[carre("K")], B=[carre("10")]) == ("inside", {"A": 0, "B": 262})
    # Jacks (200) over nines (150): 62 + 200 = 262 against 100.
    assert score(a=62, b=100, A=[carre("J")], B=[carre("9")]) == ("made", {"A": 262, "B": 100})


def test_runs_of_equal_value_longer_then_higher_then_trump():
    # A quinte of 6 beats a quinte of 5 (both 100).
    assert score(a=90, b=72, A=[run("quinte", "clubs", "A", 6)], B=[run("quinte", "spades", "A")]) == (
        "made",
        {"A": 190, "B": 72},
    )
    # Same length: the higher top card wins (K over 9). 90 < 72 + 20: inside.
    assert score(A=[run("tierce", "clubs", "9")], B=[run("tierce", "spades", "K")]) == ("inside", {"A": 0, "B": 182})
    assert score(a=100, b=62, A=[run("tierce", "clubs", "9")], B=[run("tierce", "spades", "K")]) == (
        "made",
        {"A": 100, "B": 82},
    )
    # Same length and top: the run in trumps wins (spades are trumps).
    assert score(trump="spades", A=[run("tierce", "spades", "A")], B=[run("tierce", "diamonds", "A")]) == (
        "made",
        {"A": 110, "B": 72},
    )


def test_exact_tie_cancels_all_announcements():
    # Two tierces to the ace, neither in trumps (hearts): nobody counts anything, not even A's other run.
    tied = deal(A=[run("tierce", "spades", "A"), run("tierce", "clubs", "10")], B=[run("tierce", "diamonds", "A")])
    assert game(tied)["deals"][0]["score"] == {"A": 90, "B": 72}


def test_exact_tie_goes_to_eldest_when_set():
    tied = deal(a=100, b=62, A=[run("tierce", "spades", "A")], B=[run("tierce", "diamonds", "A")], eldest="B")
    # B counts its 20: 100 > 62 + 20, made.
    assert game(tied, announcement_tie="eldest")["deals"][0]["score"] == {"A": 100, "B": 82}
    tied["eldest"] = "A"
    assert game(tied, announcement_tie="eldest")["deals"][0]["score"] == {"A": 120, "B": 62}


def test_eldest_tie_without_eldest_is_an_error():
    tied = deal(A=[run("tierce", "spades", "A")], B=[run("tierce", "diamonds", "A")])
    result = score_game({"rules": "classic", "options": {"announcement_tie": "eldest"}, "deals": [tied]})
    [error] = result["errors"]
    assert (error["field"], error["code"]) == ("eldest", "eldest_missing")
    assert error["message"] == (
        "Deal 1: The best announcements tie (tierce A♠); when a tie goes to the eldest team, name the eldest "
        "team of the deal."
    )


def test_void_announcements_after_capot():
    # B (taker) makes capot; A won the comparison with a carré of jacks but won no trick: void, and B does
    # not get its tierce either. A's belote still counts.
    capot = {
        "contract": {"taker": "B", "trump": "hearts"},
        "capot": "B",
        "belote": ["A"],
        "declarations": {"A": [carre("J")], "B": [run("tierce", "spades", "A")]},
    }
    assert game(capot)["deals"][0]["score"] == {"A": 20, "B": 252}
    # The capot team's own winning announcements count: 252 + 20.
    capot["declarations"] = {"A": [], "B": [run("tierce", "spades", "A")]}
    assert game(capot)["deals"][0]["score"] == {"A": 20, "B": 272}


def test_litige_holds_tricks_and_announcements_pays_belote():
    # 61 + tierce 20 + belote 20 = 101 against 101: B writes 101, A its belote, 81 held.
    tied = deal(a=61, b=101, A=[run("tierce", "clubs", "A")], belote=["A"])
    result = game(tied)
    assert result["deals"][0]["outcome"] == "litige"
    assert result["deals"][0]["score"] == {"A": 20, "B": 101}
    assert result["held"] == 81


def test_inside_with_defenders_capot_and_announcements():
    capot = {
        "contract": {"taker": "A", "trump": "hearts"},
        "capot": "B",
        "declarations": {"A": [], "B": [run("quarte", "clubs", "A")]},
    }
    assert game(capot)["deals"][0]["score"] == {"A": 0, "B": 302}


def test_target_game_end():
    made = deal(a=100, b=62, A=[], B=[])
    result = game(made, made, made, target=300)
    assert result["totals"] == {"A": 300, "B": 186}
    assert (result["finished"], result["winner"]) == (True, "A")


def test_both_past_the_target_higher_wins_level_plays_on():
    a_takes, b_takes = deal(a=100, b=62), deal(taker="B", a=62, b=100)
    result = game(a_takes, b_takes, target=150)
    assert result["totals"] == {"A": 162, "B": 162}
    assert result["finished"] is False  # level at the target: another deal
    result = game(a_takes, b_takes, deal(a=90, b=72), target=150)
    assert result["totals"] == {"A": 252, "B": 234}
    assert (result["finished"], result["winner"]) == (True, "A")


def test_target_end_returns_held_points():
    # B's litige holds 81 taken from B; A passes 150 on that very deal: the 81 go back to B.
    result = game(deal(a=100, b=62), deal(taker="B", a=81, b=81), target=150)
    assert result["deals"][1] == {
        "outcome": "litige",
        "score": {"A": 81, "B": 81},
        "held": 0,
        "collected": None,
        "errors": [],
    }
    assert result["totals"] == {"A": 181, "B": 143}
    assert (result["finished"], result["winner"]) == (True, "A")


def test_target_end_waits_while_points_are_held_if_set():
    result = game(deal(a=100, b=62), deal(taker="B", a=81, b=81), target=150, end_while_held=False)
    assert (result["finished"], result["held"]) == (False, 81)
    # B wins the next deal, collects its 81 and the totals are level again: play on.
    result = game(
        deal(a=100, b=62), deal(taker="B", a=81, b=81), deal(taker="B", a=62, b=100), target=150, end_while_held=False
    )
    assert result["totals"] == {"A": 243, "B": 243}
    assert result["finished"] is False
    result = game(
        deal(a=100, b=62), deal(taker="B", a=81, b=81), deal(taker="B", a=72, b=90), target=150, end_while_held=False
    )
    assert result["totals"] == {"A": 253, "B": 233}
    assert (result["finished"], result["winner"]) == (True, "A")
