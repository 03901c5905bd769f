"""One folding of people's names, for the member import, the duplicate warnings and every search box; and the
one way a name is published (`published_name`), as the member's consent says.

Pure: no Django. `static/fold.js` (`Atout.fold`) folds a search box's words the same way, and
tests/tournaments/test_names.py runs both on one table of cases.

German umlauts are spelled out on both sides (DIN 5007-2): "Jürgen" and "Juergen" fold to "juergen", "Grünwald"
and "Gruenwald" to "gruenwald", while a genuine "ue" stays as it is ("Manuel" is "manuel" and matches only
itself). ß is "ss"; æ, œ and ø are "ae", "oe" and "oe"; any other accent is dropped ("Hélène" is "helene");
case goes, punctuation inside a word goes ("Müller-Lüdenscheidt" is "muellerluedenscheidt"), and runs of spaces
are one space.
"""

from __future__ import annotations

import unicodedata

_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "oe"})
_PLAIN = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o"})


def _fold(text: str, table: dict[int, str]) -> str:
    text = unicodedata.normalize("NFC", text).lower().translate(table)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.category(c).startswith("M"))
    words = ("".join(c for c in word if c.isalnum()) for word in text.split())
    return " ".join(word for word in words if word)


def fold_name(text: str) -> str:
    """`text` folded for comparing names: "  JÜRGEN  Petersen" → "juergen petersen" (see the module)."""
    return _fold(text, _SPELLED_OUT)


def name_keys(text: str) -> tuple[str, ...]:
    """The keys under which two spellings of a name count as the same person: `fold_name`, and the name with
    the umlauts as plain letters when that differs. "Jürgen" has ("juergen", "jurgen"), so both "Juergen" and
    "Jurgen" find him; "Manuel" has only ("manuel",), so it is never taken for a "Manul"."""
    folded, plain = fold_name(text), _fold(text, _PLAIN)
    return (folded,) if plain == folded else (folded, plain)


def search_text(*parts: str) -> str:
    """The text a search box matches its folded words against: the parts folded, and once more with the
    umlauts as their plain letters when that differs, so that "Muller" finds Müller as "Müller" and
    "Mueller" do. Each word typed must be found in it (see `matches`)."""
    return " ".join(name_keys(" ".join(parts)))


def matches(query: str, text: str) -> bool:
    """Whether every word of `query`, folded, occurs in `text` (a `search_text`), as the search boxes filter."""
    return all(word in text for word in fold_name(query).split())


# A member's consent for publication (tournaments.models.Player.Publication holds the same codes, with words).
FULL, INITIALS, HIDDEN = "full", "initials", "hidden"


def initial(name: str) -> str:
    """The initial of each part of `name` as written, with a dot: "Anna" → "A.", "Hans-Peter" → "H.-P.",
    "van Dijk" → "v. D."; "" for an empty name."""
    words = []
    for word in name.split():
        parts = word.split("-")
        words.append("-".join(f"{p[0]}." for p in parts if p))
    return " ".join(w for w in words if w)


def published_name(first: str, last: str, publication: str, *, withheld: str, last_first: bool = False) -> str:
    """The name the public may see, as the member's consent `publication` says: FULL "Anna Müller", INITIALS
    "A. M.", HIDDEN (or any unknown code: the safe reading) the `withheld` words, which the caller translates.
    With `last_first`, the last name comes first ("Müller, Anna", "M., A."), for lists sorted by name."""
    if publication == FULL:
        first, last = first.strip(), last.strip()
    elif publication == INITIALS:
        first, last = initial(first), initial(last)
    else:
        return withheld
    if last_first and first and last:
        return f"{last}, {first}"
    return f"{first} {last}".strip()
