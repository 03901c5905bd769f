"""The check-in of a round: one tap per entry, or all remaining at once.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments import selectors, services
from tournaments.draws import next_round_number
from tournaments.exceptions import TournamentError
from tournaments.forms.entries import CheckInForm
from tournaments.models import CheckIn, Entry, Payment, Round
from tournaments.services import people
from tournaments.treasurer import entries_money, event_fee
from tournaments.views.base import checked_round_number, event_url, event_view


def _checkin_step(request, event, ids: list[int], number: int, status: str) -> int:
    """One tap: a withdrawal, or a withdrawn entry marked present again, is the people service's step (it
    goes into the history); anything else is a plain check-in."""
    if len(ids) == 1 and status in (CheckIn.Status.WITHDRAWN, CheckIn.Status.PRESENT):
        entry = Entry.objects.filter(event=event, pk=ids[0]).first()
        current = selectors.checkin_statuses(event=event, round_number=number).get(ids[0])
        if entry is not None and status == CheckIn.Status.WITHDRAWN:
            people.entry_withdraw(entry=entry, from_round=number, user=request.user)
            return 1
        if entry is not None and current == CheckIn.Status.WITHDRAWN:
            people.entry_withdrawal_undo(entry=entry, from_round=number, user=request.user)
            return 1
    return services.checkin_set(event=event, entry_ids=ids, round_number=number, status=status)


@event_view
@require_GET
def checkin_current(request, event):
    """The check-in of the round to work on next (the last round once all are closed)."""
    return redirect(event_url(event, "checkin", number=min(next_round_number(event), event.rounds)))


@event_view
@require_http_methods(["GET", "POST"])
def checkin(request, event, number: int):
    """The fast check-in page: one tap per entry, search by name. POST sets one entry (or all remaining);
    answers JSON to the page's script, a redirect otherwise."""
    number = checked_round_number(event, number)
    wants_json = "application/json" in request.headers.get("Accept", "")
    if request.method == "POST":
        form = CheckInForm(request.POST)
        if not form.is_valid():
            message = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
            if wants_json:
                return JsonResponse({"error": message}, status=400)
            messages.error(request, message)
            return redirect(event_url(event, "checkin", number=number))
        data = form.cleaned_data
        if data["all_remaining"]:
            statuses = selectors.checkin_statuses(event=event, round_number=number)
            ids = list(Entry.objects.filter(event=event).exclude(pk__in=list(statuses)).values_list("pk", flat=True))
        elif data["entry"]:
            ids = [data["entry"]]
        else:
            return HttpResponseBadRequest(_("Name an entry or all remaining entries."))
        try:
            changed = _checkin_step(request, event, ids, number, data["status"])
        except (ValidationError, TournamentError) as exc:
            message = " ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
            if wants_json:
                return JsonResponse({"error": message}, status=getattr(exc, "status_code", 400))
            messages.error(request, message)
            return redirect(event_url(event, "checkin", number=number))
        if wants_json:
            rows = selectors.entries_with_status(event, number)
            return JsonResponse(
                {"entries": ids, "status": data["status"], "changed": changed, "counts": selectors.checkin_counts(rows)}
            )
        anchor = f"#entry-{ids[0]}" if len(ids) == 1 else ""
        return redirect(event_url(event, "checkin", number=number) + anchor)
    rows = selectors.entries_with_status(event, number)
    round = selectors.round_for(event, number)
    # Owed and paid beside each entry, when the event charges a fee (two queries: the fee, the payments' sums).
    fee = event_fee(event)
    money = entries_money(event, [row.entry for row in rows], fee) if fee is not None else {}
    context = {
        "items": [(row, money.get(row.entry.pk)) for row in rows],
        "fee": fee,
        "currency": event.club.currency,
        "way_choices": Payment.Way.choices,
        "club": event.club,
        "event": event,
        "rows": rows,
        "number": number,
        "round": round,
        "closed": round is not None and round.status in Round.PUBLIC_STATUSES,
        "counts": selectors.checkin_counts(rows),
        "round_numbers": range(1, event.rounds + 1),
        "labels": {"present": "✓ " + _("present"), "absent": _("absent"), "withdrawn": _("withdrawn")},
    }
    return render(request, "organiser/checkin.html", context)
