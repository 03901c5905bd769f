"""The organiser's "start the next season from this one": the same rules, and the divisions with this
season's promotion and relegation applied (new members start in the lowest division).

Permission: a logged-in organiser of the club in the URL (`organiser_view`); another club's season is 404.
Lives in scoring because it reads the season's ranking (tournaments never imports scoring)."""

from __future__ import annotations

import datetime

from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.standings.season import season_ranking
from scoring.standings.season_divisions import next_divisions
from tournaments import services
from tournaments.forms.seasons import NextSeasonForm
from tournaments.models import Player, Season, SeasonDivision
from tournaments.models.divisions import division_letter
from tournaments.views.base import organiser_view, submitted


def season_next_plan(season: Season) -> dict:
    """Where each member of the club plays next season: {"divisions": {player id: division}, "moves": [{"name",
    "from", "to", "up"}]} (the promoted and relegated, promoted first). A fixed number of queries."""
    members = {p.pk: p for p in Player.objects.filter(club=season.club, is_guest=False, is_active=True)}
    if season.divisions < 2:
        return {"divisions": {}, "moves": []}
    assigned = dict(SeasonDivision.objects.filter(season=season).values_list("player_id", "division"))
    ranking = season_ranking(season=season)
    tables = {s["division"]: r["table"] for s in ranking["sections"] for r in s["rankings"] if r["kind"] == "players"}
    divisions, promoted, relegated = next_divisions(
        tables, divisions=season.divisions, promotion=season.promotion, assigned=assigned, members=members
    )
    moves = [
        {
            "name": str(members[pid]),
            "from": division_letter(divisions[pid] + (1 if up else -1)),
            "to": division_letter(divisions[pid]),
            "up": up,
        }
        for up, ids in ((True, promoted), (False, relegated))
        for pid in ids
    ]
    return {"divisions": divisions, "moves": moves}


@organiser_view
@require_http_methods(["GET", "POST"])
def season_next(request, club, season_id: int):
    season = get_object_or_404(Season, pk=season_id, club=club)
    plan = season_next_plan(season)
    start = season.end_date + datetime.timedelta(days=1)
    form = NextSeasonForm(
        request.POST or None,
        initial={"start_date": start, "end_date": start.replace(year=start.year + 1) - datetime.timedelta(days=1)},
    )
    done = submitted(
        request,
        form,
        lambda data: services.season_start_next(
            season=season, data=data, divisions=plan["divisions"], user=request.user
        ),
        success=lambda new: (
            _("Season “%(name)s” started from “%(previous)s”.") % {"name": new.name, "previous": season.name}
        ),
        then=lambda new: redirect("tournaments:season_edit", club_slug=club.slug, season_id=new.pk),
    )
    if done:
        return done
    return render(
        request,
        "organiser/season_next.html",
        {
            "club": club,
            "season": season,
            "form": form,
            "plan": plan,
            "title": _("The season after “%(season)s”") % {"season": season.name},
        },
    )
