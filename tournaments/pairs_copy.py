"""Last week's pairs into tonight's event: the same teams, entered again in one go.

`pairs_copy_plan(event=..., source=...)` says, pair by pair, what copying would do (enter it, or skip it and
why) and stores nothing. `pairs_copy(event=..., source=..., check_in_round=..., only=...)` enters every pair
the plan would enter (or those of them the organiser left ticked), in one transaction: if one entry is
refused (entries closed, event finished), none is stored.

A pair is copied when both players are still active members of the club (not guests: a guest is entered by
hand when they come again) and neither is entered tonight yet.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Entry, Event


@dataclass
class PairPlan:
    entry: Entry  # the pair in the source event
    reason: str = ""  # why it is skipped; empty: it will be entered

    @property
    def copied(self) -> bool:
        return not self.reason


def pairs_copy_sources(*, event: Event):
    """Other fixed-pairs events of the club that have entries, the latest first."""
    return (
        Event.objects.filter(club_id=event.club_id, team_mode=Event.TeamMode.PAIRS)
        .exclude(pk=event.pk)
        .annotate(entry_count=Count("entries"))
        .filter(entry_count__gt=0)
        .order_by("-date", "-created_at")
    )


def _check_modes(event: Event, source: Event) -> None:
    if source.club_id != event.club_id:
        raise ValidationError({"source": _("Choose an event of this club.")})
    if event.team_mode != Event.TeamMode.PAIRS:
        raise ValidationError(
            {"source": _("Tonight is played in mêlée: partners are drawn each round, so there are no pairs to copy.")}
        )
    if source.team_mode != Event.TeamMode.PAIRS:
        raise ValidationError(
            {"source": _("%(event)s was played in mêlée: it has no fixed pairs.") % {"event": source.name}}
        )


def pairs_copy_plan(*, event: Event, source: Event) -> list[PairPlan]:
    """Every pair of `source`, by start number, with the reason it would be skipped. Two queries."""
    _check_modes(event, source)
    taken = {}
    for number, p1, p2 in Entry.objects.filter(event=event).values_list("number", "player_1_id", "player_2_id"):
        taken[p1] = number
        if p2:
            taken[p2] = number
    plans = []
    pairs = Entry.objects.filter(event=source).select_related("player_1", "player_2").order_by("number")
    for entry in pairs:
        players = [p for p in (entry.player_1, entry.player_2) if p is not None]
        reason = ""
        for player in players:
            if not player.is_active:
                reason = _("%(player)s is no longer an active member.") % {"player": player}
            elif player.is_guest:
                reason = _("%(player)s is a guest; enter the pair by hand if they come again.") % {"player": player}
            elif player.pk in taken:
                reason = _("%(player)s is already entered tonight (no. %(number)s).") % {
                    "player": player,
                    "number": taken[player.pk],
                }
            if reason:
                break
        if not reason and len(players) < 2:
            reason = _("This entry has only one player.")
        plans.append(PairPlan(entry=entry, reason=reason))
    return plans


def pairs_copy(
    *, event: Event, source: Event, check_in_round: int | None = None, only: Collection[int] | None = None
) -> list[Entry]:
    """Enter the pairs the plan copies (team name and club kept; step-free need kept; start numbers follow
    on), or, with `only` (ids of `source`'s entries), those of them it names; ids the plan skips or that are
    not `source`'s are left out. Everything or nothing: a refusal of any entry raises and stores none; nothing
    to enter raises a ValidationError (on `source`, or on `pairs` when the organiser unticked every pair)."""
    plans = [plan for plan in pairs_copy_plan(event=event, source=source) if plan.copied]
    if not plans:
        raise ValidationError(
            {"source": _("No pair of %(event)s can be copied: see the reasons in the list.") % {"event": source.name}}
        )
    if only is not None:
        plans = [plan for plan in plans if plan.entry.pk in set(only)]
        if not plans:
            raise ValidationError({"pairs": _("Tick at least one pair to enter.")})
    with transaction.atomic():
        return [
            services.entry_create(
                event=event,
                player_1=plan.entry.player_1,
                player_2=plan.entry.player_2,
                name=plan.entry.name,
                affiliation=plan.entry.affiliation,
                needs_step_free=plan.entry.needs_step_free,
                check_in_round=check_in_round,
            )
            for plan in plans
        ]


def pairs_copy_default_source(*, event: Event) -> Event | None:
    """The latest earlier event with pairs (on or before tonight's date), else the latest at all."""
    sources = pairs_copy_sources(event=event)
    return sources.filter(Q(date__lte=event.date)).first() or sources.first()
