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
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring.exceptions import DealInvalid, ScoringError, SheetConflict, TableClosed
from scoring.forms import PASS, DealForm, DisputeForm, RuleFacts, VersionForm, deal_initial
from scoring.rules import RuleSetError
from scoring.selectors import (
    SheetAccess,
    first_dealer,
    game_sides,
    organiser_access,
    outcome_label,
    sheet_history,
    sheet_view,
    table_access,
)
from scoring.services import (
    deal_create,
    deal_delete,
    deal_update,
    game_rules,
    sheet_confirm,
    sheet_dispute,
    sheet_permissions,
    sheet_score,
    sheet_submit,
)


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


# --- access -----------------------------------------------------------------------------------------------


def table_view(view):
    """Resolve `token` to the link's sheet; a closed round answers 403 with a page (or JSON) saying so."""

    @wraps(view)
    def wrapper(request, token, **kwargs):
        try:
            access = table_access(request, token)
        except TableClosed as exc:
            if _wants_json(request):
                return JsonResponse({"ok": False, "errors": {"__all__": [exc.message]}}, status=403)
            return render(request, "scoring/referee/closed.html", {"message": exc.message}, status=403)
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
    names = {"page": "", "check": "-check", "create": "-deal-create", "submit": "-submit", "confirm": "-confirm",
             "dispute": "-dispute"}
    return {key: reverse(prefix + suffix, args=args) for key, suffix in names.items()}


def _deal_urls(access: SheetAccess, position: int) -> tuple[str, str]:
    """(change, delete) addresses of the deal at `position`."""
    prefix, args = _names(access)
    return (reverse(prefix + "-deal-update", args=[*args, position]),
            reverse(prefix + "-deal-delete", args=[*args, position]))


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
        rows.append({"row": row, "outcome": outcome_label(row.outcome), "update_url": update_url,
                     "delete_url": delete_url})
    return {
        "access": access,
        "sheet": access.sheet,
        "rows": rows,
        "result": view.result,
        "perms": perms,
        "urls": urls,
        "side": access.link.side if access.link else None,
        "deals_json": [row.data for row in view.rows],
        "dispute_form": DisputeForm(initial={"version": access.sheet.version}),
    }


def _page_context(request, access: SheetAccess, *, form: DealForm | None = None,
                  edit: int | None = None) -> dict[str, Any]:
    facts = _facts(access)
    context = _live_context(access)
    sides = game_sides(access.game)
    if form is None and context["perms"]["edit"]:
        initial = {"version": access.sheet.version, "client_id": uuid.uuid4().hex}
        rows = context["rows"]
        if edit is not None and 0 <= edit < len(rows):
            initial.update(deal_initial(rows[edit]["row"].data))
            initial["client_id"] = ""
        else:
            edit = None
        form = DealForm(initial=initial, facts=facts, organiser=access.organiser)
    context.update({
        "form": form,
        "facts": facts,
        "sides": sides,
        "edit": edit,
        "form_action": _deal_urls(access, edit)[0] if edit is not None else context["urls"]["create"],
        "pass_value": PASS,
        "facts_totals": facts.deal_totals,
        "dealer": first_dealer(access.game, sides),
    })
    return context


def _live_html(request, access: SheetAccess) -> str:
    return render_to_string("scoring/referee/_live.html", _live_context(access), request=request)


def _page(request, access: SheetAccess, *, form=None, edit=None, status=200):
    template = "scoring/round/sheet.html" if access.organiser else "scoring/referee/sheet.html"
    context = _page_context(request, access, form=form, edit=edit)
    if access.organiser:
        context["history"] = sheet_history(access.sheet)
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
    """The sheet page. `?edit=<position>` (0-based) opens that deal in the form (without JavaScript)."""
    try:
        return _page(request, access, edit=_position_param(request, "edit"))
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
    position = _position_param(request, "position")
    deals = [row.data for row in sheet_view(access.sheet).rows]
    if position is None or position >= len(deals):
        position = len(deals)
    if not form.is_valid():
        return JsonResponse({"valid": False, "errors": form.field_errors(), "preview": None})
    if position == len(deals):
        deals.append(form.deal)
    else:
        deals[position] = form.deal
    result = sheet_score(event=access.event, deals=deals)
    if not result["valid"]:
        form.add_engine_errors(result["errors"], position)
        return JsonResponse({"valid": False, "errors": form.field_errors(), "preview": None})
    scored = result["deals"][position]
    text = _("%(outcome)s: N/S %(a)s, E/W %(b)s") % {
        "outcome": capfirst(outcome_label(scored["outcome"])), "a": scored["score"]["A"], "b": scored["score"]["B"]}
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


