"""score_game never raises (issue 11): hostile values anywhere in a sheet, above all integers past the
interpreter's 4,300-digit limit for printing them, which used to raise ValueError in the messages."""

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import PRESETS, ruleset_errors, score_game

LIMIT = sys.get_int_max_str_digits() or 4300
HUGE = [10**LIMIT, -(10**LIMIT), 10 ** (LIMIT * 3) + 7, 2**20_000]

# Hypothesis prints what it draws, and printing a huge integer raises: draw a marker, put the number in later.
MARKERS = {f"<huge {i}>": number for i, number in enumerate(HUGE)}
hostile_ints = st.one_of(
    st.sampled_from(sorted(MARKERS)),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-2, max_value=300),
)
scalars = st.one_of(hostile_ints, st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=8))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6,
)
teams = st.one_of(st.sampled_from(["A", "B", None]), values)


@st.composite
def deals(draw):
    contract = {
        "taker": draw(teams),
        "trump": draw(st.one_of(st.sampled_from(["hearts", "all_trump", "no_trump"]), values)),
    }
    for key in ("bid", "multiplier"):
        if draw(st.booleans()):
            contract[key] = draw(st.one_of(hostile_ints, values))
    deal = {"contract": contract}
    if draw(st.booleans()):
        deal["tricks"] = {"A": draw(hostile_ints), "B": draw(hostile_ints)}
    for key in ("capot", "last_trick", "eldest"):
        if draw(st.booleans()):
            deal[key] = draw(teams)
    if draw(st.booleans()):
        deal["belote"] = draw(st.lists(st.one_of(teams, st.fixed_dictionaries({"team": teams, "suit": values}))))
    if draw(st.booleans()):
        run = {"type": "quinte", "suit": "clubs", "high": "A", "length": draw(hostile_ints)}
        deal["declarations"] = {"A": [run], "B": draw(st.one_of(values, st.just([{"type": "carre", "rank": "J"}])))}
    return deal


@st.composite
def games(draw):
    options = {}
    for name in draw(
        st.lists(
            st.sampled_from(
                ["deals", "target", "capot_total", "make_rule", "bid_max", "multipliers", "values", "litige"]
            ),
            max_size=3,
            unique=True,
        )
    ):
        if name == "values":
            options[name] = {draw(st.sampled_from(["trump", "plain", "no_trump"])): {"J": draw(hostile_ints)}}
        elif name == "multipliers":
            options[name] = draw(st.lists(hostile_ints, max_size=3))
        else:
            options[name] = draw(st.one_of(hostile_ints, values))
    return {
        "rules": draw(st.one_of(st.sampled_from(list(PRESETS)), hostile_ints)),
        "options": options,
        "deals": draw(st.lists(deals(), max_size=3)),
    }


def german(message: str) -> str:
    return "DE " + message


def plural(singular: str, plural_form: str, number: int) -> str:
    return "DE " + (singular if number == 1 else plural_form)


def with_huge_numbers(value):
    if isinstance(value, str):
        return MARKERS.get(value, value)
    if isinstance(value, list):
        return [with_huge_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: with_huge_numbers(v) for k, v in value.items()}
    return value


def check(result: dict) -> None:
    assert set(result) == {"valid", "deals", "totals", "held", "finished", "winner", "errors"}
    for error in result["errors"]:
        assert isinstance(error["message"], str) and error["message"]
        assert len(error["message"]) < 2000  # huge numbers are described, not printed in full


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(games())
def test_score_game_never_raises_on_hostile_sheets(game):
    game = with_huge_numbers(game)
    check(score_game(game))
    check(score_game(game, translate=german, ngettext=plural))


@given(st.sampled_from(sorted(MARKERS)))
def test_huge_integers_in_every_field_are_refused_with_a_message(marker):
    number = MARKERS[marker]
    deal = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": number, "B": 1}}
    for game in (
        number,
        {"rules": number, "deals": []},
        {"rules": "hoheluft", "options": {"target": number}, "deals": []},
        {"rules": "hoheluft", "options": {"values": {"trump": {"J": number}}}, "deals": []},
        {"rules": "hoheluft", "deals": number},
        {"rules": "hoheluft", "deals": [deal]},
        {"rules": "coinche", "deals": [{**deal, "contract": {"taker": "A", "trump": "hearts", "bid": number}}]},
        {
            "rules": "coinche",
            "deals": [{**deal, "contract": {"taker": "A", "trump": "hearts", "bid": 80, "multiplier": number}}],
        },
    ):
        result = score_game(game, translate=german, ngettext=plural)
        assert result["valid"] is False
        [error] = result["errors"]
        assert "digits" in error["message"], error
    [error] = ruleset_errors("hoheluft", {"deals": number})
    assert error["field"] == "options.deals" and "digits" in error["message"]
