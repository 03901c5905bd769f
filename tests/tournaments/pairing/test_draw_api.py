"""The public API: dispatch, options, user errors with codes, flag registry, purity."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tournaments.pairing as pairing
from tournaments.pairing import (
    FLAG_CODES,
    METHODS,
    USER_ERROR_CODES,
    DrawFatalError,
    DrawRequest,
    DrawUserError,
    Entrant,
    History,
    Table,
    generate_draw,
)
from tournaments.pairing.flags import BYE_FLAGS, PAIRING_FLAGS, TABLE_FLAGS


def team(i, **kw):
    return Entrant(i, (10 * i, 10 * i + 1), **kw)


def player(i, **kw):
    return Entrant(i, (100 + i,), **kw)


def error_of(request):
    with pytest.raises(DrawUserError) as caught:
        generate_draw(request)
    return caught.value.code, caught.value.params


def test_unknown_method_and_options_are_refused_with_codes():
    four = [team(i) for i in range(4)]
    assert error_of(DrawRequest("knockout", four)) == ("unknown_method", {"method": "knockout"})
    assert error_of(DrawRequest("swiss", four, options={"colour": 1})) == (
        "unknown_option",
        {"option": "colour", "method": "swiss"},
    )
    assert error_of(DrawRequest("round_robin", four, options={"window": 8})) == (
        "unknown_option",
        {"option": "window", "method": "round_robin"},
    )
    code, params = error_of(DrawRequest("swiss", four, options={"window": 2}))
    assert code == "invalid_option" and params["option"] == "window" and params["value"] == 2
    code, params = error_of(DrawRequest("random", four, options={"avoid_same_club": "yes"}))
    assert code == "invalid_option" and params["option"] == "avoid_same_club"


def test_options_never_leak_into_the_class_defaults():
    before = {name: dict(cls.DEFAULT_OPTIONS) for name, cls in METHODS.items()}
    generate_draw(DrawRequest("swiss", [team(i) for i in range(4)], options={"window": 6, "avoid_same_club": False}))
    generate_draw(DrawRequest("melee", [player(i) for i in range(8)], options={"attempts": 2}))
    assert {name: dict(cls.DEFAULT_OPTIONS) for name, cls in METHODS.items()} == before


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        (DrawRequest("swiss", [team(1)]), ("too_few_entrants", {"method": "swiss", "minimum": 2, "count": 1})),
        (
            DrawRequest("melee", [player(i) for i in range(3)]),
            ("too_few_entrants", {"method": "melee", "minimum": 4, "count": 3}),
        ),
        (DrawRequest("swiss", [team(1), team(1)]), ("duplicate_entrant", {"entrant": 1})),
        (
            DrawRequest("swiss", [team(1), Entrant(2, (10, 99))]),
            ("duplicate_player", {"player": 10, "entrant": 1, "other": 2}),
        ),
        (
            DrawRequest("swiss", [team(1), Entrant(2, (5,))]),
            ("team_size", {"entrant": 2, "count": 1, "method": "swiss", "expected": 2}),
        ),
        (
            DrawRequest("melee", [player(1), player(2), player(3), team(4)]),
            ("team_size", {"entrant": 4, "count": 2, "method": "melee", "expected": 1}),
        ),
        (
            DrawRequest("random", [team(1), team(2, byes=-1)]),
            ("invalid_entrant", {"entrant": 2, "field": "byes", "rule": "0 or more"}),
        ),
        (
            DrawRequest("random", [team(1), team(2, score=float("nan"))]),
            ("invalid_entrant", {"entrant": 2, "field": "score", "rule": "a finite number"}),
        ),
        (DrawRequest("random", [team(1), team(2)], tables=[Table(1), Table(1)]), ("duplicate_table", {"table": 1})),
        (DrawRequest("random", [team(1), team(2)], tables=[Table(0)]), ("invalid_table", {"table": 0})),
        (
            DrawRequest("random", [team(1, fixed_table=4), team(2)], tables=[Table(1), Table(2)]),
            ("unknown_fixed_table", {"entrant": 1, "table": 4}),
        ),
        (DrawRequest("random", [team(1), team(2)], round_number=0), ("invalid_round_number", {"round_number": 0})),
    ],
)
def test_bad_input_is_a_user_error_naming_field_and_numbers(request_, expected):
    assert error_of(request_) == expected
    assert expected[0] in USER_ERROR_CODES
    # The English text names the numbers (for logs and the docs; the edge translates the code).
    text = str(DrawUserError(expected[0], **expected[1]))
    assert "{" not in text


def test_fatal_errors_are_not_user_errors():
    with pytest.raises(DrawFatalError):
        DrawUserError("no_such_code")
    assert not issubclass(DrawFatalError, DrawUserError)


def test_flag_registry_is_complete_and_partitioned():
    assert set(FLAG_CODES) == PAIRING_FLAGS | TABLE_FLAGS | BYE_FLAGS
    assert not (PAIRING_FLAGS & TABLE_FLAGS or PAIRING_FLAGS & BYE_FLAGS or TABLE_FLAGS & BYE_FLAGS)
    assert all(isinstance(text, str) and text for text in FLAG_CODES.values())


def test_every_flag_a_generator_raises_is_registered():
    history = History(opponents={0: {1, 2, 3}, 1: {2, 3}, 2: {3}}, partners={100: {101, 102, 103}})
    seen = set()
    for method, entrants in [
        ("swiss", [team(i, club_id=1, score=float(i), byes=1, fixed_table=1 if i == 4 else None) for i in range(5)]),
        ("random", [team(i, club_id=1, needs_step_free=True) for i in range(4)]),
        ("round_robin", [team(i) for i in range(5)]),
        ("melee", [player(i) for i in range(4)]),
    ]:
        draw = generate_draw(DrawRequest(method, entrants, history, round_number=2, seed=1))
        seen |= {f for g in draw.games for f in g.flags} | {f for b in draw.byes for f in b.flags}
    assert seen <= set(FLAG_CODES)
    assert {"rematch_no_alternative", "same_club", "pulled_up", "repeat_bye", "schedule_bye"} <= seen
    assert {"repeated_partner_no_alternative", "repeated_opponent", "step_free_unmet", "fixed_table"} <= seen


def test_the_core_imports_nothing_from_django():
    package = Path(pairing.__file__).parent
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(name.split(".")[0] in {"django", "rest_framework", "celery"} for name in names), path


def test_public_api_is_exported():
    for name in pairing.__all__:
        assert hasattr(pairing, name)
