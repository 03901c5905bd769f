"""Public pages of an event: home, tonight's draw, live standings, round results, a team's deals, progress
chart and season ranking. URL prefix `e/<club_slug>/<event_slug>/`.

Permission: anyone, for what the organiser made public (`Event.public_draw`, `public_standings`,
`public_sheets`) on an event that is no longer a draft; the club's organisers also see what is not public
yet (a preview). Anything else answers 404. Pages read the standings snapshot (never recompute) in a fixed
number of queries and cache their fragments under the event's `standings_version`, so a recompute makes
every cached fragment stale at once.
"""

from __future__ import annotations

from functools import wraps

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_GET

from config import live
from scoring.public import selectors as public_selectors
from scoring.public.chart import rank_chart
from scoring.sheets.views.live import version_answer
from tournaments.models import Event
from tournaments.names import fold_name, matches
from tournaments.permissions import is_organiser

CACHE_SECONDS = 60 * 60  # keys carry the version, so time only bounds memory
POLL_SECONDS = 4


def _event_or_404(club_slug: str, event_slug: str) -> Event:
    event = public_selectors.event_by_slugs(club_slug, event_slug)
    if event is None:
        raise Http404
    return event


def public_event(flag: str | None = None):
    """View decorator: resolve the event from the URL; 404 unless it is visible to this visitor.

    `flag` names the Event field that makes the page public (None: the event home, public unless draft)."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, club_slug: str, event_slug: str, *args, **kwargs):
            event = _event_or_404(club_slug, event_slug)
            preview = request.user.is_authenticated and is_organiser(request.user, event.club_id)
            visible = event.status != Event.Status.DRAFT and (flag is None or getattr(event, flag))
            if not (visible or preview):
                raise Http404
            request.public_preview = preview and not visible
            return view(request, event, *args, **kwargs)

        return wrapper

    return decorator


def _cache_key(event: Event, name: str, *parts) -> str:
    # The publication flags are part of the key: unticking "sheets are public" must hide the deals at once,
    # not when the next recompute bumps the version.
    flags = f"{event.public_draw:d}{event.public_standings:d}{event.public_sheets:d}"
    # The club's consent version too: a member who withdraws consent leaves every cached page at once.
    names = event.club.publication_version
    return ":".join(
        str(p) for p in ("public", event.pk, event.standings_version, flags, names, get_language(), name, *parts)
    )


def _cached(event: Event, name: str, parts: tuple, build):
    key = _cache_key(event, name, *parts)
    html = cache.get(key)
    if html is None:
        html = build()
        cache.set(key, html, CACHE_SECONDS)
    return html


def _int_param(request, name: str) -> int | None:
    try:
        return int(request.GET.get(name, ""))
    except ValueError:
        return None


def _menu(event: Event) -> dict:
    return {
        "draw": event.public_draw,
        "standings": event.public_standings,
        "sheets": event.public_sheets,
        "season": event.public_standings and event.season_id is not None,
    }


def _render(request, template: str, event: Event, context: dict, active: str = ""):
    context = {
        "event": event,
        "active": active,
        "club": event.club,
        "menu": _menu(event),
        "preview": getattr(request, "public_preview", False),
        **context,
    }
    return render(request, template, context)


# --- event home ---------------------------------------------------------------------------------------


@require_GET
@public_event()
def event_home(request, event: Event):
    """The event's home: what it is, links to what is public. Queries: 2."""
    return _render(request, "public/event.html", event, {"rounds": public_selectors.public_rounds(event)})


# --- draw ---------------------------------------------------------------------------------------------


def _stamp(rounds: list[int]) -> str:
    return "r" + ".".join(map(str, rounds))


@require_GET
@public_event("public_draw")
def draw(request, event: Event):
    """Tonight's draw (the latest released round, or ?round=N) with a find-your-table filter.
    Without JavaScript `?q=` filters on the server. Queries: 2 cached, 4 otherwise.

    A released round's games never change (only a draft can be edited), so the table list is cached under
    the round's own version: its id and release time (a round drawn and released again gets a new key)."""
    released = public_selectors.released_round_stamps(event)
    rounds = list(released)
    number = _int_param(request, "round")
    if number not in rounds:
        number = max(rounds, default=None)
    query = (request.GET.get("q") or "")[:100]
    list_html = ""
    if number is not None:
        if fold_name(query):
            tables = [t for t in public_selectors.draw_tables(event, number) if matches(query, t["search"])]
            list_html = render_to_string("public/_draw_list.html", {"event": event, "tables": tables, "query": query})
        else:
            pk, released_at = released[number]
            stamp = released_at.timestamp() if released_at else "-"
            names = event.club.publication_version
            key = ":".join(str(p) for p in ("public", event.pk, get_language(), "draw", number, pk, stamp, names))
            list_html = cache.get(key)
            if list_html is None:
                tables = public_selectors.draw_tables(event, number)
                list_html = render_to_string("public/_draw_list.html", {"event": event, "tables": tables})
                cache.set(key, list_html, CACHE_SECONDS)
    return _render(
        request,
        "public/draw.html",
        event,
        {"rounds": rounds, "number": number, "list_html": list_html, "query": request.GET.get("q", "")[:100]},
        "draw",
    )


