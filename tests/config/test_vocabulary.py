"""One vocabulary: the game's codes are listed in `scoring/rules/words.py`, their words in the labels modules.

The codes (sides A/B, seats N/E/S/W, suits, trumps, ranks in order, outcomes) come from the rules core's
`scoring.rules.words`; every table from such codes to words lives in `scoring/labels.py` (the scoring side) or
`tournaments/labels.py` (the tournaments' side). This test reads every other module of `scoring/`,
`tournaments/` and `config/` with `ast` (no Django, no imports of the modules read) and fails, naming
file:line, on

- a **word table**: a dict literal with at least two keys of one family of codes whose values at those keys
  are all words: a string, an f-string, a gettext call (`_`, `gettext_lazy`, `pgettext`, ...) or a list of
  codes (a code list per code, as `SIDE_SEATS`);
- a **choices list**: a list or tuple of at least two `(code, word)` pairs of one family (a model's or a
  form's choices, as `[("A", _("North/South")), ("B", _("East/West"))]`);
- a **code list**: a list, tuple or set of strings only that is the two sides, or holds every seat, every
  suit, at least four ranks or at least three outcomes.

Data is not vocabulary: a dict keyed by the sides whose values are numbers or expressions (the per-team
totals `{"A": 0, "B": 0}`, `{"A": row.score_a, "B": row.score_b}` of the API's JSON shapes and the engine's
hot path), seat dicts of player ids, and a comparison with one code (`side == "A"`) all pass. Left out:
migrations (frozen history), the labels modules and the rules core `scoring/rules/`, which has its own
finer check (`tests/scoring/rules/test_rules_words.py`: there per-rank card values and the trick strengths
order the ranks as rules, not as the list). The pairing core `tournaments/pairing` is read like the rest:
it takes its seats from the rules core's words, a pure module as it is (import-linter allows
`tournaments.** -> scoring.rules.**`).
"""

from __future__ import annotations

import ast
from pathlib import Path

from scoring.rules import words

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "tournaments", "config")
LEFT_OUT = {
    Path("scoring/labels.py"),
    Path("tournaments/labels.py"),
}
LEFT_OUT_FOLDERS = {Path("scoring/rules")}

FAMILIES = {
    "sides": set(words.TEAMS),
    "seats": set(words.SEATS),
    "suits": set(words.SUITS),
    "trumps": set(words.TRUMPS),
    "ranks": set(words.RANKS),
    "outcomes": set(words.OUTCOMES),
}
CODES = set().union(*FAMILIES.values())
# The names a word is made with: Django's translation functions as this code base imports them.
WORD_CALLS = {
    "_",
    "_lazy",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "pgettext",
    "pgettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "npgettext",
    "npgettext_lazy",
}


def _code(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _strings(node: ast.AST) -> list[str] | None:
    """The items of a list, tuple or set literal made of strings only, else None."""
    if isinstance(node, ast.List | ast.Tuple | ast.Set) and node.elts:
        items = [_code(e) for e in node.elts]
        if all(item is not None for item in items):
            return [item for item in items if item is not None]
    return None


def _is_word(node: ast.AST) -> bool:
    if _code(node) is not None or isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in WORD_CALLS
    items = _strings(node)
    return items is not None and set(items) <= CODES


def _keyed(pairs: list[tuple[str, ast.AST]]) -> str | None:
    """The family of codes `pairs` map to words, if at least two keys of one family do."""
    for family, codes in FAMILIES.items():
        hits = [value for key, value in pairs if key in codes]
        if len(hits) >= 2 and all(_is_word(value) for value in hits):
            return family
    return None


def _code_list(items: list[str]) -> str | None:
    found = set(items)
    if found == FAMILIES["sides"]:
        return "the sides"
    for family in ("seats", "suits"):
        if FAMILIES[family] <= found:
            return f"every {family[:-1]}"
    if len(found & FAMILIES["ranks"]) >= 4:
        return "ranks"
    if len(found & FAMILIES["outcomes"]) >= 3:
        return "outcomes"
    return None


def vocabulary_in(path: Path) -> list[str]:
    """Every word table, choices list and code list of one module, as "file:line: what"."""
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Dict):
            pairs = [(key, v) for k, v in zip(node.keys, node.values, strict=True) if (key := _code(k)) is not None]
            if family := _keyed(pairs):
                found.append(f"{name}:{node.lineno}: a dict from {family} to words")
        items = _strings(node)
        if items is not None:
            if what := _code_list(items):
                found.append(f"{name}:{node.lineno}: a list of {what} {tuple(items)}")
        elif isinstance(node, ast.List | ast.Tuple) and len(node.elts) >= 2:
            pairs = [
                (key, e.elts[1])
                for e in node.elts
                if isinstance(e, ast.Tuple) and len(e.elts) == 2 and (key := _code(e.elts[0])) is not None
            ]
            if len(pairs) == len(node.elts) and (family := _keyed(pairs)):
                found.append(f"{name}:{node.lineno}: choices from {family} to words")
    return found


