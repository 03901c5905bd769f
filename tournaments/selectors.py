"""Reads for the organiser pages and the API: each in a fixed number of queries, whatever the field size.

Every lookup by slug or id is narrowed to the user's clubs (`tournaments.permissions`): another club's
object is a 404, never a 403.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Max, Prefetch, Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.club_history_labels import club_log_text
from tournaments.draw_selectors import draw_rows
from tournaments.draws.rows import effective_statuses, next_round_number, withdrawn_after
from tournaments.history_labels import event_log_text
from tournaments.labels import withdrawn_label
from tournaments.models import (
    CheckIn,
    Club,
    DirectorCall,
    Entry,
    Event,
    Game,
    Player,
    Round,
    Substitution,
    Table,
)
from tournaments.names import fold_name, matches, search_text
from tournaments.permissions import organiser_club_ids
from tournaments.sharing import results_mail_overview


def club_for(user, slug: str) -> Club:
    """The club `slug` if `user` organises it, else 404."""
    return get_object_or_404(Club, slug=slug, id__in=organiser_club_ids(user))


def event_for(user, club_slug: str, event_slug: str) -> Event:
    """The event of one of the user's clubs, with club and season joined; else 404."""
    return get_object_or_404(
        Event.objects.select_related("club", "season"),
        club__slug=club_slug,
        slug=event_slug,
        club_id__in=organiser_club_ids(user),
    )


def round_for(event: Event, number: int) -> Round | None:
    return Round.objects.filter(event=event, number=number).first()


def club_overview(club: Club) -> dict:
    events = list(club.events.select_related("season").annotate(entry_count=Count("entries")).order_by("-date"))
    seasons = list(club.seasons.all())
    members = club.players.aggregate(
        total=Count("id"), active=Count("id", filter=Q(is_active=True)), guests=Count("id", filter=Q(is_guest=True))
    )
    return {"events": events, "seasons": seasons, "members": members}


def players_of(club: Club, query: str = "") -> list[Player]:
    """The club's players by name; with `query`, those whose folded name holds every folded word of it
    ("juergen" finds Jürgen, "muller" Müller: `tournaments.names`). One query."""
    players = list(Player.objects.filter(club=club).order_by("last_name", "first_name"))
    if not fold_name(query):
        return players
    return [p for p in players if matches(query, search_text(p.first_name, p.last_name))]


@dataclass
class EntryRow:
    entry: Entry
    status: str | None
    played: int = 0

    @property
    def names(self) -> str:
        players = [self.entry.player_1] + ([self.entry.player_2] if self.entry.player_2_id else [])
        return " / ".join(str(p) for p in players)

    @property
    def search(self) -> str:
        """What the check-in search matches: number, team name and players, folded (`tournaments.names`)."""
        return search_text(str(self.entry.number), self.entry.name, self.names)


def entries_with_status(event: Event, round_number: int) -> list[EntryRow]:
    """Entries with their check-in status for `round_number` (carried over). Two queries."""
    statuses = checkin_statuses(event=event, round_number=round_number)
    entries = Entry.objects.filter(event=event).select_related("player_1", "player_2").order_by("number")
    return [EntryRow(entry=e, status=statuses.get(e.pk)) for e in entries]


def checkin_counts(rows: list[EntryRow]) -> dict[str, int]:
    counts = Counter(row.status or "none" for row in rows)
    return {
        "present": counts[CheckIn.Status.PRESENT],
        "absent": counts[CheckIn.Status.ABSENT],
        "withdrawn": counts[CheckIn.Status.WITHDRAWN],
        "none": counts["none"],
        "total": len(rows),
    }


def entry_people(event: Event, entry: Entry) -> dict:
    """What the entry's page shows of the evening's changes: its status in the first round still open, the
    round it withdrew after, its substitutes, the rounds the forms start from. Four queries."""
    statuses = dict(Round.objects.filter(event=event).values_list("number", "status"))
    number = next_round_number(event)
    current = min(number, event.rounds)
    first = number
    while statuses.get(first) in Round.PUBLIC_STATUSES:
        first += 1
    rows = list(CheckIn.objects.filter(entry=entry).values_list("entry_id", "round_number", "status"))
    status = effective_statuses(rows, min(first, event.rounds)).get(entry.pk)
    substitutions = list(Substitution.objects.filter(entry=entry).select_related("player", "substitute"))
    after = withdrawn_after(rows).get(entry.pk)
    return {
        "withdrawn_label": withdrawn_label(after) if after is not None and status == CheckIn.Status.WITHDRAWN else "",
        "running": event.has_started and not event.is_finished,
        "first_round": first,
        "open": first <= event.rounds,
        "substitute_round": current,
        "status": status,
        "substitutions": substitutions,
    }


def event_overview(event: Event) -> dict:
    """What the event page shows: rounds, entry, table and history counts, the round to work on. Five queries."""
    rounds = list(event.round_set.annotate(game_count=Count("games", filter=Q(games__is_bye=False))))
    next_number = next_round_number(event)
    statuses = checkin_statuses(event=event, round_number=min(next_number, event.rounds))
    entries = Entry.objects.filter(event=event).count()
    tables = Table.objects.filter(event=event).count()
    present = sum(1 for s in statuses.values() if s == CheckIn.Status.PRESENT)
    return {
        "rounds": rounds,
        "next_number": next_number,
        "next_method": event.pairing_method_for(min(next_number, event.rounds)),
        # A finished event draws no more rounds (the draw refuses it), even with fewer rounds than planned.
        "can_draw_next": next_number <= event.rounds and not event.is_finished,
        "entry_count": entries,
        "table_count": tables,
        "present_count": present,
        "log_count": event.log_entries.count(),
        **results_mail_overview(event),
    }


