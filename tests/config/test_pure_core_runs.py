"""The pure cores' tests run without Django at all, as the design promises (`pytest -p no:django`)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pure_core_tests_pass_without_the_django_plugin():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:django", "-p", "no:cacheprovider",
         "tests/tournaments/pairing/test_tables.py", "tests/scoring/rules/test_rules_purity.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "error" not in result.stdout.lower().split("passed")[-1]
