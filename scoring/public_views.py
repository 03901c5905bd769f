"""Public pages of an event: home, tonight's draw, live standings, round results, a team's deals, progress
chart and season ranking. URL prefix `e/<club_slug>/<event_slug>/`.

Permission: anyone, for what the organiser made public (`Event.public_draw`, `public_standings`,
`public_sheets`) on an event that is no longer a draft; the club's organisers also see what is not public
yet (a preview). Anything else answers 404. Pages read the standings snapshot (never recompute) in a fixed
number of queries and cache their fragments under the event's `standings_version`, so a recompute makes
every cached fragment stale at once.
"""

from __future__ import annotations

import hashlib
from functools import wraps

from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring import metrics
from scoring.models import Deal, Sheet
from scoring.selectors import sheet_of
from scoring.standings import season_ranking
from tournaments.models import Entry, Event, Game, Round, Standing
from tournaments.permissions import is_organiser

CACHE_SECONDS = 60 * 60  # keys carry the version, so time only bounds memory
POLL_SECONDS = 4


def _event_or_404(club_slug: str, event_slug: str) -> Event:
    event = Event.objects.select_related("club", "season").filter(club__slug=club_slug, slug=event_slug).first()
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
    return ":".join(str(p) for p in ("public", event.pk, event.standings_version, flags, get_language(), name, *parts))


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
    rounds = list(Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES).values("number", "status"))
    return _render(request, "public/event.html", event, {"rounds": rounds})


# --- draw ---------------------------------------------------------------------------------------------


def _released_rounds(event: Event) -> list[int]:
    return list(
        Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES)
        .order_by("number")
        .values_list("number", flat=True)
    )


def _stamp(rounds: list[int]) -> str:
    return "r" + ".".join(map(str, rounds))


def _entries_by_id(event: Event) -> dict[int, Entry]:
    return {e.pk: e for e in Entry.objects.filter(event=event).select_related("player_1", "player_2")}


def _names(entries: dict[int, Entry], *ids) -> list[Entry]:
    return [entries[i] for i in ids if i in entries]


def _draw_tables(event: Event, number: int) -> list[dict]:
    entries = _entries_by_id(event)
    games = Game.objects.filter(round__event=event, round__number=number).order_by("is_bye", "table_number")
    tables = []
    for game in games:
        side_a = _names(entries, game.entry_a_id, game.entry_a_partner_id)
        side_b = _names(entries, game.entry_b_id, game.entry_b_partner_id)
        search = " ".join(_search_text(e) for e in side_a + side_b)
        tables.append({"game": game, "side_a": side_a, "side_b": side_b, "search": search})
    return tables


@require_GET
@public_event("public_draw")
def draw(request, event: Event):
    """Tonight's draw (the latest released round, or ?round=N) with a find-your-table filter.
    Without JavaScript `?q=` filters on the server. Queries: 2 cached, 4 otherwise.

    A released round's games never change (only a draft can be edited), so the table list is cached under
    the round's own version: its id and release time (a round drawn and released again gets a new key)."""
    released = {
        number: (pk, released_at)
        for number, pk, released_at in Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES)
        .order_by("number")
        .values_list("number", "pk", "released_at")
    }
    rounds = list(released)
    number = _int_param(request, "round")
    if number not in rounds:
        number = max(rounds, default=None)
    query = (request.GET.get("q") or "").strip().lower()[:100]
    list_html = ""
    if number is not None:
        if query:
            tables = [t for t in _draw_tables(event, number) if query in t["search"]]
            list_html = render_to_string("public/_draw_list.html", {"tables": tables, "query": query})
        else:
            pk, released_at = released[number]
            stamp = released_at.timestamp() if released_at else "-"
            key = ":".join(str(p) for p in ("public", event.pk, get_language(), "draw", number, pk, stamp))
            list_html = cache.get(key)
            if list_html is None:
                list_html = render_to_string("public/_draw_list.html", {"tables": _draw_tables(event, number)})
                cache.set(key, list_html, CACHE_SECONDS)
    return _render(
        request,
        "public/draw.html",
        event,
        {"rounds": rounds, "number": number, "list_html": list_html, "query": request.GET.get("q", "")[:100]},
        "draw",
    )


