"""The README's opening: the two commands first, then how to start an empty installation (issue 19, item 12),
through a make target that exists and loads nothing, to the first-account page that exists."""

from __future__ import annotations

import re
from pathlib import Path

from django.urls import resolve

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_opens_with_the_two_commands_then_the_empty_installation():
    readme = (ROOT / "README.md").read_text()
    block = re.match(r"# Atout\n\n```sh\n(.*?)\n```\n\n(.*?)\n\n", readme, re.S)
    assert block, "the README opens with its code block and a paragraph after it"
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    assert commands == ["make demo", "make test"]
    after = block.group(2)
    assert "`/accounts/setup/`" in after or "/accounts/setup/`" in after
    assert "`make serve`" in after
    assert resolve("/accounts/setup/").url_name == "first_account"


def test_make_serve_migrates_and_serves_without_the_demo():
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^serve: \$\(STAMP\)\n((?:\t.*\n)+)", makefile, re.M)
    assert recipe, "the Makefile has a serve target"
    assert "migrate" in recipe.group(1) and "runserver" in recipe.group(1)
    assert "load_demo" not in recipe.group(1)