def _modules() -> list[Path]:
    paths = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts or relative in LEFT_OUT:
                continue
            if any(relative.is_relative_to(folder) for folder in LEFT_OUT_FOLDERS):
                continue
            paths.append(path)
    return paths


def test_no_module_spells_out_the_codes_or_their_words():
    modules = _modules()
    assert {ROOT / "scoring" / "sheets" / "forms.py", ROOT / "tournaments" / "pairing" / "types.py"} <= set(modules)
    found = [item for path in modules for item in vocabulary_in(path)]
    assert found == [], (
        "Take the codes from scoring.rules.words and their words from scoring/labels.py (or tournaments/labels.py):\n"
        + "\n".join(found)
    )


def test_the_check_finds_the_tables_where_they_live():
    # The labels modules and the words module hold every kind the check looks for; so the check still sees them.
    labels = "\n".join(found for app in ("scoring", "tournaments") for found in vocabulary_in(ROOT / app / "labels.py"))
    for family in ("sides", "seats", "suits", "ranks"):
        assert f"a dict from {family} to words" in labels
    core = "\n".join(vocabulary_in(ROOT / "scoring" / "rules" / "words.py"))
    for what in ("the sides", "every seat", "every suit", "ranks"):
        assert f"a list of {what}" in core
    assert "a dict from sides to words" in core  # SIDE_SEATS, OTHER


def test_the_checks_rule(tmp_path):
    module = tmp_path / "sample.py"
    module.write_text(
        "TOTALS = {'A': 0, 'B': 0}\n"  # data
        "SCORE = {'A': row.a, 'B': row.b}\n"  # data
        "SEATED = {'N': p[0], 'E': q[0], 'S': p[1], 'W': q[1]}\n"  # data
        "ok = side == 'A' or trump in ('hearts', 'diamonds')\n"  # one code, two suits
        "LABELS = {'A': _('North/South'), 'B': _('East/West')}\n"
        "CHOICES = [('', _('nobody')), ('A', _('North/South')), ('B', _('East/West'))]\n"
        "SYMBOLS = {'hearts': '♥', 'spades': '♠'}\n"
        "ORDER = ('7', '8', '9', '10', 'J', 'Q', 'K', 'A')\n"
        "for team in ('A', 'B'): pass\n"
        "DONE = ['made', 'inside', 'passed']\n"
    )
    found = [line.split(": ", 1)[1] for line in vocabulary_in(module)]
    assert found == [
        "a dict from sides to words",
        "choices from sides to words",
        "a dict from suits to words",
        "a list of ranks ('7', '8', '9', '10', 'J', 'Q', 'K', 'A')",
        "a list of the sides ('A', 'B')",
        "a list of outcomes ('made', 'inside', 'passed')",
    ]


def test_the_labels_name_every_code_and_no_other():
    from scoring import labels

    assert list(labels.SIDE_LABELS) == list(words.TEAMS) == list(labels.SIDE_SHORT)
    choices = labels.SIDE_CHOICES
    assert choices == [(side, labels.SIDE_LABELS[side]) for side in words.TEAMS]
    assert list(labels.SEAT_LABELS) == list(words.SEATS)
    assert list(labels.RANK_LABELS) == list(words.RANKS) == list(labels.RUN_RANKS)
    assert set(labels.TRUMP_LABELS) == set(labels.TRUMP_NAMES) == set(words.TRUMPS)
    assert set(labels.TRUMP_SHORT) == {words.NO_TRUMP, words.ALL_TRUMP}
    for table in (labels.OUTCOME_LABELS, labels.OUTCOME_WORDS, labels.CALCULATOR_OUTCOMES):
        assert list(table) == list(words.OUTCOMES)
    assert set(labels.WINNER_LABELS) == {*words.TEAMS, "draw"}


def test_the_labels_read_in_german():
    # Each word is a msgid the catalogue holds: the public deal lines' "litige" and "hanging" once were marked
    # with an alias (`_lazy`) that makemessages does not know, so they stayed English on German pages.
    from django.utils import translation

    from scoring import labels

    tables = (
        labels.SIDE_LABELS,
        labels.TRUMP_LABELS,
        labels.TRUMP_NAMES,
        labels.OUTCOME_LABELS,
        labels.OUTCOME_WORDS,
        labels.CALCULATOR_OUTCOMES,
    )
    with translation.override("en"):
        english = [[str(word) for word in table.values()] for table in tables]
    with translation.override("de"):
        german = [[str(word) for word in table.values()] for table in tables]
    same = [
        word
        for en, de in zip(english, german, strict=True)
        for word, other in zip(en, de, strict=True)
        if word == other
    ]
    assert same == []
