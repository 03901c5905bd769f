"""What every service of the package shares: a validated save, and setting the allowed fields of a form's data."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Model
from django.utils.translation import gettext_lazy as _

_M = TypeVar("_M", bound=Model)


def save_validated(instance: _M, *, exclude: Iterable[str] | None = None) -> _M:
    """full_clean() then save(); a database constraint that still fails becomes a ValidationError."""
    instance.full_clean(exclude=list(exclude or ()))
    try:
        with transaction.atomic():
            instance.save()
    except IntegrityError as exc:
        raise ValidationError(_("This conflicts with existing data: %(error)s") % {"error": exc}) from exc
    return instance


def signed_in(user: Any) -> Any:
    """The account a history row, a stamp or an author field records: `user` when signed in, else nobody (an
    anonymous visitor, a table's phone, a task with no user)."""
    return user if user is not None and user.is_authenticated else None


def apply_fields(instance: Model, data: dict[str, Any], allowed: Iterable[str]) -> list[str]:
    """Set the allowed fields present in `data`; returns the names that changed."""
    changed = []
    for name in allowed:
        if name in data and getattr(instance, name) != data[name]:
            setattr(instance, name, data[name])
            changed.append(name)
    return changed
