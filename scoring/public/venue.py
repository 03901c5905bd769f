"""The venue screen: one full-screen page for the room's projector or TV, and the organiser's page for its link.

The screen (`v/<token>/`) cycles through the draw of the round in play ("find your table", by name and by
table) and the latest standings, in type readable from 5 m, with the standings' QR code; above the slides
the organiser's message to the room (a new one reloads the screen: it takes rows from the slides), in the
header the tables that called the director (`room/`, the part swapped in when the poll's "room" moves).
It polls its own `version.json` every VENUE_POLL_MS (a call shows within 2 s) and reloads when the
standings, the released rounds or the message change; a revoked link's poll answers 404, and the page
makes way for the site's page that says so. The public standings version alone would miss a newly
released draw, and it answers 404 while the standings are not public; the screen shows what the organiser
put on it.

Permissions: the screen and its version need a valid, unrevoked link (no login; 404 otherwise); the link
page needs a logged-in organiser of the event's club (404 for other clubs).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from config import live
from config.site import absolute_url
from scoring.models import VenueScreen
from scoring.sheets.links import venue_screen_create, venue_screen_revoke
from scoring.standings import metrics
from tournaments import draw_selectors, selectors
from tournaments.models import Round, Standing

ROWS_PER_SLIDE = 10
NAMES_PER_SLIDE = 20  # two columns of ten: fits 1080 px at 36 px type
MESSAGE_ROWS = 3  # what a message to the room (at most two lines) takes from each column
SLIDE_SECONDS = 12


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or []


def _seconds(request) -> int:
    """Seconds per slide: `?seconds=N` (3 to 120) for a slower or faster room, else SLIDE_SECONDS."""
    try:
        return min(max(int(request.GET.get("seconds", SLIDE_SECONDS)), 3), 120)
    except ValueError:
        return SLIDE_SECONDS


def _screen_or_404(token: str) -> VenueScreen:
    screen = VenueScreen.objects.active().select_related("event__club").filter(token=token).first()
    if screen is None:
        raise Http404
    return screen


def _gone(request):
    """A revoked (or unknown) screen link: the site's 404 page, saying what to do on a projector."""
    text = _(
        "This screen's address was revoked or replaced. Open the new address from the organiser's venue screen page."
    )
    return render(request, "404.html", {"gone_text": text}, status=404)


def _room_stamp(event) -> str:
    """Moves when a table calls the director, or a call is answered or taken back (the corner is laid over
    the slide: swapped in without a reload)."""
    return selectors.director_calls_stamp(event.pk)


def _room_context(event) -> dict:
    return {"event": event, "calls": selectors.open_director_calls(event.pk), "message": event.room_message}


def _stamp(event) -> str:
    # The round clock's stamp too: a pause or the last deal called reloads the screen (its clock comes anew).
    rounds = Round.objects.filter(event=event, status=Round.Status.RELEASED).order_by("number")
    parts = [f"{r.number}{r.clock_stamp}" for r in rounds.only(*_CLOCK_FIELDS)]
    # The message to the room takes rows from the slides (`_rows`): a new one reloads the screen.
    message_at = event.room_message_at.timestamp() if event.room_message_at else 0
    # A member's consent changed: the names on the screen change with it.
    names = event.club.publication_version
    return (
        f"{names}:{event.standings_version}:{event.status}:{','.join(parts)}:{event.round_minutes or ''}:{message_at}"
    )


_CLOCK_FIELDS = ("number", "clock_started_at", "clock_paused_at", "clock_paused_seconds", "last_deal_at")


def _rows(event) -> tuple[int, int]:
    """Rows per slide (tables and standings, names): three fewer below a message to the room, which takes
    up to two lines of large type, so that no row falls off the bottom of a 16:9 screen."""
    if event.room_message:
        return ROWS_PER_SLIDE - MESSAGE_ROWS, NAMES_PER_SLIDE - 2 * MESSAGE_ROWS
    return ROWS_PER_SLIDE, NAMES_PER_SLIDE