def _search_text(entry: Entry) -> str:
    parts = [str(entry.number), entry.name, str(entry.player_1)]
    if entry.player_2_id:
        parts.append(str(entry.player_2))
    return " ".join(parts).lower()


# --- standings ----------------------------------------------------------------------------------------


def _snapshot_rounds(event: Event) -> list[int]:
    return list(
        Standing.objects.filter(event=event).values_list("round_number", flat=True).distinct().order_by("round_number")
    )


def _standings_fragment(event: Event, requested: int | None) -> tuple[str, int | None]:
    """The rendered standings table (cached per version, round and language) and the round it shows."""

    def build_for(number):
        rows = list(
            Standing.objects.filter(event=event, round_number=number)
            .select_related("entry__player_1", "entry__player_2")
            .order_by("rank", "entry__number")
        )
        adjustments = list(
            event.adjustments.filter(Q(round_number__isnull=True) | Q(round_number__lte=number))
            .select_related("entry")
            .order_by("entry__number", "created_at")
        )
        precedence = metrics.effective_precedence(event.ranking_precedence)
        columns = [metrics.METRICS[k] for k in precedence if k not in ("match_points", "lots")]
        for adjustment in adjustments:
            adjustment.mp = metrics.json_value(adjustment.match_points)
        for row in rows:
            row.mp = metrics.json_value(row.match_points)
            row.columns = [row.metrics.get(c.key) for c in columns]
            row.adjusted = bool(row.metrics.get("adjustment_match_points") or row.metrics.get("adjustment_points"))
        return render_to_string(
            "public/_standings_table.html",
            {
                "event": event,
                "rows": rows,
                "columns": columns,
                "number": number,
                "adjustments": adjustments,
                "rounds": rounds,
                "metric_help": [metrics.METRICS[k] for k in precedence],
            },
        )

    key = _cache_key(event, "rounds")
    rounds = cache.get(key)
    if rounds is None:
        rounds = _snapshot_rounds(event)
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


@require_GET
@public_event("public_standings")
def standings_table(request, event: Event):
    """The standings table fragment alone (what the live page swaps in)."""
    html, _shown = _standings_fragment(event, _int_param(request, "round"))
    response = HttpResponse(html)
    response["X-Standings-Version"] = str(event.standings_version)
    response["Cache-Control"] = "no-cache"
    return response


@never_cache
@require_GET
def standings_version(request, club_slug: str, event_slug: str):
    """Tiny JSON the live pages poll: {"version", "dirty", "computed_at"}. Permission: as the standings
    page (public standings, or the club's organiser). One query for anonymous visitors."""
    row = (
        Event.objects.filter(club__slug=club_slug, slug=event_slug)
        .values(
            "club_id", "status", "public_standings", "standings_version", "standings_dirty", "standings_computed_at"
        )
        .first()
    )
    if row is None:
        raise Http404
    visible = row["status"] != Event.Status.DRAFT and row["public_standings"]
    if not visible and not (request.user.is_authenticated and is_organiser(request.user, row["club_id"])):
        raise Http404
    computed_at = row["standings_computed_at"]
    return JsonResponse(
        {
            "version": row["standings_version"],
            "dirty": row["standings_dirty"],
            "computed_at": computed_at.isoformat() if computed_at else None,
        }
    )


# --- round results ------------------------------------------------------------------------------------


