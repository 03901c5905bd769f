"""Permanent redirects from the organiser's old addresses by database id (`o/scores/round/<id>/`,
`o/scores/sheet/<id>/`, `o/scores/event/<id>/cards/`, with their `version.json` and PDFs) to the event's
tree (`o/<club>/events/<event>/rounds/<n>/sheets/`, `.../rounds/<n>/tables/<t>/`, `.../cards/`), keeping the
query string.

Permission: the page's own, before anything is revealed: login first (anonymous users go to the login
page), then 404 for a round, sheet or event of another club, so an id never tells an outsider whose it is.
GET and HEAD only (405 otherwise); the old addresses that took only a POST are gone (404).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponsePermanentRedirect
from django.urls import reverse
from django.views.decorators.http import require_safe

from scoring.sheets.addresses import (
    organiser_access,
    organiser_event_by_id,
    organiser_round,
    round_address,
    sheet_address,
)


def _moved(request, name: str, args: list) -> HttpResponsePermanentRedirect:
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(reverse(name, args=args) + (f"?{query}" if query else ""))


@login_required
@require_safe
def round_moved(request, round_id: int, to: str):
    """`o/scores/round/<id>/...` → `rounds/<n>/sheets/...` (`to`: the new address's name)."""
    return _moved(request, to, round_address(organiser_round(request, round_id)))


@login_required
@require_safe
def sheet_moved(request, sheet_id: int, to: str):
    """`o/scores/sheet/<id>/...` → `rounds/<n>/tables/<t>/...`."""
    return _moved(request, to, sheet_address(organiser_access(request, sheet_id).sheet))


@login_required
@require_safe
def event_moved(request, event_id: int, to: str):
    """`o/scores/event/<id>/cards...` → `cards/...`."""
    event = organiser_event_by_id(request, event_id)
    return _moved(request, to, [event.club.slug, event.slug])
