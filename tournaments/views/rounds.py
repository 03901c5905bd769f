"""Organiser pages of a round: the draw and its edits (swap, move), its status actions, the printed draw.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournaments import draw_selectors, selectors, services
from tournaments.draws.season import explain_flags
from tournaments.exceptions import ConfirmationRequired, TournamentError
from tournaments.forms.rounds import DrawForm, MoveForm, ReopenForm, SwapForm
from tournaments.models import CheckIn, Round
from tournaments.services.clock import CLOCK_ACTIONS, round_clock_act
from tournaments.views.base import checked_round_number, event_url, event_view, fail, optional_url


@event_view
@require_GET
def round_detail(request, event, number: int):
    """A round: the draw by table with its flags and quality, and what can be done in its status."""
    number = checked_round_number(event, number)
    round = selectors.round_for(event, number)
    context = {"club": event.club, "event": event, "number": number, "round": round}
    if round is None:
        context["draw_form"] = DrawForm(
            event=event, replacing=False, initial={"method": event.pairing_method_for(number)}
        )
        statuses = selectors.checkin_statuses(event=event, round_number=number)
        context["present_count"] = sum(1 for s in statuses.values() if s == CheckIn.Status.PRESENT)
        previous = selectors.round_for(event, number - 1) if number > 1 else None
        context["previous"] = previous
    else:
        context.update(selectors.round_page(round))
        context["draw_notes"] = explain_flags(event, context["games"])
        round.event = event
        context["clock"] = round.clock()
        # Table cards are made once for the whole evening, so their page is there before round 1 too.
        context["cards_url"] = optional_url("desk:event-cards", club_slug=event.club.slug, event_slug=event.slug)
        if round.status in Round.PUBLIC_STATUSES:
            context["sheets_url"] = optional_url(
                "desk:round", club_slug=event.club.slug, event_slug=event.slug, number=round.number
            )
            context["blank_sheets_url"] = optional_url(
                "desk:round-blank", club_slug=event.club.slug, event_slug=event.slug, number=round.number
            )
            context["public_url"] = optional_url("public:draw", club_slug=event.club.slug, event_slug=event.slug)
            # scoring's close page (unfinished games shown before anything is confirmed), when installed.
            context["close_url"] = optional_url(
                "desk:round-close", club_slug=event.club.slug, event_slug=event.slug, number=round.number
            )
        if round.status == Round.Status.DRAFT:
            context["draw_form"] = DrawForm(event=event, initial={"method": round.method, "regenerate": True})
            context["swap_form"] = SwapForm(entries=selectors.entries_for_select(event))
            context["move_form"] = MoveForm()
        if round.status == Round.Status.CLOSED:
            # The form only where reopening can succeed; otherwise the sentence that says what to do first.
            round.event = event
            context["reopen_refusal"] = services.round_reopen_refusal(round=round)
            if context["reopen_refusal"] is None:
                context["reopen_form"] = ReopenForm()
    return render(request, "organiser/round_detail.html", context)


@event_view
@require_POST
def round_draw(request, event, number: int):
    """Draw (or, confirmed explicitly, draw again) a round as a draft."""
    number = checked_round_number(event, number)
    form = DrawForm(request.POST, event=event)
    url = event_url(event, "round", number=number)
    if not form.is_valid():
        fail(request, ValidationError([f"{form.fields[k].label}: {' '.join(v)}" for k, v in form.errors.items()]))
        return redirect(url)
    data = form.cleaned_data
    try:
        services.round_draw(
            event=event,
            number=number,
            seed=data["seed"],
            method=data["method"],
            regenerate=bool(data.get("regenerate") and data.get("confirm")),
        )
    except ConfirmationRequired as exc:
        messages.warning(request, str(exc))
    except (ValidationError, TournamentError) as exc:
        fail(request, exc)
    else:
        messages.success(request, _("Round %(number)s drawn: check the draft, then confirm it.") % {"number": number})
    return redirect(url)


def _round_action(request, event, number, action):
    round = selectors.require_round(event, checked_round_number(event, number))
    try:
        action(round)
    except (ValidationError, TournamentError) as exc:
        fail(request, exc)
        return False
    return True


@event_view
@require_POST
def round_swap(request, event, number: int):
    form = SwapForm(request.POST, entries=selectors.entries_for_select(event))
    if not form.is_valid():
        fail(request, ValidationError([f"{form.fields[k].label}: {' '.join(v)}" for k, v in form.errors.items()]))
    elif _round_action(
        request,
        event,
        number,
        lambda r: services.round_swap_entries(round=r, **form.cleaned_data),
    ):
        messages.success(request, _("Entries swapped."))
    return redirect(event_url(event, "round", number=number))


@event_view
@require_POST
def round_move(request, event, number: int):
    form = MoveForm(request.POST)
    if not form.is_valid():
        fail(request, ValidationError([f"{form.fields[k].label}: {' '.join(v)}" for k, v in form.errors.items()]))
    elif _round_action(
        request,
        event,
        number,
        lambda r: services.round_move_game(round=r, **form.cleaned_data),
    ):
        messages.success(request, _("Game moved."))
    return redirect(event_url(event, "round", number=number))


ROUND_ACTIONS = {
    "confirm": (
        lambda r: services.round_confirm(round=r),
        gettext_lazy("Round confirmed: release it when the room is ready."),
    ),
    "release": (
        lambda r: services.round_release(round=r),
        gettext_lazy("Round released: the draw is public, play can start."),
    ),
    "close": (lambda r: services.round_close(round=r), gettext_lazy("Round closed.")),
    "discard": (lambda r: services.round_delete(round=r), gettext_lazy("Draw discarded.")),
}


@event_view
@require_POST
def round_action(request, event, number: int, action: str):
    if action not in ROUND_ACTIONS:
        raise Http404
    service, done = ROUND_ACTIONS[action]
    if _round_action(request, event, number, service):
        messages.success(request, str(done))
    return redirect(event_url(event, "round", number=number))


@event_view
@require_POST
def round_reopen(request, event, number: int):
    """Reopen the last closed round (a reason and a tick): its sheets can be corrected, play may resume."""
    form = ReopenForm(request.POST)
    url = event_url(event, "round", number=number)
    if not form.is_valid():
        messages.error(request, form.error_text())
    elif _round_action(
        request,
        event,
        number,
        lambda r: services.round_reopen(round=r, reason=form.cleaned_data["reason"], user=request.user),
    ):
        messages.success(
            request,
            _("Round %(number)s is open again: correct its sheets, then close it again.") % {"number": number},
        )
    return redirect(url)


@event_view
@require_POST
def round_clock(request, event, number: int, action: str):
    """The round clock's actions: start (again), pause, resume, call the last deal; each in the history."""
    if action not in CLOCK_ACTIONS:
        raise Http404
    if _round_action(request, event, number, lambda r: round_clock_act(round=r, action=action, user=request.user)):
        messages.success(request, str(CLOCK_DONE[action]))
    return redirect(event_url(event, "round", number=number))