@require_GET
@public_event("public_standings")
def round_results(request, event: Event, number: int):
    """One round's results table by table (confirmed sheets only; others show as in play). Queries: ≤ 4."""

    def build():
        rnd = Round.objects.filter(event=event, number=number, status__in=Round.PUBLIC_STATUSES).first()
        if rnd is None:
            return None
        entries = _entries_by_id(event)
        games = list(Game.objects.filter(round=rnd).select_related("sheet").order_by("is_bye", "table_number"))
        tables = [_game_row(game, entries) for game in games]
        return render_to_string(
            "public/_round_table.html",
            {
                "event": event,
                "round": rnd,
                "tables": tables,
                "sheets_public": event.public_sheets,
            },
        )

    # Released rounds are part of the key: releasing or closing a round changes the page before any recompute.
    rounds = _released_rounds(event)
    html = _cached(event, "round", (number, _stamp(rounds)), build)
    if html is None:
        raise Http404
    return _render(
        request, "public/round.html", event, {"table": html, "number": number, "rounds": rounds}, "standings"
    )


def _game_row(game: Game, entries: dict[int, Entry]) -> dict:
    sheet = sheet_of(game)
    counted = sheet is not None and sheet.status in Sheet.COUNTED_STATUSES
    return {
        "game": game,
        "side_a": _names(entries, game.entry_a_id, game.entry_a_partner_id),
        "side_b": _names(entries, game.entry_b_id, game.entry_b_partner_id),
        "counted": counted,
        "total_a": sheet.total_a if counted else None,
        "total_b": sheet.total_b if counted else None,
        "winner": (
            sheet.winner or ("A" if sheet.total_a > sheet.total_b else "B" if sheet.total_b > sheet.total_a else "")
        )
        if counted
        else None,
    }


# --- one entry ----------------------------------------------------------------------------------------


@require_GET
@public_event("public_standings")
def entry_detail(request, event: Event, number: int):
    """A team's (or in mêlée a player's) games round by round, deal by deal when sheets are public, and
    its rank over the rounds as a small chart. Queries: ≤ 6, whatever the number of games."""

    def build():
        entry = Entry.objects.filter(event=event, number=number).select_related("player_1", "player_2").first()
        if entry is None:
            return None
        entries = _entries_by_id(event)
        side = Q(entry_a=entry) | Q(entry_a_partner=entry) | Q(entry_b=entry) | Q(entry_b_partner=entry)
        games = list(
            Game.objects.filter(side, round__event=event, round__status__in=Round.PUBLIC_STATUSES)
            .select_related("round", "sheet")
            .order_by("round__number")
        )
        deals_by_sheet: dict[int, list[Deal]] = {}
        if event.public_sheets:
            sheet_ids = [g.sheet.pk for g in games if sheet_of(g) and g.sheet.status in Sheet.COUNTED_STATUSES]
            for deal in Deal.objects.filter(sheet_id__in=sheet_ids).order_by("sheet_id", "position"):
                deals_by_sheet.setdefault(deal.sheet_id, []).append(deal)
        rows = []
        for game in games:
            row = _game_row(game, entries)
            own_side = "A" if entry.pk in (game.entry_a_id, game.entry_a_partner_id) else "B"
            row["own_side"] = own_side
            row["partner"] = [e for e in (row["side_a"] if own_side == "A" else row["side_b"]) if e.pk != entry.pk]
            row["opponents"] = row["side_b"] if own_side == "A" else row["side_a"]
            row["outcome"] = None
            if game.is_bye:
                row["outcome"] = "bye"
            elif row["counted"]:
                row["outcome"] = "draw" if not row["winner"] else ("win" if row["winner"] == own_side else "loss")
            row["deals"] = _deal_lines(game, deals_by_sheet, own_side)
            rows.append(row)
        history = list(
            Standing.objects.filter(event=event, entry=entry)
            .order_by("round_number")
            .values("round_number", "rank", "match_points", "total_points")
        )
        for h in history:
            h["mp"] = metrics.json_value(h["match_points"])
        field_size = len(entries)
        series = [{"label": entry.display_name, "points": [(h["round_number"], h["rank"]) for h in history]}]
        chart = (
            rank_chart(series, rounds=event.rounds, worst=max(field_size, 1), width=360, height=180)
            if history
            else None
        )
        return render_to_string(
            "public/_entry.html",
            {
                "event": event,
                "entry": entry,
                "rows": rows,
                "history": history,
                "chart": chart,
                "sheets_public": event.public_sheets,
            },
        )

    html = _cached(event, "entry", (number, _stamp(_released_rounds(event))), build)
    if html is None:
        raise Http404
    return _render(request, "public/entry.html", event, {"body": html, "number": number}, "standings")


