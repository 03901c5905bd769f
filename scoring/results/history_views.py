"""The club's history as files (`o/<club>/history.xlsx`, `history.pdf`, each with the page's `?season=`), written
at once: a club's year is a few hundred rows, no background task. The page is tournaments'
(`tournaments.views.clubs.club_history`).

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`); anonymous users go
to the login page, another club (or another club's season) is 404.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.exports.club_history import write_club_history_pdf, write_club_history_xlsx
from scoring.results.treasurer_views import XLSX
from tournaments.selectors import club_history_all
from tournaments.views.base import organiser_view
from tournaments.views.clubs import history_season


def _download(content: bytes, content_type: str, club, season, extension: str) -> HttpResponse:
    parts = [club.slug, "history", *([f"season-{season.pk}"] if season else []), timezone.localdate().isoformat()]
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{"-".join(parts)}.{extension}"'
    return response


@organiser_view
@require_GET
def club_history_xlsx(request, club):
    season = history_season(request, club)
    rows = club_history_all(club, season_id=season and season.pk)
    return _download(write_club_history_xlsx(rows=rows), XLSX, club, season, "xlsx")


@organiser_view
@require_GET
def club_history_pdf(request, club):
    season = history_season(request, club)
    rows = club_history_all(club, season_id=season and season.pk)
    title = _("History of the season %(season)s") % {"season": season.name} if season else _("History of the club")
    pdf = write_club_history_pdf(title=title, author=club.name, rows=rows)
    return _download(pdf, "application/pdf", club, season, "pdf")
