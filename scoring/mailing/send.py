"""The mails of one `ResultsMailing`: to every member of the club who opted in (`Player.results_mail`, with
an email) and played in the event, the final standings' link and their own result, with a one-click
unsubscribe link (`scoring.mailing.tokens`). Sent through Django's mail backend (the demo's prints them).

Safe to run twice: the row keeps who was mailed, and a second run mails only the others. Reads in a fixed
number of queries (the mailing, the standings, the players); writes one small UPDATE per mail (the progress
the event page polls).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import Max
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.mailing.tokens import unsubscribe_token
from scoring.standings.metrics import json_value
from tournaments.models import Event, Player, ResultsMailing, Standing
from tournaments.services.history import event_log_add


@dataclass(frozen=True)
class OwnResult:
    """A player's line of the final standings."""

    rank: int
    of: int
    match_points: int | float | None
    points: int
    team: str


def event_results_by_player(event: Event) -> dict[int, OwnResult]:
    """Player id → their entry's line in the event's latest standings snapshot. Two queries."""
    last = Standing.objects.filter(event=event).aggregate(last=Max("round_number"))["last"]
    if last is None:
        return {}
    rows = list(
        Standing.objects.filter(event=event, round_number=last)
        .select_related("entry__player_1", "entry__player_2")
        .order_by("rank")
    )
    results: dict[int, OwnResult] = {}
    for row in rows:
        entry = row.entry
        mp = json_value(Decimal(row.match_points))
        line = OwnResult(rank=row.rank, of=len(rows), match_points=mp, points=row.total_points, team=entry.display_name)
        for pid in (entry.player_1_id, entry.player_2_id):
            if pid is not None:
                results[pid] = line
    return results


def results_mail_recipients(event: Event, results: dict[int, OwnResult]) -> list[Player]:
    """The club's players who opted in, have an email and played in the event, by name. One query."""
    return list(
        Player.objects.filter(club_id=event.club_id, results_mail=True, pk__in=list(results))
        .exclude(email="")
        .order_by("last_name", "first_name", "pk")
    )


def _message(mailing: ResultsMailing, player: Player, result: OwnResult, connection: Any) -> EmailMessage:
    event = mailing.event
    base = mailing.base_url or settings.SITE_URL or ""
    standings = base + reverse("public:standings", args=[event.club.slug, event.slug])
    unsubscribe = base + reverse("public:unsubscribe", args=[unsubscribe_token(player.pk)])
    context = {
        "event": event,
        "club": event.club,
        "player": player,
        "result": result,
        "standings_url": standings,
        "unsubscribe_url": unsubscribe,
    }
    subject = _("Results of %(event)s") % {"event": event.name}
    return EmailMessage(
        subject=subject,
        body=render_to_string("mail/results.txt", context),
        to=[player.email],
        connection=connection,
        headers={"List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )


def results_mail_execute(*, mailing_id: int, progress: Callable[[int], None] = lambda pct: None) -> dict[str, Any]:
    """Send the mailing's mails (those not sent by an earlier run). Returns {"mailing_id", "status", "sent",
    "total"}; a failed send is recorded on the row (status, error) and the members mailed so far stay
    recorded, so running it again mails only the others."""
    mailing = ResultsMailing.objects.select_related("event__club", "created_by").get(pk=mailing_id)
    if mailing.status == ResultsMailing.Status.DONE:
        return {"mailing_id": mailing_id, "status": mailing.status, "sent": mailing.sent, "total": mailing.total}
    event = mailing.event
    with translation.override(mailing.language or settings.LANGUAGE_CODE):
        results = event_results_by_player(event)
        recipients = results_mail_recipients(event, results)
        done = set(mailing.sent_to)
        sent = list(mailing.sent_to)
        total = len(done | {p.pk for p in recipients})
        ResultsMailing.objects.filter(pk=mailing_id).update(status=ResultsMailing.Status.RUNNING, total=total)
        try:
            with get_connection() as connection:
                for player in recipients:
                    if player.pk in done:
                        continue
                    _message(mailing, player, results[player.pk], connection).send()
                    sent.append(player.pk)
                    ResultsMailing.objects.filter(pk=mailing_id).update(sent_to=sent)
                    progress(round(100 * len(sent) / total))
        except Exception as exc:  # SMTP and socket errors alike: recorded on the row, the page says so
            error = _("Sending stopped after %(sent)s of %(total)s mails: %(error)s") % {
                "sent": len(sent),
                "total": total,
                "error": exc,
            }
            ResultsMailing.objects.filter(pk=mailing_id).update(
                status=ResultsMailing.Status.FAILED, error=error, finished_at=timezone.now()
            )
            return {"mailing_id": mailing_id, "status": ResultsMailing.Status.FAILED, "sent": len(sent), "total": total}
        with transaction.atomic():
            ResultsMailing.objects.filter(pk=mailing_id).update(
                status=ResultsMailing.Status.DONE, finished_at=timezone.now(), error=""
            )
            event_log_add(event=event, action="results_mailed", user=mailing.created_by, count=len(sent))
    progress(100)
    return {"mailing_id": mailing_id, "status": ResultsMailing.Status.DONE, "sent": len(sent), "total": total}
