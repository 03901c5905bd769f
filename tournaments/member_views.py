"""Organiser pages for the weekly lists: import members by paste or CSV, copy last week's pairs.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404. Both pages preview first and store
only on an explicit confirmation, everything or nothing.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from tournaments.draws import next_round_number
from tournaments.exceptions import TournamentError
from tournaments.forms import apply_errors
from tournaments.member_import import (
    MAX_BYTES,
    MemberListError,
    member_file_text,
    member_lines_read,
    members_import,
    members_import_summary,
)
from tournaments.models import Event
from tournaments.pairs_copy import pairs_copy, pairs_copy_default_source, pairs_copy_plan, pairs_copy_sources
from tournaments.views import _event_url, event_view, organiser_view


class MemberImportForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Paste the list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        help_text=gettext_lazy(
            "One member per line: first name, last name and optionally the email, separated by tabs (copied from "
            "a spreadsheet), semicolons or commas; or simply “First Last”."
        ),
    )
    file = forms.FileField(
        label=gettext_lazy("or upload a CSV file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,text/csv,text/plain"}),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            try:
                data["text"] = member_file_text(upload.read(MAX_BYTES + 1))
            except MemberListError as exc:
                self.add_error("file", str(exc))
        if not (data.get("text") or "").strip() and not self.errors:
            self.add_error("text", _("Paste the list or choose a CSV file."))
        return data


@organiser_view
@require_http_methods(["GET", "POST"])
def member_import(request, club):
    """o/<club>/members/import/: paste or upload → a preview with warnings → confirm (stores only then)."""
    form = MemberImportForm(request.POST or None, request.FILES or None)
    lines = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        try:
            lines = member_lines_read(text=text, club=club)
        except MemberListError as exc:
            form.add_error("text", str(exc))
        else:
            if request.POST.get("action") == "confirm":
                chosen = set(request.POST.getlist("line"))
                skip = {line.number for line in lines if not line.problem and str(line.number) not in chosen}
                try:
                    players = members_import(club=club, text=text, skip=skip)
                except (ValidationError, TournamentError) as exc:
                    apply_errors(form, exc)
                else:
                    messages.success(request, members_import_summary(len(players)))
                    return redirect("tournaments:members", club_slug=club.slug)
            # The preview keeps the text in the form, so it can be corrected and read again.
            form = MemberImportForm(initial={"text": text})
    context = {
        "club": club,
        "form": form,
        "lines": lines,
        "bad": [line for line in lines or [] if line.problem],
        "duplicates": sum(1 for line in lines or [] if line.is_duplicate and not line.problem),
        "title": _("Import members"),
    }
    return render(request, "organiser/member_import.html", context)


class PairsCopyForm(forms.Form):
    source = forms.ModelChoiceField(label=gettext_lazy("Copy the pairs of"), queryset=Event.objects.none())
    check_in = forms.BooleanField(label=gettext_lazy("Check them in for the next round"), required=False)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].queryset = pairs_copy_sources(event=event)
        self.fields["source"].label_from_instance = lambda e: (
            ngettext("%(name)s, %(date)s (%(count)s entry)", "%(name)s, %(date)s (%(count)s entries)", e.entry_count)
            % {"name": e.name, "date": date_format(e.date, "SHORT_DATE_FORMAT"), "count": e.entry_count}
        )


@event_view
@require_http_methods(["GET", "POST"])
def entries_copy(request, event):
    """o/<club>/events/<event>/entries/copy/: pick an earlier event, see pair by pair what happens, confirm."""
    default = pairs_copy_default_source(event=event)
    data = request.POST or (request.GET if "source" in request.GET else None)
    form = PairsCopyForm(data, event=event, initial={"source": default.pk if default else None, "check_in": True})
    plans = None
    if data is not None and form.is_valid():
        source = form.cleaned_data["source"]
        try:
            plans = pairs_copy_plan(event=event, source=source)
            if request.method == "POST":
                number = min(next_round_number(event), event.rounds)
                entries = pairs_copy(
                    event=event, source=source, check_in_round=number if form.cleaned_data["check_in"] else None
                )
                done = ngettext(
                    "%(count)s pair entered from %(event)s.", "%(count)s pairs entered from %(event)s.", len(entries)
                ) % {"count": len(entries), "event": source.name}
                messages.success(request, done)
                return redirect(_event_url(event, "entries"))
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
    elif data is None and default is not None:
        plans = pairs_copy_plan(event=event, source=default) if event.team_mode == Event.TeamMode.PAIRS else None
    context = {
        "club": event.club,
        "event": event,
        "form": form,
        "plans": plans,
        "copied": sum(1 for plan in plans or [] if plan.copied),
        "title": _("Copy pairs from an earlier event"),
    }
    return render(request, "organiser/pairs_copy.html", context)
