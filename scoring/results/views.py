"""Organiser pages for an event's results: the standings status panel, penalties and adjustments, and exports
with a progress bar. URLs under `o/<club_slug>/events/<event_slug>/results/` (namespace "results").

Permission: every view requires login and that the user organises the event's club; anything else is 404.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring.exports import EXPORTERS, ExportError
from scoring.models import Adjustment, Export
from scoring.queueing import export_request, standings_request_recompute
from scoring.results.adjustments import adjustment_create
from scoring.results.forms import AdjustmentForm
from scoring.results.penalties import event_adjustments
from scoring.standings import metrics
from scoring.standings.store import StandingsError, standings_status
from tournaments.models import Entry, Event, Standing
from tournaments.permissions import require_organiser


def organiser_event(view):
    """Login required; the URL's club and event slugs become the event; 404 unless the user organises it."""

    @login_required
    @wraps(view)
    def wrapper(request, club_slug: str, event_slug: str, *args, **kwargs):
        event = get_object_or_404(Event.objects.select_related("club", "season"), club__slug=club_slug, slug=event_slug)
        require_organiser(request.user, event.club_id)
        return view(request, event, *args, **kwargs)

    return wrapper


def _results_url(event: Event) -> str:
    return reverse("results:page", args=[event.club.slug, event.slug])


def _export_json(event: Event, export: Export) -> dict:
    return {
        "id": export.pk,
        "kind": export.kind,
        "label": export.get_kind_display(),
        "status": export.status,
        "status_label": export.status_label(),
        "progress": export.progress,
        "error": export.error,
        "created_at": export.created_at.isoformat(),
        "finished_at": export.finished_at.isoformat() if export.finished_at else None,
        "download": reverse("results:export_download", args=[event.club.slug, event.slug, export.pk])
        if export.status == Export.Status.DONE and export.file
        else None,
    }


@require_GET
@organiser_event
def results_page(request, event: Event):
    """The organiser's results page: standings status (dirty, version, last computed, recompute button),
    the final standings at a glance, penalties and adjustments, and the exports with progress bars."""
    return _render_results(request, event, AdjustmentForm(initial={"match_points": "0", "points": 0}))


def _render_results(request, event: Event, adjustment_form: AdjustmentForm, status: int = 200):
    standings_state = standings_status(event_id=event.pk)
    exports = list(Export.objects.filter(event=event).order_by("-created_at")[:20])
    last_round = (
        Standing.objects.filter(event=event).order_by("-round_number").values_list("round_number", flat=True).first()
    )
    standings = (
        list(
            # The first ten places, with every team tied on one of them (a slice would cut a tie in half).
            Standing.objects.filter(event=event, round_number=last_round, rank__lte=10)
            .select_related("entry__player_1", "entry__player_2")
            .order_by("rank", "entry__number")
        )
        if last_round
        else []
    )
    for row in standings:
        row.mp = metrics.json_value(row.match_points)
    adjustments = event_adjustments(event)  # the penalties page's list: withdrawn rows struck through
    return render(
        request,
        "organiser/results.html",
        {
            "event": event,
            "club": event.club,
            "status": standings_state,
            "exports": [_export_json(event, e) for e in exports],
            "kinds": [(k, Export.Kind(k).label) for k in EXPORTERS],
            "standings": standings,
            "last_round": last_round,
            "adjustments": adjustments,
            "entries": Entry.objects.filter(event=event).order_by("number"),
            "kinds_adjustment": Adjustment.Kind.choices,
            "adjustment_form": adjustment_form,
        },
        status=status,
    )


@never_cache
@require_GET
@organiser_event
def status_json(request, event: Event):
    """The standings status panel as JSON: {"dirty", "version", "computed_at", "exports": [...]}."""
    exports = Export.objects.filter(event=event).order_by("-created_at")[:20]
    return JsonResponse({**standings_status(event_id=event.pk), "exports": [_export_json(event, e) for e in exports]})


@require_POST
@organiser_event
def recompute(request, event: Event):
    """Ask for a fresh recompute now (e.g. after a worker was down)."""
    standings_request_recompute(event_id=event.pk)
    messages.success(request, _("Standings will be recomputed in a moment."))
    return redirect(_results_url(event))


@require_POST
@organiser_event
def export_start(request, event: Event):
    """Start an export job of the posted `kind`; answers JSON to fetch() callers, else redirects back."""
    try:
        export = export_request(event=event, kind=request.POST.get("kind", ""), user=request.user)
    except ExportError as exc:
        if _wants_json(request):
            return JsonResponse({"error": str(exc)}, status=400)
        messages.error(request, str(exc))
        return redirect(_results_url(event))
    if _wants_json(request):
        return JsonResponse(_export_json(event, export), status=202)
    messages.success(request, _("Export started."))
    return redirect(_results_url(event) + f"?export={export.pk}")


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@never_cache
@require_GET
@organiser_event
def export_status(request, event: Event, export_id: int):
    """One export's progress: what the progress bar polls."""
    export = get_object_or_404(Export, pk=export_id, event=event)
    return JsonResponse(_export_json(event, export))


@never_cache
@require_GET
@organiser_event
def export_download(request, event: Event, export_id: int):
    """The finished export's file (organisers of the club only)."""
    export = get_object_or_404(Export, pk=export_id, event=event, status=Export.Status.DONE)
    if not export.file:
        raise Http404
    try:
        handle = export.file.open("rb")
    except FileNotFoundError:
        raise Http404 from None
    exporter = EXPORTERS[export.kind]
    name = export.file.name.rsplit("/", 1)[-1]
    return FileResponse(handle, as_attachment=True, filename=name, content_type=exporter.content_type)


@require_POST
@organiser_event
def adjustment_add(request, event: Event):
    """Add a penalty or adjustment from the form (entry number, kind, match points, game points, round,
    reason). Bad input shows the form again with the typed values and the error at its field; nothing is
    stored."""
    form = AdjustmentForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        entry = Entry.objects.filter(event=event, number=data["entry"]).first()
        if entry is None:
            form.add_error("entry", _("Start number %(number)s is not in this event.") % {"number": data["entry"]})
        elif data["round_number"] is not None and not 1 <= data["round_number"] <= event.rounds:
            form.add_error(
                "round_number",
                _("Must be between 1 and %(rounds)s; got %(round)s.")
                % {"rounds": event.rounds, "round": data["round_number"]},
            )
        else:
            try:
                adjustment_create(
                    event=event,
                    entry=entry,
                    kind=data["kind"],
                    reason=data["reason"],
                    match_points=data["match_points"],
                    points=data["points"] or 0,
                    round_number=data["round_number"],
                    user=request.user,
                )
            except StandingsError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Saved; the standings are being recomputed."))
                return redirect(_results_url(event))
    # The page again with the typed values and each error next to its field (not as a message at the top).
    return _render_results(request, event, form, status=400)
