"""A club's own penalties beside the built-in ones (the catalogue's club part): add, change, retire.

Giving and withdrawing a penalty is `scoring.results.penalties`; this is the catalogue's upkeep only."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import MAX_REASON, PenaltyKind
from scoring.results.penalties import PenaltyError, amount_checked
from tournaments.labels import PENALTY_LABELS, penalty_name
from tournaments.models import Club
from tournaments.services.history import club_log_add


def penalty_kind_save(
    *,
    club: Club,
    name: str,
    effect: str,
    amount: Decimal | int | str | None,
    description: str = "",
    kind: PenaltyKind | None = None,
    user: Any = None,
) -> PenaltyKind:
    """Add a club's own penalty, or change `kind` (of `club`). Raises PenaltyError naming the field: an
    empty or too long name, a name the club already uses, a bad effect or amount, a too long description."""
    name = " ".join((name or "").split())
    if not name:
        raise PenaltyError(_("Name: a penalty needs a name."), "name")
    if len(name) > 100:
        raise PenaltyError(_("Name: at most 100 characters; got %(length)s.") % {"length": len(name)}, "name")
    description = (description or "").strip()
    if len(description) > MAX_REASON:
        raise PenaltyError(
            _("Description: at most %(max)s characters; got %(length)s.")
            % {"max": MAX_REASON, "length": len(description)},
            "description",
        )
    value = amount_checked(effect, amount)
    builtin_names = {penalty_name(code).casefold() for code in PENALTY_LABELS}
    taken = PenaltyKind.objects.filter(club=club, name__iexact=name).exclude(pk=kind.pk if kind else None).exists()
    if taken or name.casefold() in builtin_names:
        raise PenaltyError(_("Name: “%(name)s” is already in the catalogue.") % {"name": name}, "name")
    before = None if kind is None else (kind.name, kind.description, kind.effect, kind.amount)
    if kind is None:
        kind = PenaltyKind(club=club)
    kind.name, kind.description, kind.effect, kind.amount = name, description, effect, value
    try:
        with transaction.atomic():
            kind.save()
            if before is None:
                club_log_add(club=club, action="penalty_kind_added", user=user, name=name)
            elif before != (name, description, effect, value):
                club_log_add(club=club, action="penalty_kind_changed", user=user, name=name, was=before[0])
    except IntegrityError as exc:  # the same name saved meanwhile by someone else
        raise PenaltyError(_("Name: “%(name)s” is already in the catalogue.") % {"name": name}, "name") from exc
    return kind


def penalty_kind_retire(*, kind: PenaltyKind, retired: bool, user: Any = None) -> PenaltyKind:
    """Retire a club's penalty (no longer offered; the penalties given with it keep its name), or bring it
    back; kept in the club's history when it changes."""
    if (kind.retired_at is not None) == retired:
        return kind
    kind.retired_at = timezone.now() if retired else None
    with transaction.atomic():
        kind.save(update_fields=["retired_at"])
        action = "penalty_kind_retired" if retired else "penalty_kind_offered"
        club_log_add(club=kind.club, action=action, user=user, name=kind.name)
    return kind
