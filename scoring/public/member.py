"""A member's page: every evening, partners and places, the deal figures and the head-to-head against
another member (`member_history`).

- `e/<club_slug>/members/<id>/` (public): only with the member's consent. A member whose name is withheld
  answers 404 to everyone (organisers too: their page is the next one); initials only shows the page under
  the initials. Only public evenings count, and names are as each member's consent allows.
- `o/<club_slug>/members/<id>/history/` (organisers of the club only; 404 for any other account, login
  first): every evening, every name in full, whatever the consent.

`?opponent=<id>` picks the member to compare with; a wrong one is answered with a sentence on the page,
never an error. Queries: six, whatever the number of evenings (pinned in the tests).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.public.member_history import MemberHistory, member_history
from tournaments.models import Club, Player
from tournaments.views.base import organiser_view


def _opponent_param(request: HttpRequest) -> tuple[int | None, str]:
    """The opponent's id from `?opponent=`, or (None, a sentence naming the field and what was wrong)."""
    raw = (request.GET.get("opponent") or "").strip()
    if not raw:
        return None, ""
    if not raw.isdigit() or len(raw) > 9:
        return None, _("Opponent: “%(value)s” is not a member's number. Pick a member from the list.") % {
            "value": raw[:20]
        }
    return int(raw), ""


def _percent(rate: float | None) -> int | None:
    return None if rate is None else round(rate * 100)


def _context(history: MemberHistory, club: Club, *, public: bool, error: str, raw_opponent: int | None) -> dict:
    if history.opponent_error:
        error = _(
            "Opponent: member no. %(number)s never sat across the table from %(name)s in the evenings shown "
            "here. Pick a member from the list."
        ) % {"number": raw_opponent, "name": history.name}
    fig = history.figures
    rates: dict[str, Any] = {
        "made": _percent(fig.made_rate),
        "inside": _percent(fig.inside_rate),
        "tied": _percent(fig.tied_rate),
        "defence": _percent(fig.defence_rate),
    }
    return {
        "club": club,
        "history": history,
        "fig": fig,
        "rates": rates,
        "public": public,
        "opponent_message": error,
        "title": _("%(name)s: history") % {"name": history.name},
    }


@require_GET
def member_page(request: HttpRequest, club_slug: str, player_id: int) -> HttpResponse:
    """The public member's page (see the module). 404 for an unknown member or one whose name is withheld."""
    player = Player.objects.select_related("club").filter(pk=player_id, club__slug=club_slug).first()
    if player is None or not player.page_public:
        raise Http404
    opponent_id, error = _opponent_param(request)
    history = member_history(player=player, public=True, opponent_id=opponent_id)
    context = _context(history, player.club, public=True, error=error, raw_opponent=opponent_id)
    return render(request, "public/member.html", context)


@organiser_view
@require_GET
def member_history_page(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """The organiser's view of a member's history: every evening, full names (the club's organisers only)."""
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id, club=club)
    opponent_id, error = _opponent_param(request)
    history = member_history(player=player, public=False, opponent_id=opponent_id)
    context = _context(history, club, public=False, error=error, raw_opponent=opponent_id)
    return render(request, "organiser/member_history.html", context)
