"""`manage.py score_sheet`: file and stdin in, result JSON out; bad input gives a clear error, no traceback."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parents[3]
GAME = {
    "rules": "hoheluft",
    "options": {"deals": 2},
    "deals": [
        {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 81, "B": 81}},
        {"contract": {"taker": "B", "trump": "clubs"}, "tricks": {"A": 62, "B": 100}, "belote": ["B"]},
    ],
}


def run(*args, stdin=None):
    out = io.StringIO()
    call_command("score_sheet", *args, stdout=out, stdin=stdin)
    return json.loads(out.getvalue())


def test_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    result = run(str(path))
    # Litige 81-81 (81 held from A), then B makes 100 + 20 belote and collects the 81.
    assert result["deals"][1] == {
        "outcome": "made",
        "score": {"A": 62, "B": 201},
        "held": 0,
        "collected": "B",
        "errors": [],
    }
    assert result["totals"] == {"A": 62, "B": 282}
    assert (result["finished"], result["winner"]) == (True, "B")


def test_stdin():
    assert run("-", stdin=io.StringIO(json.dumps(GAME)))["totals"] == {"A": 62, "B": 282}


def test_compact_output_is_one_line(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    out = io.StringIO()
    call_command("score_sheet", str(path), "--compact", stdout=out)
    assert out.getvalue().strip().count("\n") == 0


def test_invalid_sheet_prints_the_errors_and_fails(tmp_path):
    bad = {
        "rules": "hoheluft",
        "deals": [{"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}}],
    }
    out = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("score_sheet", "-", stdout=out, stdin=io.StringIO(json.dumps(bad)))
    assert raised.value.returncode == 1
    result = json.loads(out.getvalue())
    assert result["errors"][0]["message"] == "Deal 1: Trick points must add up to 162; got 92 + 72 = 164."


def test_bad_json():
    with pytest.raises(CommandError) as raised:
        run("-", stdin=io.StringIO('{"rules": "hoheluft",'))
    assert raised.value.returncode == 2
    assert "standard input is not valid JSON" in str(raised.value)
    assert "line 1" in str(raised.value)


def test_missing_file(tmp_path):
    with pytest.raises(CommandError) as raised:
        run(str(tmp_path / "nope.json"))
    assert "No such file" in str(raised.value)


def test_unknown_language():
    with pytest.raises(CommandError) as raised:
        run("-", "--language", "xx", stdin=io.StringIO("{}"))
    assert "Unknown language" in str(raised.value)


def test_language_option_uses_the_catalogue(monkeypatch):
    # The messages go through gettext in the chosen language; stand in for a German catalogue.
    from django.utils import translation

    import scoring.management.commands.score_sheet as command

    seen = []

    def fake_gettext(message):
        seen.append(translation.get_language())
        return message

    monkeypatch.setattr(command, "gettext", fake_gettext)
    bad = {"rules": "hoheluft", "deals": [{"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 1}}]}
    with pytest.raises(CommandError):
        run("-", "--language", "de", stdin=io.StringIO(json.dumps(bad)))
    assert seen and set(seen) == {"de"}


def _manage(*args, stdin=""):
    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY", "dev")}
    return subprocess.run(
        [sys.executable, "manage.py", "score_sheet", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def test_real_process_bad_json_has_no_traceback():
    done = _manage("-", stdin="{oops")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "not valid JSON" in done.stderr
    assert done.stdout == ""


def test_real_process_valid_sheet():
    done = _manage("-", stdin=json.dumps(GAME))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == "B"
