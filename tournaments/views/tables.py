"""Organiser pages of an event's tables: the list (one table, or a range at once), one table.

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

from tournaments import services
from tournaments.exceptions import TournamentError
from tournaments.forms.base import apply_errors
from tournaments.forms.tables import TableForm, TableRangeForm
from tournaments.models import Entry, Table
from tournaments.views.base import event_url, event_view, submitted


@event_view
@require_http_methods(["GET", "POST"])
def table_list(request, event):
    form = TableForm(request.POST if request.POST.get("form") == "one" else None, instance=Table(event=event))
    range_form = TableRangeForm(request.POST if request.POST.get("form") == "range" else None)
    if request.method == "POST":
        if request.POST.get("form") == "range" and range_form.is_valid():
            try:
                made = services.tables_create_range(event=event, **range_form.cleaned_data)
            except (ValidationError, TournamentError) as exc:
                apply_errors(range_form, exc)
            else:
                added = ngettext("%(count)s table added.", "%(count)s tables added.", made)
                messages.success(request, added % {"count": made})
                return redirect(event_url(event, "tables"))
        elif request.POST.get("form") == "one" and form.is_valid():
            try:
                services.table_create(event=event, **form.cleaned_data)
            except (ValidationError, TournamentError) as exc:
                apply_errors(form, exc)
            else:
                messages.success(request, _("Table added."))
                return redirect(event_url(event, "tables"))
    tables = list(Table.objects.filter(event=event).order_by("number"))
    fixed = {}
    for entry in Entry.objects.filter(event=event, fixed_table__isnull=False).select_related("player_1", "player_2"):
        fixed.setdefault(entry.fixed_table, []).append(entry)
    rows = [(table, fixed.get(table.number, [])) for table in tables]
    context = {"club": event.club, "event": event, "rows": rows, "form": form, "range_form": range_form}
    return render(request, "organiser/table_list.html", context)


@event_view
@require_http_methods(["GET", "POST"])
def table_edit(request, event, table_id: int):
    table = get_object_or_404(Table, pk=table_id, event=event)
    form = TableForm(request.POST or None, instance=table)
    if request.method == "POST" and "delete" in request.POST:
        services.table_delete(table=table)
        messages.success(request, _("Table %(number)s removed.") % {"number": table.number})
        return redirect(event_url(event, "tables"))
    done = submitted(
        request,
        form,
        lambda data: services.table_update(table=table, data=data),
        success=_("Saved."),
        then=lambda _result: redirect(event_url(event, "tables")),
    )
    if done:
        return done
    context = {
        "club": event.club,
        "event": event,
        "form": form,
        "title": _("Table %(number)s") % {"number": table.number},
        "deletable": True,
    }
    return render(request, "organiser/form.html", context)
