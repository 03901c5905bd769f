"""The codes of the game are listed once in the core, in scoring/rules/words.py; the other modules import them."""

import ast
from pathlib import Path

from scoring.rules import words

CORE = Path(__file__).resolve().parents[3] / "scoring" / "rules"
# Code lists that no other module of the core may spell out again, in any order (the rank order: as it is;
# the trick strengths in cards.py order the same ranks otherwise, and are rules, not the list).
CODE_SETS = {
    "SUITS": set(words.SUITS),
    "TEAMS": set(words.TEAMS),
    "SEATS": set(words.SEATS),
    "TRUMPS": set(words.TRUMPS),
    "OUTCOMES": set(words.OUTCOMES),
}
# Tables keyed by every code of a list (a symbol or a word per code) live in words.py too. Per-team numbers
# ({"A": 0, "B": 0}) and per-rank card values are data, not words, and are not counted here.
KEY_SETS = {name: CODE_SETS[name] for name in ("SUITS", "SEATS", "TRUMPS", "OUTCOMES")}


def _strings(node: ast.AST) -> list[str] | None:
    if isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts:
        values = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return values if len(values) == len(node.elts) else None
    return None


def copies_in(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        values = _strings(node)
        if values is not None:
            if tuple(values) == words.RANKS:
                found.append(f"{path.name}:{node.lineno} RANKS")
            found += [f"{path.name}:{node.lineno} {name}" for name, codes in CODE_SETS.items() if set(values) == codes]
        if isinstance(node, ast.Dict) and node.keys:
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            found += [f"{path.name}:{node.lineno} keyed by {name}" for name, codes in KEY_SETS.items() if keys == codes]
    return found


def test_the_code_lists_are_spelt_out_in_words_only():
    assert copies_in(CORE / "words.py")  # the check finds the lists where they are
    copies = [copy for path in sorted(CORE.glob("*.py")) if path.name != "words.py" for copy in copies_in(path)]
    assert copies == []


def test_seats_and_sides_agree():
    assert [seat for team in words.TEAMS for seat in words.SIDE_SEATS[team]] == ["N", "S", "E", "W"]
    assert set(words.SEATS) == {seat for seats in words.SIDE_SEATS.values() for seat in seats}
    assert words.OTHER == {"A": "B", "B": "A"}
    assert (*words.SUITS, words.NO_TRUMP, words.ALL_TRUMP) == words.TRUMPS
    assert set(words.KIND_OF_TRUMP) == set(words.TRUMPS)
    assert set(words.KIND_OF_TRUMP.values()) == set(words.CONTRACT_KINDS)