TRUMPS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
TRUMP_NAMES = {"no_trump": _lazy("No trumps"), "all_trump": _lazy("All trumps")}
OUTCOMES = {
    "made": _lazy("made"),
    "inside": _lazy("inside"),
    "litige": _lazy("litige"),
    "hanging": _lazy("hanging"),
    "passed": _lazy("passed"),
}


def _deal_lines(game: Game, deals_by_sheet: dict[int, list[Deal]], own_side: str) -> list[dict]:
    sheet = sheet_of(game)
    if sheet is None or sheet.pk not in deals_by_sheet:
        return []
    results = (sheet.result or {}).get("deals") or []
    lines = []
    running = {"A": 0, "B": 0}
    for deal in deals_by_sheet[sheet.pk]:
        result = results[deal.position] if deal.position < len(results) else {}
        score = result.get("score") or {}
        contract = (deal.data or {}).get("contract") or {}
        for side in ("A", "B"):
            running[side] += score.get(side) or 0
        lines.append(
            {
                "number": deal.position + 1,
                "taker": contract.get("taker"),
                "trump": TRUMPS.get(contract.get("trump")) or TRUMP_NAMES.get(contract.get("trump"), ""),
                "red": contract.get("trump") in ("hearts", "diamonds"),
                "outcome": OUTCOMES.get(result.get("outcome"), result.get("outcome") or ""),
                "score_a": score.get("A"),
                "score_b": score.get("B"),
                "running_a": running["A"],
                "running_b": running["B"],
                "own_taker": contract.get("taker") == own_side,
            }
        )
    return lines


# --- progress chart -----------------------------------------------------------------------------------

CHART_COLOURS = (
    "#0b6e4f",
    "#b42318",
    "#1d4ed8",
    "#b54708",
    "#7c3aed",
    "#0e7490",
    "#be185d",
    "#4d7c0f",
    "#57534e",
    "#9333ea",
)


