"""The referee page: a table's sheet on a phone, opened from the QR code of the table card (no account).

`t/<token>/` shows the table, the teams, the rules, the deals with running totals and held points, and the
deal form. Every write is a plain form POST (it works without JavaScript); `static/scoring/referee.js`
sends the same forms with `Accept: application/json` and gets JSON back, plus a check on every change.
The same views serve the organiser's sheet page (`o/scores/sheet/<id>/`), where each change needs a reason.

Permissions: a table link reaches only its own game, while the round is released (Http404 for an unknown
or revoked token, 403 "closed" page once the round is closed); organiser pages need an organiser of the
event's club (login, then Http404 for other clubs).
"""

from __future__ import annotations

import json
import uuid
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseNotModified, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring.engine import game_rules
from scoring.exceptions import DealInvalid, ScoringError, SheetConflict, TableClosed, TableNotReady
from scoring.labels import announcement_buttons, outcome_label, side_short
from scoring.models import Sheet, TableLink
from scoring.rules import RuleSetError
from scoring.sheets.access import sheet_permissions
from scoring.sheets.forms import PASS, DealForm, DisputeForm, RuleFacts, VersionForm, deal_initial
from scoring.sheets.preview import deal_preview
from scoring.sheets.selectors import (
    SheetAccess,
    deal_summary,
    first_dealer,
    game_sides,
    organiser_access,
    sheet_history,
    sheet_view,
    table_access,
)
from scoring.sheets.services import (
    deal_create,
    deal_delete,
    deal_insert,
    deal_update,
    sheet_step,
)
from tournaments.models import Round
from tournaments.permissions import require_organiser


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


# --- access -----------------------------------------------------------------------------------------------


def table_view(view):
    """Resolve `token` to the link's sheet; a closed round (403) or a sheet not made yet (409) answers with a
    page (or JSON) saying so."""

    @wraps(view)
    def wrapper(request, token, **kwargs):
        try:
            access = table_access(request, token)
        except (TableClosed, TableNotReady) as exc:
            if _wants_json(request):
                return JsonResponse({"ok": False, "errors": {"__all__": [exc.message]}}, status=exc.status_code)
            return render(request, "scoring/referee/closed.html", {"message": exc.message}, status=exc.status_code)
        return view(request, access, **kwargs)

    return never_cache(wrapper)


def organiser_sheet_view(view):
    """Resolve `sheet_id` for a logged-in organiser of the sheet's club (Http404 for other clubs)."""

    @wraps(view)
    def wrapper(request, sheet_id, **kwargs):
        return view(request, organiser_access(request, sheet_id), **kwargs)

    return never_cache(login_required(wrapper))


def _names(access: SheetAccess) -> tuple[str, list]:
    if access.card is not None:
        # Writes name the game: a deal sent late (offline) never lands in the next round's game.
        return "scoring:card-game", [access.card.token, access.game.pk]
    if access.link is not None:
        return "scoring:referee", [access.link.token]
    return "scoring:sheet", [access.sheet.pk]


def _urls(access: SheetAccess) -> dict[str, str]:
    """The page's own addresses: the table link's, or the organiser's."""
    prefix, args = _names(access)
    names = {
        "page": "",
        "check": "-check",
        "create": "-deal-create",
        "submit": "-submit",
        "confirm": "-confirm",
        "dispute": "-dispute",
    }
    urls = {key: reverse(prefix + suffix, args=args) for key, suffix in names.items()}
    # A table card acts through its side's game link, so both poll that link's version.
    if access.link is not None:
        urls["version"] = reverse("scoring:referee-version", args=[access.link.token])
    else:
        urls["version"] = reverse("scoring:sheet-version", args=[access.sheet.pk])
    return urls


def _insert_url(access: SheetAccess, position: int) -> str:
    prefix, args = _names(access)
    return reverse(prefix + "-deal-insert", args=[*args, position])


def _deal_urls(access: SheetAccess, position: int) -> tuple[str, str]:
    """(change, delete) addresses of the deal at `position`."""
    prefix, args = _names(access)
    return (
        reverse(prefix + "-deal-update", args=[*args, position]),
        reverse(prefix + "-deal-delete", args=[*args, position]),
    )


# --- rendering ------------------------------------------------------------------------------------------


def _facts(access: SheetAccess) -> RuleFacts:
    return RuleFacts.of(game_rules(access.event))


