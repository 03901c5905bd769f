"""Accounts: the first organiser account of an installation, of which exactly one may ever be made (and which
may start clubs and allow others to); the password reset limit per client address."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission, User
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import PasswordResetRequest

# The key of the PostgreSQL advisory lock that makes the first accounts wait for each other (any fixed number
# that no other lock of the installation uses).
FIRST_ACCOUNT_LOCK = 0x61746F7574  # "atout"
# The namespace of the per-address advisory locks of the password reset limit (two-key form: no clash).
PASSWORD_RESET_LOCK = 0x7273  # "rs"


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
        user = save()
        # The installation's first account may start clubs, and allow others to (permissions.may_create_club).
        user.user_permissions.add(_club_creation_permission())
        return user


def _club_creation_permission() -> Permission:
    return Permission.objects.get(content_type__app_label="tournaments", codename="add_club")


def club_creation_allow(*, user: User, by: User, allowed: bool) -> None:
    """Let `user` start clubs, or stop them (`allowed`). Only an account that may start clubs itself may
    decide; a superuser always may, whatever is set here. The caller checks that `user` organises one of
    `by`'s clubs."""
    if not by.has_perm("tournaments.add_club"):
        raise ValidationError(_("Only an account that may start clubs can allow others to."), code="not_allowed")
    if user.is_superuser:
        raise ValidationError(
            _("%(name)s administers the installation and may always start clubs.") % {"name": user.get_username()},
            code="superuser",
        )
    permission = _club_creation_permission()
    if allowed:
        user.user_permissions.add(permission)
    else:
        user.user_permissions.remove(permission)


def password_reset_allow(*, address: str, limit: int, window: timedelta) -> bool:
    """Count one password reset request from `address` and say whether it may go on: at most `limit` in any
    `window`. Refused requests are not counted (they send nothing). The requests of one address queue on an
    advisory lock, so twenty at once still let exactly `limit` through."""
    address = address[:64]
    now = timezone.now()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [PASSWORD_RESET_LOCK, address])
        PasswordResetRequest.objects.filter(address=address, requested_at__lte=now - window).delete()
        if PasswordResetRequest.objects.filter(address=address).count() >= limit:
            return False
        PasswordResetRequest.objects.create(address=address, requested_at=now)
    return True
