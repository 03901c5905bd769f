"""Organiser pages of an event: a new event, its settings, its overview and its status actions.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.exceptions import TournamentError
from tournaments.forms.events import EventForm
from tournaments.forms.rounds import ReopenForm
from tournaments.labels import setting_rows
from tournaments.views.base import event_url, event_view, fail, organiser_view, submitted


@organiser_view
@require_http_methods(["GET", "POST"])
def event_create(request, club):
    initial = {
        "rounds": 4,
        "rules_preset": "hoheluft",
        "game_length": 12,
        "game_length_unit": "deals",
        "length_of": "hoheluft",  # hoheluft's own length: it follows another preset until changed
        "pairing_methods": ["random", "swiss"],
        "ranking_precedence": ["match_points", "total_points", "point_difference"],
        "points_win": 2,
        "points_draw": 1,
        "points_loss": 0,
        "bye_points": 0,
        "public_draw": True,
        "public_standings": True,
    }
    form = EventForm(request.POST or None, club=club, initial=initial)
    done = submitted(
        request,
        form,
        lambda data: services.event_create(club=club, data=form.service_data()),
        success=_("Event created."),
        then=lambda event: redirect(event_url(event)),
    )
    if done:
        return done
    return render(request, "organiser/event_form.html", {"club": club, "form": form, "title": _("New event")})


@event_view
@require_http_methods(["GET", "POST"])
def event_edit(request, event):
    form = EventForm(request.POST or None, club=event.club, event=event)
    done = submitted(
        request,
        form,
        lambda data: services.event_update(event=event, data=form.service_data(), user=request.user),
        success=_("Saved."),
        then=lambda event: redirect(event_url(event)),
    )
    if done:
        return done
    context = {"club": event.club, "event": event, "form": form, "title": _("Event settings")}
    if event.rules_frozen:
        context["frozen_rows"] = setting_rows(event.rules_frozen.get("options") or {})
    return render(request, "organiser/event_form.html", context)


@event_view
@require_GET
def event_detail(request, event):
    context = {"club": event.club, "event": event, **selectors.event_overview(event)}
    if event.is_finished:
        context["reopen_form"] = ReopenForm()
    return render(request, "organiser/event_detail.html", context)


@event_view
@require_GET
def event_history(request, event):
    """Every step a director took on the event, newest first (the sheets keep their own history)."""
    context = {"club": event.club, "event": event, "rows": selectors.event_history(event)}
    return render(request, "organiser/event_history.html", context)


EVENT_ACTIONS = {
    "open": lambda event: services.event_open(event=event),
    "start": lambda event: services.event_start(event=event),
    "finish": lambda event: services.event_finish(event=event),
    "close_entries": lambda event: services.event_entries_set_open(event=event, is_open=False),
    "open_entries": lambda event: services.event_entries_set_open(event=event, is_open=True),
}


# Actions that need the organiser's tick on the form ("confirm=yes"): they cannot be taken back by a click.
CONFIRMED_ACTIONS = {"finish": gettext_lazy("Tick the box to confirm that the event is finished.")}


@event_view
@require_POST
def event_action(request, event, action: str):
    service = EVENT_ACTIONS.get(action)
    if service is None:
        raise Http404
    if action in CONFIRMED_ACTIONS and request.POST.get("confirm") != "yes":
        messages.error(request, CONFIRMED_ACTIONS[action])
        return redirect(event_url(event))
    try:
        service(event)
    except (ValidationError, TournamentError) as exc:
        fail(request, exc)
    else:
        messages.success(request, _("Done."))
    return redirect(_same_site(request, request.POST.get("next")) or event_url(event))


@event_view
@require_POST
def event_reopen(request, event):
    """Reopen a finished event (a reason and a tick): it runs again, its standings are no longer final."""
    form = ReopenForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.error_text())
        return redirect(event_url(event))
    try:
        services.event_reopen(event=event, reason=form.cleaned_data["reason"], user=request.user)
    except (ValidationError, TournamentError) as exc:
        fail(request, exc)
    else:
        messages.success(request, _("The event is running again: its standings are no longer final."))
    return redirect(event_url(event))


def _same_site(request, target: str | None) -> str | None:
    """`target` if it stays on this site (no open redirect to another host or scheme), else None."""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None