CLOCK_DONE = {
    "clock_start": gettext_lazy("The clock runs: the venue screen and every table show the time left."),
    "clock_pause": gettext_lazy("The clock is paused."),
    "clock_resume": gettext_lazy("The clock runs again."),
    "last_deal": gettext_lazy("Last deal called: the venue screen and every table say so."),
}


@event_view
@require_GET
def round_print_tables(request, event, number: int):
    """The draw by table, for the browser's print dialog: one table per row, big table numbers."""
    round = selectors.require_round(event, checked_round_number(event, number))
    games, byes = draw_selectors.draw_rows(round)
    context = {"club": event.club, "event": event, "round": round, "games": games, "byes": byes}
    return render(request, "print/tables.html", context)


@event_view
@require_GET
def round_print_names(request, event, number: int):
    """The draw by name ("find your table"), alphabetical, for printing and pinning to the wall."""
    round = selectors.require_round(event, checked_round_number(event, number))
    # The list hangs in the room: names as each member agreed to publish them, sorted as shown.
    rows = sorted(
        draw_selectors.draw_by_name(round), key=lambda r: (r.player.public_sort_name.casefold(), r.entry.number)
    )
    context = {"club": event.club, "event": event, "round": round, "rows": rows}
    return render(request, "print/names.html", context)
