"""The referee page: a table's sheet on a phone, opened from the QR code of the table card (no account).

`t/<token>/` shows the table, the teams, the rules, the deals with running totals and held points, the
deal form, and the box that calls the director to the table (`views.director`). Every write is a plain
form POST (it works without JavaScript); `static/scoring/referee.js` sends the same forms with
`Accept: application/json` and gets JSON back, plus a check on every change. The same views serve the
organiser's sheet page (`o/<club>/events/<event>/rounds/<n>/tables/<t>/`), where each change needs a reason.

Permissions: a table link reaches only its own game, while the round is released (Http404 for an unknown
or revoked token, 403 "closed" page once the round is closed); organiser pages need an organiser of the
event's club (login, then Http404 for other clubs).
"""

from __future__ import annotations

import uuid
from functools import lru_cache, wraps
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring.engine import game_rules
from scoring.labels import SIDE_LABELS, SWAP_LABELS, announcement_buttons, outcome_label, side_short
from scoring.models import SheetChange
from scoring.rules import RuleSetError
from scoring.sheets.addresses import organiser_sheet_at, sheet_address
from scoring.sheets.closing import ruling_change_words
from scoring.sheets.forms import PASS, DealForm, RuleFacts, deal_initial
from scoring.sheets.permissions import sheet_permissions
from scoring.sheets.selectors import (
    DealRow,
    SheetAccess,
    deal_summary,
    first_dealer,
    game_sides,
    sheet_history,
    sheet_view,
)
from scoring.sheets.views.live_rows import deal_rows_html
from tournaments.labels import DIRECTOR_CALL_REASONS, director_call_reason
from tournaments.models import DirectorCall


def wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


# --- access -----------------------------------------------------------------------------------------------


def organiser_sheet_view(view):
    """Resolve the event, round and table of the address to the sheet, for a logged-in organiser of the
    sheet's club (Http404 for other clubs)."""

    @wraps(view)
    def wrapper(request, club_slug, event_slug, number, table, **kwargs):
        access = organiser_sheet_at(request, club_slug=club_slug, event_slug=event_slug, number=number, table=table)
        return view(request, access, **kwargs)

    return never_cache(login_required(wrapper))


def _names(access: SheetAccess) -> tuple[str, list]:
    if access.card is not None:
        # Writes name the game: a deal sent late (offline) never lands in the next round's game.
        return "scoring:card-game", [access.card.token, access.game.pk]
    if access.link is not None:
        return "scoring:referee", [access.link.token]
    return "desk:sheet", sheet_address(access.sheet)


@lru_cache(maxsize=4096)
def _reverse_at(prefix: str, urlconf: Any, name: str, args: tuple) -> str:
    return reverse(name, args=args)


def _reverse(name: str, args: list | tuple) -> str:
    """reverse(), kept for the addresses a table's pages ask again and again (a phone answers every deal with
    its page's seven addresses: a tenth of the post); keyed by the script prefix and URLconf it depends on."""
    return _reverse_at(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, name, tuple(args))


def page_urls(access: SheetAccess) -> dict[str, str]:
    """The page's own addresses: the table link's, or the organiser's; a team link's page only reads (it
    has no address to write to)."""
    if access.team is not None:
        token = access.team.token
        return {
            "page": _reverse("scoring:team-sheet", [token]),
            "version": _reverse("scoring:team-sheet-version", [token]),
            **dict.fromkeys(("check", "create", "submit", "confirm", "dispute"), ""),
        }
    prefix, args = _names(access)
    names = {
        "page": "",
        "check": "-check",
        "create": "-deal-create",
        "submit": "-submit",
        "confirm": "-confirm",
        "dispute": "-dispute",
    }
    urls = {key: _reverse(prefix + suffix, args) for key, suffix in names.items()}
    # Each page polls under the token it was opened with: a card never shows the game link it acts through.
    if access.card is not None:
        urls["version"] = _reverse("scoring:referee-version", [access.card.token])
    elif access.link is not None:
        urls["version"] = _reverse("scoring:referee-version", [access.link.token])
    else:
        urls["version"] = _reverse("desk:sheet-version", sheet_address(access.sheet))
    return urls


def _insert_url(access: SheetAccess, position: int) -> str:
    if access.team is not None:
        return ""
    prefix, args = _names(access)
    return reverse(prefix + "-deal-insert", args=[*args, position])


