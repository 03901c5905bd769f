"""Pages of the table cards and team links, the organiser's cards page, and the referee's service worker.

Permissions:
- `t/<token>/` of a table card, its `state/` and its game-bound sheet routes (`t/<token>/game/<id>/...`):
  the card's token (an unknown or revoked one answers 404); a game-bound route reaches only a game at the
  card's table, while its round is released (403 "closed" page once closed). A token that is not a card's
  is handed to the game link's page (`referee_views.table_view`), as before.
- `p/<token>/` (team link) and its `state/`: the team link's token (404 otherwise).
- `o/<club>/events/<event>/cards/...` and `cards.pdf`: a logged-in organiser of the event's club (404 for other clubs).
- `t/sw.js`: anyone (a static script).
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from config.site import absolute_url
from scoring.exceptions import TableClosed, TableNotReady
from scoring.labels import SIDE_LABELS
from scoring.models import TableCard, TeamLink
from scoring.rules.words import TEAMS
from scoring.sheets.access import CardWaiting, TeamNotPlaying, state_text, team_sheet_access, token_access
from scoring.sheets.addresses import organiser_event
from scoring.sheets.card_pdf import event_cards_pdf
from scoring.sheets.links import (
    TableState,
    card_by_token,
    card_state,
    event_cards_prepare,
    event_table_numbers,
    table_card_reissue,
    team_link_by_token,
    team_link_reissue,
    team_place,
)
from scoring.sheets.permissions import actor_from_request
from scoring.sheets.selectors import game_sides
from scoring.sheets.views import referee as referee_views
from tournaments.models import Entry, Event


def _state_json(state: TableState) -> JsonResponse:
    return JsonResponse({"state": state.key, "round": state.round_number, "text": state_text(state)})


def _waiting(request, card: TableCard, state: TableState, *, status: int = 200):
    context = {
        "card": card,
        "event": card.event,
        "side_label": SIDE_LABELS[card.side],
        "state": state,
        "text": state_text(state),
    }
    return render(request, "referee/waiting.html", context, status=status)


# --- table cards ----------------------------------------------------------------------------------------


def _printed_link_gone(request):
    """An unknown or revoked card or team link: the site's own 404 page (what to do: ask for the new card),
    also with DEBUG on, where Django would show its technical page to a referee at a table of the demo."""
    return render(request, "404.html", status=404)


def token_view(view):
    """Resolve `token` (and the game a card's write names) through the one token reader to the sheet it
    opens for its side. A closed round (403) or a sheet not made yet (409) answers with a page (or JSON)
    saying so; a card with no game in play shows "waiting for round N"."""

    @wraps(view)
    def wrapper(request, token, game_id=None, **kwargs):
        try:
            access = token_access(request, token, game_id=game_id)
        except Http404:
            if referee_views.wants_json(request):
                # What the 404 page says, so the phone's queue shows the referee what to do.
                gone = _(
                    "Nothing is found at this address. A table card or team link that was printed again "
                    "replaces the old one: ask the organiser for the new one."
                )
                return JsonResponse({"ok": False, "errors": {"__all__": [gone]}}, status=404)
            return _printed_link_gone(request)
        except (TableClosed, TableNotReady) as exc:
            if referee_views.wants_json(request):
                return JsonResponse({"ok": False, "errors": {"__all__": [exc.message]}}, status=exc.status_code)
            return render(request, "referee/closed.html", {"message": exc.message}, status=exc.status_code)
        except CardWaiting as waiting:
            return _waiting(request, waiting.card, waiting.state)
        return view(request, access, **kwargs)

    return never_cache(wrapper)


@never_cache
@require_GET
def card_state_view(request, token: str):
    """JSON {state, round, text}: what the card opens now. Polled by its page (two or three queries)."""
    return _state_json(card_state(card_by_token(token)))


# --- team links ------------------------------------------------------------------------------------------


def _team_context(request, token: str):
    link = team_link_by_token(token)
    return link, team_place(link)


@never_cache
@require_GET
def team_page(request, token: str):
    """Where the team plays now: table and side in the released round, and the way to its sheet (read-only,
    under the team link's own token: the page hands out no other)."""
    try:
        link, place = _team_context(request, token)
    except Http404:
        return _printed_link_gone(request)
    state = place.state
    context = {"link": link, "entry": link.entry, "event": link.entry.event, "state": state, "text": state_text(state)}
    if state.kind == "playing":
        context.update(
            {
                "side_label": SIDE_LABELS[place.side],
                "against": game_sides(state.game)["B" if place.side == "A" else "A"]["name"],
                "sheet_url": reverse("scoring:team-sheet", args=[link.token]),
            }
        )
    return render(request, "referee/team.html", context)


@never_cache
@require_GET
def team_sheet(request, token: str):
    """`p/<token>/sheet/`: the team's sheet in the round it plays now, read-only (a team link is printed for
    the room and never writes; the table card types and confirms). Between rounds, the team page."""
    try:
        access = team_sheet_access(request, token)
    except (TeamNotPlaying, TableNotReady):
        return HttpResponseRedirect(reverse("scoring:team", args=[token]))
    return referee_views.sheet_page(request, access)


@never_cache
@require_GET
def team_state_view(request, token: str):
    """JSON {state, round, text}: where the team plays now, polled by its page."""
    _link, place = _team_context(request, token)
    return _state_json(place.state)


# --- the organiser's cards page -------------------------------------------------------------------------


def _cards_url(event: Event) -> str:
    return reverse("desk:event-cards", args=[event.club.slug, event.slug])


def _card_url(request, token: str) -> str:
    return absolute_url(reverse("scoring:referee", args=[token]), request)


def _code_address(request) -> str:
    """Where a phone types a card's short code, as printed: /c without its slash (fewer to type; the site
    adds it)."""
    return absolute_url(reverse("scoring:card-code"), request).removesuffix("/")


@never_cache
@login_required
@require_GET
def event_cards(request, club_slug: str, event_slug: str):
    """Every table's card (both sides), to print once before round 1; revoke and reprint one table's."""
    event = organiser_event(request, club_slug=club_slug, event_slug=event_slug)
    numbers = event_table_numbers(event)
    cards: dict[int, dict[str, TableCard]] = {}
    for card in TableCard.objects.active().filter(event=event):
        cards.setdefault(card.table_number, {})[card.side] = card
    rows = []
    for n in sorted(set(numbers) | set(cards)):
        sides = [(SIDE_LABELS[side], cards.get(n, {}).get(side)) for side in TEAMS]  # each side's card, A first
        rows.append({"number": n, "cards": [card for _label, card in sides], "sides": sides})
    missing = [row["number"] for row in rows if None in row["cards"]]
    team_links = {link.entry_id: link for link in TeamLink.objects.active().filter(entry__event=event)}
    teams = [
        {"entry": entry, "link": team_links.get(entry.pk)}
        for entry in event.entries.select_related("player_1", "player_2").order_by("number")
    ]
    context = {
        "event": event,
        "club": event.club,
        "rows": rows,
        "missing": missing,
        "teams": teams,
        "team_base_url": absolute_url(reverse("scoring:team", args=["TOKEN"]), request).replace("TOKEN/", ""),
        "suggested": max(numbers, default=0) or max(1, event.entries.count() // 2),
        "base_url": _card_url(request, "TOKEN").replace("TOKEN/", ""),
        "code_address": _code_address(request).removeprefix("https://"),
    }
    return render(request, "organiser/cards.html", context)


@login_required
@require_POST
def event_cards_make(request, club_slug: str, event_slug: str):
    """Make the missing cards: for the event's tables, or for tables 1 to `tables` when none is known."""
    event = organiser_event(request, club_slug=club_slug, event_slug=event_slug)
    numbers = event_table_numbers(event)
    raw = request.POST.get("tables", "")
    if raw:
        if not (raw.isascii() and raw.isdigit() and 1 <= int(raw) <= 1000):
            messages.error(
                request, _("Number of tables: a whole number from 1 to 1000, got “%(value)s”.") % {"value": raw[:20]}
            )
            return HttpResponseRedirect(_cards_url(event))
        numbers = sorted(set(numbers) | set(range(1, int(raw) + 1)))
    if not numbers:
        messages.error(request, _("Number of tables: say how many tables to make cards for."))
        return HttpResponseRedirect(_cards_url(event))
    made = event_cards_prepare(event=event, table_numbers=numbers)
    messages.success(
        request,
        _("%(count)s table cards made. Print them once: they stay on the tables all evening.") % {"count": made},
    )
    return HttpResponseRedirect(_cards_url(event))


@login_required
@require_POST
def table_card_reissue_view(request, club_slug: str, event_slug: str, table_number: int):
    """Revoke one table's card (both sides) and issue a new one, to reprint."""
    event = organiser_event(request, club_slug=club_slug, event_slug=event_slug)
    table_card_reissue(event=event, table_number=table_number, actor=actor_from_request(request, organiser=True))
    messages.success(
        request, _("The old card of table %(number)s no longer works; print its new card.") % {"number": table_number}
    )
    return HttpResponseRedirect(_cards_url(event) + f"#table-{table_number}")


@login_required
@require_POST
def team_link_reissue_view(request, club_slug: str, event_slug: str, entry_number: int):
    """Revoke one team's link and issue a new one, to hand out again."""
    event = organiser_event(request, club_slug=club_slug, event_slug=event_slug)
    entry = Entry.objects.filter(number=entry_number, event=event).first()
    if entry is None:
        raise Http404
    team_link_reissue(entry=entry, actor=actor_from_request(request, organiser=True))
    messages.success(
        request, _("The old link of team %(number)s no longer works; hand out its new link.") % {"number": entry.number}
    )
    return HttpResponseRedirect(_cards_url(event) + f"#team-{entry.number}")


@login_required
@require_GET
def event_cards_download(request, club_slug: str, event_slug: str):
    """The cards as one PDF; `?table=N` for one table's card only."""
    event = organiser_event(request, club_slug=club_slug, event_slug=event_slug)
    raw = request.GET.get("table", "")
    table_number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 6 else None
    pdf = event_cards_pdf(
        event=event,
        table_number=table_number,
        link_url=lambda token: _card_url(request, token),
        code_address=_code_address(request),
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    suffix = f"-table-{table_number}" if table_number is not None else ""
    name = f"{slugify(event.name) or 'event'}-table-cards{suffix}.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


# --- the referee page offline ---------------------------------------------------------------------------


@require_GET
def service_worker(request):
    """The referee pages' service worker, served under /t/ so that its scope covers them; its asset
    addresses come from `static` (hashed names in production)."""
    body = render_to_string("referee/sw.js", request=request)
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/t/"
    # The browser checks for a new worker on each visit; a day-old copy must not keep old code alive.
    response["Cache-Control"] = "no-cache"
    return response
