"""What the sheet pages poll for live updates: a tiny JSON of the sheet's state with an ETag, 304 while
nothing changed. The phones' and the team's answers are kept in the live cache (`config/live.py`): an
unchanged poll reads no database and no session; the answer names the event's stream when one is offered."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponseNotModified, JsonResponse
from django.views.decorators.http import require_GET

from config import live
from scoring.models import Sheet, TableCard, TableLink
from scoring.sheets.access import is_card_token
from scoring.sheets.addresses import sheet_at
from scoring.sheets.links import team_link_by_token, team_place
from tournaments.clock import clock_stamp
from tournaments.models import DirectorCall, Game, Round
from tournaments.permissions import require_organiser

# The round's clock fields, read with the sheet's state (same row, no extra query).
_CLOCK = ("round__clock_started_at", "round__clock_paused_at", "round__clock_paused_seconds", "round__last_deal_at")


def version_answer(request, state: dict[str, Any], push: dict[str, str] | None = None):
    """A tiny JSON of the sheet's (or round's) state with an ETag, so that an unchanged poll is a 304 with
    no body. `no-cache` (not `no-store`) lets the browser keep the answer and revalidate it every time.
    `push`: the event's stream and the page's scope in it (`config.live.push_fields`), in the body and not in
    the ETag."""
    etag = '"{}"'.format("-".join(str(v) for v in state.values()))
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        body = {**state, **push} if push else state
        response = JsonResponse(body)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def _open_call(event: str, table: str = "table_number") -> Subquery:
    """The id of the table's open call to the director, as a column of the same query (no query more)."""
    calls = DirectorCall.objects.filter(
        event_id=OuterRef(event), table_number=OuterRef(table), answered_at__isnull=True
    ).values("pk")[:1]
    return Subquery(calls)


@require_GET
def table_version(request, token: str):
    """`t/<token>/version.json`: {"version", "status", "entering_side", "open", "call", "clock"} of the sheet
    the token opens (and of the table's open call to the director), polled by both sides' pages every few
    seconds; 304 when unchanged. Kept in the live cache while its event is unchanged (no query); otherwise a
    game link's is one indexed query (by token), a card's two (it names the game in play at its table, so the
    next round's release changes it). Permission: the token itself (an unknown or revoked one is a 404)."""
    if not isinstance(token, str) or len(token) > 64:
        raise Http404
    answer = live.answer(f"t:{token}", lambda: _table_state(token))
    return version_answer(request, answer.state, live.push_fields(answer, request))


def _table_state(token: str) -> live.Answer:
    """The state of `table_version`, from the database, with its event and game."""
    if is_card_token(token):
        card = TableCard.objects.active().filter(token=token).values_list("event_id", "table_number").first()
        if card is None:
            raise Http404
        row = (
            Game.objects.filter(
                round__event_id=card[0], round__status=Round.Status.RELEASED, table_number=card[1], is_bye=False
            )
            .annotate(call=_open_call("round__event_id"))
            .order_by("-round__number")
            .values_list(
                "sheet__version", "sheet__status", "sheet__entering_side", "round__status", "call", "pk", *_CLOCK
            )
            .first()
        ) or (0, "", "", "", None, 0, None, None, 0, None)
        event_id, game_id = card[0], row[5]
    else:
        link = (
            TableLink.objects.active()
            .filter(token=token, game__is_bye=False)
            .annotate(call=_open_call("game__round__event_id", "game__table_number"))
            .values_list(
                "game__sheet__version",
                "game__sheet__status",
                "game__sheet__entering_side",
                "game__round__status",
                "call",
                *(f"game__{name}" for name in _CLOCK),
                "game__round__event_id",
                "game_id",
            )
            .first()
        )
        if link is None:
            raise Http404
        row = (*link[:5], None, *link[5:-2])
        event_id, game_id = link[-2:]
    version, status, entering, round_status, call, game, *clock = row
    state = {
        "version": version or 0,
        "status": status or "",
        "entering_side": entering or "",
        "open": round_status == Round.Status.RELEASED,
        "call": call or 0,  # the table's open call to the director: the page's call box follows it
        # The round clock's stamp: the page fetches its clock again when a pause or the last deal changes it.
        "clock": clock_stamp(*clock),
    }
    if game is not None:
        state["game"] = game
    return live.Answer(event_id, state, live.game_scope(game_id) if game_id else None)


@login_required
@require_GET
def sheet_version(request, club_slug: str, event_slug: str, number: int, table: int):
    """`rounds/<n>/tables/<t>/version.json` for the organiser's sheet page. Permission: an organiser of the
    sheet's club (404 otherwise). Two queries (the sheet, the membership); 304 when unchanged."""
    row = (
        Sheet.objects.filter(**sheet_at(club_slug=club_slug, event_slug=event_slug, number=number, table=table))
        .values_list("version", "status", "entering_side", "game__round__event__club_id")
        .first()
    )
    if row is None:
        raise Http404
    require_organiser(request.user, row[3])
    return version_answer(request, {"version": row[0], "status": row[1], "entering_side": row[2], "open": True})


@require_GET
def team_sheet_version(request, token: str):
    """`p/<token>/sheet/version.json`: the state of the sheet the team link shows (the game its team plays
    now; 404 for an unknown or revoked link), polled by the team's read-only sheet page. Kept in the live
    cache while its event is unchanged."""
    if not isinstance(token, str) or len(token) > 64:
        raise Http404
    answer = live.answer(f"p:{token}", lambda: _team_state(token))
    return version_answer(request, answer.state, live.push_fields(answer, request))


def _team_state(token: str) -> live.Answer:
    link = team_link_by_token(token)
    place = team_place(link)
    row = (
        Sheet.objects.filter(game=place.state.game).values_list("version", "status", "entering_side").first()
        if place.state.kind == "playing"
        else None
    ) or (0, "", "")
    version, status, entering = row
    state = {
        "version": version,
        "status": status,
        "entering_side": entering,
        "open": row != (0, "", ""),
        "game": place.state.game.pk if place.state.game is not None else 0,
    }
    return live.Answer(link.entry.event_id, state, live.game_scope(state["game"]) if state["game"] else None)
