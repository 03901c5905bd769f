"""People change during the evening, on one entry's page: a withdrawal (and its undo), a substitute.

The late pair is the entries page's own form once the event has started (`entries.entry_list`). Each POST
here is one organiser action; a refusal shows the entry's page again with the sentence on the form's field.

Permission of every view: a logged-in organiser of the club in the URL (`event_view`); anonymous users go to
the login page, other clubs' objects (and entries of another event) are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.exceptions import TournamentError
from tournaments.forms.base import apply_errors
from tournaments.forms.entries import SubstituteForm, WithdrawForm
from tournaments.labels import bye_label
from tournaments.models import Entry, Event
from tournaments.services import people
from tournaments.views.base import event_url, event_view
from tournaments.views.entries import entry_page


def _entry(event: Event, entry_id: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("player_1", "player_2", "event"), pk=entry_id, event=event)


def _back(event: Event, entry: Entry):
    return redirect(event_url(event, "entry_edit", entry_id=entry.pk))


def melee_leave_message(event: Event, entry: Entry, details: dict) -> str:
    """What the organiser reads after a mêlée player left: who, how many remain, who sits out with what."""
    present, out = details.get("present", 0), details.get("sitting_out", 0)
    text = ngettext(
        "%(name)s left. %(present)s player remains for round %(round)s.",
        "%(name)s left. %(present)s players remain for round %(round)s.",
        present,
    ) % {"name": entry.display_name, "present": present, "round": details.get("round")}
    if out:
        text += " " + ngettext(
            "%(count)s sits out with a bye (%(bye)s).",
            "%(count)s sit out with a bye each (%(bye)s).",
            out,
        ) % {"count": out, "bye": bye_label(event.points_win, event.bye_points)}
    return text


@event_view
@require_POST
def entry_withdraw(request, event, entry_id: int):
    """entries/<id>/withdraw/: the entry withdraws from a round on (one POST), with a reason."""
    entry = _entry(event, entry_id)
    form = WithdrawForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            people.entry_withdraw(entry=entry, from_round=data["from_round"], reason=data["reason"], user=request.user)
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
        else:
            if event.team_mode == Event.TeamMode.MELEE:
                log = event.log_entries.filter(action="melee_leave", entry=entry).order_by("-pk").first()
                details = {**(log.details if log else {}), "round": data["from_round"]}
                messages.success(request, melee_leave_message(event, entry, details))
            else:
                messages.success(
                    request,
                    _("Entry no. %(number)s withdrew from round %(round)s on; its results stay.")
                    % {"number": entry.number, "round": data["from_round"]},
                )
            return _back(event, entry)
    return entry_page(request, event, entry, withdraw_form=form, status=400)


@event_view
@require_POST
def entry_return(request, event, entry_id: int):
    """entries/<id>/return/: a withdrawn entry plays again from a round on (the withdrawal undone)."""
    entry = _entry(event, entry_id)
    form = WithdrawForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            people.entry_withdrawal_undo(
                entry=entry, from_round=data["from_round"], reason=data["reason"], user=request.user
            )
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("Entry no. %(number)s plays again from round %(round)s on.")
                % {"number": entry.number, "round": data["from_round"]},
            )
            return _back(event, entry)
    return entry_page(request, event, entry, return_form=form, status=400)


@event_view
@require_POST
def entry_substitute(request, event, entry_id: int):
    """entries/<id>/substitute/: one player of the entry replaced for the rest of the evening or one round."""
    entry = _entry(event, entry_id)
    form = SubstituteForm(request.POST, entry=entry)
    if form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                substitute = data["substitute"] or people.substitute_guest_create(
                    event=event, first_name=data["first_name"], last_name=data["last_name"]
                )
                people.substitution_add(
                    entry=entry,
                    player=data["player"],
                    substitute=substitute,
                    from_round=data["from_round"],
                    only_round=data["only_round"],
                    reason=data["reason"],
                    user=request.user,
                )
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
        else:
            if data["only_round"]:
                text = _("%(substitute)s plays for %(player)s in round %(round)s.")
            else:
                text = _("%(substitute)s plays for %(player)s from round %(round)s on.")
            messages.success(
                request, text % {"substitute": substitute, "player": data["player"], "round": data["from_round"]}
            )
            return _back(event, entry)
    return entry_page(request, event, entry, substitute_form=form, status=400)