def _live_context(access: SheetAccess) -> dict[str, Any]:
    view = sheet_view(access.sheet)
    urls = _urls(access)
    perms = sheet_permissions(access.sheet, access.actor)
    rows = []
    for row in view.rows:
        update_url, delete_url = _deal_urls(access, row.position)
        rows.append(
            {
                "row": row,
                "outcome": outcome_label(row.outcome),
                "collected": side_short(row.collected, ""),
                "update_url": update_url,
                "delete_url": delete_url,
            }
        )
    return {
        "access": access,
        "sheet": access.sheet,
        "rows": rows,
        "result": view.result,
        "perms": perms,
        "urls": urls,
        "side": access.link.side if access.link else None,
        "deals_json": [row.data for row in view.rows],
        # Once the game is over the page shows the result and the submit button, not a form for a deal
        # that the rules would refuse; a deal can still be changed or a forgotten one inserted.
        "show_form": perms["edit"] and not view.result.get("finished"),
        "dispute_form": DisputeForm(initial={"version": access.sheet.version}),
    }


def _page_context(
    request, access: SheetAccess, *, form: DealForm | None = None, edit: int | None = None, insert: int | None = None
) -> dict[str, Any]:
    facts = _facts(access)
    context = _live_context(access)
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
        }
    )
    if form is not None and "declarations_a" in form.fields:
        context["picker"] = announcement_buttons()
        context["picker_teams"] = [
            {"field": "declarations_a", "label": sides["A"]["label"]},
            {"field": "declarations_b", "label": sides["B"]["label"]},
        ]
    return context


def _live_html(request, access: SheetAccess) -> str:
    return render_to_string("scoring/referee/_live.html", _live_context(access), request=request)


def _page(request, access: SheetAccess, *, form=None, edit=None, insert=None, status=200):
    template = "scoring/round/sheet.html" if access.organiser else "scoring/referee/sheet.html"
    context = _page_context(request, access, form=form, edit=edit, insert=insert)
    if access.organiser:
        context["history"] = sheet_history(access.sheet)
        for change in context["history"]:
            # The deal a change wrote (or removed), in words: announcements too, not only how many.
            data = change.after if isinstance(change.after, dict) else change.before
            change.deal_words = deal_summary(data) if isinstance(data, dict) and "contract" in data else ""
        context["deals_json_text"] = json.dumps(context["deals_json"], indent=1, ensure_ascii=False)
    return render(request, template, context, status=status)


def _rule_set_broken(request, exc: RuleSetError):
    message = _("The event's rule set is not valid, so deals cannot be checked: %(errors)s") % {"errors": exc}
    if _wants_json(request):
        return JsonResponse({"ok": False, "errors": {"__all__": [message]}}, status=409)
    return render(request, "scoring/referee/closed.html", {"message": message}, status=409)


def _position_param(request, name: str) -> int | None:
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
            return HttpResponse(_live_html(request, access))
        return _page(request, access, edit=_position_param(request, "edit"), insert=_position_param(request, "insert"))
    except RuleSetError as exc:
        return _rule_set_broken(request, exc)


@require_POST
def deal_check(request, access: SheetAccess):
    """JSON: the deal form checked by the form and the rules engine, nothing stored.

    `?position=<0-based>` checks an edit of that deal; otherwise a new deal at the end. Answers 200 with
    {valid, errors: {field: [messages]}, preview} (preview: the deal's outcome and score when valid)."""
    try:
        facts = _facts(access)
    except RuleSetError as exc:
        return _rule_set_broken(request, exc)
    form = DealForm(request.POST, facts=facts, organiser=access.organiser)
    if not form.is_valid():
        return JsonResponse({"valid": False, "errors": form.field_errors(), "preview": None})
    checked = deal_preview(
        sheet=access.sheet,
        deal=form.deal,
        position=_position_param(request, "position"),
        insert=_position_param(request, "insert"),
    )
    result = checked.result
    if not checked.valid:
        form.add_engine_errors(result["errors"], checked.position)
        return JsonResponse({"valid": False, "errors": form.field_errors(), "preview": None})
    scored = checked.scored
    text = _("%(outcome)s: N/S %(a)s, E/W %(b)s") % {
        "outcome": capfirst(outcome_label(scored["outcome"])),
        "a": scored["score"]["A"],
        "b": scored["score"]["B"],
    }
    if scored["held"]:
        text += " · " + _("%(held)s held") % {"held": scored["held"]}
    preview = {
        "text": text,
        "outcome": scored["outcome"],
        "score": scored["score"],
        "held": scored["held"],
        "totals": result["totals"],
        "finished": result["finished"],
    }
    return JsonResponse({"valid": True, "errors": {}, "preview": preview})


