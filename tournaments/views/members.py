"""Organiser pages of a club's members and guests: the list with its add form, one member, the import of a
list (paste or CSV), which previews first and stores only on an explicit confirmation, everything or nothing.

Permission of every view: a logged-in organiser of the club in the URL (`organiser_view`/`event_view`);
anonymous users go to the login page, other clubs' objects are 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import selectors, services
from tournaments.exceptions import TournamentError
from tournaments.forms.base import apply_errors
from tournaments.forms.members import MemberImportForm, PlayerForm
from tournaments.member_import import (
    MemberListError,
    member_lines_read,
    members_import,
    members_import_summary,
)
from tournaments.models import Player
from tournaments.sharing import attach_ratings
from tournaments.views.base import organiser_view, submitted


@organiser_view
@require_http_methods(["GET", "POST"])
def member_list(request, club):
    """Members and guests, searchable by name; the add form warns about likely duplicates."""
    form = PlayerForm(request.POST or None, club=club)
    done = submitted(
        request,
        form,
        lambda data: services.player_create(club=club, data=data, user=request.user),
        success=lambda player: _("%(player)s added.") % {"player": player},
        then=lambda _result: redirect("tournaments:members", club_slug=club.slug),
    )
    if done:
        return done
    query = request.GET.get("q", "").strip()
    players = selectors.players_of(club, query)
    if club.rating_enabled:
        attach_ratings(players)
    context = {"club": club, "form": form, "players": players, "query": query}
    return render(request, "organiser/member_list.html", context)


@organiser_view
@require_http_methods(["GET", "POST"])
def member_edit(request, club, player_id: int):
    player = get_object_or_404(Player, pk=player_id, club=club)
    form = PlayerForm(request.POST or None, instance=player, club=club)
    done = submitted(
        request,
        form,
        lambda data: services.player_update(player=player, data=data, user=request.user),
        success=_("Saved."),
        then=lambda _result: redirect("tournaments:members", club_slug=club.slug),
    )
    if done:
        return done
    context = {"club": club, "form": form, "title": _("Edit %(player)s") % {"player": player}}
    return render(request, "organiser/form.html", context)


@organiser_view
@require_http_methods(["GET", "POST"])
def member_import(request, club):
    """o/<club>/members/import/: paste or upload → a preview with warnings → confirm (stores only then)."""
    form = MemberImportForm(request.POST or None, request.FILES or None)
    lines = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        if form.file_encoding:
            messages.info(
                request,
                _("The file was read as %(encoding)s. If names look wrong, save it as CSV (UTF-8) and upload it again.")
                % {"encoding": form.file_encoding},
            )
        try:
            lines = member_lines_read(text=text, club=club)
        except MemberListError as exc:
            form.add_error("text", str(exc))
        else:
            if request.POST.get("action") == "confirm":
                chosen = set(request.POST.getlist("line"))
                skip = {line.number for line in lines if not line.problem and str(line.number) not in chosen}
                try:
                    players = members_import(club=club, text=text, skip=skip, user=request.user)
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
