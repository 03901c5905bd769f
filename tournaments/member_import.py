"""Members by the list: a pasted list or a CSV file read into a preview, then stored in one go.

`member_lines_read(text=..., club=...)` parses without storing: one `MemberLine` per non-empty line, each with
its problem (a bad line, named by its number and what is wrong) or its duplicate warnings (the same person
already in the club, or twice in the list). `members_import(club=..., text=..., skip=...)` reads the list
again (the page sends the text, not a stored draft) and creates every line not skipped, in one transaction;
a single bad line refuses the whole list and stores nothing.

A line holds first name, last name and optionally an email, whether the member is a junior ("ja", "x",
"yes", "oui"; empty: no) and the name on public pages (the member's consent: "Initialen", "voll",
"verborgen", or the choice's own words in German, English or French; empty: the club's default), separated
by tabs (a spreadsheet paste), semicolons or commas (seen line by line); a line with one column is
"First Last" (the last word is the last name). A first line that reads as column titles (Vorname, Nachname,
...) is skipped.
"""

from __future__ import annotations

import codecs
import csv
import math
from dataclasses import dataclass, field
from typing import Any

from charset_normalizer import from_bytes
from charset_normalizer.utils import is_multi_byte_encoding
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Club, Player
from tournaments.names import name_keys
from tournaments.services.history import club_log_add

MAX_LINES = 1000
MAX_BYTES = 512 * 1024
# A line longer than this is no member (two names and an email); read no further than that, far below the csv
# module's field limit (131,072 characters), which would otherwise end the page in a 500.
MAX_LINE_CHARS = 1000
NAME_LENGTH = Player._meta.get_field("first_name").max_length
HEADER_WORDS = {
    "first name",
    "firstname",
    "vorname",
    "prénom",
    "prenom",
    "last name",
    "lastname",
    "surname",
    "nachname",
    "nom",
    "name",
    "email",
    "e-mail",
    "mail",
    "courriel",
    "junior",
    "jugend",
    "jugendlich",
    "jeune",
    "publication",
    "veröffentlichung",
    "einwilligung",
    "consent",
    "name on public pages",
    "name öffentlich",
    "nom public",
}
YES_WORDS = {"ja", "j", "x", "yes", "y", "oui", "o", "1", "true", "wahr", "vrai"}
NO_WORDS = {"", "nein", "n", "no", "non", "0", "false", "falsch", "faux", "-"}
# Short words for the consent, beside each choice's own label in the three languages (read at each import).
PUBLICATION_WORDS = {
    Player.Publication.FULL: {"voll", "vollständig", "ganz", "full", "complet", "entier"},
    Player.Publication.INITIALS: {"initialen", "initials", "initiales", "kürzel"},
    Player.Publication.HIDDEN: {"verborgen", "keine", "nicht", "hidden", "none", "masqué", "masque", "aucun"},
}


class MemberListError(ValueError):
    """The list as a whole cannot be read (too long, not text); the message says why."""


@dataclass
class MemberLine:
    number: int
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    is_junior: bool = False
    publication: str = ""  # a Player.Publication value; empty: the model's default
    problem: str = ""
    duplicates: list[str] = field(default_factory=list)  # names of club members this line may repeat
    repeats_line: int | None = None  # an earlier line of the list with the same name

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def publication_label(self) -> str:
        return str(Player.Publication(self.publication).label) if self.publication else ""

    @property
    def is_duplicate(self) -> bool:
        return bool(self.duplicates) or self.repeats_line is not None


