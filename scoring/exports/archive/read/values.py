"""Reading an event archive: each value checked against the model field it goes into (`Reader`), and the
error that names its path in the archive (`fail`)."""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from scoring.exports.archive.schema import JSON_SHAPES, STAMPED, ArchiveError, Part
from scoring.models import MAX_REASON

#: (model, field name) of every moment Django stamps on insert (auto_now, auto_now_add).
STAMPED_FIELDS = {(model, name) for model, names in STAMPED for name in names}


def fail(path: str, message: str) -> ArchiveError:
    """The error for the value at `path` in the archive (e.g. `rounds[2].games[5].sheet`)."""
    return ArchiveError(f"{path}: {message}")


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true/false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


def _check_text(value: str, path: str) -> None:
    if "\x00" in value:
        raise fail(path, _("text must not contain a NUL character."))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise fail(path, _("text must be valid Unicode (a lone surrogate is not a character).")) from None


def _check_json(value: Any, path: str) -> None:
    """Only what PostgreSQL's jsonb can hold: finite numbers, text without NUL, valid Unicode."""
    if isinstance(value, str):
        _check_text(value, path)
    elif isinstance(value, float) and not math.isfinite(value):
        raise fail(path, _("numbers must be finite; got %(value)s.") % {"value": value})
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_json(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, path)
            _check_json(item, f"{path}.{key}")


def _check_shape(value: Any, shape: str | None, path: str) -> None:
    if shape in ("object", "rule set") and not isinstance(value, dict):
        raise fail(path, _("must be an object; got %(type)s.") % {"type": type_name(value)})
    if shape in ("list", "list of text") and not isinstance(value, list):
        raise fail(path, _("must be a list; got %(type)s.") % {"type": type_name(value)})
    if shape == "list of text":
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise fail(f"{path}[{i}]", _("must be text; got %(type)s.") % {"type": type_name(item)})
    if shape == "rule set":
        if not isinstance(value.get("rules"), str):
            raise fail(f"{path}.rules", _("must be the name of a rule set (text)."))
        if not isinstance(value.get("options", {}), dict):
            raise fail(f"{path}.options", _("must be an object."))


class Reader:
    """Values of the archive, checked against the model field they go into."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def obj(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise fail(path, _("must be an object; got %(type)s.") % {"type": type_name(value)})
        return value

    def items(self, parent: dict, key: str, path: str) -> list:
        value = parent.get(key, [])
        if not isinstance(value, list):
            raise fail(
                f"{path}.{key}" if path else key, _("must be a list; got %(type)s.") % {"type": type_name(value)}
            )
        return value

    def ref(self, parent: dict, key: str, kind: type, path: str, *, null: bool = False) -> Any:
        """A reference (player key, start number, link key, author): `kind` or, when `null`, missing/None."""
        where = f"{path}.{key}"
        value = self.obj(parent, path).get(key)
        if value is None:
            if null:
                return None
            raise fail(where, _("is missing."))
        if not isinstance(value, kind) or isinstance(value, bool):
            raise fail(
                where,
                _("must be %(kind)s; got %(type)s.")
                % {"kind": _("a whole number") if kind is int else _("text"), "type": type_name(value)},
            )
        if isinstance(value, str):
            _check_text(value, where)
        return value

    def part(self, data: Any, part: Part, path: str) -> dict:
        """The archived fields of one row, each checked and converted; missing optional fields are left out
        (the model's default applies), stamped moments default to now."""
        data = self.obj(data, path)
        out = {}
        for name in part.fields:
            field = part.model._meta.get_field(name)
            where = f"{path}.{name}"
            if name not in data:
                if (part.model, name) in STAMPED_FIELDS:
                    out[name] = self.now
                elif not (field.null or field.has_default() or field.blank):
                    raise fail(where, _("is missing."))
                continue
            out[name] = self.value(data[name], field, where)
            if out[name] is None and (part.model, name) in STAMPED_FIELDS:
                out[name] = self.now
        return out

    def value(self, value: Any, field: models.Field, path: str) -> Any:
        kind = field.get_internal_type()
        if value is None:
            if field.null or (field.model, field.name) in STAMPED_FIELDS:
                return None
            raise fail(path, _("must not be empty (null)."))
        if kind == "BooleanField":
            if not isinstance(value, bool):
                raise fail(path, _("must be true or false; got %(type)s.") % {"type": type_name(value)})
        elif kind.endswith("IntegerField"):
            if isinstance(value, bool) or not isinstance(value, int):
                raise fail(path, _("must be a whole number; got %(type)s.") % {"type": type_name(value)})
            # The portable ranges (PostgreSQL's), not the backend's: SQLite would take any 64-bit number, and an
            # archive read into the demo must be one that PostgreSQL takes too.
            low, high = BaseDatabaseOperations.integer_field_ranges[kind]
            if not (low is None or low <= value) or not (high is None or value <= high):
                raise fail(
                    path,
                    _("must be a whole number from %(low)s to %(high)s; got %(value)s.")
                    % {"low": low, "high": high, "value": value},
                )
        elif kind == "DecimalField":
            if isinstance(value, bool) or not isinstance(value, str | int | float):
                raise fail(path, _("must be a number; got %(type)s.") % {"type": type_name(value)})
            try:
                value = Decimal(str(value))
            except InvalidOperation:
                value = None
            if value is None or not value.is_finite():
                raise fail(path, _("must be a number."))
        elif kind in ("DateTimeField", "DateField"):
            parsed = None
            if isinstance(value, str) and len(value) <= 40:
                try:
                    parsed = parse_datetime(value) if kind == "DateTimeField" else parse_date(value)
                except ValueError:
                    parsed = None
            if parsed is None:
                raise fail(
                    path,
                    _("must be a date and time (ISO 8601); got %(value)s.") % {"value": repr(value)[:60]}
                    if kind == "DateTimeField"
                    else _("must be a date (YYYY-MM-DD); got %(value)s.") % {"value": repr(value)[:60]},
                )
            if kind == "DateTimeField" and not timezone.is_aware(parsed):
                parsed = timezone.make_aware(parsed)
            value = parsed
        elif kind == "JSONField":
            _check_json(value, path)
            _check_shape(value, JSON_SHAPES.get((field.model, field.name)), path)
            return value
        else:  # text: CharField, TextField, SlugField, GenericIPAddressField, UUIDField
            if not isinstance(value, str):
                raise fail(path, _("must be text; got %(type)s.") % {"type": type_name(value)})
            _check_text(value, path)
            if field.max_length is None and len(value) > MAX_REASON:
                raise fail(
                    path,
                    _("must have at most %(max)s characters; got %(got)s.") % {"max": MAX_REASON, "got": len(value)},
                )
        try:
            field.validate(value, None)  # choices, blank
            field.run_validators(value)  # length, range, slug, IP address
            if kind in ("GenericIPAddressField", "UUIDField"):  # a UUID that is no UUID: a 500 on insert
                value = field.to_python(value)
        except ValidationError as exc:
            raise fail(path, " ".join(exc.messages)) from None
        return value