# --- standings ----------------------------------------------------------------------------------------


def _standings_fragment(event: Event, requested: int | None) -> tuple[str, int | None]:
    """The rendered standings table (cached per version, round and language) and the round it shows."""

    def build_for(number):
        table = public_selectors.standings_table(event, number)
        return render_to_string(
            "public/_standings_table.html", {"event": event, "number": number, "rounds": rounds, **table}
        )

    key = _cache_key(event, "rounds")
    rounds = cache.get(key)
    if rounds is None:
        rounds = public_selectors.snapshot_rounds(event)
        cache.set(key, rounds, CACHE_SECONDS)
    number = requested if requested in rounds else max(rounds, default=None)
    if number is None:
        return render_to_string("public/_standings_table.html", {"event": event, "rows": [], "rounds": []}), None
    return _cached(event, "standings", (number,), lambda: build_for(number)), number


@require_GET
@public_event("public_standings")
def standings(request, event: Event):
    """Live standings: the snapshot after the latest round (or ?round=N); updates itself by polling
    `standings/version.json` and swapping in `standings/table/`. Queries: 1 cached, 4 otherwise."""
    html, number = _standings_fragment(event, _int_param(request, "round"))
    return _render(
        request,
        "public/standings.html",
        event,
        {
            "table": html,
            "number": number,
            "poll_seconds": POLL_SECONDS,
            "pinned": "round" in request.GET,
        },
        "standings",
    )


#: Rounds a `?round=` may name in a kept table's key (any other number shows the latest round, as the page does).
_KEPT_ROUNDS = range(1, 100)


@require_GET
def standings_table(request, club_slug: str, event_slug: str):
    """The standings table fragment alone (what the live page swaps in after each recompute, so every viewer
    asks at once). Public standings are kept in the live cache under the standings' generation, as their
    version is: no query, no session. Not public: the club's organiser still sees it (a preview), from the
    database."""
    requested = _int_param(request, "round")
    shown = requested if requested in _KEPT_ROUNDS else None
    key = f"st:{club_slug}:{event_slug}:{shown or ''}:{get_language()}"
    try:
        state = live.answer(key, lambda: _standings_table_answer(club_slug, event_slug, shown)).state
    except Http404:
        state = _standings_table_preview(request, club_slug, event_slug, shown)
    response = HttpResponse(state["html"])
    response["X-Standings-Version"] = str(state["version"])
    response["Cache-Control"] = "no-cache"
    return response


def _standings_table_answer(club_slug: str, event_slug: str, requested: int | None) -> live.Answer:
    event = _event_or_404(club_slug, event_slug)
    if event.status == Event.Status.DRAFT or not event.public_standings:
        raise Http404
    html, _shown = _standings_fragment(event, requested)
    return live.Answer(event.pk, {"html": html, "version": event.standings_version}, live.STANDINGS)


@public_event("public_standings")
def _standings_table_preview(request, event: Event, requested: int | None) -> dict:
    html, _shown = _standings_fragment(event, requested)
    return {"html": html, "version": event.standings_version}


@require_GET
def standings_version(request, club_slug: str, event_slug: str):
    """Tiny JSON the live pages poll: {"version", "dirty", "computed_at"}, with an ETag (304 while unchanged).
    Permission: as the standings page (public standings, or the club's organiser). Public standings are kept
    in the live cache while the event is unchanged (no query, no session); otherwise one query for anonymous
    visitors, two for the organiser of standings not public."""
    try:
        answer = live.answer(f"s:{club_slug}:{event_slug}", lambda: _standings_state(club_slug, event_slug))
    except Http404:
        # Not public: the club's organiser still sees it (the session is read only here).
        row = public_selectors.standings_state(club_slug, event_slug)
        if row is None or not (request.user.is_authenticated and is_organiser(request.user, row["club_id"])):
            raise
        answer = live.Answer(row["id"], _state_of(row), live.STANDINGS)
    return version_answer(request, answer.state, live.push_fields(answer, request))


