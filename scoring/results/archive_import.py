"""Importing an event archive through a page (`o/<club>/archive/import/`), always as a copy in this club:
named "… (copy)" wherever it is listed, and in no season unless the organiser ticks "count the copy in the
season ranking" (off by default: a copy of an evening already in the season would count it twice).

The page calls the importer's public entry points (`event_archive_load`, `event_archive_import`) and shows
their refusals as messages on the form; the importer stores everything or nothing.

Permission: a logged-in organiser of the club in the URL (404 for other clubs). The archive's own club
is never used: the copy always lands in the club of the page.
"""

from __future__ import annotations

import logging

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from scoring.exports.archive import ArchiveError, event_archive_import, event_archive_load
from tournaments import selectors
from tournaments.models import Event

logger = logging.getLogger(__name__)

MAX_ARCHIVE_BYTES = 20 * 1024 * 1024


class ArchiveImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Event archive (JSON)"),
        help_text=gettext_lazy("The “JSON archive” file from an event's results page."),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    slug = forms.SlugField(
        label=gettext_lazy("Short name of the copy"),
        required=False,
        help_text=gettext_lazy("Letters, digits and hyphens; empty: the archived short name with “-copy”."),
    )
    join_season = forms.BooleanField(
        label=gettext_lazy("Count the copy in the season ranking"),
        required=False,
        initial=False,
        help_text=gettext_lazy(
            "Off: the copy belongs to no season, so an evening already in the season is not counted twice."
        ),
    )


def _free_slug(club, wanted: str) -> str:
    taken = set(Event.objects.filter(club=club, slug__startswith=wanted).values_list("slug", flat=True))
    slug, n = wanted, 1
    while slug in taken:
        n += 1
        slug = f"{wanted}-{n}"
    return slug


@login_required
@require_http_methods(["GET", "POST"])
def archive_import(request, club_slug: str):
    club = selectors.club_for(request.user, club_slug)
    form = ArchiveImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > MAX_ARCHIVE_BYTES:
                raise ArchiveError(
                    _("The file has %(size)s MB; at most %(max)s MB are read.")
                    % {"size": upload.size // (1024 * 1024), "max": MAX_ARCHIVE_BYTES // (1024 * 1024)}
                )
            data = event_archive_load(upload.read())
            archived = data.get("event") if isinstance(data.get("event"), dict) else {}
            wanted = form.cleaned_data["slug"] or f"{str(archived.get('slug') or 'event')[:40]}-copy"
            slug = form.cleaned_data["slug"] or _free_slug(club, wanted)
            event = event_archive_import(
                data=data,
                club_slug=club.slug,
                event_slug=slug,
                as_copy=True,
                join_season=form.cleaned_data["join_season"],
            )
        except ArchiveError as exc:
            form.add_error("file", str(exc))
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            # A file the importer did not foresee: refuse it like any bad file (stored nothing: one transaction).
            logger.warning("archive import refused an unforeseen file", exc_info=True)
            form.add_error("file", _("The file does not fit the archive format; nothing was imported."))
        else:
            messages.success(
                request,
                _("“%(name)s” imported as a copy (short name %(slug)s).") % {"name": event.name, "slug": event.slug},
            )
            return redirect("tournaments:event", club_slug=club.slug, event_slug=event.slug)
    context = {"club": club, "form": form, "title": _("Import an event archive")}
    return render(request, "organiser/archive_import.html", context)
