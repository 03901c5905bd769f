"""Rendering a problem in the reader's language: the spec's error object {deal, field, code, message}.

Params are numbers, strings shown as given (`show`), or small values (`Card`, `Setting`, …) that render
themselves in the reader's language: German cards are B, D, K, A, French V, D, R, A; settings by their label.
A broken catalogue never hides an error: every lookup falls back to the English text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from scoring.rules.messages import (
    DEAL_PREFIX,
    FIELD_WORDS,
    MESSAGES,
    MULTIPLIER_WORDS,
    OR_LIST,
    PLAY_WORDS,
    PRESET_LABELS,
    SETTING_LABELS,
    SETTING_VALUE_LABELS,
    TABLE_LABELS,
    Plural,
)
from scoring.rules.words import ANNOUNCEMENT_WORDS, CONTRACT_WORDS, RANK_WORDS, RANKS, SUIT_SYMBOLS

CONTEXT_SEPARATOR = "\x04"  # how gettext catalogues key a message with a context (as Django's pgettext does)


class Translator:
    """The reader's language: `gettext` and `ngettext` from the edge (English when None). A failing catalogue
    must not hide an error, so every lookup falls back to the English text."""

    __slots__ = ("_gettext", "_ngettext")

    def __init__(self, translate: Callable[[str], str] | None, ngettext: Callable[[str, str, int], str] | None):
        self._gettext = translate
        self._ngettext = ngettext

    def text(self, message: str) -> str:
        if self._gettext is None:
            return message
        try:
            found = self._gettext(message)
        except Exception:
            return message
        return found if isinstance(found, str) else message

    def word(self, context: str, message: str) -> str:
        found = self.text(context + CONTEXT_SEPARATOR + message)
        return message if CONTEXT_SEPARATOR in found else found

    def plural(self, singular: str, plural: str, number: int) -> str:
        english = singular if number == 1 else plural
        if self._ngettext is not None:
            try:
                found = self._ngettext(singular, plural, number)
            except Exception:
                return english
            return found if isinstance(found, str) else english
        return self.text(english)


ENGLISH = Translator(None, None)


class Words:
    """A param that renders itself in the reader's language; str() is the English text."""

    __slots__: tuple[str, ...] = ()

    def localize(self, tr: Translator) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.localize(ENGLISH)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self), self._key()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key()!r}"

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)


class Rank(Words):
    __slots__ = ("rank",)

    def __init__(self, rank: str):
        self.rank = rank

    def localize(self, tr: Translator) -> str:
        word = RANK_WORDS.get(self.rank)
        return tr.word("card rank", word) if word else self.rank


class Suit(Words):
    __slots__ = ("suit",)

    def __init__(self, suit: str):
        self.suit = suit

    def localize(self, tr: Translator) -> str:
        return SUIT_SYMBOLS.get(self.suit) or tr.text(CONTRACT_WORDS.get(self.suit, self.suit))


class Card(Words):
    """'K♥' in English, 'K♥' in German (König), 'R♥' in French (roi); a jack is B (Bube), V (valet)."""

    __slots__ = ("rank", "suit")

    def __init__(self, suit: str, rank: str):
        self.suit = suit
        self.rank = rank

    def localize(self, tr: Translator) -> str:
        return Rank(self.rank).localize(tr) + SUIT_SYMBOLS[self.suit]


class Announcement(Words):
    """'tierce K♠', 'quinte (6) A♥', 'carré J': the kind in the reader's words, then the top card or rank."""

    __slots__ = ("length", "rank", "suit", "type")

    def __init__(self, type: str, suit: str | None, rank: str, length: int):
        self.type = type
        self.suit = suit
        self.rank = rank
        self.length = length

    def localize(self, tr: Translator) -> str:
        kind = AnnouncementKind(self.type).localize(tr)
        if self.suit is None:
            return f"{kind} {Rank(self.rank).localize(tr)}"
        if self.length > 5:
            kind = f"{kind} ({self.length})"
        return f"{kind} {Card(self.suit, self.rank).localize(tr)}"


class AnnouncementKind(Words):
    __slots__ = ("type",)

    def __init__(self, type: str):
        self.type = type

    def localize(self, tr: Translator) -> str:
        word = ANNOUNCEMENT_WORDS.get(self.type)
        return tr.word("announcement", word) if word else self.type


class RuleSetName(Words):
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def localize(self, tr: Translator) -> str:
        return tr.text(PRESET_LABELS.get(self.name, self.name))


class Setting(Words):
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def localize(self, tr: Translator) -> str:
        return tr.text(SETTING_LABELS.get(self.name, self.name))


class SettingValue(Words):
    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Any):
        self.name = name
        self.value = value

    def localize(self, tr: Translator) -> str:
        label = SETTING_VALUE_LABELS.get((self.name, self.value)) if isinstance(self.value, str) else None
        return tr.text(label) if label else show(self.value)


