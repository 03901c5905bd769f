"""Organiser pages (prefix o/): thin views that check permission, validate a form, call one service.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.draws import next_round_number
from tournaments.exceptions import ConfirmationRequired, TournamentError
from tournaments.forms import (
    CheckInForm,
    ClubEditForm,
    ClubForm,
    DrawForm,
    EntryForm,
    EventForm,
    MoveForm,
    PlayerForm,
    SeasonForm,
    SwapForm,
    TableForm,
    TableRangeForm,
    apply_errors,
)
from tournaments.labels import setting_rows
from tournaments.models import CheckIn, Entry, Event, Player, Round, Season, Table
from tournaments.permissions import organiser_clubs


def organiser_view(view):
    """Login required; `club_slug` becomes the club, 404 unless the user organises it."""

    @login_required
    @wraps(view)
    def wrapper(request, club_slug, *args, **kwargs):
        return view(request, selectors.club_for(request.user, club_slug), *args, **kwargs)

    return wrapper


def event_view(view):
    """Login required; `club_slug` + `event_slug` become the event, 404 unless the user organises its club."""

    @login_required
    @wraps(view)
    def wrapper(request, club_slug, event_slug, *args, **kwargs):
        return view(request, selectors.event_for(request.user, club_slug, event_slug), *args, **kwargs)

    return wrapper


def _event_url(event: Event, name: str = "event", **kwargs) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club_slug": event.club.slug, "event_slug": event.slug, **kwargs})


def _fail(request, exc: Exception) -> None:
    if isinstance(exc, ValidationError):
        messages.error(request, " ".join(exc.messages))
    else:
        messages.error(request, str(exc))


def _submitted(request, form, save, *, success, then):
    """A POST with a valid form runs one service on the form's data (`save(data)`).

    Done: a success message (a string, or a callable of the result) and `then(result)`, a redirect.
    A domain error puts its messages on the form and returns None, so the view renders the form again;
    the service stored nothing.
    """
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        result = save(form.cleaned_data)
    except (ValidationError, TournamentError) as exc:
        apply_errors(form, exc)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return then(result)


def _optional_url(name: str, **kwargs) -> str | None:
    """A link into another app's pages (score entry, public pages) when that app provides it."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return None


def _round_number(event: Event, number: int) -> int:
    if not 1 <= number <= event.rounds:
        raise Http404
    return number


