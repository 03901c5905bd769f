"""The table calls the director from its sheet page (`t/<token>/director/`), or takes the call back
(`t/<token>/director/cancel/`). Plain form posts that return to the page, which then says since when the
director is called; the organiser's round page and the venue screen show the call within their next poll.

Permissions: the table's own phone, through its table card or game link (`cards.token_view`: an unknown or
revoked token is a 404, a closed round a 403 page). A team link and the venue screen are printed for the
whole room: they have no such address, and an organiser's sheet page shows no call box.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.sheets.selectors import SheetAccess
from scoring.sheets.views.referee import director_context, page_urls, render_page
from tournaments.labels import DIRECTOR_CALL_REASONS
from tournaments.services.room import director_call_cancel, director_call_open


def _table_phone(access: SheetAccess) -> None:
    if director_context(access) is None:  # not the table's own phone (defensive: no route leads here)
        raise Http404


@require_POST
def director_call(request, access: SheetAccess):
    """Call the director to this table, with an optional reason; a second tap finds the open call."""
    _table_phone(access)
    reason = request.POST.get("reason", "")
    if reason and reason not in DIRECTOR_CALL_REASONS:
        messages.error(request, _("Reason: choose a question, a dispute or something else."))
        return render_page(request, access, status=400)
    call, created = director_call_open(
        event=access.event,
        round=access.round,
        table_number=access.game.table_number,
        side=access.side,
        reason=reason,
    )
    at = formats.time_format(timezone.localtime(call.created_at), "TIME_FORMAT")
    if created:
        messages.success(request, _("The director is called to your table. Please stay seated."))
    else:
        messages.info(request, _("The director was already called at %(time)s and is on the way.") % {"time": at})
    return HttpResponseRedirect(page_urls(access)["page"])


@require_POST
def director_cancel(request, access: SheetAccess):
    """Take the table's open call back (the question sorted itself out)."""
    _table_phone(access)
    if director_call_cancel(event=access.event, table_number=access.game.table_number):
        messages.success(request, _("Your call to the director is taken back."))
    else:
        messages.info(request, _("No call to the director is open for your table."))
    return HttpResponseRedirect(page_urls(access)["page"])
