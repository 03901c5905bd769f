"""Entries (teams or, in mêlée, players) and their check-in per round."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, ProtectedError, Q, RestrictedError
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.exceptions import EntriesClosed, IllegalTransition, InvalidInput
from tournaments.models import CheckIn, Entry, Event, Game, Player, Round
from tournaments.services.base import apply_fields, save_validated
from tournaments.services.history import event_log_add


def entry_create(
    *,
    event: Event,
    player_1: Player,
    player_2: Player | None = None,
    name: str = "",
    affiliation: str = "",
    fixed_table: int | None = None,
    needs_step_free: bool = False,
    number: int | None = None,
    check_in_round: int | None = None,
) -> Entry:
    """Enter a team (two players, fixed pairs) or a player (mêlée) into `event`.

    Refused when entries are closed (EntriesClosed) or the event is finished; each player at most once per
    event, players of the event's club only. `number` None takes the next free start number. An entry made
    after the event started is marked late. `check_in_round` checks it in (present) for that round at once.
    """
    errors: dict[str, list[str | Promise]] = {}
    if event.team_mode == Event.TeamMode.PAIRS and player_2 is None:
        errors.setdefault("player_2", []).append(_("A team in fixed pairs has two players: choose the partner."))
    if event.team_mode == Event.TeamMode.MELEE and player_2 is not None:
        errors.setdefault("player_2", []).append(_("In mêlée each entry is one player: leave the partner empty."))
    if player_2 is not None and player_2.pk == player_1.pk:
        errors.setdefault("player_2", []).append(_("The partner must be another player."))
    for field, player in (("player_1", player_1), ("player_2", player_2)):
        if player is not None and player.club_id != event.club_id:
            errors.setdefault(field, []).append(
                _("%(player)s is not a member or guest of this club; add them to the members first.")
                % {"player": player}
            )
    if fixed_table is not None and fixed_table < 1:
        errors.setdefault("fixed_table", []).append(_("Table numbers start at 1."))
    if check_in_round is not None and not 1 <= check_in_round <= event.rounds:
        errors.setdefault("check_in_round", []).append(
            _("Choose a round from 1 to %(rounds)s.") % {"rounds": event.rounds}
        )
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        if locked.status == Event.Status.FINISHED:
            raise IllegalTransition(_("The event is finished: no more entries."))
        if not locked.entries_open:
            raise EntriesClosed(_("Entries are closed for this event; reopen them to add a late entry."))
        _check_players_free(locked, [p for p in (player_1, player_2) if p is not None])
        if number is None:
            number = (Entry.objects.filter(event=locked).aggregate(n=Max("number"))["n"] or 0) + 1
        elif Entry.objects.filter(event=locked, number=number).exists():
            raise ValidationError({"number": _("Start number %(number)s is taken.") % {"number": number}})
        entry = Entry(
            event=locked,
            number=number,
            name=name,
            player_1=player_1,
            player_2=player_2,
            affiliation=affiliation or (player_1.home_club if player_1.is_guest else ""),
            fixed_table=fixed_table,
            needs_step_free=needs_step_free,
            late=locked.started_at is not None,
        )
        save_validated(entry)
        if check_in_round is not None:
            _require_checkin_open(locked, check_in_round)
            _checkin_write(locked, [entry.pk], check_in_round, CheckIn.Status.PRESENT)
    return entry


def _check_players_free(event: Event, players: list[Player], exclude_entry: int | None = None) -> None:
    ids = [p.pk for p in players]
    entries = Entry.objects.filter(event=event).filter(Q(player_1_id__in=ids) | Q(player_2_id__in=ids))
    if exclude_entry is not None:
        entries = entries.exclude(pk=exclude_entry)
    taken = entries.values_list("number", "player_1_id", "player_2_id")
    for number, p1, p2 in taken:
        for field, player in zip(("player_1", "player_2"), players, strict=False):
            if player.pk in (p1, p2):
                message = _("%(player)s already plays in entry no. %(number)s.") % {"player": player, "number": number}
                raise ValidationError({field: message})


ENTRY_FIELDS = ("name", "affiliation", "fixed_table", "needs_step_free")


def entry_update(*, entry: Entry, data: dict[str, Any]) -> Entry:
    """Change an entry's name, club, fixed table or step-free need. Players change only before the entry has
    played (`player_1`/`player_2` in data)."""
    with transaction.atomic():
        Event.objects.select_for_update(of=("self",)).get(pk=entry.event_id)
        apply_fields(entry, data, ENTRY_FIELDS)
        players_changed = apply_fields(entry, data, ("player_1", "player_2"))
        if entry.fixed_table is not None and entry.fixed_table < 1:
            raise ValidationError({"fixed_table": _("Table numbers start at 1.")})
        if players_changed:
            if _has_games(entry):
                raise IllegalTransition(
                    _("Entry no. %(number)s has already been drawn; its players can no longer change.")
                    % {"number": entry.number},
                    field=players_changed[0],
                )
            if entry.event.team_mode == Event.TeamMode.PAIRS and (
                entry.player_2 is None or entry.player_2_id == entry.player_1_id
            ):
                raise ValidationError({"player_2": _("A team in fixed pairs has two different players.")})
            for field in players_changed:
                player = getattr(entry, field)
                if player is not None and player.club_id != entry.event.club_id:
                    raise ValidationError({field: _("%(player)s is not a member of this club.") % {"player": player}})
            _check_players_free(entry.event, [p for p in (entry.player_1, entry.player_2) if p], exclude_entry=entry.pk)
        return save_validated(entry)


def _has_games(entry: Entry) -> bool:
    return Game.objects.filter(
        Q(entry_a=entry) | Q(entry_b=entry) | Q(entry_a_partner=entry) | Q(entry_b_partner=entry)
    ).exists()


def entry_delete(*, entry: Entry) -> None:
    """Remove an entry that was never drawn (otherwise withdraw it through check-in)."""
    with transaction.atomic():
        Event.objects.select_for_update(of=("self",)).get(pk=entry.event_id)
        if _has_games(entry):
            raise IllegalTransition(
                _("Entry no. %(number)s has been drawn; withdraw it instead of deleting it.") % {"number": entry.number}
            )
        try:
            entry.delete()
        except (ProtectedError, RestrictedError):
            # Penalties and adjustments are never deleted with their entry (they are withdrawn, and kept).
            raise IllegalTransition(
                _("Entry no. %(number)s has penalties or adjustments; withdraw it instead of deleting it.")
                % {"number": entry.number}
            ) from None


def _checkin_write(event: Event, entry_ids: list[int], round_number: int, status: str) -> int:
    """Upsert check-in rows for `entry_ids` (two queries whatever their number)."""
    existing = {c.entry_id: c for c in CheckIn.objects.filter(entry_id__in=entry_ids, round_number=round_number)}
    to_update, to_create = [], []
    now = timezone.now()
    for entry_id in entry_ids:
        row = existing.get(entry_id)
        if row is None:
            to_create.append(CheckIn(entry_id=entry_id, round_number=round_number, status=status))
        elif row.status != status:
            row.status, row.updated_at = status, now
            to_update.append(row)
    CheckIn.objects.bulk_create(to_create)
    CheckIn.objects.bulk_update(to_update, ["status", "updated_at"])
    return len(to_create) + len(to_update)


def checkin_set(*, event: Event, entry_ids: Iterable[int], round_number: int, status: str) -> int:
    """Set the check-in status (present, absent, withdrawn) of entries of `event` for a round.

    The status carries over to later rounds until changed. Refused for a round already released or closed
    (IllegalTransition). A draft or confirmed round of that number must then be drawn again (the draw page
    says so). Returns the number of rows changed.
    """
    if status not in CheckIn.Status.values:
        raise ValidationError(
            {
                "status": _("%(status)s is not a check-in status; choose from %(choices)s.")
                % {"status": status, "choices": ", ".join(CheckIn.Status.values)}
            }
        )
    if not isinstance(round_number, int) or not 1 <= round_number <= event.rounds:
        raise ValidationError({"round_number": _("Choose a round from 1 to %(rounds)s.") % {"rounds": event.rounds}})
    entry_ids = sorted(set(entry_ids))
    with transaction.atomic():
        locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        known = set(Entry.objects.filter(event=locked, pk__in=entry_ids).values_list("pk", flat=True))
        unknown = [e for e in entry_ids if e not in known]
        if unknown:
            raise InvalidInput(_("These entries are not in this event: %(ids)s.") % {"ids": unknown}, field="entry")
        _require_checkin_open(locked, round_number)
        changed = _checkin_write(locked, entry_ids, round_number, status)
        if changed and locked.started_at is not None:
            event_log_add(
                event=locked,
                action="checkin_changed",
                round_number=round_number,
                entry=Entry.objects.get(pk=entry_ids[0]) if len(entry_ids) == 1 else None,
                round=round_number,
                status=status,
                count=changed,
            )
        return changed


def _require_checkin_open(event: Event, round_number: int) -> None:
    round_status = Round.objects.filter(event=event, number=round_number).values_list("status", flat=True).first()
    if round_status in Round.PUBLIC_STATUSES:
        raise IllegalTransition(
            _("Round %(number)s is already %(status)s: its check-in is over.")
            % {"number": round_number, "status": Round.Status(round_status).label},
            field="round_number",
        )
