"""`manage.py score_sheet FILE` (or `-` for stdin): score a game JSON (spec §6) and print the result JSON.

Exit status: 0 for a valid sheet, 1 for an invalid one (the result, with its errors, is still printed),
2 when the input cannot be read as JSON (a one-line message on stderr, no traceback).
"""

from __future__ import annotations

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext, ngettext

from scoring.rules import score_game


class Command(BaseCommand):
    help = "Score a game (a sheet of deals, JSON as in the rules spec §6) and print the result as JSON."
    stealth_options = ("stdin",)

    def add_arguments(self, parser):
        parser.add_argument("file", help="the game JSON file, or - to read standard input")
        parser.add_argument(
            "--language",
            help="language of the error messages: "
            + ", ".join(code for code, _ in settings.LANGUAGES)
            + " (default: English)",
        )
        parser.add_argument("--compact", action="store_true", help="print the result on one line")

    def handle(self, *args, **options):
        language = options["language"]
        if language and language not in {code for code, _ in settings.LANGUAGES}:
            choices = ", ".join(code for code, _ in settings.LANGUAGES)
            raise CommandError(f"Unknown language {language!r}; choose one of {choices}.", returncode=2)
        with translation.override(language):  # the command's own messages in the language asked for, too
            text = self._read(options["file"], options.get("stdin") or sys.stdin)
        try:
            game = json.loads(text)
        except json.JSONDecodeError as exc:
            where = options["file"]
            with translation.override(language):
                message = gettext("%(where)s is not valid JSON: %(error)s at line %(line)d, column %(column)d.") % {
                    "where": where if options["file"] != "-" else gettext("standard input"),
                    "error": exc.msg,
                    "line": exc.lineno,
                    "column": exc.colno,
                }
            raise CommandError(message, returncode=2) from None
        with translation.override(language):
            result = score_game(game, translate=gettext if language else None, ngettext=ngettext if language else None)
        indent = None if options["compact"] else 2
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=indent))
        if not result["valid"]:
            count = len(result["errors"])
            with translation.override(language):
                message = ngettext(
                    "The sheet is invalid: %(count)d error, see errors in the result.",
                    "The sheet is invalid: %(count)d errors, see errors in the result.",
                    count,
                ) % {"count": count}
            raise CommandError(message, returncode=1)

    @staticmethod
    def _read(path: str, stdin) -> str:
        if path == "-":
            return stdin.read()
        try:
            with open(path, encoding="utf-8") as fh:
                return fh.read()
        except FileNotFoundError:
            raise CommandError(gettext("No such file: %(path)s") % {"path": path}, returncode=2) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(
                gettext("Cannot read %(path)s: %(error)s") % {"path": path, "error": exc}, returncode=2
            ) from None
