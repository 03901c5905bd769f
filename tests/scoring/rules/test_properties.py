"""Property-based tests on really dealt random deals (hypothesis draws the seed) and on junk input."""

import copy
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.rules import build_ruleset, random_deal, random_game, score_game
from scoring.rules.deal import round_belot
from scoring.rules.words import KIND_OF_TRUMP

PRESETS = ("hoheluft", "dertele", "classic", "coinche", "belot")
seeds = st.integers(min_value=0, max_value=2**32 - 1)
SWAP = {"A": "B", "B": "A"}
VALUES = {"tierce": 20, "quarte": 50, "quinte": 100}
CARRES = {"J": 200, "9": 150}


def declared(deal, team):
    """A team's announced points, summed straight from the sheet."""
    items = (deal.get("declarations") or {}).get(team, [])
    return sum(VALUES[d["type"]] if d["type"] != "carre" else CARRES.get(d["rank"], 100) for d in items)


def belotes(deal):
    return 20 * len(deal.get("belote") or [])


def one(rules, deal, options=None):
    result = score_game({"rules": rules, "options": options or {}, "deals": [deal]})
    assert result["valid"], (deal, result["errors"])
    return result["deals"][0]


def swapped(deal):
    out = copy.deepcopy(deal)
    if out["contract"] is None:
        return out
    out["contract"]["taker"] = SWAP[out["contract"]["taker"]]
    if "tricks" in out:
        out["tricks"] = {"A": out["tricks"]["B"], "B": out["tricks"]["A"]}
    for key in ("last_trick", "capot", "eldest"):
        if out.get(key):
            out[key] = SWAP[out[key]]
    out["belote"] = [SWAP[b] if isinstance(b, str) else {**b, "team": SWAP[b["team"]]} for b in out["belote"]]
    if "declarations" in out:
        out["declarations"] = {"A": out["declarations"]["B"], "B": out["declarations"]["A"]}
    return out


@settings(deadline=None, max_examples=150)
@given(seed=seeds, rules=st.sampled_from(PRESETS))
def test_generated_deals_are_valid_and_reachable(seed, rules):
    deal = random_deal(random.Random(seed), rules, passed=False)
    result = one(rules, deal)
    assert result["outcome"] in ("made", "inside", "litige", "hanging")
    info = build_ruleset(rules).info(deal["contract"]["trump"])
    if deal["capot"] is None:
        assert deal["tricks"]["A"] + deal["tricks"]["B"] == info.deal_total
        assert deal["tricks"]["A"] in info.reach.totals
        assert deal["tricks"]["B"] in info.reach.totals


@settings(deadline=None, max_examples=150)
@given(seed=seeds, rules=st.sampled_from(("hoheluft", "dertele")))
def test_take_or_pass_sheet_sums(seed, rules):
    deal = random_deal(random.Random(seed), rules, passed=False)
    result = one(rules, deal, {"deals": 12})
    base = build_ruleset(rules).capot_total if deal["capot"] else 162
    written = result["score"]["A"] + result["score"]["B"]
    assert written + result["held"] == base + belotes(deal)


@settings(deadline=None, max_examples=150)
@given(seed=seeds)
def test_classic_sheet_sums(seed):
    deal = random_deal(random.Random(seed), "classic", passed=False)
    result = one("classic", deal)
    base = 252 if deal["capot"] else 162
    extra = result["score"]["A"] + result["score"]["B"] + result["held"] - base - belotes(deal)
    assert extra in (0, declared(deal, "A"), declared(deal, "B"))


@settings(deadline=None, max_examples=150)
@given(seed=seeds)
def test_coinche_sheet_sums(seed):
    deal = random_deal(random.Random(seed), "coinche", passed=False)
    result = one("coinche", deal)
    contract = deal["contract"]
    bid = 250 if contract["bid"] == "capot" else contract["bid"]
    counted = (0, declared(deal, "A"), declared(deal, "B"))
    rest = result["score"]["A"] + result["score"]["B"] - belotes(deal)
    if contract["multiplier"] == 1 and result["outcome"] == "made":
        base = 250 if deal["capot"] else 162
        assert rest - bid - base in counted
    elif contract["multiplier"] == 1:
        assert rest - 160 - bid in counted
    else:
        factor = contract["multiplier"]
        assert rest % factor == 0 and rest // factor - 160 - bid in counted


@settings(deadline=None, max_examples=200)
@given(seed=seeds)
def test_belot_rounded_sides_sum_to_16_or_26(seed):
    deal = random_deal(random.Random(seed), "belot", passed=False, multiplier=1)
    assume(not deal["belote"] and not deal.get("declarations") and deal["capot"] is None)
    result = one("belot", deal)
    expected = 16 if KIND_OF_TRUMP[deal["contract"]["trump"]] == "suit" else 26
    assert result["score"]["A"] + result["score"]["B"] + result["held"] == expected


@given(
    kind=st.sampled_from(("suit", "all_trump")),
    a=st.integers(0, 258),
    extra_a=st.integers(0, 40).map(lambda n: n * 10),
    extra_b=st.integers(0, 40).map(lambda n: n * 10),
)
def test_belot_rounding_keeps_the_sum(kind, a, extra_a, extra_b):
    total = 162 if kind == "suit" else 258
    assume(a <= total)
    x, y = a + extra_a, total - a + extra_b
    assume(x != y)
    tens = round_belot(x, kind, more=x > y) + round_belot(y, kind, more=y > x)
    assert tens == (16 if kind == "suit" else 26) + (extra_a + extra_b) // 10


