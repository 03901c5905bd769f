"""Reads for the club's rating and the results mail on the organiser's pages: the members list's ratings, the
event page's results mail card. Reads only (like `tournaments.selectors`)."""

from __future__ import annotations

from django.db.models import Q

from tournaments.models import Entry, Event, Player, PlayerRating


def attach_ratings(players: list[Player]) -> None:
    """Set `rating_row` (the PlayerRating, or None) on each of `players`. One query."""
    ratings = {r.player_id: r for r in PlayerRating.objects.filter(player__in=players)}
    for player in players:
        player.rating_row = ratings.get(player.pk)  # type: ignore[attr-defined]


def results_mail_overview(event: Event) -> dict:
    """The results mail's card: how many who played asked for it, and the latest sending. Two queries."""
    played = Entry.objects.filter(event=event)
    asked = (
        Player.objects.filter(club_id=event.club_id, results_mail=True)
        .exclude(email="")
        .filter(Q(pk__in=played.values("player_1_id")) | Q(pk__in=played.values("player_2_id")))
        .count()
    )
    return {"mail_recipients": asked, "mailing": event.results_mailings.order_by("-created_at", "-pk").first()}
