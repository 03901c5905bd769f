"""Organiser pages of a club's seasons: a new season, one season's settings.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import services
from tournaments.forms.seasons import SeasonForm
from tournaments.models import Season
from tournaments.views.base import organiser_view, submitted


@organiser_view
@require_http_methods(["GET", "POST"])
def season_create(request, club):
    form = SeasonForm(request.POST or None, instance=Season(club=club))
    done = submitted(
        request,
        form,
        lambda data: services.season_create(club=club, data=data),
        success=_("Season created."),
        then=lambda _result: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    return render(request, "organiser/form.html", {"club": club, "form": form, "title": _("New season")})


@organiser_view
@require_http_methods(["GET", "POST"])
def season_edit(request, club, season_id: int):
    season = get_object_or_404(Season, pk=season_id, club=club)
    form = SeasonForm(request.POST or None, instance=season)
    done = submitted(
        request,
        form,
        lambda data: services.season_update(season=season, data=data),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    return render(request, "organiser/form.html", {"club": club, "form": form, "title": season.name})
