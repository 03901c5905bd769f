"""Organiser pages of a club: the clubs a user organises (and a new one), a club's overview, its settings.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments import selectors, services
from tournaments.forms.clubs import ClubEditForm, ClubForm
from tournaments.models import Season
from tournaments.permissions import may_create_club, organiser_clubs
from tournaments.views.base import organiser_view, submitted


@login_required
@require_http_methods(["GET", "POST"])
def club_list(request):
    """o/: the clubs this user organises, and a form to start a new one for accounts that may
    (permissions.may_create_club; the others read who to ask)."""
    may_create = may_create_club(request.user)
    if request.method == "POST" and not may_create:
        messages.error(request, _("This account may not start a club. Ask the installation's administrator."))
        return redirect("tournaments:clubs")
    form = ClubForm(request.POST or None)
    done = submitted(
        request,
        form,
        lambda data: services.club_create(user=request.user, **data),
        success=lambda club: _("Club %(name)s created.") % {"name": club.name},
        then=lambda club: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    clubs = organiser_clubs(request.user).order_by("name")
    context = {"clubs": clubs, "form": form if may_create else None}
    return render(request, "organiser/club_list.html", context)


@organiser_view
@require_GET
def club_detail(request, club):
    return render(request, "organiser/club_detail.html", {"club": club, **selectors.club_overview(club)})


@organiser_view
@require_http_methods(["GET", "POST"])
def club_edit(request, club):
    form = ClubEditForm(request.POST or None, instance=club)
    done = submitted(
        request,
        form,
        lambda data: services.club_update(club=club, data=data, user=request.user),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    return render(request, "organiser/form.html", {"club": club, "form": form, "title": _("Edit club")})


def history_season(request, club) -> Season | None:
    """The season of `?season=<id>` (None without it); junk or another club's season is 404."""
    if not request.GET.get("season"):
        return None
    try:
        season_id = int(request.GET["season"])
    except ValueError:
        raise Http404 from None
    return get_object_or_404(Season, pk=season_id, club=club)


def history_files(club, season: Season | None) -> dict[str, str]:
    """The history's downloads (XLSX, PDF), for the same season as the page."""
    query = f"?season={season.pk}" if season else ""
    return {
        kind: reverse(f"results:club_history_{kind}", kwargs={"club_slug": club.slug}) + query
        for kind in ("xlsx", "pdf")
    }


@organiser_view
@require_GET
def club_history(request, club):
    """Who changed what in the club's year, newest first: seasons and their rules, divisions, members (their
    consent above all), forbidden pairings, the club's settings. `?season=<id>` keeps one season's changes
    (another club's season is 404); `?page=` pages through. A fixed number of queries."""
    season = history_season(request, club)
    page, rows = selectors.club_history(club, page=request.GET.get("page"), season_id=season and season.pk)
    context = {"club": club, "season": season, "page": page, "rows": rows, "files": history_files(club, season)}
    return render(request, "organiser/club_history.html", context)
