"""The desk's money: the event's entry fee, one ledger row (from the check-in's tap or the treasurer's
refund and correction form), the treasurer's sheet of the evening, and the season's sum. The sheets' PDF
and XLSX are scoring's (`scoring.results.treasurer_views`), built with the exports' machinery.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.exceptions import TournamentError
from tournaments.forms.base import apply_errors
from tournaments.forms.money import EventFeeForm, PaymentForm
from tournaments.models import Entry, Payment, Season
from tournaments.money_labels import money_text
from tournaments.services import money as money_services
from tournaments.treasurer import event_fee, season_sheet, treasurer_sheet
from tournaments.views.base import event_url, event_view, optional_url, organiser_view


@event_view
@require_http_methods(["GET", "POST"])
def fee_edit(request, event):
    """The event's entry fee, its reductions and the payout."""
    form = EventFeeForm.for_fee(request.POST or None, event_fee(event))
    if request.method == "POST" and form.is_valid():
        try:
            money_services.event_fee_set(event=event, user=request.user, **form.cleaned_data)
        except TournamentError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Entry fee saved."))
            return redirect(event_url(event, "treasurer"))
    return render(
        request,
        "organiser/money_fee.html",
        {"club": event.club, "event": event, "form": form, "currency": event.club.currency},
    )


@event_view
@require_POST
def payment_add(request, event):
    """One ledger row for the entry of the posted start number; back to the check-in round or the sheet.
    A refusal is shown as a message there; nothing is stored."""
    form = PaymentForm(request.POST)
    back = request.POST.get("back", "")
    target = event_url(event, "treasurer")
    if back.isdigit() and 1 <= int(back) <= event.rounds:
        target = event_url(event, "checkin", number=int(back))
    if not form.is_valid():
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
        return redirect(target)
    data = form.cleaned_data
    entry = Entry.objects.filter(event=event, number=data["entry"]).first()
    if entry is None:
        messages.error(request, _("No. %(number)s is not an entry of this event.") % {"number": data["entry"]})
        return redirect(target)
    try:
        payment = money_services.payment_record(
            event=event,
            entry=entry,
            kind=data["kind"],
            way=data["way"],
            amount=data["amount"],
            comment=data["comment"],
            user=request.user,
        )
    except TournamentError as exc:
        messages.error(request, str(exc))
        return redirect(target + (f"#entry-{entry.pk}" if back.isdigit() else ""))
    texts = {
        Payment.Kind.PAYMENT: _("No. %(number)s: %(amount)s paid (%(way)s)."),
        Payment.Kind.REFUND: _("No. %(number)s: %(amount)s refunded (%(way)s)."),
        Payment.Kind.CORRECTION: _("No. %(number)s: payments corrected by %(amount)s."),
    }
    amount = payment.amount if payment.kind == Payment.Kind.CORRECTION else abs(payment.amount)
    messages.success(
        request,
        texts[payment.kind]
        % {
            "number": entry.number,
            "amount": money_text(amount, event.club.currency),
            "way": payment.get_way_display(),
        },
    )
    return redirect(target + (f"#entry-{entry.pk}" if back.isdigit() else ""))


@event_view
@require_GET
def treasurer(request, event):
    """The treasurer's sheet of the evening (its PDF and XLSX are linked from it)."""
    sheet = treasurer_sheet(event)
    e = {"club_slug": event.club.slug, "event_slug": event.slug}
    context = {
        "club": event.club,
        "event": event,
        "sheet": sheet,
        "totals": sheet.totals,
        "form": PaymentForm(initial={"kind": Payment.Kind.REFUND}),
        "kinds": [c for c in Payment.Kind.choices if c[0] != Payment.Kind.PAYMENT],
        "pdf_url": optional_url("results:treasurer_pdf", **e),
        "xlsx_url": optional_url("results:treasurer_xlsx", **e),
    }
    return render(request, "organiser/treasurer.html", context)


@organiser_view
@require_GET
def season_treasurer(request, club, season_id: int):
    """The season's evenings with their money, and the sum."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id, club=club)
    s = {"club_slug": club.slug, "season_id": season.pk}
    context = {
        "club": club,
        "sheet": season_sheet(season),
        "pdf_url": optional_url("results:season_treasurer_pdf", **s),
        "xlsx_url": optional_url("results:season_treasurer_xlsx", **s),
    }
    return render(request, "organiser/season_treasurer.html", context)
