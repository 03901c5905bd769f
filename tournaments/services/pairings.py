"""The club's forbidden pairings: add one (two members who never meet in a draw), remove one. Both are kept
with who and when, and in the club's history; the draw reads the pairings not removed
(`tournaments.draws.season.forbidden_pairs`)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.exceptions import IllegalTransition, InvalidInput
from tournaments.models import Club, ForbiddenPairing, Player
from tournaments.models.pairings import MAX_PAIRING_REASON
from tournaments.services.base import signed_in
from tournaments.services.history import club_log_add

#: The most pairings a club keeps at once (a sanity bound: every draw of the club reads them all).
MAX_PAIRINGS = 500


def _taken(player_a: Player, player_b: Player) -> InvalidInput:
    return InvalidInput(
        _("Other player: %(a)s and %(b)s already have a forbidden pairing; remove it first to change it.")
        % {"a": player_a, "b": player_b},
        field="player_b",
    )


def forbidden_pairing_add(
    *, club: Club, player_a: Player, player_b: Player, kind: str, reason: str = "", user: Any = None
) -> ForbiddenPairing:
    """Forbid `player_a` and `player_b` (members or guests of `club`) to meet as `kind` (a
    `ForbiddenPairing.Kind`), with an optional `reason`, recorded as added by `user` now. Raises
    InvalidInput naming the field: a player of another club, the same player twice, an unknown kind, a too
    long reason, a pair that already has a pairing, too many pairings."""
    for name, player in (("player_a", player_a), ("player_b", player_b)):
        if player.club_id != club.pk:
            raise InvalidInput(
                _("%(player)s is not a member or guest of %(club)s.") % {"player": player, "club": club.name},
                field=name,
            )
    if player_a.pk == player_b.pk:
        raise InvalidInput(
            _("Other player: a forbidden pairing needs two different players; %(player)s was chosen twice.")
            % {"player": player_a},
            field="player_b",
        )
    if kind not in ForbiddenPairing.Kind.values:
        raise InvalidInput(
            _("Kind: choose one of %(choices)s.")
            % {"choices": ", ".join(str(label) for label in ForbiddenPairing.Kind.labels)},
            field="kind",
        )
    reason = " ".join((reason or "").split())
    if len(reason) > MAX_PAIRING_REASON:
        raise InvalidInput(
            _("Reason: at most %(max)s characters; got %(length)s.")
            % {"max": MAX_PAIRING_REASON, "length": len(reason)},
            field="reason",
        )
    first, second = sorted((player_a, player_b), key=lambda p: p.pk)
    try:
        with transaction.atomic():
            Club.objects.select_for_update(of=("self",)).get(pk=club.pk)
            active = ForbiddenPairing.objects.filter(club=club, removed_at__isnull=True)
            if active.filter(player_a=first, player_b=second).exists():
                raise _taken(player_a, player_b)
            count = active.count()
            if count >= MAX_PAIRINGS:
                raise InvalidInput(
                    _("The club has %(count)s forbidden pairings, the most it may keep; remove one first.")
                    % {"count": count}
                )
            pairing = ForbiddenPairing.objects.create(
                club=club,
                player_a=first,
                player_b=second,
                kind=kind,
                reason=reason,
                created_by=signed_in(user),
            )
            club_log_add(
                club=club,
                action="forbidden_pairing_added",
                user=user,
                reason=reason,
                a=str(first),
                b=str(second),
                kind=kind,
            )
            return pairing
    except IntegrityError as exc:  # the same pair added meanwhile by someone else
        raise _taken(player_a, player_b) from exc


def forbidden_pairing_remove(*, pairing: ForbiddenPairing, user: Any = None) -> ForbiddenPairing:
    """Remove `pairing` from the draws (kept, marked removed by `user` now). Raises IllegalTransition when it
    is already removed."""
    with transaction.atomic():
        locked = (
            ForbiddenPairing.objects.select_for_update(of=("self",))
            .select_related("club", "player_a", "player_b")
            .get(pk=pairing.pk)
        )
        if locked.removed_at is not None:
            raise IllegalTransition(_("This forbidden pairing was already removed."))
        locked.removed_at = timezone.now()
        locked.removed_by = signed_in(user)
        locked.save(update_fields=["removed_at", "removed_by"])
        club_log_add(
            club=locked.club,
            action="forbidden_pairing_removed",
            user=user,
            a=str(locked.player_a),
            b=str(locked.player_b),
        )
    return locked
