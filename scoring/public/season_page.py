"""The public season page of an event's season: the ranking under the season's rules (per division, pairs
and players as the season ranks them), each evening a column with counted and dropped results, a chart of
places over the season, the rules in one sentence, and the season export as PDF and XLSX.

Permission: as the event's standings (`public_event("public_standings")`): anyone once they are public, the
club's organisers as a preview; only the season's public evenings count here. Queries: a fixed number,
whatever the number of evenings (the ranking's five, the stamp's two, the event's)."""

from __future__ import annotations

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.template.loader import render_to_string
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.exports.season import write_season_pdf, write_season_xlsx
from scoring.public import selectors as public_selectors
from scoring.public.chart import Series, rank_chart
from scoring.public.views import CACHE_SECONDS, _render, public_event
from scoring.standings.season import season_ranking
from tournaments.models import Event

CHART_LINES = 8  # the leaders of each ranking get a line; more would not be readable on a phone
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _chart(ranking: dict, evenings: int):
    """The places of the ranking's leaders after each evening (None when there is nothing to draw)."""
    rows = [r for r in ranking["rows"] if any(p is not None for p in r["places"])][:CHART_LINES]
    if not rows or evenings < 2:
        return None
    worst = max((p for r in rows for p in r["places"] if p is not None), default=2)
    series = [
        Series(label=r["name"], points=[(n, p) for n, p in enumerate(r["places"], start=1) if p is not None])
        for r in rows
    ]
    return rank_chart(series, rounds=evenings, worst=max(worst, len(ranking["rows"]), 2), height=240)


@require_GET
@public_event("public_standings")
def season(request, event: Event):
    """The season ranking of this event's season (public evenings only)."""
    if event.season is None:
        raise Http404
    # The club's publication version: a member's changed consent leaves the cached page at once.
    names = event.club.publication_version
    key = f"public-season:{event.season_id}:{get_language()}:{names}:{public_selectors.season_stamp(event.season)}"
    html = cache.get(key)
    if html is None:
        ranking = season_ranking(season=event.season, public_only=True, with_places=True)
        evenings = len(ranking["events"])
        blocks = []
        for section in ranking["sections"]:
            shown = [r for r in section["rankings"] if r["shown"]]
            for r in shown:
                blocks.append(
                    {
                        **r,
                        "letter": section["letter"],
                        "heading": _heading(section["letter"], r["kind"], len(shown) > 1),
                        "chart": _chart(r, evenings),
                    }
                )
        html = render_to_string(
            "public/_season_table.html", {"season": event.season, "club": event.club, **ranking, "blocks": blocks}
        )
        cache.set(key, html, CACHE_SECONDS)
    return _render(
        request,
        "public/season.html",
        event,
        {"body": html, "season": event.season, "title": _("Season ranking")},
        "season",
    )


def _heading(letter: str | None, kind: str, both: bool) -> str:
    kind_name = _("Pairs") if kind == "pairs" else _("Players")
    if letter and both:
        return _("Division %(letter)s: %(kind)s") % {"letter": letter, "kind": kind_name}
    if letter:
        return _("Division %(letter)s") % {"letter": letter}
    return kind_name if both else ""


def _download(event: Event, extension: str, content_type: str, write) -> HttpResponse:
    if event.season is None:
        raise Http404
    stamp = public_selectors.season_stamp(event.season)
    names = event.club.publication_version
    key = f"public-season-file:{event.season_id}:{get_language()}:{names}:{stamp}:{extension}"
    data = cache.get(key)
    if data is None:
        ranking = season_ranking(season=event.season, public_only=True)
        data = write(season=event.season, ranking=ranking)
        cache.set(key, data, CACHE_SECONDS)
    response = HttpResponse(data, content_type=content_type)
    name = slugify(f"{event.club.slug}-{event.season.name}") or "season"
    response["Content-Disposition"] = f'attachment; filename="{name}.{extension}"'
    return response


@require_GET
@public_event("public_standings")
def season_pdf(request, event: Event):
    """The season ranking as a printable PDF (public evenings only)."""
    return _download(event, "pdf", "application/pdf", write_season_pdf)


@require_GET
@public_event("public_standings")
def season_xlsx(request, event: Event):
    """The season ranking as an XLSX workbook (public evenings only)."""
    return _download(event, "xlsx", XLSX, write_season_xlsx)
