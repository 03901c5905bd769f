"""Organiser page of a club's forbidden pairings: two members who never meet in a draw (add, remove, and the
removed ones with who and when).

Addresses: `o/<club>/pairings/` and `o/<club>/pairings/<id>/remove/`. Permission: a logged-in organiser of
the club in the URL (`organiser_view`); anonymous users go to the login page, another club's page and
pairings are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import services
from tournaments.exceptions import TournamentError
from tournaments.forms.pairings import ForbiddenPairingForm
from tournaments.models import ForbiddenPairing
from tournaments.views.base import organiser_view, submitted

RELATED = ("player_a", "player_b", "created_by", "removed_by")


@organiser_view
@require_http_methods(["GET", "POST"])
def forbidden_pairings(request, club):
    """The club's forbidden pairings, the removed ones folded, and the form to add one. Three queries
    whatever the number of pairings (the pairings with their players and organisers, the members offered)."""
    form = ForbiddenPairingForm(request.POST or None, club=club)
    done = submitted(
        request,
        form,
        lambda data: services.forbidden_pairing_add(
            club=club,
            player_a=data["player_a"],
            player_b=data["player_b"],
            kind=data["kind"],
            reason=data["reason"],
            user=request.user,
        ),
        success=lambda pairing: (
            _("%(a)s and %(b)s: %(kind)s.")
            % {"a": pairing.player_a, "b": pairing.player_b, "kind": pairing.get_kind_display()}
        ),
        then=lambda _result: redirect("tournaments:forbidden_pairings", club_slug=club.slug),
    )
    if done:
        return done
    pairings = list(ForbiddenPairing.objects.filter(club=club).select_related(*RELATED))
    context = {
        "club": club,
        "form": form,
        "active": [p for p in pairings if p.removed_at is None],
        "removed": sorted((p for p in pairings if p.removed_at is not None), key=lambda p: p.removed_at, reverse=True),
    }
    return render(
        request, "organiser/forbidden_pairings.html", context, status=400 if request.method == "POST" else 200
    )


@organiser_view
@require_POST
def forbidden_pairing_remove(request, club, pairing_id: int):
    pairings = ForbiddenPairing.objects.select_related("player_a", "player_b")
    pairing = get_object_or_404(pairings, pk=pairing_id, club=club)
    try:
        services.forbidden_pairing_remove(pairing=pairing, user=request.user)
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("%(a)s and %(b)s may meet again in the next draws.") % {"a": pairing.player_a, "b": pairing.player_b},
        )
    return redirect("tournaments:forbidden_pairings", club_slug=club.slug)