def _write_failed(
    request, access: SheetAccess, form, exc: ScoringError, position: int, *, editing: bool, inserting: bool = False
):
    if isinstance(exc, DealInvalid):
        form.add_engine_errors(exc.errors, position)
    else:
        for error in exc.errors or [{"field": None, "message": exc.message}]:
            field = error.get("field")
            form.add_error(field if field in form.fields else None, error["message"])
    if isinstance(exc, SheetConflict):
        # The sheet moved on: show it as it is now, keep what the user typed, and take the new version.
        access.sheet = exc.sheet
        data = form.data.copy()
        data["version"] = str(exc.sheet.version)
        form.data = data
    if _wants_json(request):
        body = {"ok": False, "errors": form.field_errors(), "code": exc.code}
        if isinstance(exc, SheetConflict):
            body.update(version=exc.sheet.version, live=_live_html(request, access))
        return JsonResponse(body, status=exc.status_code)
    return _page(
        request,
        access,
        form=form,
        edit=position if editing else None,
        insert=position if inserting else None,
        status=exc.status_code,
    )


def _written(request, access: SheetAccess, sheet, message: str, status: int = 200):
    access.sheet = sheet
    if _wants_json(request):
        return JsonResponse(
            {"ok": True, "version": sheet.version, "message": message, "live": _live_html(request, access)},
            status=status,
        )
    messages.success(request, message)
    return HttpResponseRedirect(_urls(access)["page"])


def _form_invalid(request, access, form, position, insert=None):
    if _wants_json(request):
        return JsonResponse({"ok": False, "errors": form.field_errors(), "code": "invalid"}, status=400)
    return _page(request, access, form=form, edit=position, insert=insert, status=400)


@require_POST
def deal_save(request, access: SheetAccess, position: int | None = None):
    """Create (no position) or change the deal at `position` (0-based) from the deal form.

    201/200 (JSON) or a redirect to the page; 400 with the fields named; 409 on a stale version (with the
    current sheet); 403 when this side may not write."""
    try:
        form = DealForm(request.POST, facts=_facts(access), organiser=access.organiser)
    except RuleSetError as exc:
        return _rule_set_broken(request, exc)
    if not form.is_valid():
        return _form_invalid(request, access, form, position)
    cleaned = form.cleaned_data
    try:
        if position is None:
            write = deal_create(
                sheet=access.sheet,
                data=form.deal,
                version=cleaned["version"],
                client_id=cleaned.get("client_id") or "",
                actor=access.actor,
                reason=cleaned.get("reason", ""),
            )
        else:
            write = deal_update(
                sheet=access.sheet,
                position=position,
                data=form.deal,
                version=cleaned["version"],
                actor=access.actor,
                reason=cleaned.get("reason", ""),
            )
    except ScoringError as exc:
        target = position if position is not None else access.sheet.deal_count
        return _write_failed(request, access, form, exc, target, editing=position is not None)
    number = (write.deal.position + 1) if write.deal is not None else None
    if position is None and not write.created:
        message = (
            _("Deal %(number)s was already saved.") % {"number": number}
            if number
            else _("This deal was already saved (and deleted since).")
        )
        return _written(request, access, write.sheet, message, status=200)
    if position is None:
        return _written(request, access, write.sheet, _("Deal %(number)s saved.") % {"number": number}, status=201)
    return _written(request, access, write.sheet, _("Deal %(number)s changed.") % {"number": number})


@require_POST
def deal_insert_save(request, access: SheetAccess, position: int):
    """Insert a forgotten deal before the deal at `position` (0-based) from the deal form; every later deal
    is checked again. 201 (JSON) or a redirect; 400/409/403 as `deal_save`."""
    try:
        form = DealForm(request.POST, facts=_facts(access), organiser=access.organiser)
    except RuleSetError as exc:
        return _rule_set_broken(request, exc)
    if not form.is_valid():
        return _form_invalid(request, access, form, None, insert=position)
    cleaned = form.cleaned_data
    try:
        write = deal_insert(
            sheet=access.sheet,
            position=position,
            data=form.deal,
            version=cleaned["version"],
            client_id=cleaned.get("client_id") or "",
            actor=access.actor,
            reason=cleaned.get("reason", ""),
        )
    except ScoringError as exc:
        return _write_failed(request, access, form, exc, position, editing=False, inserting=True)
    if not write.created:
        return _written(request, access, write.sheet, _("This deal was already saved."), status=200)
    return _written(
        request,
        access,
        write.sheet,
        _("Deal %(number)s inserted; the later deals moved down by one.") % {"number": position + 1},
        status=201,
    )


