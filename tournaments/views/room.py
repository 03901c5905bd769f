"""The organiser's hand on the room during play: the message the venue screen shows, and answering a
table's call to the director. Both are one-click posts from the round pages, which they return to.

Permission of every view: a logged-in organiser of the event's club (`event_view`); anonymous users go to
the login page, another club's event or call is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms.events import RoomMessageForm
from tournaments.models import DirectorCall
from tournaments.services.room import director_call_answer, event_room_message_set
from tournaments.views.base import event_url, event_view
from tournaments.views.events import _same_site


def _back(request, event):
    return redirect(_same_site(request, request.POST.get("next")) or event_url(event))


@event_view
@require_POST
def room_message(request, event):
    """Set, change or clear (`clear` in the POST, or an empty text) the venue screen's line."""
    form = RoomMessageForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors.get("room_message", [])))
        return _back(request, event)
    text = "" if "clear" in request.POST else form.cleaned_data["room_message"]
    try:
        changed = event_room_message_set(event=event, text=text, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        if not changed:
            messages.info(request, _("The venue screen already shows this."))
        elif text:
            messages.success(request, _("The venue screen shows the message now."))
        else:
            messages.success(request, _("The message is off the venue screen."))
    return _back(request, event)


@event_view
@require_POST
def director_call_answered(request, event, call_id: int):
    """Mark a table's call answered (who and when go into the event's history)."""
    call = get_object_or_404(DirectorCall.objects.select_related("event", "round"), pk=call_id, event=event)
    if director_call_answer(call=call, user=request.user):
        messages.success(request, _("Table %(table)s: call answered.") % {"table": call.table_number})
    else:
        messages.info(request, _("Table %(table)s: this call was already closed.") % {"table": call.table_number})
    return _back(request, event)