@never_cache
@require_GET
def screen(request, token: str):
    """The screen itself: slides of the draw by name, by table, and of the standings; the room's part."""
    try:
        screen = _screen_or_404(token)
    except Http404:
        return _gone(request)
    event = screen.event
    round = Round.objects.filter(event=event, status=Round.Status.RELEASED).order_by("-number").first()
    slides = []
    rows_per_slide, names_per_slide = _rows(event)
    if round is not None:
        # Sorted by the name the screen shows (a withheld name must not keep its place among the letters).
        by_name = sorted(
            draw_selectors.draw_by_name(round), key=lambda r: (r.player.public_sort_name.casefold(), r.entry.number)
        )
        games, byes = draw_selectors.draw_rows(round)
        for part in _chunks(by_name, names_per_slide):
            half = (len(part) + 1) // 2
            slides.append({"kind": "names", "columns": [part[:half], part[half:]]})
        for part in _chunks(games, rows_per_slide):
            slides.append({"kind": "tables", "games": part, "byes": byes})
    last = Standing.objects.filter(event=event).order_by("-round_number").values_list("round_number", flat=True).first()
    if last is not None:
        rows = list(
            Standing.objects.filter(event=event, round_number=last)
            .select_related("entry__player_1", "entry__player_2")
            .order_by("rank", "entry__number")
        )
        for row in rows:
            row.mp = metrics.json_value(row.match_points)
        for part in _chunks(rows, rows_per_slide):
            slides.append({"kind": "standings", "rows": part, "after": last})
    context = {
        "event": event,
        "club": event.club,
        "round": round,
        "slides": slides,
        "finished": event.status == event.Status.FINISHED,
        "version_url": reverse("public:venue_version", args=[token]),
        "version": _stamp(event),
        "slide_seconds": _seconds(request),
        "poll_ms": settings.VENUE_POLL_MS,
        "room_url": reverse("public:venue_room", args=[token]),
        "room_version": _room_stamp(event),
        **_room_context(event),
    }
    return render(request, "public/venue_screen.html", context)


@never_cache
@require_GET
def version(request, token: str):
    """{"version", "room"}: the version changes when the standings are recomputed, a round is released,
        the message to the room changes or the event ends (the screen reloads); "room" when a call comes or goes
        (the screen swaps its room part). Kept in the live cache while the event is unchanged (no query); otherwise
    three queries: the link with its event, the released rounds, the open calls."""
    answer = live.answer(f"v:{token}", lambda: _version_state(token))
    return JsonResponse({**answer.state, **live.push_fields(answer, request)})


def _version_state(token: str) -> live.Answer:
    screen = _screen_or_404(token)
    state = {"version": _stamp(screen.event), "room": _room_stamp(screen.event)}
    return live.Answer(screen.event_id, state, live.STANDINGS)  # its slides show the standings


@never_cache
@require_GET
def room(request, token: str):
    """`v/<token>/room/`: the screen's open calls to the director, to swap in (two queries)."""
    screen = _screen_or_404(token)
    return render(request, "components/venue_room.html", _room_context(screen.event))


@login_required
@require_http_methods(["GET", "POST"])
def screen_links(request, club_slug: str, event_slug: str):
    """o/<club>/events/<event>/screen/: the screen's address (made on demand), and revoking it."""
    event = selectors.event_for(request.user, club_slug, event_slug)
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            screen_id = request.POST.get("screen", "")
            link = get_object_or_404(VenueScreen, pk=int(screen_id) if screen_id.isdigit() else 0, event=event)
            venue_screen_revoke(screen=link, user=request.user)
            messages.success(request, _("The screen link is revoked: that address shows nothing any more."))
        else:
            venue_screen_create(event=event, user=request.user)
            messages.success(request, _("New screen link made: open it on the room's screen."))
        return redirect("desk:venue_links", club_slug=event.club.slug, event_slug=event.slug)
    links = [
        {"screen": s, "url": absolute_url(reverse("public:venue_screen", args=[s.token]), request)}
        for s in VenueScreen.objects.active().filter(event=event)
    ]
    context = {
        "club": event.club,
        "event": event,
        "links": links,
        "title": _("Venue screen"),
        # The standings for a frame on the club's website (allowed only for the websites the club lists).
        "embed_url": absolute_url(reverse("public:standings_embed", args=[event.club.slug, event.slug]), request),
    }
    return render(request, "organiser/venue_links.html", context)
