"""The organiser's view of a round's sheets (`o/<club>/events/<event>/rounds/<n>/sheets/`): every table
with its status and progress, disputes on top, the sheets still missing; table cards as PDF; closing the
round; revoking a table link; swapping a game's sides (`rounds/<n>/tables/<t>/...`); the blank score sheets to
print (`blank.pdf`: the round's, or one table's).

Permission of every view: a logged-in organiser of the round's club (anonymous users go to the login page,
other clubs' rounds and sheets answer 404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Sum
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.site import absolute_url
from scoring.exceptions import DealInvalid, ScoringError
from scoring.models import Sheet, TableLink
from scoring.rules import RuleSetError
from scoring.sheets.addresses import organiser_round_at, organiser_sheet_at, round_address, sheet_address
from scoring.sheets.blank_pdf import blank_sheets_pdf
from scoring.sheets.card_pdf import round_cards_pdf
from scoring.sheets.closing import round_close_plan, rule_words
from scoring.sheets.desk_forms import RoundCloseForm, SidesSwapForm
from scoring.sheets.forms import VersionForm
from scoring.sheets.links import table_link_revoke
from scoring.sheets.permissions import actor_from_request
from scoring.sheets.rounds import round_sheets_lock, table_links_ensure
from scoring.sheets.selectors import round_overview
from scoring.sheets.services import sheet_entering_side_switch, sheet_sides_swap
from scoring.sheets.views.live import version_answer
from tournaments.exceptions import TournamentError
from tournaments.models import Round
from tournaments.permissions import require_organiser
from tournaments.selectors import director_calls_stamp, open_director_calls
from tournaments.services.rounds import round_close


def _round_url(round: Round) -> str:
    return reverse("desk:round", args=round_address(round))


@never_cache
@login_required
@require_GET
def round_sheets(request, club_slug: str, event_slug: str, number: int):
    """Every table of the round: status, deals entered, last change, links; disputes first; closing. Above
    them the tables that called the director (`?part=calls`: that box alone, which the page's poll swaps in
    when the calls change); below them the message to the room."""
    round = organiser_round_at(request, club_slug=club_slug, event_slug=event_slug, number=number)
    calls = _calls_context(request, round)
    if request.GET.get("part") == "calls":
        return render(request, "components/director_calls.html", calls)
    overview = round_overview(round)  # a read: the round-release hook made the sheets and links
    referee_url = absolute_url(reverse("scoring:referee", args=["TOKEN"]), request).replace("TOKEN/", "")
    context = {
        "round": round,
        "event": round.event,
        "club": round.event.club,
        "overview": overview,
        "close_form": RoundCloseForm(),
        "referee_base": referee_url,
        "live_version": sum(t.sheet.version for t in overview.tables if t.sheet),
        "next_grid": _next_grid(request, overview),
        **calls,
    }
    return render(request, "organiser/round_sheets.html", context)


def _next_grid(request, overview) -> int | None:
    """After a paper sheet was typed (`?typed=<table>`), the next table with a sheet: its grid link gets
    the focus, so a stack of paper sheets is typed without the mouse."""
    typed = request.GET.get("typed", "")
    if not (typed.isascii() and typed.isdigit() and len(typed) <= 5):
        return None
    later = sorted(t.game.table_number for t in overview.tables if t.sheet and t.game.table_number > int(typed))
    return later[0] if later else None


def _calls_context(request, round: Round) -> dict:
    """The open calls to the director of the round's event (two queries: the calls, their fingerprint)."""
    url = _round_url(round)
    return {
        "club": round.event.club,
        "event": round.event,
        "round": round,
        "calls": open_director_calls(round.event_id),
        "calls_stamp": director_calls_stamp(round.event_id),
        "calls_url": url + "?part=calls",
        "back_url": url,
    }


