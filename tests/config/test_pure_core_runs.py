"""The pure cores' tests run without Django at all, as the design promises (`pytest -p no:django`)."""

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pure_core_tests_pass_without_the_django_plugin():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:django",
            "-p",
            "no:cacheprovider",
            "tests/tournaments/pairing/test_tables.py",
            "tests/scoring/rules/test_purity.py",
            "tests/scoring/rules/test_presets_hoheluft.py",  # and the shared rules_helpers
            "tests/scoring/public/test_chart.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "error" not in result.stdout.lower().split("passed")[-1]


PURE_CORES = {"scoring.rules": ROOT / "scoring" / "rules", "tournaments.pairing": ROOT / "tournaments" / "pairing"}
# Pure modules that stand alone, next to Django code in their package.
PURE_MODULES = {"scoring.public.chart": ROOT / "scoring" / "public" / "chart.py"}
FORBIDDEN = ("django", "rest_framework", "celery", "config")


def _core_modules() -> list[str]:
    return sorted(
        [
            package if path.name == "__init__.py" else f"{package}.{path.stem}"
            for package, folder in PURE_CORES.items()
            for path in folder.glob("*.py")
        ]
        + list(PURE_MODULES)
    )


def _core_files() -> list[Path]:
    return [path for folder in PURE_CORES.values() for path in folder.glob("*.py")] + list(PURE_MODULES.values())


def test_every_file_of_the_pure_cores_imports_without_django():
    modules = _core_modules()
    assert {"tournaments.pairing.swiss", "scoring.rules.game", "scoring.public.chart"} <= set(modules)
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "assert not loaded, loaded\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]


def test_no_file_of_the_pure_cores_names_django():
    files = _core_files()
    assert all(path.is_file() for path in PURE_MODULES.values())
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else []
            else:
                continue
            assert not any(name.split(".")[0] in FORBIDDEN for name in names), (path, names)