def _standings_state(club_slug: str, event_slug: str) -> live.Answer:
    """The state of `standings_version` for public standings; Http404 for an unknown event or one whose
    standings are not public."""
    row = public_selectors.standings_state(club_slug, event_slug)
    if row is None or row["status"] == Event.Status.DRAFT or not row["public_standings"]:
        raise Http404
    return live.Answer(row["id"], _state_of(row), live.STANDINGS)


def _state_of(row: dict) -> dict:
    computed_at = row["standings_computed_at"]
    return {
        "version": row["standings_version"],
        "dirty": row["standings_dirty"],
        "computed_at": computed_at.isoformat() if computed_at else None,
    }


# --- round results ------------------------------------------------------------------------------------


@require_GET
@public_event("public_standings")
def round_results(request, event: Event, number: int):
    """One round's results table by table (confirmed sheets only; others show as in play). Queries: 2 cached, ≤ 5."""

    def build():
        results = public_selectors.round_results(event, number)
        if results is None:
            return None
        return render_to_string(
            "public/_round_table.html", {"event": event, "sheets_public": event.public_sheets, **results}
        )

    # Released rounds are part of the key: releasing or closing a round changes the page before any recompute.
    rounds = public_selectors.released_rounds(event)
    html = _cached(event, "round", (number, _stamp(rounds)), build)
    if html is None:
        raise Http404
    return _render(
        request, "public/round.html", event, {"table": html, "number": number, "rounds": rounds}, "standings"
    )


# --- one entry ----------------------------------------------------------------------------------------


@require_GET
@public_event("public_standings")
def entry_detail(request, event: Event, number: int):
    """A team's (or in mêlée a player's) games round by round, deal by deal when sheets are public, and
    its rank over the rounds as a small chart. Queries: 2 cached, ≤ 7, whatever the number of games."""

    def build():
        detail = public_selectors.entry_detail(event, number, with_deals=event.public_sheets)
        if detail is None:
            return None
        chart = None
        if detail.history:
            worst = max(detail.field_size, 1)
            chart = rank_chart([detail.rank_series], rounds=event.rounds, worst=worst, width=360, height=180)
        return render_to_string(
            "public/_entry.html",
            {
                "event": event,
                "entry": detail.entry,
                "entry_players": [p for p in (detail.entry.player_1, detail.entry.player_2) if p is not None],
                "rows": detail.rows,
                "history": detail.history,
                "chart": chart,
                "sheets_public": event.public_sheets,
            },
        )

    html = _cached(event, "entry", (number, _stamp(public_selectors.released_rounds(event))), build)
    if html is None:
        raise Http404
    return _render(request, "public/entry.html", event, {"body": html, "number": number}, "standings")


# --- progress chart -----------------------------------------------------------------------------------


@require_GET
@public_event("public_standings")
def progress(request, event: Event):
    """Rank (or ?metric=points: match points) of the leading entries over the rounds, plus ?entry=N.
    Queries: 1 cached, ≤ 4."""
    mode = "points" if request.GET.get("metric") == "points" else "rank"
    highlight = _int_param(request, "entry")
    top = 8

    def build():
        data = public_selectors.progress(event, points=mode == "points", top=top, highlight=highlight)
        if data is None:
            return render_to_string("public/_progress.html", {"event": event, "chart": None})
        chart = rank_chart(
            data.series,
            rounds=max(event.rounds, data.last),
            worst=data.field_size,
            mode=mode,
            best=data.best,
            width=480,
            height=300,
        )
        return render_to_string("public/_progress.html", {"event": event, "chart": chart, "mode": mode})

    html = _cached(event, "progress", (mode, highlight), build)
    return _render(
        request, "public/progress.html", event, {"body": html, "mode": mode, "highlight": highlight}, "progress"
    )


# The season ranking's pages are scoring.public.season_page.


# --- embeddable standings -----------------------------------------------------------------------------


@require_GET
@xframe_options_exempt
@public_event("public_standings")
def standings_embed(request, event: Event):
    """The standings alone, for a frame on the club's own website: no site header, the live table, and a
    link to the full page. Only the websites the club lists may frame it (CSP frame-ancestors); anywhere else
    the browser refuses the frame. Queries: as the standings page."""
    html, number = _standings_fragment(event, None)
    response = render(
        request,
        "public/standings_embed.html",
        {"event": event, "club": event.club, "table": html, "number": number, "poll_seconds": POLL_SECONDS},
    )
    # Only this page may be framed, and only by the club's listed websites (none listed: nobody).
    response._csp_replace = {"frame-ancestors": event.club.embed_origin_list or ["'none'"]}
    return response
