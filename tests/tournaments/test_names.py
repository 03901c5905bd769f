"""One name folding (tournaments/names.py) for the import, the duplicate warnings and every search box, and
its twin in the browser (static/fold.js): both are run on the same table of cases, the script under node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tournaments.names import fold_name, matches, name_keys, search_text

FOLD_JS = Path(__file__).resolve().parents[2] / "static" / "fold.js"

# (written, folded): DIN 5007-2 spells the umlauts out on both sides; a genuine "ue" stays.
CASES = [
    ("Jürgen Petersen", "juergen petersen"),
    ("Juergen Petersen", "juergen petersen"),
    ("Monika Grünwald", "monika gruenwald"),
    ("  MONIKA   GRUENWALD ", "monika gruenwald"),
    ("Müller-Lüdenscheidt", "muellerluedenscheidt"),
    ("Mueller", "mueller"),
    ("Jörg Schröder", "joerg schroeder"),
    ("Käthe Bäcker", "kaethe baecker"),
    ("KÄTHE BÄCKER", "kaethe baecker"),
    ("Gerd Strauß", "gerd strauss"),
    ("Gerd STRAUẞ", "gerd strauss"),
    ("Manuel Samuel", "manuel samuel"),
    ("Raphaël Michael", "raphael michael"),
    ("Hélène Lefèvre", "helene lefevre"),
    ("François D'Arçy", "francois darcy"),
    ("Œdipe Søren Ærø", "oedipe soeren aeroe"),
    ("Ju\u0308rgen", "juergen"),  # ü typed as u + combining diaeresis
    ("Anke\tHansen\u00a0", "anke hansen"),
    ("12 Die Asse", "12 die asse"),
    ("—", ""),
]


@pytest.mark.parametrize(("written", "folded"), CASES)
def test_python_folds_each_case(written, folded):
    assert fold_name(written) == folded


def test_the_browser_folds_every_case_as_the_server_does():
    node = shutil.which("node")
    assert node, "node is needed to run static/fold.js (it runs eslint in make lint too)"
    script = (
        "global.window = {};"
        f"require({json.dumps(str(FOLD_JS))});"
        "const names = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(names.map(window.Atout.fold)));"
    )
    written = [w for w, _ in CASES] + ["Ähm ÖL Übel", "ǅemal ﬁne Ⅻ", "İstanbul ΣΟΦΟΣ"]
    out = subprocess.run([node, "-e", script], input=json.dumps(written), capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [fold_name(w) for w in written]


def test_transliterations_are_the_same_person_and_a_genuine_ue_is_not_an_umlaut():
    assert set(name_keys("Jürgen Müller")) & set(name_keys("Juergen Mueller"))
    assert set(name_keys("Jürgen Müller")) & set(name_keys("Jurgen Muller"))
    assert name_keys("Manuel") == ("manuel",)
    assert not set(name_keys("Manuel")) & set(name_keys("Manul"))
    assert not set(name_keys("Samuel Raphael")) & set(name_keys("Samul Raphal"))


def test_search_finds_every_spelling_of_an_umlaut_and_needs_every_word():
    text = search_text("7", "Die Asse", "Jürgen Müller")
    for query in ("jürgen", "Juergen", "jurgen", "MÜLL", "muell", "mull", "asse 7", "  Jürgen   müller "):
        assert matches(query, text), query
    for query in ("manuel", "jürgen petersen", "muelr"):
        assert not matches(query, text), query
    assert matches("manuel", search_text("Manuel")) and not matches("manul", search_text("Manuel"))