def _deal_urls(access: SheetAccess, position: int) -> tuple[str, str]:
    """(change, delete) addresses of the deal at `position` (none on a team link's read-only page)."""
    return _deal_url_maker(access)(position)


# Reversed once per page with this position, whose digits each row's own then replace: two reverse() calls
# per deal were a tenth of a phone's deal post. No token or id of these routes is this long a digit run.
_ANY_POSITION = 987654321


def _deal_url_maker(access: SheetAccess):
    """A function of a position to its deal's (change, delete) addresses, the routes reversed once."""
    if access.team is not None:
        return lambda position: ("", "")
    prefix, args = _names(access)
    update = _reverse(prefix + "-deal-update", [*args, _ANY_POSITION])
    delete = _reverse(prefix + "-deal-delete", [*args, _ANY_POSITION])
    marker = str(_ANY_POSITION)
    return lambda position: (update.replace(marker, str(position)), delete.replace(marker, str(position)))


# --- rendering ------------------------------------------------------------------------------------------


def rule_facts(access: SheetAccess) -> RuleFacts:
    return RuleFacts.of(game_rules(access.event))


def _page_token(access: SheetAccess) -> str | None:
    """The token the table's own phone opened the page with (a card's, else a game link's); None for an
    organiser or a team link (printed for the room: it never writes, so it never calls)."""
    if access.organiser or access.team is not None or access.link is None:
        return None
    return access.card.token if access.card is not None else access.link.token


def director_context(access: SheetAccess) -> dict[str, Any] | None:
    """The table's call to the director for the sheet page's box (one query), or None where the page may
    not call (an organiser's or a team link's page)."""
    token = _page_token(access)
    if token is None:
        return None
    call = (
        DirectorCall.objects.filter(
            event_id=access.round.event_id, table_number=access.game.table_number, answered_at__isnull=True
        )
        .only("pk", "created_at", "reason", "side")
        .first()
    )
    return {
        "call": call,
        "reason": director_call_reason(call.reason) if call is not None else "",
        "reasons": list(DIRECTOR_CALL_REASONS.items()),
        "call_url": reverse("scoring:director-call", args=[token]),
        "cancel_url": reverse("scoring:director-cancel", args=[token]),
        "part_url": page_urls(access)["page"] + "?live=call",
    }


def director_html(request, access: SheetAccess) -> str:
    return render_to_string("referee/_director_call.html", {"director": director_context(access)}, request=request)


def row_items(access: SheetAccess, deal_rows: list[DealRow]) -> list[dict[str, Any]]:
    """The live part's rows: each deal's row with its outcome and side in words and its two addresses."""
    items = []
    deal_urls = _deal_url_maker(access)
    words: dict[tuple[str, str | None], str] = {}  # each outcome's and side's words looked up once a sheet
    for row in deal_rows:
        update_url, delete_url = deal_urls(row.position)
        if ("o", row.outcome) not in words:
            words["o", row.outcome] = outcome_label(row.outcome)
        if ("s", row.collected) not in words:
            words["s", row.collected] = side_short(row.collected, "")
        items.append(
            {
                "row": row,
                "outcome": words["o", row.outcome],
                "collected": words["s", row.collected],
                "update_url": update_url,
                "delete_url": delete_url,
            }
        )
    return items