class Table(Words):
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def localize(self, tr: Translator) -> str:
        label = TABLE_LABELS.get(self.name)
        return tr.text(label) if label else show(self.name)


class Multiplier(Words):
    __slots__ = ("family", "value")

    def __init__(self, value: int, family: str):
        self.value = value
        self.family = family

    def localize(self, tr: Translator) -> str:
        label = MULTIPLIER_WORDS.get((self.value, self.family))
        return tr.text(label) if label else str(self.value)


class FieldName(Words):
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def localize(self, tr: Translator) -> str:
        label = FIELD_WORDS.get(self.name)
        return tr.text(label) if label else self.name


class PlayField(Words):
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def localize(self, tr: Translator) -> str:
        label = PLAY_WORDS.get(self.name)
        return tr.text(label) if label else self.name


class Choices(Words):
    """Allowed values in words: 'A, B or C' in the reader's language."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Any, ...]):
        self.items = tuple(items)

    def localize(self, tr: Translator) -> str:
        words = [_text(item, tr) for item in self.items]
        if len(words) <= 1:
            return "".join(words)
        return tr.text(OR_LIST).format(items=", ".join(words[:-1]), last=words[-1])


def field_keys(keys: Any) -> Choices:
    """The keys a JSON object takes, as they are sent ("contract", "tricks" or "belote"), for unknown_field:
    they are names to type, not words to translate, so they are quoted in every language."""
    return Choices(tuple(show(key) for key in keys))


class RunOrder(Words):
    """The sequence order of runs, 7 8 9 10 J Q K A, with the reader's card letters."""

    __slots__ = ()

    def localize(self, tr: Translator) -> str:
        return " ".join(Rank(rank).localize(tr) for rank in RANKS)


class Problem(NamedTuple):
    """A validation failure before rendering: where, which rule (code), and the numbers (params)."""

    deal: int | None
    field: str
    code: str
    params: dict[str, Any]


_SAFE_DIGITS = 4000  # below the interpreter's int-to-str limit (4300 digits), which raises ValueError


def _huge(value: int) -> bool:
    return value.bit_length() > _SAFE_DIGITS * 3.32  # log2(10) bits per digit


def _tame(value: Any, depth: int = 0) -> Any:
    """`value` with integers too long to print replaced by a short description (JSON-like values only)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"<a number of {round(value.bit_length() * 0.30103)} digits>" if _huge(value) else value
    if depth > 50:
        return "..."
    if isinstance(value, dict):
        return {str(_tame(k, depth + 1)) if isinstance(k, int) else k: _tame(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_tame(v, depth + 1) for v in value]
    return value


def show(value: Any) -> str:
    """A short, language-neutral rendering of a user-supplied value for messages. Never raises."""
    if isinstance(value, int) and not isinstance(value, bool) and _huge(value):
        return str(_tame(value))
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except RecursionError:
        text = f"<deeply nested {type(value).__name__}>"
    except (TypeError, ValueError):
        # Not JSON (a set, an int too long to print, keys of mixed types): describe it without failing.
        try:
            text = json.dumps(_tame(value), ensure_ascii=False, sort_keys=True, default=repr)
        except (TypeError, ValueError, RecursionError):
            text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _text(value: Any, tr: Translator) -> str:
    if isinstance(value, Words):
        return value.localize(tr)
    if isinstance(value, int) and not isinstance(value, bool):
        return _tame(value) if _huge(value) else str(value)
    return str(value)


def _message(problem: Problem, tr: Translator) -> str:
    template = MESSAGES[problem.code]
    params = {name: _text(value, tr) for name, value in problem.params.items()}
    if isinstance(template, Plural):
        count = problem.params.get(template.count_param, 0)
        number = count if isinstance(count, int) and not _huge(count) else 2
        text = tr.plural(template.singular, template.plural, number).format(**params)
    else:
        text = tr.text(template).format(**params)
    if problem.deal is not None:
        text = tr.text(DEAL_PREFIX).format(number=problem.deal + 1, message=text)
    return text


def render(
    problem: Problem,
    translate: Callable[[str], str] | None = None,
    ngettext: Callable[[str, str, int], str] | None = None,
) -> dict[str, Any]:
    """The spec's error object {deal, field, code, message}, the message in `translate`'s language (Django's
    `gettext`; pass `ngettext` too for plural forms). Never raises: a broken translation falls back to
    English."""
    message = None
    if translate is not None or ngettext is not None:
        try:
            message = _message(problem, Translator(translate, ngettext))
        except Exception:
            message = None  # a broken translation must not hide the error: fall back to English
    if message is None:
        message = _message(problem, ENGLISH)
    return {"deal": problem.deal, "field": problem.field, "code": problem.code, "message": message}
