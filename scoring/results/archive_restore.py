"""Restoring an event from a backup of itself (`o/<club>/events/<event>/results/restore/`): a different action
from importing an archive as a copy. The organiser uploads the event's own archive; the page checks that it is
this event's (another event's file is refused with a sentence) and shows what is replaced: entries, rounds,
sheets, deals and penalties now and in the file. Only with a tick and a reason is the evening replaced, in one
transaction (`scoring.exports.archive.read.restore`); the event keeps its address, its season (so it counts
once), its table cards and venue screens.

Between the two steps the file waits under the event's folder in the default storage, under a random name
the confirming form carries (the browser cannot send the same file twice without the organiser choosing it
again); it is deleted once restored, or when another file is checked for the event. Permission: a logged-in
organiser of the event's club (404 otherwise).
"""

from __future__ import annotations

import logging
import re
import secrets

from django import forms
from django.contrib import messages
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scoring.exports.archive import (
    ArchiveError,
    archive_counts,
    archive_identity_refusal,
    event_archive_load,
    event_archive_restore,
    event_counts,
)
from scoring.exports.archive.read.desk import prize_steps_undone
from scoring.exports.archive.read.restore import COUNTED
from scoring.models import MAX_REASON
from scoring.results.archive_import import MAX_ARCHIVE_BYTES
from scoring.results.views import _results_url, organiser_event
from tournaments.exceptions import TournamentError
from tournaments.models import Event

logger = logging.getLogger(__name__)

_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")


class RestoreCheckForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("This event's archive (JSON)"),
        help_text=gettext_lazy("The “JSON archive” file downloaded from this page's exports."),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )


class RestoreForm(forms.Form):
    token = forms.CharField(widget=forms.HiddenInput, max_length=40)
    reason = forms.CharField(
        label=gettext_lazy("reason"),
        max_length=MAX_REASON,
        help_text=gettext_lazy("Kept in the event's history, e.g. “sheets of round 3 lost: back to 21:00”."),
    )
    confirm = forms.BooleanField(label=gettext_lazy("Yes, replace this event's evening with the file's"))


def _stored(event: Event, token: str) -> str:
    return f"restores/{event.pk}/{token}.json"


def _forget_checked(event: Event) -> None:
    """Delete the files checked earlier for this event and never restored: one waits at a time (a second check
    replaces the first; its page then asks for the file again)."""
    try:
        _folders, names = default_storage.listdir(f"restores/{event.pk}")
    except (FileNotFoundError, NotImplementedError):
        return
    for name in names:
        default_storage.delete(f"restores/{event.pk}/{name}")


def _count_rows(now: dict, file: dict | None) -> list[dict]:
    labels = {
        "entries": _("Entries"),
        "rounds": _("Rounds"),
        "sheets": _("Score sheets"),
        "deals": _("Deals"),
        "adjustments": _("Penalties and adjustments"),
    }
    return [{"label": labels[name], "now": now[name], "file": None if file is None else file[name]} for name in COUNTED]


def _render(request, event: Event, *, check_form, restore_form=None, file_counts=None, prizes_undone=0, status=200):
    context = {
        "club": event.club,
        "event": event,
        "title": _("Restore from a backup"),
        "check_form": check_form,
        "restore_form": restore_form,
        "counts": _count_rows(event_counts(event), file_counts),
        "prizes_undone": prizes_undone,
    }
    return render(request, "organiser/archive_restore.html", context, status=status)


@never_cache
@require_http_methods(["GET", "POST"])
@organiser_event
def archive_restore(request, event: Event):
    """GET: the upload form and what the event holds now. POST: the file checked (this event's archive?) and
    counted, kept for the confirming step, which the page then shows."""
    form = RestoreCheckForm(request.POST or None, request.FILES or None)
    if request.method != "POST" or not form.is_valid():
        return _render(request, event, check_form=form, status=400 if request.method == "POST" else 200)
    upload = form.cleaned_data["file"]
    try:
        if upload.size > MAX_ARCHIVE_BYTES:
            raise ArchiveError(
                _("The file has %(size)s MB; at most %(max)s MB are read.")
                % {"size": upload.size // (1024 * 1024), "max": MAX_ARCHIVE_BYTES // (1024 * 1024)}
            )
        raw = upload.read()
        data = event_archive_load(raw)
        refusal = archive_identity_refusal(data, event)
        if refusal is not None:
            raise ArchiveError(refusal)
    except ArchiveError as exc:
        form.add_error("file", str(exc))
        return _render(request, event, check_form=form, status=400)
    _forget_checked(event)
    token = secrets.token_urlsafe(24)
    default_storage.save(_stored(event, token), ContentFile(raw))
    return _render(
        request,
        event,
        check_form=RestoreCheckForm(),
        restore_form=RestoreForm(initial={"token": token}),
        file_counts=archive_counts(data),
        prizes_undone=prize_steps_undone(event, data),
    )


@never_cache
@require_POST
@organiser_event
def archive_restore_confirm(request, event: Event):
    """Replace the event's evening with the checked file, given a tick and a reason; nothing changes otherwise."""
    form = RestoreForm(request.POST)
    token = request.POST.get("token", "")
    if not isinstance(token, str) or not _TOKEN_RE.match(token) or not default_storage.exists(_stored(event, token)):
        messages.error(request, _("The checked file is no longer here; choose the archive again."))
        return redirect("results:restore", club_slug=event.club.slug, event_slug=event.slug)
    path = _stored(event, token)
    with default_storage.open(path, "rb") as stored:
        raw = stored.read()
    data = event_archive_load(raw)  # checked when it was stored: the same bytes
    if not form.is_valid():
        return _render(
            request,
            event,
            check_form=RestoreCheckForm(),
            restore_form=form,
            file_counts=archive_counts(data),
            status=400,
        )
    try:
        event_archive_restore(data=data, event=event, reason=form.cleaned_data["reason"], user=request.user)
    except (ArchiveError, TournamentError) as exc:
        form.add_error(None, str(exc))
        return _render(
            request,
            event,
            check_form=RestoreCheckForm(),
            restore_form=form,
            file_counts=archive_counts(data),
            status=400,
        )
    except (ValueError, TypeError, KeyError, AttributeError, IndexError):
        # A file the reader did not foresee: refused like any bad file (nothing changed: one transaction).
        logger.warning("archive restore refused an unforeseen file", exc_info=True)
        form.add_error(None, _("The file does not fit the archive format; nothing was changed."))
        return _render(
            request,
            event,
            check_form=RestoreCheckForm(),
            restore_form=form,
            file_counts=archive_counts(data),
            status=400,
        )
    default_storage.delete(path)
    messages.success(request, _("The event is restored from the backup; its standings are computed again."))
    return redirect(_results_url(event))
