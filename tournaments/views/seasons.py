"""Organiser pages of a club's seasons: a new season, one season's settings, its divisions (the next season
started from one is scoring's page: it needs the season's ranking).

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import services
from tournaments.forms.seasons import SeasonDivisionsForm, SeasonForm
from tournaments.models import Player, Season, SeasonDivision
from tournaments.views.base import organiser_view, submitted


@organiser_view
@require_http_methods(["GET", "POST"])
def season_create(request, club):
    form = SeasonForm(request.POST or None, instance=Season(club=club))
    done = submitted(
        request,
        form,
        lambda data: services.season_create(club=club, data=data, user=request.user),
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
        lambda data: services.season_update(season=season, data=data, user=request.user),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    return render(
        request, "organiser/season_form.html", {"club": club, "form": form, "title": season.name, "season": season}
    )


@organiser_view
@require_http_methods(["GET", "POST"])
def season_divisions(request, club, season_id: int):
    """Who plays in which division this season (one choice per member; guests are not in divisions).
    Queries: a fixed number, whatever the number of players."""
    season = get_object_or_404(Season, pk=season_id, club=club)
    if season.divisions < 2:
        messages.info(request, _("This season has one ranking: set 2 divisions or more in its rules first."))
        return redirect("tournaments:season_edit", club_slug=club.slug, season_id=season.pk)
    players = Player.objects.filter(club=club, is_guest=False, is_active=True).order_by("last_name", "first_name")
    assigned = dict(SeasonDivision.objects.filter(season=season).values_list("player_id", "division"))
    form = SeasonDivisionsForm(request.POST or None, season=season, players=players, assigned=assigned)
    done = submitted(
        request,
        form,
        lambda _data: services.season_divisions_set(season=season, divisions=form.divisions(), user=request.user),
        success=_("Divisions saved."),
        then=lambda _result: redirect("tournaments:season_divisions", club_slug=club.slug, season_id=season.pk),
    )
    if done:
        return done
    return render(
        request,
        "organiser/season_divisions.html",
        {"club": club, "season": season, "form": form, "title": _("Divisions: %(season)s") % {"season": season.name}},
    )
