"""The director's penalties: the event's penalty page (give one from the catalogue, the list with the
withdrawn ones struck through), the withdrawal of a penalty or adjustment, and the club's own catalogue.

Addresses: `o/<club>/events/<event>/results/penalties/` (namespace "results"; `?round=<n>&table=<t>` from
the round's sheets page offers that table's entries), `…/results/adjustments/<id>/withdraw/`, and
`o/<club>/penalties/` for the catalogue. Permission: login and organiser of the club, else 404 (another
club's events and penalty kinds included).
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.models import Adjustment, PenaltyEffect, PenaltyKind
from scoring.results.forms import PenaltyForm, PenaltyKindForm, WithdrawForm
from scoring.results.penalties import (
    BUILTINS,
    DEAL,
    PenaltyError,
    adjustment_withdraw,
    catalogue,
    current_round,
    event_adjustments,
    penalty_give,
)
from scoring.results.penalty_kinds import penalty_kind_retire, penalty_kind_save
from scoring.results.views import organiser_event
from scoring.standings import metrics
from tournaments.labels import penalty_description, penalty_name
from tournaments.models import Entry, Event, Game
from tournaments.views.base import organiser_view

SIDE_FIELDS = ("entry_a", "entry_a_partner", "entry_b", "entry_b_partner")


def penalties_url(event: Event) -> str:
    return reverse("results:penalties", args=[event.club.slug, event.slug])


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


def _table_game(event: Event, round_number: int | None, table: int | None) -> Game | None:
    if round_number is None or table is None:
        return None
    return (
        Game.objects.filter(round__event=event, round__number=round_number, table_number=table, is_bye=False)
        .select_related(
            *(f"{side}__{player}" for side in SIDE_FIELDS for player in ("player_1", "player_2")),
        )
        .first()
    )


def _render(request, event: Event, form: PenaltyForm, items, entries, game: Game | None, status: int = 200):
    return render(
        request,
        "organiser/penalties.html",
        {
            "event": event,
            "club": event.club,
            "form": form,
            "items": items,
            "game": game,
            "adjustments": event_adjustments(event),
            "withdraw_form": WithdrawForm(),
        },
        status=status,
    )


def _entries(event: Event, game: Game | None) -> list[Entry]:
    if game is not None:
        return [e for e in (game.entry_a, game.entry_a_partner, game.entry_b, game.entry_b_partner) if e]
    return list(Entry.objects.filter(event=event).select_related("player_1", "player_2").order_by("number"))


@require_http_methods(["GET", "POST"])
@organiser_event
def penalties_page(request, event: Event):
    """GET: the form (the round defaults to the current one; `?table=` offers that table's entries) and the
    event's penalties and adjustments. POST: give the penalty; bad input shows the form again with the
    error at its field and nothing stored."""
    items = catalogue(event=event)
    source = request.POST if request.method == "POST" else request.GET
    round_number = _int(source.get("round") or source.get("round_number"))
    game = _table_game(event, round_number, _int(source.get("table")))
    entries = _entries(event, game)
    if request.method == "GET":
        initial = {"round_number": round_number or current_round(event)}
        form = PenaltyForm(initial=initial, catalogue=items, entries=entries)
        return _render(request, event, form, items, entries, game)
    # Any entry of the event may be named in a post (the table only narrows the choice shown).
    all_entries = entries if game is None else _entries(event, None)
    form = PenaltyForm(request.POST, catalogue=items, entries=all_entries)
    if form.is_valid():
        data = form.cleaned_data
        entry = next(e for e in all_entries if e.number == data["entry"])
        try:
            penalty_give(
                event=event,
                key=data["penalty"],
                entry=entry,
                reason=data["reason"],
                round_number=data["round_number"],
                effect=data["effect"] or None,
                amount=data["amount"] or None,
                user=request.user,
            )
        except PenaltyError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        else:
            messages.success(request, _("Penalty saved; the standings are being recomputed."))
            return redirect(penalties_url(event))
    return _render(request, event, form, items, entries, game, status=400)


@require_POST
@organiser_event
def adjustment_withdraw_view(request, event: Event, adjustment_id: int):
    """Withdraw a penalty or adjustment with a reason (kept, struck through, no longer counted)."""
    adjustment = get_object_or_404(Adjustment, pk=adjustment_id, event=event)
    back = penalties_url(event) if request.POST.get("back") == "penalties" else None
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Why withdrawn: say why the penalty or adjustment is withdrawn."))
    else:
        try:
            adjustment_withdraw(adjustment=adjustment, reason=form.cleaned_data["reason"], user=request.user)
        except PenaltyError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Withdrawn; the standings are being recomputed."))
    return redirect(back or reverse("results:page", args=[event.club.slug, event.slug]))


def _builtin_rows() -> list[dict]:
    return [
        {
            "name": penalty_name(b.code),
            "description": penalty_description(b.code),
            "effect_label": PenaltyEffect(b.effect).label,
            "amount": _("one deal's points under the event's rule set")
            if b.amount == DEAL
            else ("" if not b.amount else metrics.json_value(b.amount)),
        }
        for b in BUILTINS
    ]


def _kinds_page(request, club, form: PenaltyKindForm, status: int = 200):
    kinds = list(PenaltyKind.objects.filter(club=club).order_by("retired_at", "name"))
    for kind in kinds:
        kind.amount_text = metrics.json_value(kind.amount)
    return render(
        request,
        "organiser/penalty_kinds.html",
        {"club": club, "builtins": _builtin_rows(), "kinds": kinds, "form": form},
        status=status,
    )


def _save_kind(request, club, form: PenaltyKindForm, kind: PenaltyKind | None) -> bool:
    if not form.is_valid():
        return False
    data = form.cleaned_data
    try:
        penalty_kind_save(
            club=club,
            kind=kind,
            name=data["name"],
            effect=data["effect"],
            amount=data["amount"],
            description=data["description"],
            user=request.user,
        )
    except PenaltyError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        return False
    messages.success(request, _("Penalty “%(name)s” saved.") % {"name": data["name"].strip()})
    return True


@require_http_methods(["GET", "POST"])
@organiser_view
def penalty_kinds(request, club):
    """The club's penalty catalogue: the built-ins (read only) and the club's own, with a form to add one."""
    form = PenaltyKindForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and _save_kind(request, club, form, None):
        return redirect(reverse("results:penalty_kinds", args=[club.slug]))
    return _kinds_page(request, club, form, status=400 if request.method == "POST" else 200)


@require_http_methods(["GET", "POST"])
@organiser_view
def penalty_kind_edit(request, club, kind_id: int):
    kind = get_object_or_404(PenaltyKind, pk=kind_id, club=club)
    initial = {"name": kind.name, "effect": kind.effect, "amount": metrics.json_value(kind.amount)}
    initial["description"] = kind.description
    form = PenaltyKindForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and _save_kind(request, club, form, kind):
        return redirect(reverse("results:penalty_kinds", args=[club.slug]))
    return render(
        request,
        "organiser/penalty_kind_edit.html",
        {"club": club, "kind": kind, "form": form},
        status=400 if request.method == "POST" else 200,
    )


@require_POST
@organiser_view
def penalty_kind_retire_view(request, club, kind_id: int):
    kind = get_object_or_404(PenaltyKind, pk=kind_id, club=club)
    retired = request.POST.get("retired") != "0"
    penalty_kind_retire(kind=kind, retired=retired, user=request.user)
    if retired:
        messages.success(
            request, _("“%(name)s” retired: no longer offered; given penalties keep it.") % {"name": kind.name}
        )
    else:
        messages.success(request, _("“%(name)s” is offered again.") % {"name": kind.name})
    return redirect(reverse("results:penalty_kinds", args=[club.slug]))