def _write_failed(request, access: SheetAccess, form, exc: ScoringError, position: int, *, editing: bool):
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
    return _page(request, access, form=form, edit=position if editing else None, status=exc.status_code)


def _written(request, access: SheetAccess, sheet, message: str, status: int = 200):
    access.sheet = sheet
    if _wants_json(request):
        return JsonResponse({"ok": True, "version": sheet.version, "message": message,
                             "live": _live_html(request, access)}, status=status)
    messages.success(request, message)
    return HttpResponseRedirect(_urls(access)["page"])


def _form_invalid(request, access, form, position):
    if _wants_json(request):
        return JsonResponse({"ok": False, "errors": form.field_errors(), "code": "invalid"}, status=400)
    return _page(request, access, form=form, edit=position, status=400)


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
            write = deal_create(sheet=access.sheet, data=form.deal, version=cleaned["version"],
                                client_id=cleaned.get("client_id") or "", actor=access.actor,
                                reason=cleaned.get("reason", ""))
        else:
            write = deal_update(sheet=access.sheet, position=position, data=form.deal, version=cleaned["version"],
                                actor=access.actor, reason=cleaned.get("reason", ""))
    except ScoringError as exc:
        target = position if position is not None else access.sheet.deal_count
        return _write_failed(request, access, form, exc, target, editing=position is not None)
    number = (write.deal.position + 1) if write.deal is not None else None
    if position is None and not write.created:
        message = _("Deal %(number)s was already saved.") % {"number": number} if number else _(
            "This deal was already saved (and deleted since).")
        return _written(request, access, write.sheet, message, status=200)
    if position is None:
        return _written(request, access, write.sheet, _("Deal %(number)s saved.") % {"number": number}, status=201)
    return _written(request, access, write.sheet, _("Deal %(number)s changed.") % {"number": number})


@require_POST
def deal_remove(request, access: SheetAccess, position: int):
    """Delete the deal at `position` (version, and a reason for organisers, in the POST)."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        return _simple_invalid(request, access, form)
    try:
        write = deal_delete(sheet=access.sheet, position=position, version=form.cleaned_data["version"],
                            actor=access.actor, reason=form.cleaned_data.get("reason", ""))
    except ScoringError as exc:
        return _action_failed(request, access, exc)
    return _written(request, access, write.sheet, _("Deal %(number)s deleted.") % {"number": position + 1})


def _simple_invalid(request, access, form):
    if _wants_json(request):
        return JsonResponse({"ok": False, "errors": form.field_errors() if hasattr(form, "field_errors")
                             else {k: [str(m) for m in v] for k, v in form.errors.items()}}, status=400)
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


@require_POST
def submit(request, access: SheetAccess):
    """Hand in the finished sheet; the other side confirms it."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        return _simple_invalid(request, access, form)
    try:
        sheet = sheet_submit(sheet=access.sheet, version=form.cleaned_data["version"], actor=access.actor)
    except ScoringError as exc:
        return _action_failed(request, access, exc)
    return _written(request, access, sheet, _("The sheet is submitted. The other side now confirms it."))


@require_POST
def confirm(request, access: SheetAccess):
    """The other side (or the organiser) confirms the sheet: it now counts."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        return _simple_invalid(request, access, form)
    try:
        sheet = sheet_confirm(sheet=access.sheet, version=form.cleaned_data["version"], actor=access.actor,
                              reason=form.cleaned_data.get("reason", ""))
    except ScoringError as exc:
        return _action_failed(request, access, exc)
    return _written(request, access, sheet, _("The sheet is confirmed. Thank you!"))


@require_POST
def dispute(request, access: SheetAccess):
    """The other side disputes the sheet with a message; the entering side corrects it."""
    form = DisputeForm(request.POST)
    if not form.is_valid():
        return _simple_invalid(request, access, form)
    try:
        sheet = sheet_dispute(sheet=access.sheet, version=form.cleaned_data["version"], actor=access.actor,
                              message=form.cleaned_data["message"])
    except ScoringError as exc:
        return _action_failed(request, access, exc)
    return _written(request, access, sheet, _("The sheet is disputed. The other side has been told why."))
