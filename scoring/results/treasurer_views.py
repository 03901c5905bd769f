"""The treasurer's sheets as files: the evening's and the season's PDF and XLSX, written at once (a few
pages: no background task). The pages that link them are tournaments' (`tournaments.views.money`).

Permission of every view: a logged-in organiser of the club in the URL (`event_view`/`organiser_view`);
anonymous users go to the login page, other clubs' events and seasons are 404.
"""

from __future__ import annotations

import io

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.decorators.http import require_GET

from scoring.exports.treasurer import write_season_pdf, write_season_xlsx, write_treasurer_pdf, write_treasurer_xlsx
from tournaments.models import Season
from tournaments.treasurer import season_sheet, treasurer_sheet
from tournaments.views.base import event_view, organiser_view

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _file(write, sheet, name: str, content_type: str) -> HttpResponse:
    out = io.BytesIO()
    write(sheet, out)
    response = HttpResponse(out.getvalue(), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _name(*parts: str, extension: str) -> str:
    return "-".join([*parts, timezone.localdate().isoformat()]) + "." + extension


@event_view
@require_GET
def treasurer_pdf(request, event):
    name = _name(event.club.slug, event.slug, "treasurer", extension="pdf")
    return _file(write_treasurer_pdf, treasurer_sheet(event), name, "application/pdf")


@event_view
@require_GET
def treasurer_xlsx(request, event):
    name = _name(event.club.slug, event.slug, "treasurer", extension="xlsx")
    return _file(write_treasurer_xlsx, treasurer_sheet(event), name, XLSX)


def _season(club, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=season_id, club=club)


@organiser_view
@require_GET
def season_treasurer_pdf(request, club, season_id: int):
    season = _season(club, season_id)
    return _file(
        write_season_pdf,
        season_sheet(season),
        _name(club.slug, f"season-{season.pk}", extension="pdf"),
        "application/pdf",
    )


@organiser_view
@require_GET
def season_treasurer_xlsx(request, club, season_id: int):
    season = _season(club, season_id)
    return _file(
        write_season_xlsx, season_sheet(season), _name(club.slug, f"season-{season.pk}", extension="xlsx"), XLSX
    )
