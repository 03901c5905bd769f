"""People change during the evening: a late pair, a withdrawal at the break (and its undo), a substitute.

Each is one service that validates, writes and records the step in the event's history in one transaction,
and marks the standings dirty (the `standings_changed` hooks queue the recompute after commit). The rules a
person reads are in docs/evening.md ("People change").
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from config import live
from tournaments.draws.rows import effective_statuses, next_round_number
from tournaments.models import CheckIn, Entry, Event, Game, Player, Round, Substitution
from tournaments.services.entries import _checkin_write, entry_create
from tournaments.services.events import EVENT_HOOKS
from tournaments.services.history import event_log_add


def _standings_changed(event: Event) -> None:
    """Inside the caller's transaction: the standings depend on what changed; recompute after commit."""
    Event.objects.filter(pk=event.pk).update(standings_dirty=True)
    live.changed(event.pk)
    event.standings_dirty = True
    for hook in list(EVENT_HOOKS["standings_changed"]):
        hook(event)


def _round_statuses(event: Event) -> dict[int, str]:
    return dict(Round.objects.filter(event=event).values_list("number", "status"))


def first_open_round(event: Event) -> int:
    """The first round whose check-in is still open (not released or closed); may exceed `event.rounds`."""
    statuses = _round_statuses(event)
    number = next_round_number(event)
    while statuses.get(number) in Round.PUBLIC_STATUSES:
        number += 1
    return number


#: A round already played, in a sentence for each step (whole sentences: the word order is the language's).
_TOO_EARLY = {
    "late": _("Round %(number)s is already %(status)s: a late pair can join from round %(first)s on at the earliest."),
    "withdraw": _(
        "Round %(number)s is already %(status)s: a withdrawal can count from round %(first)s on at the earliest."
    ),
    "return": _(
        "Round %(number)s is already %(status)s: a withdrawn entry can come back from round %(first)s on at the "
        "earliest."
    ),
}


def _require_round(event: Event, number: int, field: str, *, what: str) -> None:
    """`number` is a round of the event whose check-in is open; else a sentence naming the round and limits."""
    first = first_open_round(event)
    if not isinstance(number, int) or number < 1 or number > event.rounds:
        raise ValidationError(
            {
                field: ngettext(
                    "The event has %(rounds)s round; round %(number)s does not exist.",
                    "The event has %(rounds)s rounds; round %(number)s does not exist.",
                    event.rounds,
                )
                % {"rounds": event.rounds, "number": number}
            }
        )
    if number < first:
        status = _round_statuses(event).get(number)
        label = Round.Status(status).label if status else "–"
        raise ValidationError({field: _TOO_EARLY[what] % {"number": number, "status": label, "first": first}})


# --- a late pair ------------------------------------------------------------------------------------------


def entry_late_create(
    *,
    event: Event,
    player_1: Player,
    player_2: Player | None = None,
    joined_round: int,
    missed_rounds_rule: str,
    name: str = "",
    affiliation: str = "",
    reason: str = "",
    user: User | None = None,
) -> Entry:
    """Enter a pair (a player in mêlée) who arrives late and plays from `joined_round` on.

    `joined_round` must be a round of the event whose check-in is still open (not released or closed); the
    entry is checked in (present) for it, so the next draw includes it. The rounds before it count by
    `missed_rounds_rule` (Entry.MissedRounds) in the standings. Recorded in the history (`late_entry`).
    """
    if missed_rounds_rule not in Entry.MissedRounds.values:
        raise ValidationError(
            {
                "missed_rounds_rule": _("%(rule)s is not a rule for missed rounds; choose from %(choices)s.")
                % {"rule": missed_rounds_rule, "choices": ", ".join(str(c) for c in Entry.MissedRounds.labels)}
            }
        )
    with transaction.atomic():
        locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        _require_round(locked, joined_round, "joined_round", what="late")
        entry = entry_create(event=locked, player_1=player_1, player_2=player_2, name=name, affiliation=affiliation)
        entry.late = True
        entry.joined_round = joined_round
        entry.missed_rounds_rule = missed_rounds_rule if joined_round > 1 else Entry.MissedRounds.ZERO
        entry.save(update_fields=["late", "joined_round", "missed_rounds_rule"])
        _checkin_write(locked, [entry.pk], joined_round, CheckIn.Status.PRESENT)
        event_log_add(
            event=locked,
            action="late_entry",
            user=user,
            reason=reason,
            round_number=joined_round,
            entry=entry,
            number=entry.number,
            name=entry.display_name,
            round=joined_round,
            rule=entry.missed_rounds_rule,
        )
        _standings_changed(locked)
    return entry


