"""The organiser's results mail: start it from the event page (`o/<club>/events/<event>/mail/`) and poll its
progress (`mail/<id>/status.json`), as the exports do.

Permission: login required and an organiser of the event's club (`organiser_event`); anything else is 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from config.site import site_base
from scoring.queueing import MailingError, results_mail_request
from scoring.results.views import organiser_event
from tournaments.models import Event, ResultsMailing


def mailing_json(event: Event, mailing: ResultsMailing) -> dict:
    return {
        "id": mailing.pk,
        "status": mailing.status,
        "status_label": str(mailing.get_status_display()),
        "progress": mailing.progress,
        "sent": mailing.sent,
        "total": mailing.total,
        "error": mailing.error,
        "status_url": reverse("results:mail_status", args=[event.club.slug, event.slug, mailing.pk]),
    }


def _event_url(event: Event) -> str:
    return reverse("tournaments:event", args=[event.club.slug, event.slug])


@require_POST
@organiser_event
def mail_start(request, event: Event):
    """Queue the results mail to the members who opted in; JSON to fetch() callers, else back to the page."""
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        mailing = results_mail_request(
            event=event, user=request.user, language=get_language() or "", base_url=site_base(request)
        )
    except MailingError as exc:
        if wants_json:
            return JsonResponse({"error": str(exc)}, status=409)
        messages.error(request, str(exc))
        return redirect(_event_url(event))
    if wants_json:
        return JsonResponse(mailing_json(event, mailing), status=202)
    messages.success(request, _("The results mail is being sent."))
    return redirect(_event_url(event) + "#results-mail")


@never_cache
@require_GET
@organiser_event
def mail_status(request, event: Event, mailing_id: int):
    """One mailing's progress: what the event page's progress bar polls."""
    mailing = get_object_or_404(ResultsMailing, pk=mailing_id, event=event)
    return JsonResponse(mailing_json(event, mailing))
