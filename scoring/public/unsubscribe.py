"""The results mail's unsubscribe link (`u/<token>/`): no login, the signed token is the key
(`scoring.mailing.tokens`). The link shows one button; its POST (also what a mail client's one-click
unsubscribe sends, RFC 8058) turns the member's results mail off and records when. A changed token answers
a sentence and changes nothing.

Permission: anyone holding the token, for that one player only.
"""

from __future__ import annotations

from django.db import transaction
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from scoring.mailing.tokens import unsubscribe_player_id
from tournaments.models import Player


@csrf_exempt  # the token is the key, and a mail client's one-click POST carries no CSRF cookie
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    player_id = unsubscribe_player_id(token)
    player = Player.objects.select_related("club").filter(pk=player_id).first() if player_id else None
    if player is None:
        return render(request, "public/unsubscribe.html", {"state": "invalid"}, status=400)
    state = "ask" if player.results_mail else "done"
    if request.method == "POST":
        with transaction.atomic():
            changed = Player.objects.filter(pk=player.pk, results_mail=True).update(
                results_mail=False, results_mail_stopped_at=timezone.now()
            )
        state = "done" if changed or not player.results_mail else state
    context = {"state": state, "player": player, "club": player.club, "token": token}
    return render(request, "public/unsubscribe.html", context)