def member_file_size_check(size: int) -> None:
    """Refuse a file over MAX_BYTES, saying its real size (rounded up: 512 KB and one byte is 513 KB)."""
    if size > MAX_BYTES:
        raise MemberListError(
            _("The file has %(size)s KB; at most %(max)s KB are read.")
            % {"size": math.ceil(size / 1024), "max": MAX_BYTES // 1024}
        )


def member_file_decode(raw: bytes) -> tuple[str, str]:
    """A CSV upload's text and the encoding it was read in (empty for UTF-8, the usual case).

    A byte-order mark decides: UTF-8 or UTF-16 (Excel's "Unicode text"). Then UTF-8 when the bytes are
    UTF-8. Otherwise an encoding of several bytes a character (Shift-JIS, GBK, Big5, ...) when
    charset-normalizer finds one that reads the file cleanly; else Windows-1252, as Excel writes it in Germany.
    The caller tells the organiser which encoding was assumed."""
    member_file_size_check(len(raw))
    if raw.startswith(codecs.BOM_UTF8):
        return raw[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace"), ""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16"), "UTF-16"
        except UnicodeDecodeError:
            raise MemberListError(_("The file says it is UTF-16 but is not; save it as CSV (UTF-8).")) from None
    try:
        return raw.decode("utf-8"), ""
    except UnicodeDecodeError:
        pass
    if b"\x00" in raw:
        raise MemberListError(_("The file is not a text or CSV file."))
    best = from_bytes(raw).best()
    if best is not None and is_multi_byte_encoding(best.encoding):
        try:
            return raw.decode(best.encoding), codecs.lookup(best.encoding).name
        except (UnicodeDecodeError, LookupError):
            pass
    return raw.decode("cp1252", errors="replace"), "Windows-1252"


def member_file_text(raw: bytes) -> str:
    """A CSV upload's text (see member_file_decode)."""
    return member_file_decode(raw)[0]


def _delimiter(line: str) -> str | None:
    """Each line its own: a paste may mix a spreadsheet's tabs with typed semicolons."""
    for delimiter in ("\t", ";", ","):
        if delimiter in line:
            return delimiter
    return None


def _columns(line: str, delimiter: str | None) -> list[str]:
    if delimiter is None:
        return [line.strip()]
    return [cell.strip() for cell in next(csv.reader([line], delimiter=delimiter))]


def _read_line(number: int, cells: list[str]) -> MemberLine:
    cells = list(cells)
    while cells and not cells[-1]:
        cells.pop()
    line = MemberLine(number=number)
    if len(cells) == 2 and "@" in cells[1]:
        # "Émile Zola;emile@…": the whole name in one cell, then the email (never an email as last name).
        words = cells[0].split()
        cells = [" ".join(words[:-1]), words[-1], cells[1]] if len(words) > 1 else [cells[0], "", cells[1]]
    if len(cells) == 1:
        words = cells[0].split()
        if len(words) < 2:
            line.first_name = cells[0]
            line.problem = _("Line %(line)s: “%(text)s” has no last name; write first and last name.") % {
                "line": number,
                "text": cells[0],
            }
            return line
        cells = [" ".join(words[:-1]), words[-1]]
    if len(cells) > 5:
        line.problem = _(
            "Line %(line)s has %(count)s columns; expected 2 to 5: first name, last name, email, junior, "
            "name on public pages."
        ) % {"line": number, "count": len(cells)}
        return line
    cells += [""] * (5 - len(cells))
    line.first_name, line.last_name, line.email = cells[0], cells[1], cells[2]
    junior, publication = cells[3].casefold(), cells[4].casefold()
    if junior in YES_WORDS:
        line.is_junior = True
    elif junior not in NO_WORDS:
        line.problem = _("Line %(line)s: junior reads “%(text)s”; write “yes” or leave it empty.") % {
            "line": number,
            "text": cells[3],
        }
        return line
    if publication:
        line.publication = _publication_of(publication)
        if not line.publication:
            line.problem = _(
                "Line %(line)s: the name on public pages reads “%(text)s”; write one of %(choices)s, or leave it empty."
            ) % {"line": number, "text": cells[4], "choices": ", ".join(f"“{c.label}”" for c in Player.Publication)}
            return line
    if not line.first_name:
        line.problem = _("Line %(line)s: the first name is empty.") % {"line": number}
    elif not line.last_name:
        line.problem = _("Line %(line)s: the last name is empty.") % {"line": number}
    elif len(line.first_name) > NAME_LENGTH or len(line.last_name) > NAME_LENGTH:
        line.problem = _("Line %(line)s: a name has at most %(max)s characters.") % {"line": number, "max": NAME_LENGTH}
    elif line.email:
        try:
            validate_email(line.email)
        except ValidationError:
            line.problem = _("Line %(line)s: “%(email)s” is not an email address.") % {
                "line": number,
                "email": line.email,
            }
    return line


def _publication_of(word: str) -> str:
    """The consent a cell names (casefolded), by its short words or its label in de, en or fr; "" if none."""
    for choice in Player.Publication:
        labels = set()
        for language in ("de", "en", "fr"):
            with translation.override(language):
                labels.add(str(choice.label).casefold())
        if word in PUBLICATION_WORDS[choice] or word in labels:
            return choice.value
    return ""


def member_lines_read(*, text: str, club: Club) -> list[MemberLine]:
    """The list's lines with their problems and duplicate warnings; stores nothing. Two queries at most.

    Raises MemberListError when the list is empty or longer than MAX_LINES."""
    numbered = [(n, raw) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if not numbered:
        raise MemberListError(_("The list is empty: paste one member per line."))
    if len(numbered) > MAX_LINES:
        raise MemberListError(
            _("The list has %(count)s lines; at most %(max)s are read at once.")
            % {"count": len(numbered), "max": MAX_LINES}
        )
    long_lines = [n for n, raw in numbered if len(raw) > MAX_LINE_CHARS]
    if long_lines:
        raise MemberListError(
            ngettext(
                "Line %(lines)s has more than %(max)s characters; a line holds one member's names and email.",
                "Lines %(lines)s have more than %(max)s characters; a line holds one member's names and email.",
                len(long_lines),
            )
            % {"lines": ", ".join(str(n) for n in long_lines[:10]), "max": MAX_LINE_CHARS}
        )
    first_cells = _columns(numbered[0][1], _delimiter(numbered[0][1]))
    if first_cells and all(cell.casefold() in HEADER_WORDS for cell in first_cells if cell):
        numbered = numbered[1:]
    rows = [(n, _columns(raw, _delimiter(raw))) for n, raw in numbered]
    # A row of bare separators (";;", a spreadsheet's empty CSV row) is blank like an empty line.
    lines = [_read_line(n, cells) for n, cells in rows if any(cells)]
    if not lines:
        raise MemberListError(_("The list is empty: paste one member per line."))

    # One name folding for the import, the duplicate warnings and the searches (tournaments.names): "Juergen
    # Petersen" and "Jurgen Petersen" are the club's Jürgen Petersen, in either order of the two names.
    club_names: dict[str, list[Player]] = {}
    for player in Player.objects.filter(club=club).only("first_name", "last_name"):
        for key in name_keys(f"{player.first_name} {player.last_name}"):
            club_names.setdefault(key, []).append(player)
    seen: dict[str, int] = {}
    for line in lines:
        if line.problem:
            continue
        own = name_keys(f"{line.first_name} {line.last_name}")
        keys = own + name_keys(f"{line.last_name} {line.first_name}")
        found = {player.pk: player for key in keys for player in club_names.get(key, [])}
        line.duplicates = [str(player) for player in found.values()]
        line.repeats_line = next((seen[key] for key in keys if key in seen), None)
        for key in own:
            seen.setdefault(key, line.number)
    return lines


def members_import(
    *, club: Club, text: str, skip: set[int] | frozenset[int] = frozenset(), user: Any = None
) -> list[Player]:
    """Create a player for every line of `text` whose number is not in `skip`, in one transaction.

    Raises ValidationError (field "text") naming every bad line, and stores nothing, when any line not
    skipped is bad."""
    lines = member_lines_read(text=text, club=club)
    bad = [line.problem for line in lines if line.problem and line.number not in skip]
    if bad:
        raise ValidationError({"text": bad})
    players = [
        Player(
            club=club,
            first_name=line.first_name,
            last_name=line.last_name,
            email=line.email,
            is_junior=line.is_junior,
            **({"publication": line.publication} if line.publication else {}),
        )
        for line in lines
        if line.number not in skip
    ]
    if not players:
        raise ValidationError({"text": [_("Every line is skipped: nothing to import.")]})
    with transaction.atomic():
        created = Player.objects.bulk_create(players)
        # Every name, so the history answers "who added her?" for an imported member too.
        club_log_add(
            club=club, action="members_imported", user=user, count=len(created), names=[str(p) for p in created]
        )
    return created


def members_import_summary(count: int) -> str:
    return ngettext("%(count)s member imported.", "%(count)s members imported.", count) % {"count": count}