@given(raw=st.integers(0, 130), capot_bonus=st.sampled_from((0, 90)))
def test_belot_no_trump_rounding_keeps_the_sum(raw, capot_bonus):
    x, y = 2 * raw + capot_bonus, 2 * (130 - raw)
    assume(x != y)
    assert round_belot(x, "no_trump", x > y) + round_belot(y, "no_trump", y > x) == (260 + capot_bonus) // 10


@settings(deadline=None, max_examples=150)
@given(seed=seeds, rules=st.sampled_from(PRESETS))
def test_swapping_the_teams_swaps_the_scores(seed, rules):
    deal = random_deal(random.Random(seed), rules, passed=False)
    options = {"deals": 12}
    straight, mirrored = one(rules, deal, options), one(rules, swapped(deal), options)
    assert straight["outcome"] == mirrored["outcome"]
    assert straight["score"] == {"A": mirrored["score"]["B"], "B": mirrored["score"]["A"]}
    assert straight["held"] == mirrored["held"]


@settings(deadline=None, max_examples=60)
@given(seed=seeds, rules=st.sampled_from(PRESETS))
def test_whole_games_are_valid_and_totals_are_the_sum_of_deal_scores(seed, rules):
    sheet = random_game(random.Random(seed), rules)
    result = score_game(sheet)
    assert result["valid"] and result["finished"]
    assert result["held"] == 0 or not build_ruleset(rules).end_while_held
    for team in "AB":
        assert result["totals"][team] == sum(d["score"][team] for d in result["deals"])
    assert result["winner"] in ("A", "B", None)
    if result["winner"]:
        loser = SWAP[result["winner"]]
        assert result["totals"][result["winner"]] > result["totals"][loser]


@settings(deadline=None, max_examples=60)
@given(seed=seeds, length=st.integers(1, 12))
def test_held_points_are_conserved_until_collected(seed, length):
    # Every deal puts 162 (252 on capot) + 20 per belote on the sheet or on hold; nothing is lost or made up.
    sheet = random_game(random.Random(seed), "hoheluft", {"deals": 30}, deals=length)
    result = score_game(sheet)
    produced = sum((252 if d["capot"] else 162) + belotes(d) for d in sheet["deals"] if d["contract"])
    assert result["totals"]["A"] + result["totals"]["B"] + result["held"] == produced
    running = 0
    for deal in result["deals"]:
        running = deal["held"]
        assert running >= 0
    assert running == result["held"]


json_leaves = st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=True) | st.text(max_size=8)
junk = st.recursive(
    json_leaves | st.sampled_from(["A", "B", "hearts", "no_trump", "all_trump", "capot", "tierce", "carre", "K", "J"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "rules",
                    "options",
                    "deals",
                    "contract",
                    "taker",
                    "trump",
                    "bid",
                    "multiplier",
                    "tricks",
                    "A",
                    "B",
                    "capot",
                    "belote",
                    "declarations",
                    "type",
                    "suit",
                    "high",
                    "rank",
                    "length",
                    "team",
                    "eldest",
                    "last_trick",
                    "values",
                    "deals",
                    "target",
                    "x",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@settings(deadline=None, max_examples=300)
@given(sheet=junk)
def test_score_game_never_raises_on_junk(sheet):
    result = score_game(sheet)
    assert set(result) == {"valid", "deals", "totals", "held", "finished", "winner", "errors"}
    assert result["valid"] is (not result["errors"])


@settings(deadline=None, max_examples=300)
@given(seed=seeds, rules=st.sampled_from(PRESETS), piece=junk, data=st.data())
def test_junk_inside_a_real_sheet_gives_errors_not_exceptions(seed, rules, piece, data):
    sheet = random_game(random.Random(seed), rules, deals=3)
    # Replace one node somewhere in the sheet with junk.
    node, path = sheet, []
    while isinstance(node, dict | list) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(list(node) if isinstance(node, dict) else list(range(len(node)))))
        path.append(key)
        node = node[key]
    if not path:
        sheet = piece
    else:
        parent = sheet
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = piece
    result = score_game(sheet)
    for error in result["errors"]:
        assert set(error) == {"deal", "field", "code", "message"}


JUNK_VALUES = [
    None,
    True,
    0,
    -1,
    1.5,
    float("nan"),
    10**30,
    "",
    "A",
    "x",
    [],
    [1],
    {},
    {"a": 1},
    [[]],
    {"type": []},
    "capot",
    "hearts",
]


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*path, i))


@pytest.mark.parametrize("rules", PRESETS)
def test_every_node_of_real_sheets_replaced_by_junk(rules):
    # Deterministic sweep: each node of a few real sheets (with every setting spelled out in options) is
    # replaced in turn by each kind of junk; scoring answers with errors, never an exception.
    rng = random.Random(11)
    for n in range(4):
        sheet = random_game(rng, rules, deals=2)
        sheet["options"] = build_ruleset(rules).as_dict() if n % 2 else {}
        for path in list(_paths(sheet)):
            for junk_value in JUNK_VALUES:
                mutated = copy.deepcopy(sheet)
                if not path:
                    mutated = junk_value
                else:
                    node = mutated
                    for key in path[:-1]:
                        node = node[key]
                    node[path[-1]] = junk_value
                result = score_game(mutated)
                assert result["valid"] is (not result["errors"])