# --- a withdrawal, and its undo ---------------------------------------------------------------------------


def _statuses(entry: Entry, round_number: int) -> str | None:
    rows = CheckIn.objects.filter(entry=entry, round_number__lte=round_number).values_list(
        "entry_id", "round_number", "status"
    )
    return effective_statuses(rows, round_number).get(entry.pk)


def entry_withdraw(*, entry: Entry, from_round: int, reason: str = "", user: User | None = None) -> Entry:
    """The entry withdraws from round `from_round` on (at the break: the next round not yet released).

    It is left out of that round's and later draws (check-in withdrawn, carried over; a later round's own
    row is set withdrawn too) and keeps the results it played. Refused for a round whose check-in is over
    and for an entry already withdrawn then. Recorded as `withdrawal` (in mêlée `melee_leave`, with the
    players left and how many of them sit out next round).
    """
    with transaction.atomic():
        event = Event.objects.select_for_update(of=("self",)).get(pk=entry.event_id)
        _require_round(event, from_round, "from_round", what="withdraw")
        if _statuses(entry, from_round) == CheckIn.Status.WITHDRAWN:
            raise ValidationError(
                {
                    "from_round": _("Entry no. %(number)s is already withdrawn from round %(round)s.")
                    % {"number": entry.number, "round": from_round}
                }
            )
        later = list(
            CheckIn.objects.filter(entry=entry, round_number__gt=from_round).values_list("round_number", flat=True)
        )
        for number in [from_round, *later]:
            _checkin_write(event, [entry.pk], number, CheckIn.Status.WITHDRAWN)
        details: dict[str, Any] = {"number": entry.number, "name": entry.display_name, "after": from_round - 1}
        action = "withdrawal"
        if event.team_mode == Event.TeamMode.MELEE:
            rows = CheckIn.objects.filter(entry__event=event, round_number__lte=from_round).values_list(
                "entry_id", "round_number", "status"
            )
            present = sum(1 for s in effective_statuses(rows, from_round).values() if s == CheckIn.Status.PRESENT)
            details.update(present=present, sitting_out=present % 4)
            action = "melee_leave"
        event_log_add(
            event=event, action=action, user=user, reason=reason, round_number=from_round, entry=entry, **details
        )
        _standings_changed(event)
    return entry


def entry_withdrawal_undo(*, entry: Entry, from_round: int, reason: str = "", user: User | None = None) -> Entry:
    """A withdrawn entry plays again from `from_round` on (a round whose check-in is open): present there,
    and a later round's withdrawn row present too. The rounds it was out stay as they were (missed, counted
    as nothing). Recorded as `withdrawal_undone`."""
    with transaction.atomic():
        event = Event.objects.select_for_update(of=("self",)).get(pk=entry.event_id)
        _require_round(event, from_round, "from_round", what="return")
        if _statuses(entry, from_round) != CheckIn.Status.WITHDRAWN:
            raise ValidationError(
                {
                    "from_round": _("Entry no. %(number)s is not withdrawn in round %(round)s.")
                    % {"number": entry.number, "round": from_round}
                }
            )
        later = list(
            CheckIn.objects.filter(
                entry=entry, round_number__gt=from_round, status=CheckIn.Status.WITHDRAWN
            ).values_list("round_number", flat=True)
        )
        for number in [from_round, *later]:
            _checkin_write(event, [entry.pk], number, CheckIn.Status.PRESENT)
        event_log_add(
            event=event,
            action="withdrawal_undone",
            user=user,
            reason=reason,
            round_number=from_round,
            entry=entry,
            number=entry.number,
            name=entry.display_name,
            round=from_round,
        )
        _standings_changed(event)
    return entry


# --- a substitute -----------------------------------------------------------------------------------------


