"""Accounts: the first organiser account of an installation, of which exactly one may ever be made."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils.translation import gettext_lazy as _

# The key of the PostgreSQL advisory lock that makes the first accounts wait for each other (any fixed number
# that no other lock of the installation uses).
FIRST_ACCOUNT_LOCK = 0x61746F7574  # "atout"


def first_account_open() -> bool:
    """True while the installation has no account at all."""
    return not get_user_model().objects.exists()


def first_account_create(*, save: Callable[[], User]) -> User:
    """Make the first account with `save` (the form's save) if there is still none, under a lock: of twenty
    simultaneous posts exactly one succeeds; the others get a ValidationError that says to log in.

    On PostgreSQL the posts queue on an advisory lock held until the transaction ends, and each checks again
    once it has the lock; SQLite lets one writer at a time in anyway."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [FIRST_ACCOUNT_LOCK])
        if not first_account_open():
            raise ValidationError(_("An organiser account exists already; log in."), code="exists")
        return save()
