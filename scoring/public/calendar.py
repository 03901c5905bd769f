"""Calendar feeds (iCalendar, RFC 5545) of a club's evenings, and of one season's: a member subscribes once in
their phone's calendar and sees every evening the club announces.

Permission: anyone; only events that are public (every status but draft, as the event's own page) are listed.
Each evening is a whole day (events carry a date, not a time), with its venue and its public page's address.
Built with the icalendar library; two queries per feed.
"""

from __future__ import annotations

import datetime

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from config.site import absolute_url
from tournaments.labels import PRESET_LABELS
from tournaments.models import Club, Event, Season

# Calendar apps poll a feed every few hours; an hour of shared caching costs nobody a new evening.
MAX_AGE = 3600


def _feed(request, *, name: str, events) -> HttpResponse:
    calendar = Calendar()
    calendar.add("prodid", "-//Atout//Belote tournaments//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    stamp = timezone.now()
    host = request.get_host().split(":")[0] or "atout"
    for event in events:
        item = CalendarEvent()
        item.add("uid", f"event-{event.pk}@{host}")
        item.add("dtstamp", stamp)
        item.add("dtstart", event.date)
        item.add("dtend", event.date + datetime.timedelta(days=1))
        item.add("summary", event.name)
        if event.venue:
            item.add("location", event.venue)
        url = absolute_url(reverse("public:event", args=[event.club.slug, event.slug]), request)
        item.add("url", url)
        rounds = ngettext("%(count)s round", "%(count)s rounds", event.rounds) % {"count": event.rounds}
        preset = PRESET_LABELS.get(event.rules_preset, "")
        item.add("description", f"{preset} · {rounds}\n{url}" if preset else f"{rounds}\n{url}")
        item.add("status", "CONFIRMED")
        calendar.add_component(item)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = f"public, max-age={MAX_AGE}"
    response["Content-Disposition"] = 'inline; filename="atout.ics"'
    return response


def _public_events(queryset):
    return queryset.exclude(status=Event.Status.DRAFT).select_related("club").order_by("date", "pk")


@require_GET
def club_calendar(request, club_slug: str):
    """e/<club>/calendar.ics: every public evening of the club."""
    club = get_object_or_404(Club, slug=club_slug)
    events = _public_events(Event.objects.filter(club=club))
    return _feed(request, name=club.name, events=events)


@require_GET
def season_calendar(request, club_slug: str, season_id: int):
    """e/<club>/seasons/<id>/calendar.ics: the public evenings of one season."""
    season = Season.objects.select_related("club").filter(pk=season_id, club__slug=club_slug).first()
    if season is None:
        raise Http404
    events = _public_events(Event.objects.filter(season=season))
    name = _("%(club)s · %(season)s") % {"club": season.club.name, "season": season.name}
    return _feed(request, name=name, events=events)