def rank_chart(
    series: list[dict],
    *,
    rounds: int,
    worst: int,
    mode: str = "rank",
    best: float | None = None,
    width: int = 640,
    height: int = 320,
) -> dict:
    """Coordinates for an inline SVG line chart. `series` = [{"label", "points": [(round, value)]}].

    Rank mode puts rank 1 at the top and `worst` at the bottom; points mode puts `best` at the top and 0 at
    the bottom. Returns {"width", "height", "lines": [{"label", "colour", "path", "dots"}], "x_ticks",
    "y_ticks"} for `public/_chart.html`."""
    left, right, top, bottom = 34, 10, 10, 24
    plot_w, plot_h = width - left - right, height - top - bottom
    span_x = max(rounds - 1, 1)

    def x(round_number):
        return left + plot_w * (round_number - 1) / span_x

    if mode == "rank":
        low, high = 1, max(worst, 2)

        def y(value):
            return top + plot_h * (value - low) / (high - low)
    else:
        low, high = 0, max(float(best or 1), 1.0)

        def y(value):
            return top + plot_h * (1 - (float(value) - low) / (high - low))

    lines = []
    for i, s in enumerate(series):
        pts = [(round(x(r), 1), round(y(v), 1)) for r, v in s["points"]]
        lines.append(
            {
                "label": s["label"],
                "colour": CHART_COLOURS[i % len(CHART_COLOURS)],
                "path": " ".join(f"{px},{py}" for px, py in pts),
                "dots": [
                    {"x": px, "y": py, "value": metrics.json_value(v), "round": r}
                    for (px, py), (r, v) in zip(pts, s["points"], strict=True)
                ],
            }
        )
    x_ticks = [{"x": round(x(r), 1), "label": r} for r in range(1, rounds + 1)]
    if mode == "rank":
        marks = sorted({1, *(v for v in range(5, high + 1, 5) if high <= 50), high})
        if high > 50:
            marks = sorted({1, high // 4, high // 2, 3 * high // 4, high})
    else:
        marks = [0, round(high / 2), round(high)]
    y_ticks = [{"y": round(y(v), 1), "label": v} for v in marks]
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "x_ticks": x_ticks,
        "y_ticks": y_ticks,
        "left": left,
        "right": width - right,
        "top": top,
        "bottom": height - bottom,
    }


@require_GET
@public_event("public_standings")
def progress(request, event: Event):
    """Rank (or ?metric=points: match points) of the leading entries over the rounds, plus ?entry=N.
    Queries: ≤ 3 (2 cached)."""
    mode = "points" if request.GET.get("metric") == "points" else "rank"
    highlight = _int_param(request, "entry")
    top = 8

    def build():
        rounds = _snapshot_rounds(event)
        if not rounds:
            return render_to_string("public/_progress.html", {"event": event, "chart": None})
        last = rounds[-1]
        rows = list(
            Standing.objects.filter(event=event)
            .filter(
                Q(entry__in=Standing.objects.filter(event=event, round_number=last, rank__lte=top).values("entry"))
                | Q(entry__number=highlight or 0)
            )
            .select_related("entry__player_1", "entry__player_2")
            .order_by("entry_id", "round_number")
        )
        by_entry: dict[int, dict] = {}
        for s in rows:
            item = by_entry.setdefault(s.entry_id, {"entry": s.entry, "points": [], "final": None})
            item["points"].append((s.round_number, s.rank if mode == "rank" else s.match_points))
            if s.round_number == last:
                item["final"] = s.rank
        ordered = sorted(by_entry.values(), key=lambda item: (item["final"] or 10**9, item["entry"].number))
        field_size = Standing.objects.filter(event=event, round_number=last).count()
        best = max((v for item in ordered for _, v in item["points"]), default=1)
        series = [
            {"label": f"{item['entry'].number} · {item['entry'].display_name}", "points": item["points"]}
            for item in ordered
        ]
        chart = rank_chart(
            series, rounds=max(event.rounds, last), worst=field_size, mode=mode, best=best, width=480, height=300
        )
        for line, item in zip(chart["lines"], ordered, strict=True):
            line["number"] = item["entry"].number
            line["highlight"] = item["entry"].number == highlight
        return render_to_string("public/_progress.html", {"event": event, "chart": chart, "mode": mode})

    html = _cached(event, "progress", (mode, highlight), build)
    return _render(
        request, "public/progress.html", event, {"body": html, "mode": mode, "highlight": highlight}, "progress"
    )


# --- season -------------------------------------------------------------------------------------------


@require_GET
@public_event("public_standings")
def season(request, event: Event):
    """The season ranking of this event's season (public evenings only). Queries: ≤ 4."""
    if event.season is None:
        raise Http404
    key = f"public-season:{event.season_id}:{get_language()}:{_season_stamp(event.season)}"

    html = cache.get(key)
    if html is None:
        ranking = season_ranking(season=event.season, public_only=True)
        html = render_to_string("public/_season_table.html", {"season": event.season, **ranking})
        cache.set(key, html, CACHE_SECONDS)
    return _render(
        request,
        "public/season.html",
        event,
        {"body": html, "season": event.season, "title": _("Season ranking")},
        "season",
    )


def _season_stamp(season) -> str:
    """Changes whenever any of the season's evenings is recomputed, added, removed or re-flagged, or the
    season's ranking rule changes."""
    rows = (
        Event.objects.filter(season=season)
        .order_by("pk")
        .values_list("pk", "standings_version", "public_standings", "status")
    )
    stamp = f"{season.ranking_rule}.{season.best_n}|" + "-".join(f"{pk}.{v}.{int(p)}.{s}" for pk, v, p, s in rows)
    return hashlib.sha256(stamp.encode()).hexdigest()[:32]