@login_required
@require_GET
def round_cards(request, club_slug: str, event_slug: str, number: int):
    """The round's table cards as one PDF (one card per table, QR codes of both links)."""
    round = organiser_round_at(request, club_slug=club_slug, event_slug=event_slug, number=number)
    if round.status not in Round.PUBLIC_STATUSES:
        raise Http404
    pdf = round_cards_pdf(
        round=round, link_url=lambda token: absolute_url(reverse("scoring:referee", args=[token]), request)
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{slugify(round.event.name) or 'event'}-round-{round.number}-tables.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


@never_cache
@login_required
@require_GET
def round_blank_sheets(request, club_slug: str, event_slug: str, number: int, table: int | None = None):
    """The round's blank score sheets to print (one page per table), or one table's: for tables that keep
    score on paper. Any round with its tables drawn; nothing on them is secret (no link, no code)."""
    round = organiser_round_at(request, club_slug=club_slug, event_slug=event_slug, number=number)
    if table is not None and not round.games.filter(table_number=table, is_bye=False).exists():
        raise Http404
    try:
        pdf = blank_sheets_pdf(round=round, table_number=table)
    except RuleSetError as exc:
        messages.error(request, _("The event's rule set is not valid: %(errors)s") % {"errors": exc})
        return HttpResponseRedirect(_round_url(round))
    response = HttpResponse(pdf, content_type="application/pdf")
    suffix = f"table-{table}" if table is not None else "tables"
    name = f"{slugify(round.event.name) or 'event'}-round-{round.number}-{suffix}-score-sheets.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def round_close_view(request, club_slug: str, event_slug: str, number: int):
    """The close page (GET) and the close (POST). Before anything is confirmed the page lists the sheets
    still unconfirmed and every unfinished game: its deals played of the game's length, its score, the
    event's rule and the score that rule gives (under "ask", a choice per table). Closing confirms the rest
    (with a reason), rules the unfinished games as shown, locks the sheets and closes the round, in one
    transaction; a sheet that changed since the page was shown sends the organiser back to it."""
    round = organiser_round_at(request, club_slug=club_slug, event_slug=event_slug, number=number)
    if request.method == "GET":
        return _close_page(request, round, RoundCloseForm())
    form = RoundCloseForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The close form is not valid."))
        return HttpResponseRedirect(_round_url(round))
    actor = actor_from_request(request, organiser=True)
    data = form.cleaned_data
    rules = {
        int(key.removeprefix("rule_")): value
        for key, value in request.POST.items()
        if key.startswith("rule_") and key.removeprefix("rule_").isdigit()
    }

    def lock_sheets(locked_round: Round) -> None:
        round_sheets_lock(
            round=locked_round,
            actor=actor,
            confirm_all=data["confirm_all"],
            reason=data["reason"],
            rules=rules if data["seen"] else None,
            seen=data["seen"],
        )

    try:
        round_close(round=round, pre_check=lock_sheets)
    except (ScoringError, TournamentError) as exc:
        messages.error(request, str(exc.message))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Round %(number)s is closed; its sheets are locked.") % {"number": round.number})
        return HttpResponseRedirect(_round_url(round))
    if round.status == Round.Status.RELEASED and data["seen"]:
        return HttpResponseRedirect(reverse("desk:round-close", args=round_address(round)))
    return HttpResponseRedirect(_round_url(round))


def _close_page(request, round: Round, form: RoundCloseForm):
    if round.status != Round.Status.RELEASED:
        return HttpResponseRedirect(_round_url(round))
    table_links_ensure(round=round)  # a game without a sheet gets its empty one, as the close would make it
    plan = round_close_plan(round)
    context = {
        "round": round,
        "event": round.event,
        "club": round.event.club,
        "plan": plan,
        "close_form": form,
        "rule_label": rule_words(plan.rule),
    }
    return render(request, "organiser/round_close.html", context)


@login_required
@require_POST
def link_revoke(request, club_slug: str, event_slug: str, number: int, table: int, link_id: int):
    """Revoke a table link (a lost phone, a leaked card) and issue a new one for the same side. The link's
    id names the one the page showed: a second post of the same form answers with the new link, it does
    not revoke it too."""
    link = (
        TableLink.objects.select_related("game__round__event__club")
        .filter(
            pk=link_id,
            game__round__event__club__slug=club_slug,
            game__round__event__slug=event_slug,
            game__round__number=number,
            game__table_number=table,
        )
        .first()
    )
    if link is None:
        raise Http404
    require_organiser(request.user, link.game.round.event.club_id)
    table_link_revoke(link=link, actor=actor_from_request(request, organiser=True))
    messages.success(request, _("The old link no longer works; print the table card again for the new one."))
    return HttpResponseRedirect(_round_url(link.game.round))


@login_required
@require_GET
def round_version(request, club_slug: str, event_slug: str, number: int):
    """`rounds/<n>/sheets/version.json`, polled by the round view: the round's status and a fingerprint
    of its sheets (every write bumps a sheet's version, so the sum moves), and the fingerprint of the
    event's open calls to the director ("calls": the page swaps its calls box when it moves). Four small
    queries (round, membership, one aggregate over the round's sheets by the game index, one over the open
    calls); 304 when unchanged. Permission: an organiser of the round's club."""
    round = organiser_round_at(request, club_slug=club_slug, event_slug=event_slug, number=number)
    agg = Sheet.objects.filter(game__round_id=round.pk).aggregate(versions=Sum("version"), sheets=Count("id"))
    state = {
        "version": agg["versions"] or 0,
        "sheets": agg["sheets"],
        "status": round.status,
        "calls": director_calls_stamp(round.event_id),
        "clock": round.clock_stamp,
    }
    return version_answer(request, state)


@never_cache
@login_required
@require_POST
def sheet_switch_side_view(request, club_slug: str, event_slug: str, number: int, table: int):
    """One tap on the round view: the other side enters this sheet from now on (the entering side's phone
    died); the first side confirms. Recorded in the sheet's history."""
    access = organiser_sheet_at(request, club_slug=club_slug, event_slug=event_slug, number=number, table=table)
    form = VersionForm(request.POST)
    url = _round_url(access.round)
    if not form.is_valid():
        messages.error(request, _("The page was out of date; try again."))
        return HttpResponseRedirect(url)
    try:
        sheet = sheet_entering_side_switch(
            sheet=access.sheet,
            version=form.cleaned_data["version"],
            actor=access.actor,
            reason=form.cleaned_data.get("reason", ""),
        )
    except ScoringError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Table %(table)s: %(side)s enters the sheet now; the other side confirms it.")
            % {"table": access.game.table_number, "side": sheet.get_entering_side_display()},
        )
    return HttpResponseRedirect(url)