# --- clubs ----------------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def club_list(request):
    """o/: the clubs this user organises, and a form to start a new one."""
    form = ClubForm(request.POST or None)
    done = _submitted(
        request,
        form,
        lambda data: services.club_create(user=request.user, **data),
        success=lambda club: _("Club %(name)s created.") % {"name": club.name},
        then=lambda club: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    clubs = organiser_clubs(request.user).order_by("name")
    return render(request, "tournaments/club_list.html", {"clubs": clubs, "form": form})


@organiser_view
@require_GET
def club_detail(request, club):
    return render(request, "tournaments/club_detail.html", {"club": club, **selectors.club_overview(club)})


@organiser_view
@require_http_methods(["GET", "POST"])
def club_edit(request, club):
    form = ClubEditForm(request.POST or None, instance=club)
    done = _submitted(
        request,
        form,
        lambda data: services.club_update(club=club, data=data),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    return render(request, "tournaments/form.html", {"club": club, "form": form, "title": _("Edit club")})


# --- members --------------------------------------------------------------------------------------------


@organiser_view
@require_http_methods(["GET", "POST"])
def member_list(request, club):
    """Members and guests, searchable by name; the add form warns about likely duplicates."""
    form = PlayerForm(request.POST or None, club=club)
    done = _submitted(
        request,
        form,
        lambda data: services.player_create(club=club, data=data),
        success=lambda player: _("%(player)s added.") % {"player": player},
        then=lambda _result: redirect("tournaments:members", club_slug=club.slug),
    )
    if done:
        return done
    query = request.GET.get("q", "").strip()
    context = {"club": club, "form": form, "players": selectors.players_of(club, query), "query": query}
    return render(request, "tournaments/member_list.html", context)


@organiser_view
@require_http_methods(["GET", "POST"])
def member_edit(request, club, player_id: int):
    player = get_object_or_404(Player, pk=player_id, club=club)
    form = PlayerForm(request.POST or None, instance=player, club=club)
    done = _submitted(
        request,
        form,
        lambda data: services.player_update(player=player, data=data),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:members", club_slug=club.slug),
    )
    if done:
        return done
    context = {"club": club, "form": form, "title": _("Edit %(player)s") % {"player": player}}
    return render(request, "tournaments/form.html", context)


# --- seasons --------------------------------------------------------------------------------------------


@organiser_view
@require_http_methods(["GET", "POST"])
def season_create(request, club):
    form = SeasonForm(request.POST or None, instance=Season(club=club))
    done = _submitted(
        request,
        form,
        lambda data: services.season_create(club=club, data=data),
        success=_("Season created."),
        then=lambda _result: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    return render(request, "tournaments/form.html", {"club": club, "form": form, "title": _("New season")})


@organiser_view
@require_http_methods(["GET", "POST"])
def season_edit(request, club, season_id: int):
    season = get_object_or_404(Season, pk=season_id, club=club)
    form = SeasonForm(request.POST or None, instance=season)
    done = _submitted(
        request,
        form,
        lambda data: services.season_update(season=season, data=data),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:club", club_slug=club.slug),
    )
    if done:
        return done
    return render(request, "tournaments/form.html", {"club": club, "form": form, "title": season.name})


# --- events ---------------------------------------------------------------------------------------------


@organiser_view
@require_http_methods(["GET", "POST"])
def event_create(request, club):
    initial = {
        "rounds": 4,
        "rules_preset": "hoheluft",
        "game_length": 12,
        "game_length_unit": "deals",
        "length_of": "hoheluft",  # hoheluft's own length: it follows another preset until changed
        "pairing_methods": ["random", "swiss"],
        "ranking_precedence": ["match_points", "total_points", "point_difference"],
        "points_win": 2,
        "points_draw": 1,
        "points_loss": 0,
        "bye_points": 0,
        "public_draw": True,
        "public_standings": True,
    }
    form = EventForm(request.POST or None, club=club, initial=initial)
    done = _submitted(
        request,
        form,
        lambda data: services.event_create(club=club, data=form.service_data()),
        success=_("Event created."),
        then=lambda event: redirect(_event_url(event)),
    )
    if done:
        return done
    return render(request, "tournaments/event_form.html", {"club": club, "form": form, "title": _("New event")})


@event_view
@require_http_methods(["GET", "POST"])
def event_edit(request, event):
    form = EventForm(request.POST or None, club=event.club, event=event)
    done = _submitted(
        request,
        form,
        lambda data: services.event_update(event=event, data=form.service_data()),
        success=_("Saved."),
        then=lambda event: redirect(_event_url(event)),
    )
    if done:
        return done
    context = {"club": event.club, "event": event, "form": form, "title": _("Event settings")}
    if event.rules_frozen:
        context["frozen_rows"] = setting_rows(event.rules_frozen.get("options") or {})
    return render(request, "tournaments/event_form.html", context)


@event_view
@require_GET
def event_detail(request, event):
    context = {"club": event.club, "event": event, **selectors.event_overview(event)}
    return render(request, "tournaments/event_detail.html", context)


EVENT_ACTIONS = {
    "open": lambda event: services.event_open(event=event),
    "start": lambda event: services.event_start(event=event),
    "finish": lambda event: services.event_finish(event=event),
    "close_entries": lambda event: services.event_entries_set_open(event=event, is_open=False),
    "open_entries": lambda event: services.event_entries_set_open(event=event, is_open=True),
}


@event_view
@require_POST
def event_action(request, event, action: str):
    service = EVENT_ACTIONS.get(action)
    if service is None:
        raise Http404
    try:
        service(event)
    except (ValidationError, TournamentError) as exc:
        _fail(request, exc)
    else:
        messages.success(request, _("Done."))
    return redirect(_same_site(request, request.POST.get("next")) or _event_url(event))


def _same_site(request, target: str | None) -> str | None:
    """`target` if it stays on this site (no open redirect to another host or scheme), else None."""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


# --- entries and check-in -------------------------------------------------------------------------------


@event_view
@require_http_methods(["GET", "POST"])
def entry_list(request, event):
    """Entries of the event and the form to add one (late entries while entries are open)."""
    number = min(next_round_number(event), event.rounds)
    form = EntryForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            entry = services.entry_create(
                event=event,
                player_1=data["player_1"],
                player_2=data.get("player_2"),
                name=data.get("name", ""),
                affiliation=data["affiliation"],
                fixed_table=data["fixed_table"],
                needs_step_free=data["needs_step_free"],
                check_in_round=number if data.get("check_in") else None,
            )
        except (ValidationError, TournamentError) as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Entry no. %(number)s added.") % {"number": entry.number})
            return redirect(_event_url(event, "entries"))
    rows = selectors.entries_with_status(event, number)
    context = {
        "club": event.club,
        "event": event,
        "form": form,
        "rows": rows,
        "round_number": number,
        "counts": selectors.checkin_counts(rows),
    }
    return render(request, "tournaments/entry_list.html", context)


@event_view
@require_http_methods(["GET", "POST"])
def entry_edit(request, event, entry_id: int):
    entry = get_object_or_404(Entry.objects.select_related("player_1", "player_2"), pk=entry_id, event=event)
    initial = {
        "player_1": entry.player_1_id,
        "player_2": entry.player_2_id,
        "name": entry.name,
        "affiliation": entry.affiliation,
        "fixed_table": entry.fixed_table,
        "needs_step_free": entry.needs_step_free,
    }
    form = EntryForm(request.POST or None, event=event, edit=True, initial=initial)
    if request.method == "POST" and "delete" in request.POST:
        try:
            services.entry_delete(entry=entry)
        except TournamentError as exc:
            _fail(request, exc)
            return redirect(_event_url(event, "entry_edit", entry_id=entry.pk))
        messages.success(request, _("Entry no. %(number)s deleted.") % {"number": entry.number})
        return redirect(_event_url(event, "entries"))
    done = _submitted(
        request,
        form,
        lambda data: services.entry_update(entry=entry, data=data),
        success=_("Saved."),
        then=lambda _result: redirect(_event_url(event, "entries")),
    )
    if done:
        return done
    context = {
        "club": event.club,
        "event": event,
        "form": form,
        "entry": entry,
        "title": _("Entry no. %(number)s") % {"number": entry.number},
    }
    return render(request, "tournaments/entry_form.html", context)


@event_view
@require_GET
def checkin_current(request, event):
    """The check-in of the round to work on next (the last round once all are closed)."""
    return redirect(_event_url(event, "checkin", number=min(next_round_number(event), event.rounds)))


@event_view
@require_http_methods(["GET", "POST"])
def checkin(request, event, number: int):
    """The fast check-in page: one tap per entry, search by name. POST sets one entry (or all remaining);
    answers JSON to the page's script, a redirect otherwise."""
    number = _round_number(event, number)
    wants_json = "application/json" in request.headers.get("Accept", "")
    if request.method == "POST":
        form = CheckInForm(request.POST)
        if not form.is_valid():
            message = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
            if wants_json:
                return JsonResponse({"error": message}, status=400)
            messages.error(request, message)
            return redirect(_event_url(event, "checkin", number=number))
        data = form.cleaned_data
        if data["all_remaining"]:
            statuses = selectors.checkin_statuses(event=event, round_number=number)
            ids = list(Entry.objects.filter(event=event).exclude(pk__in=list(statuses)).values_list("pk", flat=True))
        elif data["entry"]:
            ids = [data["entry"]]
        else:
            return HttpResponseBadRequest(_("Name an entry or all remaining entries."))
        try:
            changed = services.checkin_set(event=event, entry_ids=ids, round_number=number, status=data["status"])
        except (ValidationError, TournamentError) as exc:
            message = " ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
            if wants_json:
                return JsonResponse({"error": message}, status=getattr(exc, "status_code", 400))
            messages.error(request, message)
            return redirect(_event_url(event, "checkin", number=number))
        if wants_json:
            rows = selectors.entries_with_status(event, number)
            return JsonResponse(
                {"entries": ids, "status": data["status"], "changed": changed, "counts": selectors.checkin_counts(rows)}
            )
        anchor = f"#entry-{ids[0]}" if len(ids) == 1 else ""
        return redirect(_event_url(event, "checkin", number=number) + anchor)
    rows = selectors.entries_with_status(event, number)
    round = selectors.round_for(event, number)
    context = {
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
    return render(request, "tournaments/checkin.html", context)


# --- tables ---------------------------------------------------------------------------------------------


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
                return redirect(_event_url(event, "tables"))
        elif request.POST.get("form") == "one" and form.is_valid():
            try:
                services.table_create(event=event, **form.cleaned_data)
            except (ValidationError, TournamentError) as exc:
                apply_errors(form, exc)
            else:
                messages.success(request, _("Table added."))
                return redirect(_event_url(event, "tables"))
    tables = list(Table.objects.filter(event=event).order_by("number"))
    fixed = {}
    for entry in Entry.objects.filter(event=event, fixed_table__isnull=False).select_related("player_1", "player_2"):
        fixed.setdefault(entry.fixed_table, []).append(entry)
    rows = [(table, fixed.get(table.number, [])) for table in tables]
    context = {"club": event.club, "event": event, "rows": rows, "form": form, "range_form": range_form}
    return render(request, "tournaments/table_list.html", context)


@event_view
@require_http_methods(["GET", "POST"])
def table_edit(request, event, table_id: int):
    table = get_object_or_404(Table, pk=table_id, event=event)
    form = TableForm(request.POST or None, instance=table)
    if request.method == "POST" and "delete" in request.POST:
        services.table_delete(table=table)
        messages.success(request, _("Table %(number)s removed.") % {"number": table.number})
        return redirect(_event_url(event, "tables"))
    done = _submitted(
        request,
        form,
        lambda data: services.table_update(table=table, data=data),
        success=_("Saved."),
        then=lambda _result: redirect(_event_url(event, "tables")),
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
    return render(request, "tournaments/form.html", context)


# --- rounds ---------------------------------------------------------------------------------------------


@event_view
@require_GET
def round_detail(request, event, number: int):
    """A round: the draw by table with its flags and quality, and what can be done in its status."""
    number = _round_number(event, number)
    round = selectors.round_for(event, number)
    context = {"club": event.club, "event": event, "number": number, "round": round}
    if round is None:
        context["draw_form"] = DrawForm(
            event=event, replacing=False, initial={"method": event.pairing_method_for(number)}
        )
        statuses = selectors.checkin_statuses(event=event, round_number=number)
        context["present_count"] = sum(1 for s in statuses.values() if s == CheckIn.Status.PRESENT)
        previous = selectors.round_for(event, number - 1) if number > 1 else None
        context["previous"] = previous
    else:
        context.update(selectors.round_page(round))
        # Table cards are made once for the whole evening, so their page is there before round 1 too.
        context["cards_url"] = _optional_url("desk:event-cards", club_slug=event.club.slug, event_slug=event.slug)
        if round.status in Round.PUBLIC_STATUSES:
            context["sheets_url"] = _optional_url(
                "desk:round", club_slug=event.club.slug, event_slug=event.slug, number=round.number
            )
            context["public_url"] = _optional_url("public:draw", club_slug=event.club.slug, event_slug=event.slug)
        if round.status == Round.Status.DRAFT:
            context["draw_form"] = DrawForm(event=event, initial={"method": round.method, "regenerate": True})
            context["swap_form"] = SwapForm(entries=selectors.entries_for_select(event))
            context["move_form"] = MoveForm()
    return render(request, "tournaments/round_detail.html", context)


@event_view
@require_POST
def round_draw(request, event, number: int):
    """Draw (or, confirmed explicitly, draw again) a round as a draft."""
    number = _round_number(event, number)
    form = DrawForm(request.POST, event=event)
    url = _event_url(event, "round", number=number)
    if not form.is_valid():
        _fail(request, ValidationError([f"{form.fields[k].label}: {' '.join(v)}" for k, v in form.errors.items()]))
        return redirect(url)
    data = form.cleaned_data
    try:
        services.round_draw(
            event=event,
            number=number,
            seed=data["seed"],
            method=data["method"],
            regenerate=bool(data.get("regenerate") and data.get("confirm")),
        )
    except ConfirmationRequired as exc:
        messages.warning(request, str(exc))
    except (ValidationError, TournamentError) as exc:
        _fail(request, exc)
    else:
        messages.success(request, _("Round %(number)s drawn: check the draft, then confirm it.") % {"number": number})
    return redirect(url)


def _round_action(request, event, number, action):
    round = selectors.require_round(event, _round_number(event, number))
    try:
        action(round)
    except (ValidationError, TournamentError) as exc:
        _fail(request, exc)
        return False
    return True


@event_view
@require_POST
def round_swap(request, event, number: int):
    form = SwapForm(request.POST, entries=selectors.entries_for_select(event))
    if not form.is_valid():
        _fail(request, ValidationError([f"{form.fields[k].label}: {' '.join(v)}" for k, v in form.errors.items()]))
    elif _round_action(
        request,
        event,
        number,
        lambda r: services.round_swap_entries(round=r, **form.cleaned_data),
    ):
        messages.success(request, _("Entries swapped."))
    return redirect(_event_url(event, "round", number=number))


@event_view
@require_POST
def round_move(request, event, number: int):
    form = MoveForm(request.POST)
    if not form.is_valid():
        _fail(request, ValidationError([f"{form.fields[k].label}: {' '.join(v)}" for k, v in form.errors.items()]))
    elif _round_action(
        request,
        event,
        number,
        lambda r: services.round_move_game(round=r, **form.cleaned_data),
    ):
        messages.success(request, _("Game moved."))
    return redirect(_event_url(event, "round", number=number))


ROUND_ACTIONS = {
    "confirm": (
        lambda r: services.round_confirm(round=r),
        gettext_lazy("Round confirmed: release it when the room is ready."),
    ),
    "release": (
        lambda r: services.round_release(round=r),
        gettext_lazy("Round released: the draw is public, play can start."),
    ),
    "close": (lambda r: services.round_close(round=r), gettext_lazy("Round closed.")),
    "discard": (lambda r: services.round_delete(round=r), gettext_lazy("Draw discarded.")),
}


@event_view
@require_POST
def round_action(request, event, number: int, action: str):
    if action not in ROUND_ACTIONS:
        raise Http404
    service, done = ROUND_ACTIONS[action]
    if _round_action(request, event, number, service):
        messages.success(request, str(done))
    return redirect(_event_url(event, "round", number=number))


@event_view
@require_GET
def round_print_tables(request, event, number: int):
    """The draw by table, for the browser's print dialog: one table per row, big table numbers."""
    round = selectors.require_round(event, _round_number(event, number))
    games, byes = selectors.draw_rows(round)
    context = {"club": event.club, "event": event, "round": round, "games": games, "byes": byes}
    return render(request, "tournaments/print_tables.html", context)


@event_view
@require_GET
def round_print_names(request, event, number: int):
    """The draw by name ("find your table"), alphabetical, for printing and pinning to the wall."""
    round = selectors.require_round(event, _round_number(event, number))
    context = {"club": event.club, "event": event, "round": round, "rows": selectors.draw_by_name(round)}
    return render(request, "tournaments/print_names.html", context)
