"""Organiser pages of a club's members and guests: the list with its add form, one member.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import selectors, services
from tournaments.forms.members import PlayerForm
from tournaments.models import Player
from tournaments.views.base import organiser_view, submitted


@organiser_view
@require_http_methods(["GET", "POST"])
def member_list(request, club):
    """Members and guests, searchable by name; the add form warns about likely duplicates."""
    form = PlayerForm(request.POST or None, club=club)
    done = submitted(
        request,
        form,
        lambda data: services.player_create(club=club, data=data),
        success=lambda player: _("%(player)s added.") % {"player": player},
        then=lambda _result: redirect("tournaments:members", club_slug=club.slug),
    )
    if done:
        return done
    query = request.GET.get("q", "").strip()
    context = {"club": club, "form": form, "players": selectors.players_of(club, query), "query": query}
    return render(request, "tournaments/member_list.html", context)


@organiser_view
@require_http_methods(["GET", "POST"])
def member_edit(request, club, player_id: int):
    player = get_object_or_404(Player, pk=player_id, club=club)
    form = PlayerForm(request.POST or None, instance=player, club=club)
    done = submitted(
        request,
        form,
        lambda data: services.player_update(player=player, data=data),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:members", club_slug=club.slug),
    )
    if done:
        return done
    context = {"club": club, "form": form, "title": _("Edit %(player)s") % {"player": player}}
    return render(request, "tournaments/form.html", context)
