"""The organiser's prize pages: the prize list (lots, categories, who is served first, a prize for every
team) and the prize-giving (the next team chooses one of the lots left, one tap; absent; undo; the print).

Addresses under `o/<club>/events/<event>/prizes/` (namespace "prizes"). Permission: login and organiser of
the event's club (`tournaments.views.base.event_view`), else 404: another club's events stay invisible.
Every write is one service call; a refusal comes back as a sentence (at its field for the lot's form).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.prizes import services
from scoring.prizes.forms import CategoryForm, OrderForm, PrizeForm
from scoring.prizes.pdf import write_giving_pdf
from scoring.prizes.selectors import Board, category_eligible, final_standings, prize_board, prize_list
from scoring.prizes.texts import tie_sentence
from tournaments.models import Event
from tournaments.views.base import event_view


def _url(event: Event, name: str) -> str:
    return reverse(f"prizes:{name}", args=[event.club.slug, event.slug])


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


def _render_list(request, event: Event, prize_form: PrizeForm | None = None, category_form=None, status=200):
    lots = prize_list(event)
    standings = final_standings(event)
    entries = [s.entry for s in standings]
    if not entries:
        entries = list(event.entries.select_related("player_1", "player_2").order_by("number"))
    cache: dict = {}
    categories = [
        {"category": c, "lots": lots.pool(c.pk), "eligible": category_eligible(event, c, entries, cache)}
        for c in lots.categories
    ]
    return render(
        request,
        "organiser/prize_list.html",
        {
            "event": event,
            "club": event.club,
            "lots": lots,
            "overall": lots.overall(),
            "categories": categories,
            "entries": entries,
            "teams": len(entries),
            "prize_form": prize_form or PrizeForm(categories=lots.categories),
            "category_form": category_form or CategoryForm(),
            "order_form": OrderForm(initial={"order": lots.settings.order}),
        },
        status=status,
    )


@require_GET
@event_view
def prize_list_page(request, event: Event):
    """The prize list: lots in order per pool (overall, each category), categories with their teams."""
    return _render_list(request, event)


@require_POST
@event_view
def prize_add_view(request, event: Event):
    lots = prize_list(event)
    form = PrizeForm(request.POST, categories=lots.categories)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.prize_add(event=event, label=data["label"], value=data["value"], category_id=data["category"])
        except services.PrizeError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        else:
            messages.success(request, _("Prize “%(label)s” added.") % {"label": data["label"].strip()})
            return redirect(_url(event, "list"))
    return _render_list(request, event, prize_form=form, status=400)


@require_POST
@event_view
def category_add_view(request, event: Event):
    form = CategoryForm(request.POST)
    if form.is_valid():
        try:
            services.category_add(event=event, name=form.cleaned_data["name"], rule=form.cleaned_data["rule"])
        except services.PrizeError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        else:
            messages.success(request, _("Category “%(name)s” added.") % {"name": form.cleaned_data["name"].strip()})
            return redirect(_url(event, "list"))
    return _render_list(request, event, category_form=form, status=400)


def _list_step(request, event: Event, action) -> HttpResponse:
    """Run one button's service; a refusal is shown as the page's message."""
    try:
        done = action()
    except services.PrizeError as exc:
        messages.error(request, str(exc))
    else:
        if done:
            messages.success(request, done)
    return redirect(_url(event, "list") + "#" + (request.POST.get("anchor") or "lots"))


@require_POST
@event_view
def prize_change_view(request, event: Event):
    """One lot's buttons: `move` up or down, `remove`."""
    prize_id = _int(request.POST.get("prize")) or 0
    move = request.POST.get("move")

    def action():
        if move in ("up", "down"):
            services.prize_move(event=event, prize_id=prize_id, up=move == "up")
            return ""
        services.prize_remove(event=event, prize_id=prize_id)
        return _("Prize removed.")

    return _list_step(request, event, action)


@require_POST
@event_view
def category_change_view(request, event: Event):
    """A category's teams ticked (`entries`), or the category removed (`remove`)."""
    category_id = _int(request.POST.get("category")) or 0

    def action():
        if request.POST.get("remove"):
            services.category_remove(event=event, category_id=category_id)
            return _("Category removed, with its prizes.")
        numbers = [n for n in (_int(v) for v in request.POST.getlist("entries")) if n is not None]
        services.category_entries_set(event=event, category_id=category_id, numbers=numbers)
        return _("Teams of the category saved.")

    return _list_step(request, event, action)


@require_POST
@event_view
def prize_settings_view(request, event: Event):
    """Who is served first, or `every_team`: numbered lots up to one per team."""

    def action():
        if request.POST.get("every_team"):
            added = services.prizes_every_team(event=event, user=request.user)
            return _("Every team gets a prize: %(added)s numbered lots added.") % {"added": added}
        services.prize_order_set(event=event, order=request.POST.get("order", ""))
        return _("Saved: who is served first.")

    return _list_step(request, event, action)


@require_GET
@event_view
def giving_page(request, event: Event):
    """The prize-giving: the next team and the lots left to it (one tap each), every turn in calling order,
    the lots left per pool, the teams tied with the last prize winner and what decided."""
    board = prize_board(event)
    return render(request, "organiser/prize_giving.html", _giving_context(event, board))


def _giving_context(event: Event, board: Board) -> dict:
    current = board.current
    return {
        "event": event,
        "club": event.club,
        "board": board,
        "current": current,
        "choices": board.remaining_for(current),
        "ties": [tie_sentence(board, tie) for tie in board.ties],
        "pools": [(None, board.remaining.get(None, []))]
        + [(c, board.remaining.get(c.pk, [])) for c in board.lots.categories],
    }


@require_http_methods(["POST"])
@event_view
def giving_step_view(request, event: Event):
    """One tap: `prize` taken by the team of `turn`, or `absent`, or `undo` of the step `step`."""
    turn = _int(request.POST.get("turn")) or 0
    try:
        if request.POST.get("undo"):
            services.award_undo(event=event, step=_int(request.POST.get("step")) or 0, user=request.user)
            messages.success(request, _("Last step undone."))
        elif request.POST.get("absent"):
            award = services.award_absent(event=event, turn=turn, user=request.user)
            messages.success(request, _("No. %(number)s was not there.") % {"number": award.entry.number})
        else:
            award = services.award_take(
                event=event, turn=turn, prize_id=_int(request.POST.get("prize")) or 0, user=request.user
            )
            messages.success(
                request,
                _("No. %(number)s took “%(prize)s”.") % {"number": award.entry.number, "prize": award.prize},
            )
    except services.PrizeError as exc:
        messages.error(request, str(exc))
    return redirect(_url(event, "giving"))


@require_GET
@event_view
def giving_pdf_view(request, event: Event):
    """The prize-giving as a printable PDF (A4): the turns with their lots, the lots left, the tie."""
    response = HttpResponse(content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(event.slug) or "event"}-prizes.pdf"'
    write_giving_pdf(board=prize_board(event), out=response)
    return response