@require_POST
def deal_remove(request, access: SheetAccess, position: int):
    """Delete the deal at `position` (version, and a reason for organisers, in the POST)."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        return _simple_invalid(request, access, form)
    try:
        write = deal_delete(
            sheet=access.sheet,
            position=position,
            version=form.cleaned_data["version"],
            actor=access.actor,
            reason=form.cleaned_data.get("reason", ""),
        )
    except ScoringError as exc:
        return _action_failed(request, access, exc)
    return _written(request, access, write.sheet, _("Deal %(number)s deleted.") % {"number": position + 1})


def _simple_invalid(request, access, form):
    if _wants_json(request):
        return JsonResponse(
            {
                "ok": False,
                "errors": form.field_errors()
                if hasattr(form, "field_errors")
                else {k: [str(m) for m in v] for k, v in form.errors.items()},
            },
            status=400,
        )
    for field, errors in form.errors.items():
        for error in errors:
            messages.error(request, f"{field}: {error}" if field != "__all__" else error)
    return _page(request, access, status=400)


def _action_failed(request, access, exc: ScoringError):
    if isinstance(exc, SheetConflict):
        access.sheet = exc.sheet
    if _wants_json(request):
        body = {"ok": False, "errors": {"__all__": [exc.message]}, "code": exc.code}
        if isinstance(exc, SheetConflict):
            body.update(version=exc.sheet.version, live=_live_html(request, access))
        return JsonResponse(body, status=exc.status_code)
    messages.error(request, exc.message)
    return _page(request, access, status=exc.status_code)


# The sheet's steps to confirmed: the form each posts, the field that carries its text, and what it says done.
_STEPS = {
    "submit": (VersionForm, None, gettext_lazy("The sheet is submitted. The other side now confirms it.")),
    "confirm": (VersionForm, "reason", gettext_lazy("The sheet is confirmed. Thank you!")),
    "dispute": (DisputeForm, "message", gettext_lazy("The sheet is disputed. The other side has been told why.")),
}


def _sheet_step(request, access: SheetAccess, step: str):
    form_class, text_field, done = _STEPS[step]
    form = form_class(request.POST)
    if not form.is_valid():
        return _simple_invalid(request, access, form)
    text = (form.cleaned_data.get(text_field) or "") if text_field else ""
    try:
        sheet = sheet_step(
            sheet=access.sheet, step=step, version=form.cleaned_data["version"], actor=access.actor, text=text
        )
    except ScoringError as exc:
        return _action_failed(request, access, exc)
    return _written(request, access, sheet, str(done))


def _step_view(step: str, doc: str):
    @require_POST
    def view(request, access: SheetAccess):
        return _sheet_step(request, access, step)

    view.__name__ = view.__qualname__ = step
    view.__doc__ = doc
    return view


submit = _step_view("submit", "Hand in the finished sheet; the other side confirms it.")
confirm = _step_view("confirm", "The other side (or the organiser) confirms the sheet: it now counts.")
dispute = _step_view("dispute", "The other side disputes the sheet with a message; the entering side corrects it.")


# --- live updates: the version the pages poll ----------------------------------------------------------


def version_answer(request, state: dict[str, Any]):
    """A tiny JSON of the sheet's (or round's) state with an ETag, so that an unchanged poll is a 304 with
    no body. `no-cache` (not `no-store`) lets the browser keep the answer and revalidate it every time."""
    etag = '"{}"'.format("-".join(str(v) for v in state.values()))
    response = HttpResponseNotModified() if etag in request.headers.get("If-None-Match", "") else JsonResponse(state)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


@require_GET
def table_version(request, token: str):
    """`t/<token>/version.json`: {"version", "status", "entering_side", "open"} of the link's sheet, polled
    by both sides' pages every few seconds. One indexed query (by token); 304 when unchanged. Permission:
    the link itself (an unknown or revoked token is a 404)."""
    row = (
        (
            TableLink.objects.active()
            .filter(token=token, game__is_bye=False)
            .values_list(
                "game__sheet__version", "game__sheet__status", "game__sheet__entering_side", "game__round__status"
            )
            .first()
        )
        if isinstance(token, str) and len(token) <= 64
        else None
    )
    if row is None:
        raise Http404
    version, status, entering, round_status = row
    return version_answer(
        request,
        {
            "version": version or 0,
            "status": status or "",
            "entering_side": entering or "",
            "open": round_status == Round.Status.RELEASED,
        },
    )


@login_required
@require_GET
def sheet_version(request, sheet_id: int):
    """`o/scores/sheet/<id>/version.json` for the organiser's sheet page. Permission: an organiser of the
    sheet's club (404 otherwise). Two queries (the sheet, the membership); 304 when unchanged."""
    row = (
        Sheet.objects.filter(pk=sheet_id)
        .values_list("version", "status", "entering_side", "game__round__event__club_id")
        .first()
    )
    if row is None:
        raise Http404
    require_organiser(request.user, row[3])
    return version_answer(request, {"version": row[0], "status": row[1], "entering_side": row[2], "open": True})