@never_cache
@login_required
@require_POST
def sheet_sides_swap_view(request, club_slug: str, event_slug: str, number: int, table: int):
    """Wrong seats found after several deals: swap the game's sides (the two teams, or N/S and E/W in the
    deals) in one step with a reason; every deal and its history stay (scoring.sheets.services.sides)."""
    access = organiser_sheet_at(request, club_slug=club_slug, event_slug=event_slug, number=number, table=table)
    form = SidesSwapForm(request.POST)
    url = reverse("desk:sheet", args=sheet_address(access.sheet))
    if not form.is_valid():
        for field, errors in form.errors.items():
            for error in errors:
                messages.error(request, f"{form.fields[field].label if field in form.fields else ''}: {error}")
        return HttpResponseRedirect(url)
    data = form.cleaned_data
    try:
        sheet_sides_swap(
            sheet=access.sheet, how=data["how"], version=data["version"], actor=access.actor, reason=data["reason"]
        )
    except DealInvalid as exc:
        for error in exc.errors:
            messages.error(request, error["message"])
    except ScoringError as exc:
        messages.error(request, exc.message)
    else:
        if data["how"] == "teams":
            done = _(
                "Table %(table)s: the teams changed places. The deals stay with the seats, so the result now "
                "belongs to the right teams; the table card's codes stay with their seats."
            )
        else:
            done = _(
                "Table %(table)s: N/S and E/W are swapped in every deal, so the totals now belong to the other "
                "side. Ask the table to type the N/S points under N/S from now on."
            )
        messages.success(request, done % {"table": table})
    return HttpResponseRedirect(url)