def round_page(round: Round) -> dict:
    """Everything the round page shows: rows, byes, check-in mismatch (for a draft). Four or five queries."""
    games, byes = draw_rows(round)
    mismatch = {"missing": [], "extra": []}
    if round.status == Round.Status.DRAFT:
        mismatch = round_checkin_mismatch(round=round)
    return {"games": games, "byes": byes, "mismatch": mismatch}


def require_round(event: Event, number: int) -> Round:
    round = round_for(event, number)
    if round is None:
        raise Http404
    return round


def entries_for_select(event: Event):
    return Entry.objects.filter(event=event).select_related("player_1", "player_2").order_by("number")


def event_list_for(user):
    return (
        Event.objects.filter(club_id__in=organiser_club_ids(user))
        .select_related("club", "season")
        .prefetch_related(Prefetch("round_set", queryset=Round.objects.order_by("number")))
    )


def checkin_statuses(*, event: Event, round_number: int) -> dict[int, str]:
    """Entry id → effective check-in status for a round (carried over from earlier rounds). One query."""
    rows = CheckIn.objects.filter(entry__event=event, round_number__lte=round_number).values_list(
        "entry_id", "round_number", "status"
    )
    return effective_statuses(rows, round_number)


def round_checkin_mismatch(*, round: Round) -> dict[str, list[int]]:
    """Entry ids drawn but no longer present (`missing`) and present but not drawn (`extra`). Two queries."""
    statuses = checkin_statuses(event=round.event, round_number=round.number)
    present = {e for e, status in statuses.items() if status == CheckIn.Status.PRESENT}
    drawn = set()
    for row in Game.objects.filter(round=round).values_list(
        "entry_a_id", "entry_a_partner_id", "entry_b_id", "entry_b_partner_id"
    ):
        drawn.update(e for e in row if e is not None)
    return {"missing": sorted(drawn - present), "extra": sorted(present - drawn)}


def normalised_name(first_name: str, last_name: str) -> str:
    """The name folded as the import, the duplicate warnings and the searches compare it (`names.fold_name`):
    "Jürgen Müller-Lüdenscheidt" and "Juergen Mueller-Luedenscheidt" are "juergen muellerluedenscheidt"."""
    return fold_name(f"{first_name} {last_name}")


def player_duplicates(
    *, club: Club, first_name: str, last_name: str, exclude_id: int | None = None, cutoff: float = 0.85
) -> list[Player]:
    """Players of `club` whose name is likely the same person: the same normalised name (also with first and
    last name swapped), or very similar by difflib (ratio ≥ `cutoff`). One query."""
    wanted = normalised_name(first_name, last_name)
    swapped = normalised_name(last_name, first_name)
    if not wanted:
        return []
    found = []
    players = Player.objects.filter(club=club).only("id", "first_name", "last_name")
    if exclude_id is not None:
        players = players.exclude(pk=exclude_id)
    for player in players:
        name = normalised_name(player.first_name, player.last_name)
        if name in (wanted, swapped) or difflib.SequenceMatcher(None, wanted, name).ratio() >= cutoff:
            found.append(player)
    return found


def event_history(event: Event) -> list[dict]:
    """The event's history, newest first, each row with the sentence a person reads. Two queries."""
    rows = event.log_entries.select_related("user", "entry").order_by("-created_at", "-pk")
    return [
        {
            "row": row,
            "text": event_log_text(row.action, row.details),
            "author": row.user.get_username() if row.user else row.imported_author,
        }
        for row in rows
    ]


CLUB_HISTORY_PAGE = 100


def club_history(club: Club, *, page: Any = 1, season_id: int | None = None) -> tuple[Page, list[dict]]:
    """One page of the club's history (seasons, divisions, members, forbidden pairings, settings), newest
    first, each row with the sentence a person reads; `season_id` keeps one season's changes. Two queries
    (the count and the page), whatever the number of rows."""
    shown = Paginator(_club_log(club, season_id), CLUB_HISTORY_PAGE).get_page(page)
    return shown, [_club_history_row(row) for row in shown]


def club_history_all(club: Club, *, season_id: int | None = None) -> list[dict]:
    """Every row of the club's history (or of one season's), newest first, as `club_history` gives them: for
    the files an organiser keeps. One query."""
    return [_club_history_row(row) for row in _club_log(club, season_id)]


def _club_log(club: Club, season_id: int | None) -> QuerySet:
    rows = club.log_entries.select_related("user").order_by("-created_at", "-pk")
    return rows if season_id is None else rows.filter(season_id=season_id)


def _club_history_row(row) -> dict:
    return {
        "row": row,
        "text": club_log_text(row.action, row.details),
        "author": row.user.get_username() if row.user else "",
    }


# --- the room during play ---------------------------------------------------------------------------------


def open_director_calls(event_id: int) -> list[DirectorCall]:
    """The event's calls to the director not answered yet, oldest first (one query)."""
    return list(
        DirectorCall.objects.filter(event_id=event_id, answered_at__isnull=True)
        .select_related("round")
        .order_by("created_at", "pk")
    )


def director_calls_stamp(event_id: int) -> str:
    """A fingerprint of the event's open calls, for the pages' polls (one aggregate over the open-call
    index): a new call raises the highest id, an answered or taken-back one lowers the count."""
    agg = DirectorCall.objects.filter(event_id=event_id, answered_at__isnull=True).aggregate(
        n=Count("id"), top=Max("id")
    )
    return f"{agg['n']}.{agg['top'] or 0}"
