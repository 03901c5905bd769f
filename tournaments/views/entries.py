"""Organiser pages of an event's entries: the list with its add form, one entry, the copy of an earlier
event's pairs (previewed pair by pair, stored only on an explicit confirmation, everything or nothing).

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tournaments import selectors, services
from tournaments.draws import next_round_number
from tournaments.exceptions import TournamentError
from tournaments.forms.base import apply_errors
from tournaments.forms.entries import (
    EntryForm,
    LateEntryForm,
    PairsCopyForm,
    PairsSourceForm,
    SubstituteForm,
    WithdrawForm,
)
from tournaments.labels import late_label
from tournaments.models import Entry, Event
from tournaments.pairs_copy import pairs_copy, pairs_copy_default_source, pairs_copy_plan
from tournaments.services.people import entry_late_create, first_open_round
from tournaments.views.base import event_url, event_view, fail, submitted


@event_view
@require_http_methods(["GET", "POST"])
def entry_list(request, event):
    """Entries of the event and the form to add one. Once the event has started it is the late pair's form
    (the round it plays from, how its missed rounds count): one POST enters and checks it in."""
    number = min(next_round_number(event), event.rounds)
    late = event.has_started
    first_round = first_open_round(event) if late else 1
    if late:
        form = LateEntryForm(request.POST or None, event=event, first_round=first_round)
    else:
        form = EntryForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid() and late:
        data = form.cleaned_data
        try:
            entry = entry_late_create(
                event=event,
                player_1=data["player_1"],
                player_2=data.get("player_2"),
                name=data.get("name", ""),
                affiliation=data["affiliation"],
                joined_round=data["joined_round"],
                missed_rounds_rule=data["missed_rounds_rule"],
                reason=data["reason"],
                user=request.user,
            )
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("Entry no. %(number)s added: %(late)s, checked in.")
                % {"number": entry.number, "late": late_label(entry.joined_round, entry.missed_rounds_rule)},
            )
            return redirect(event_url(event, "entries"))
    elif request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            entry = services.entry_create(
                event=event,
                player_1=data["player_1"],
                player_2=data.get("player_2"),
                name=data.get("name", ""),
                affiliation=data["affiliation"],
                fixed_table=data["fixed_table"],
                needs_step_free=data["needs_step_free"],
                check_in_round=number if data.get("check_in") else None,
            )
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Entry no. %(number)s added.") % {"number": entry.number})
            return redirect(event_url(event, "entries"))
    rows = selectors.entries_with_status(event, number)
    context = {
        "club": event.club,
        "event": event,
        "form": form,
        "late": late,
        "first_round": first_round,
        "rows": rows,
        "round_number": number,
        "counts": selectors.checkin_counts(rows),
    }
    return render(request, "organiser/entry_list.html", context)


@event_view
@require_http_methods(["GET", "POST"])
def entry_edit(request, event, entry_id: int):
    entry = get_object_or_404(Entry.objects.select_related("player_1", "player_2"), pk=entry_id, event=event)
    form = EntryForm(request.POST or None, event=event, edit=True, entry=entry, initial=_entry_initial(entry))
    if request.method == "POST" and "delete" in request.POST:
        try:
            services.entry_delete(entry=entry)
        except TournamentError as exc:
            fail(request, exc)
            return redirect(event_url(event, "entry_edit", entry_id=entry.pk))
        messages.success(request, _("Entry no. %(number)s deleted.") % {"number": entry.number})
        return redirect(event_url(event, "entries"))
    done = submitted(
        request,
        form,
        lambda data: services.entry_update(entry=entry, data=data),
        success=_("Saved."),
        then=lambda _result: redirect(event_url(event, "entries")),
    )
    if done:
        return done
    return entry_page(request, event, entry, form=form)


def entry_page(
    request, event, entry, *, form=None, withdraw_form=None, return_form=None, substitute_form=None, status=200
):
    """The entry's page: its settings, and once the event runs its withdrawal (or return) and substitutes.
    The people forms post to `views.people`, which shows this page again with a refused form."""
    if form is None:
        form = EntryForm(event=event, edit=True, entry=entry, initial=_entry_initial(entry))
    state = selectors.entry_people(event, entry)
    first = state["first_round"]
    context = {
        "club": event.club,
        "event": event,
        "form": form,
        "entry": entry,
        "title": _("Entry no. %(number)s") % {"number": entry.number},
        "people": state,
        "withdraw_form": withdraw_form or WithdrawForm(initial={"from_round": first}),
        "return_form": return_form or WithdrawForm(initial={"from_round": first}),
        "substitute_form": substitute_form
        or SubstituteForm(entry=entry, initial={"from_round": state["substitute_round"]}),
    }
    return render(request, "organiser/entry_form.html", context, status=status)


def _entry_initial(entry) -> dict:
    return {
        "player_1": entry.player_1_id,
        "player_2": entry.player_2_id,
        "name": entry.name,
        "affiliation": entry.affiliation,
        "fixed_table": entry.fixed_table,
        "needs_step_free": entry.needs_step_free,
    }


@event_view
@require_http_methods(["GET", "POST"])
def entries_copy(request, event):
    """o/<club>/events/<event>/entries/copy/: pick an earlier event (GET), see pair by pair what happens, untick
    the pairs not coming, confirm (POST). The confirmation form is bound only to its own POST: the GET of
    "show the pairs" has no check-in box, and a bound form would read the missing box as unticked."""
    default = pairs_copy_default_source(event=event)
    posted = request.method == "POST"
    shown = not posted and "source" in request.GET
    picked = request.POST.get("source") if posted else (default.pk if default else None)
    picker = PairsSourceForm(request.GET if shown else None, event=event, initial={"source": picked})
    confirm = PairsCopyForm(request.POST if posted else None, event=event)
    form = confirm if posted else picker  # the form that was sent: its errors are shown
    source = None
    if posted or shown:
        source = form.cleaned_data["source"] if form.is_valid() else None
    elif default is not None and event.team_mode == Event.TeamMode.PAIRS:
        source = default
    plans = None
    if source is not None:
        try:
            plans = pairs_copy_plan(event=event, source=source)
            if posted:
                number = min(next_round_number(event), event.rounds)
                entries = pairs_copy(
                    event=event,
                    source=source,
                    check_in_round=number if form.cleaned_data["check_in"] else None,
                    only=form.cleaned_data["pairs"],
                )
                done = ngettext(
                    "%(count)s pair entered from %(event)s.", "%(count)s pairs entered from %(event)s.", len(entries)
                ) % {"count": len(entries), "event": source.name}
                messages.success(request, done)
                return redirect(event_url(event, "entries"))
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
    if posted:
        ticked = set(confirm.cleaned_data.get("pairs") or []) if hasattr(confirm, "cleaned_data") else set()
    else:
        ticked = {plan.entry.pk for plan in plans or [] if plan.copied}
    context = {
        "club": event.club,
        "event": event,
        "picker": picker,
        "form": form,
        "confirm": confirm,
        "source": source,
        "plans": plans,
        "ticked": ticked,
        "copied": sum(1 for plan in plans or [] if plan.copied),
        "title": _("Copy pairs from an earlier event"),
    }
    return render(request, "organiser/pairs_copy.html", context)