def _live_context(request, access: SheetAccess, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The live part's context; `deals` (their data in order, as a write returns them) spares reading them."""
    view = sheet_view(access.sheet, deals)
    urls = page_urls(access)
    perms = sheet_permissions(access.sheet, access.actor)
    rows = row_items(access, view.rows)
    csrf_token = get_token(request)
    return {
        "access": access,
        "sheet": access.sheet,
        "rows": rows,
        "rows_html": deal_rows_html(
            rows, edit=perms["edit"], organiser=access.organiser, version=access.sheet.version, csrf=csrf_token
        ),
        # The one masked token of the answer, for {% csrf_token %} too (each get_token() masks it anew).
        "csrf_token": csrf_token,
        "result": view.result,
        "perms": perms,
        "urls": urls,
        "side": access.side,
        "side_label": SIDE_LABELS.get(access.side or "", ""),
        "deals_json": [row.data for row in view.rows],
        # Once the game is over the page shows the result and the submit button, not a form for a deal
        # that the rules would refuse; a deal can still be changed or a forgotten one inserted.
        "show_form": perms["edit"] and not view.result.get("finished"),
    }


def _page_context(
    request, access: SheetAccess, *, form: DealForm | None = None, edit: int | None = None, insert: int | None = None
) -> dict[str, Any]:
    facts = rule_facts(access)
    context = _live_context(request, access)
    sides = game_sides(access.game)
    rows = context["rows"]
    if edit is not None and not 0 <= edit < len(rows):
        edit = None
    if insert is not None and (edit is not None or not 0 <= insert <= len(rows)):
        insert = None
    if form is None and context["perms"]["edit"] and (context["show_form"] or edit is not None or insert is not None):
        initial = {"version": access.sheet.version, "client_id": uuid.uuid4().hex}
        if edit is not None:
            initial.update(deal_initial(rows[edit]["row"].data))
            initial["client_id"] = ""
        form = DealForm(initial=initial, facts=facts, organiser=access.organiser)
    if edit is not None:
        form_action = _deal_urls(access, edit)[0]
    elif insert is not None:
        form_action = _insert_url(access, insert)
    else:
        form_action = context["urls"]["create"]
    context.update(
        {
            "form": form,
            "facts": facts,
            "sides": sides,
            "edit": edit,
            "insert": insert,
            "form_action": form_action,
            "pass_value": PASS,
            "facts_totals": facts.deal_totals,
            "dealer": first_dealer(access.game, sides),
            "director": director_context(access),
        }
    )
    if form is not None and "declarations_a" in form.fields:
        context["picker"] = announcement_buttons()
        context["picker_teams"] = [
            {"field": "declarations_a", "label": sides["A"]["label"]},
            {"field": "declarations_b", "label": sides["B"]["label"]},
        ]
    return context


def live_html(request, access: SheetAccess, deals: list[dict[str, Any]] | None = None) -> str:
    return render_to_string("referee/_live.html", _live_context(request, access, deals), request=request)


def render_page(request, access: SheetAccess, *, form=None, edit=None, insert=None, status=200):
    template = "organiser/sheet.html" if access.organiser else "referee/sheet.html"
    context = _page_context(request, access, form=form, edit=edit, insert=insert)
    if access.organiser:
        context["event"], context["club"] = access.event, access.event.club  # the organiser base's navigation
        context["history"] = sheet_history(access.sheet)
        for change in context["history"]:
            # The deal a change wrote (or removed), in words: announcements too, not only how many.
            data = change.after if isinstance(change.after, dict) else change.before
            change.deal_words = deal_summary(data) if isinstance(data, dict) and "contract" in data else ""
            if change.action == SheetChange.Action.SIDES_SWAPPED and isinstance(change.before, dict):
                change.deal_words = str(SWAP_LABELS.get(change.before.get("how"), ""))
            if change.action == SheetChange.Action.UNFINISHED_RULE:
                change.deal_words = ruling_change_words(change.before, change.after)
        context["swap_choices"] = list(SWAP_LABELS.items())
    return render(request, template, context, status=status)


def rule_set_broken(request, exc: RuleSetError):
    message = _("The event's rule set is not valid, so deals cannot be checked: %(errors)s") % {"errors": exc}
    if wants_json(request):
        return JsonResponse({"ok": False, "errors": {"__all__": [message]}}, status=409)
    return render(request, "referee/closed.html", {"message": message}, status=409)


def position_param(request, name: str) -> int | None:
    """A 0-based deal position from the query string, or None. Only plain ASCII digits count: str.isdigit()
    also takes "²" (which int() refuses), and thousands of digits are past what int() converts."""
    raw = request.GET.get(name, "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


# --- views ----------------------------------------------------------------------------------------------


@require_GET
def sheet_page(request, access: SheetAccess):
    """The sheet page. `?edit=<position>` (0-based) opens that deal in the form, `?insert=<position>` a new
    deal to insert there (both without JavaScript). `?live=1` answers only the live part (deals, totals,
    status, actions), which the page's poller swaps in when the sheet's version moves."""
    try:
        if request.GET.get("live") == "1":
            return HttpResponse(live_html(request, access))
        if request.GET.get("live") == "call":
            return HttpResponse(director_html(request, access))
        if request.GET.get("clock") == "1":  # the round clock alone, fetched when the poll says it changed
            return HttpResponse(
                render_to_string("components/round_clock_part.html", {"access": access}, request=request)
            )
        return render_page(
            request, access, edit=position_param(request, "edit"), insert=position_param(request, "insert")
        )
    except RuleSetError as exc:
        return rule_set_broken(request, exc)