def substitution_add(
    *,
    entry: Entry,
    player: Player,
    substitute: Player,
    from_round: int,
    only_round: bool = False,
    reason: str = "",
    user: User | None = None,
) -> Substitution:
    """`substitute` plays for `player` (one of the entry's players) from round `from_round` on, or in that
    round only. The games already drawn for those rounds (draft, confirmed or released: not closed) seat the
    substitute at once; later draws seat them too. The results stay the entry's; the season ranking counts
    the entry's registered players only (docs/evening.md).

    Refused: a closed round or one past the event's rounds, a player not of this entry, a substitute of
    another club, who plays tonight already (in an entry, or as a substitute in these rounds), or a player
    already replaced in these rounds.
    """
    with transaction.atomic():
        event = Event.objects.select_for_update(of=("self",)).get(pk=entry.event_id)
        if player.pk not in (entry.player_1_id, entry.player_2_id):
            raise ValidationError(
                {"player": _("%(player)s is not in entry no. %(number)s.") % {"player": player, "number": entry.number}}
            )
        statuses = _round_statuses(event)
        if not 1 <= from_round <= event.rounds:
            raise ValidationError(
                {
                    "from_round": ngettext(
                        "The event has %(rounds)s round; round %(number)s does not exist.",
                        "The event has %(rounds)s rounds; round %(number)s does not exist.",
                        event.rounds,
                    )
                    % {"rounds": event.rounds, "number": from_round}
                }
            )
        if statuses.get(from_round) == Round.Status.CLOSED:
            raise ValidationError(
                {
                    "from_round": _("Round %(number)s is closed: a substitute can play from round %(next)s on.")
                    % {"number": from_round, "next": next_round_number(event)}
                }
            )
        to_round = from_round if only_round else None
        if substitute.club_id != event.club_id:
            raise ValidationError(
                {
                    "substitute": _("%(player)s is not a member or guest of this club; add them to the members first.")
                    % {"player": substitute}
                }
            )
        playing = (
            Entry.objects.filter(event=event)
            .filter(Q(player_1=substitute) | Q(player_2=substitute))
            .values_list("number", flat=True)
            .first()
        )
        if playing is not None:
            raise ValidationError(
                {
                    "substitute": _("%(player)s already plays tonight in entry no. %(number)s.")
                    % {"player": substitute, "number": playing}
                }
            )
        last = to_round or event.rounds
        overlapping = Substitution.objects.filter(entry__event=event, from_round__lte=last).filter(
            Q(to_round__isnull=True) | Q(to_round__gte=from_round)
        )
        taken = overlapping.filter(substitute=substitute).select_related("player").first()
        if taken is not None:
            raise ValidationError(
                {
                    "substitute": _("%(player)s already plays for %(other)s from round %(round)s.")
                    % {"player": substitute, "other": taken.player, "round": taken.from_round}
                }
            )
        replaced = overlapping.filter(player=player).select_related("substitute").first()
        if replaced is not None:
            raise ValidationError(
                {
                    "player": _("%(player)s is already replaced by %(other)s from round %(round)s.")
                    % {"player": player, "other": replaced.substitute, "round": replaced.from_round}
                }
            )
        row = Substitution(
            entry=entry, player=player, substitute=substitute, from_round=from_round, to_round=to_round, reason=reason
        )
        row.full_clean()
        row.save()
        # Games already drawn for these rounds seat the substitute (a closed round stays as it was played).
        games = list(
            Game.objects.filter(round__event=event, round__number__gte=from_round, round__number__lte=last)
            .exclude(round__status=Round.Status.CLOSED)
            .filter(is_bye=False)
        )
        changed = []
        for game in games:
            seats = {seat: (substitute.pk if pid == player.pk else pid) for seat, pid in (game.seats or {}).items()}
            if seats != game.seats:
                game.seats = seats
                changed.append(game)
        Game.objects.bulk_update(changed, ["seats"])
        event_log_add(
            event=event,
            action="substitute",
            user=user,
            reason=reason,
            round_number=from_round,
            entry=entry,
            number=entry.number,
            player=str(player),
            substitute=str(substitute),
            round=from_round,
            to_round=to_round,
        )
    return row


def substitute_guest_create(*, event: Event, first_name: str, last_name: str) -> Player:
    """A substitute who is no member yet: added to the club as a guest (so the sheets can name them)."""
    first_name, last_name = first_name.strip(), last_name.strip()
    if not last_name:
        raise ValidationError({"last_name": _("Give the substitute's last name (or pick a member).")})
    player = Player(club_id=event.club_id, first_name=first_name, last_name=last_name, is_guest=True)
    player.full_clean()
    player.save()
    return player


__all__ = [
    "entry_late_create",
    "entry_withdraw",
    "entry_withdrawal_undo",
    "first_open_round",
    "substitute_guest_create",
    "substitution_add",
]
