"""What the referee page posts: a deal checked as it is typed, saved, inserted, removed; the sheet's steps
(submit, confirm, dispute). Each is a plain form POST (it works without JavaScript); the page's script sends
the same forms with `Accept: application/json` and gets JSON back. Permissions: as the page's
(`scoring.sheets.views.referee`): the token's own sheet, or an organiser of its club."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseRedirect, JsonResponse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from scoring.exceptions import DealInvalid, ScoringError, SheetConflict
from scoring.labels import outcome_label
from scoring.rules import RuleSetError
from scoring.sheets.clash import changed_meanwhile
from scoring.sheets.forms import ConfirmForm, DealForm, DisputeForm, VersionForm
from scoring.sheets.preview import deal_preview
from scoring.sheets.selectors import (
    SheetAccess,
)
from scoring.sheets.services import (
    deal_create,
    deal_delete,
    deal_insert,
    deal_update,
    sheet_step,
)
from scoring.sheets.views.live_patch import live_patch, plain_append, wants_patch
from scoring.sheets.views.referee import (
    live_html,
    page_urls,
    position_param,
    render_page,
    rule_facts,
    rule_set_broken,
    wants_json,
)


@require_POST
def deal_check(request, access: SheetAccess):
    """JSON: the deal form checked by the form and the rules engine, nothing stored.

    `?position=<0-based>` checks an edit of that deal; otherwise a new deal at the end. Answers 200 with
    {valid, errors: {field: [messages]}, preview} (preview: the deal's outcome and score when valid)."""
    try:
        facts = rule_facts(access)
    except RuleSetError as exc:
        return rule_set_broken(request, exc)
    form = DealForm(request.POST, facts=facts, organiser=access.organiser)
    if not form.is_valid():
        return JsonResponse({"valid": False, "errors": form.field_errors(), "preview": None})
    checked = deal_preview(
        sheet=access.sheet,
        deal=form.deal,
        position=position_param(request, "position"),
        insert=position_param(request, "insert"),
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
    if wants_json(request):
        body = {"ok": False, "errors": form.field_errors(), "code": exc.code}
        if isinstance(exc, SheetConflict):
            body.update(version=exc.sheet.version, live=live_html(request, access))
        return JsonResponse(body, status=exc.status_code)
    return render_page(
        request,
        access,
        form=form,
        edit=position if editing else None,
        insert=position if inserting else None,
        status=exc.status_code,
    )


def _written(request, access: SheetAccess, sheet, message: str, status: int = 200, *, deals=None, before=None):
    """The answer to a stored write; `deals` (what a deal write returns) renders the live part without
    reading the deals again. `before`: the sheet as the page showed it, for a new deal at the end: the answer
    then carries only what changed, when the page asked for that (`scoring.sheets.views.live_patch`)."""
    access.sheet = sheet
    if wants_json(request):
        body = {"ok": True, "version": sheet.version, "message": message}
        if before is not None and wants_patch(request) and plain_append(before, sheet, deals):
            body["patch"] = live_patch(request, access, before, deals)
        else:
            body["live"] = live_html(request, access, deals)
        return JsonResponse(body, status=status)
    messages.success(request, message)
    return HttpResponseRedirect(page_urls(access)["page"])


def _clash(request, access: SheetAccess, cleaned: dict):
    """409 "deal_changed" when a deal typed offline on the sheet's version `seen` (the phone's queue sends it)
    meets deals that someone else changed since (scoring/sheets/clash.py); None to store it as usual: no
    `seen`, nothing changed by others, or `keep` (the referee chose to keep both)."""
    seen = request.POST.get("seen", "")
    if not wants_json(request) or not seen.isdigit() or request.POST.get("keep") == "1":
        return None
    if int(seen) >= access.sheet.version:
        return None
    meanwhile = changed_meanwhile(
        sheet=access.sheet, seen=int(seen), actor=access.actor, client_id=cleaned.get("client_id") or ""
    )
    if not meanwhile:
        return None
    body = {
        "ok": False,
        "code": "deal_changed",
        "theirs": meanwhile,
        "version": access.sheet.version,
        "errors": {"__all__": [_("The sheet was changed elsewhere while this deal waited on the phone.")]},
        "live": live_html(request, access),
    }
    return JsonResponse(body, status=409)


def _form_invalid(request, access, form, position, insert=None):
    if wants_json(request):
        return JsonResponse({"ok": False, "errors": form.field_errors(), "code": "invalid"}, status=400)
    return render_page(request, access, form=form, edit=position, insert=insert, status=400)


@require_POST
def deal_save(request, access: SheetAccess, position: int | None = None):
    """Create (no position) or change the deal at `position` (0-based) from the deal form.

    201/200 (JSON) or a redirect to the page; 400 with the fields named; 409 on a stale version (with the
    current sheet); 403 when this side may not write."""
    try:
        form = DealForm(request.POST, facts=rule_facts(access), organiser=access.organiser)
    except RuleSetError as exc:
        return rule_set_broken(request, exc)
    if not form.is_valid():
        return _form_invalid(request, access, form, position)
    cleaned = form.cleaned_data
    if position is None and (clash := _clash(request, access, cleaned)) is not None:
        return clash
    before = access.sheet  # as the page showed it, if its version is the one sent
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
        return _written(request, access, write.sheet, message, status=200, deals=write.deals)
    if position is None:
        return _written(
            request,
            access,
            write.sheet,
            _("Deal %(number)s saved.") % {"number": number},
            status=201,
            deals=write.deals,
            before=before,
        )
    return _written(request, access, write.sheet, _("Deal %(number)s changed.") % {"number": number}, deals=write.deals)


@require_POST
def deal_insert_save(request, access: SheetAccess, position: int):
    """Insert a forgotten deal before the deal at `position` (0-based) from the deal form; every later deal
    is checked again. 201 (JSON) or a redirect; 400/409/403 as `deal_save`."""
    try:
        form = DealForm(request.POST, facts=rule_facts(access), organiser=access.organiser)
    except RuleSetError as exc:
        return rule_set_broken(request, exc)
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
        return _written(request, access, write.sheet, _("This deal was already saved."), status=200, deals=write.deals)
    return _written(
        request,
        access,
        write.sheet,
        _("Deal %(number)s inserted; the later deals moved down by one.") % {"number": position + 1},
        status=201,
        deals=write.deals,
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
    return _written(
        request, access, write.sheet, _("Deal %(number)s deleted.") % {"number": position + 1}, deals=write.deals
    )


def _simple_invalid(request, access, form):
    if wants_json(request):
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
    return render_page(request, access, status=400)


def _action_failed(request, access, exc: ScoringError):
    if isinstance(exc, SheetConflict):
        access.sheet = exc.sheet
    if wants_json(request):
        body = {"ok": False, "errors": {"__all__": [exc.message]}, "code": exc.code}
        if isinstance(exc, SheetConflict):
            body.update(version=exc.sheet.version, live=live_html(request, access))
        return JsonResponse(body, status=exc.status_code)
    messages.error(request, exc.message)
    return render_page(request, access, status=exc.status_code)


# The sheet's steps to confirmed: the form each posts, the field that carries its text, and what it says done.
_STEPS = {
    "submit": (VersionForm, None, gettext_lazy("The sheet is submitted. The other side now confirms it.")),
    "confirm": (ConfirmForm, "reason", gettext_lazy("The sheet is confirmed. Thank you!")),
    "dispute": (DisputeForm, "message", gettext_lazy("The sheet is disputed. The other side has been told why.")),
}


_CONFIRMED_BY_ORGANISER = gettext_lazy("The sheet is confirmed.")


def _sheet_step(request, access: SheetAccess, step: str):
    form_class, text_field, done = _STEPS[step]
    form = form_class(request.POST)
    if not form.is_valid():
        return _simple_invalid(request, access, form)
    text = (form.cleaned_data.get(text_field) or "") if text_field else ""
    try:
        sheet = sheet_step(
            sheet=access.sheet,
            step=step,
            version=form.cleaned_data["version"],
            actor=access.actor,
            text=text,
            pin=form.cleaned_data.get("pin") or "",
        )
    except ScoringError as exc:
        return _action_failed(request, access, exc)
    if step == "confirm" and access.actor.link is None:
        done = _CONFIRMED_BY_ORGANISER  # the table is thanked, not the organiser who confirms for it
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
