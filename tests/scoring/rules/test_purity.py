"""The rules engine is a pure core: no Django anywhere, importable in any process, messages extractable."""

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CORE = ROOT / "scoring" / "rules"


def test_no_django_import_in_the_core():
    for path in CORE.glob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(name.split(".")[0] in ("django", "rest_framework") for name in names), path


def test_importable_without_settings_and_without_loading_django():
    code = (
        "import sys, scoring.rules as r; "
        "res = r.score_game({'rules': 'hoheluft', 'deals': [{'contract': None}]}); "
        "assert res['valid']; "
        "assert not [m for m in sys.modules if m == 'django' or m.startswith('django.')], 'django loaded'"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_every_message_template_is_marked_for_extraction():
    tree = ast.parse((CORE / "messages.py").read_text())
    [assign] = [n for n in tree.body if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") == "MESSAGES"]
    assert isinstance(assign.value, ast.Dict)
    for value in assign.value.values:
        assert isinstance(value, ast.Call)
        # gettext_noop(template), or ngettext_lazy(singular, plural, count param) for plural forms; both are
        # names Django's makemessages extracts.
        marker = getattr(value.func, "id", "")
        assert marker in ("gettext_noop", "ngettext_lazy")
        texts = value.args if marker == "gettext_noop" else value.args[:2]
        assert len(texts) == (1 if marker == "gettext_noop" else 2) and len(value.args) == (
            1 if marker == "gettext_noop" else 3
        )
        assert all(isinstance(text, ast.Constant) for text in texts), "templates are plain literals (no f-strings)"
