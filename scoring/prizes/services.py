"""Every write to an event's prizes: the list (lots, categories, who is served first, a prize for every team)
and the prize-giving's steps (a lot taken, a team absent, the last step undone).

Each service runs in one transaction with the event's row locked (`select_for_update`), so two organisers'
taps are served one after the other; bad input raises `PrizeError` with a sentence naming the field, the
rule and the numbers, and stores nothing. The list is frozen once the first step is recorded. Every step
of the prize-giving goes into the event's history (`prize_taken`, `prize_absent`, `prize_undone`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring.prizes.selectors import Board, TurnRow, final_standings, prize_board
from tournaments.models import Entry, Event, Prize, PrizeAward, PrizeCategory, PrizeSettings
from tournaments.services.base import signed_in
from tournaments.services.history import event_log_add

MAX_LABEL = 200
MAX_VALUE = Decimal("999999.99")
MAX_LOTS = 1000

User = AbstractBaseUser | AnonymousUser


class PrizeError(Exception):
    """A refusal a person reads: `field` names the form field it is about (None: the whole form)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _not_started(event: Event) -> None:
    if PrizeAward.objects.filter(event=event).exists():
        raise PrizeError(_("The prize-giving has started: the prize list can no longer change. Undo its steps first."))


def _settings(event: Event) -> PrizeSettings:
    settings, _created = PrizeSettings.objects.get_or_create(event=event)
    return settings


def _category(event: Event, category_id: int | None) -> PrizeCategory | None:
    if category_id is None:
        return None
    found = PrizeCategory.objects.filter(event=event, pk=category_id).first()
    if found is None:
        raise PrizeError(_("This category is not one of the event's."), field="category")
    return found


def _next_position(event: Event) -> int:
    top: int | None = Prize.objects.filter(event=event).aggregate(top=Max("position"))["top"]
    return (top or 0) + 1


def prize_add(*, event: Event, label: str, value: Decimal | None, category_id: int | None = None) -> Prize:
    """Add a lot at the end of its pool (the overall lots, or the category's)."""
    text = (label or "").strip()
    if not text:
        raise PrizeError(_("Name the prize, e.g. “1st prize: a ham”."), field="label")
    if len(text) > MAX_LABEL:
        raise PrizeError(
            _("The prize's name is too long: at most %(max)s characters, got %(got)s.")
            % {"max": MAX_LABEL, "got": len(text)},
            field="label",
        )
    if value is not None and not (Decimal(0) <= value <= MAX_VALUE):
        raise PrizeError(
            _("The value of a prize is between 0 and %(max)s; got %(got)s.") % {"max": MAX_VALUE, "got": value},
            field="value",
        )
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        category = _category(event, category_id)
        count = Prize.objects.filter(event=event).count()
        if count >= MAX_LOTS:
            raise PrizeError(
                _("An event has at most %(max)s prizes; this one has %(got)s.") % {"max": MAX_LOTS, "got": count}
            )
        return Prize.objects.create(
            event=event, category=category, position=_next_position(event), label=text, value=value
        )


def prize_remove(*, event: Event, prize_id: int) -> None:
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        deleted, _rows = Prize.objects.filter(event=event, pk=prize_id).delete()
        if not deleted:
            raise PrizeError(_("This prize is not on the event's list (removed already?)."))


def prize_move(*, event: Event, prize_id: int, up: bool) -> None:
    """Swap a lot with its neighbour in the same pool (above when `up`, else below); at the end, nothing."""
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        prize = Prize.objects.filter(event=event, pk=prize_id).first()
        if prize is None:
            raise PrizeError(_("This prize is not on the event's list (removed already?)."))
        pool = list(Prize.objects.filter(event=event, category=prize.category_id).order_by("position", "pk"))
        i = next(i for i, p in enumerate(pool) if p.pk == prize.pk)
        j = i - 1 if up else i + 1
        if not 0 <= j < len(pool):
            return
        other = pool[j]
        if other.position == prize.position:  # equal positions (never written so, but be safe): renumber
            for n, p in enumerate(pool):
                p.position = n + 1
            Prize.objects.bulk_update(pool, ["position"])
        prize.position, other.position = pool[j].position, pool[i].position
        Prize.objects.bulk_update([prize, other], ["position"])


def prizes_every_team(*, event: Event, user: User | None = None) -> int:
    """Fill the overall lots with numbered lots ("Lot 12") up to one per team (the teams of the final
    standings, else the entries; less the category lots when the categories are served first), and mark
    the list as one prize per team. Returns how many lots were added."""
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        settings = _settings(event)
        teams = len(final_standings(event)) or Entry.objects.filter(event=event).count()
        if not teams:
            raise PrizeError(_("The event has no teams yet: enter them first, then give every team a prize."))
        lots = list(Prize.objects.filter(event=event))
        overall = sum(1 for p in lots if p.category_id is None)
        served_apart = (
            sum(1 for p in lots if p.category_id is not None)
            if settings.order == PrizeSettings.Order.CATEGORIES_FIRST
            else 0
        )
        missing = max(0, teams - served_apart - overall)
        position = _next_position(event)
        Prize.objects.bulk_create(
            Prize(event=event, position=position + n, label=_("Lot %(number)s") % {"number": overall + n + 1})
            for n in range(missing)
        )
        settings.every_team = True
        settings.save(update_fields=["every_team"])
        event_log_add(event=event, action="prizes_every_team", user=_user(user), added=missing, teams=teams)
        return missing


def prize_order_set(*, event: Event, order: str) -> PrizeSettings:
    if order not in PrizeSettings.Order.values:
        raise PrizeError(_("Choose who is served first: the overall ranking or the categories."), field="order")
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        settings = _settings(event)
        settings.order = order
        settings.save(update_fields=["order"])
        return settings


def category_add(*, event: Event, name: str, rule: str) -> PrizeCategory:
    text = (name or "").strip()
    if not text:
        raise PrizeError(_("Name the category, e.g. “Ladies” or “Best newcomers”."), field="name")
    if len(text) > 100:
        raise PrizeError(
            _("The category's name is too long: at most %(max)s characters, got %(got)s.")
            % {"max": 100, "got": len(text)},
            field="name",
        )
    if rule not in PrizeCategory.Rule.values:
        raise PrizeError(_("Choose who may win the category."), field="rule")
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        same = PrizeCategory.objects.filter(event=event, name__iexact=text).first()
        if same is not None:
            raise PrizeError(_("The event already has a category “%(name)s”.") % {"name": same.name}, field="name")
        top = PrizeCategory.objects.filter(event=event).aggregate(top=Max("position"))["top"] or 0
        return PrizeCategory.objects.create(event=event, name=text, rule=rule, position=top + 1)


def category_remove(*, event: Event, category_id: int) -> None:
    """Remove a category with its own lots."""
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        category = _category(event, category_id)
        assert category is not None
        category.delete()


def category_entries_set(*, event: Event, category_id: int, numbers: list[int]) -> PrizeCategory:
    """The teams ticked for a category, by start number (the others are unticked)."""
    with transaction.atomic():
        _locked(event)
        _not_started(event)
        category = _category(event, category_id)
        assert category is not None
        entries = list(Entry.objects.filter(event=event, number__in=set(numbers)))
        unknown = sorted(set(numbers) - {e.number for e in entries})
        if unknown:
            raise PrizeError(
                _("No team has the start number %(numbers)s in this event.")
                % {"numbers": ", ".join(str(n) for n in unknown)},
                field="entries",
            )
        category.entries.set(entries)
        return category


def _user(user: User | None) -> Any:  # the history's user: a signed-in account or nobody
    return signed_in(user)


def _details(award: PrizeAward) -> dict[str, Any]:
    return {
        "step": award.step,
        "number": award.entry.number,
        "name": award.entry.display_name,
        "prize": award.prize.label if award.prize else "–",
    }


def _current_turn(event: Event, turn: int) -> tuple[Board, TurnRow]:
    board = prize_board(event)
    row = board.current
    if row is None:
        raise PrizeError(_("Every team has had its turn: the prize-giving is over."))
    if row.turn.number != turn:
        raise PrizeError(
            _("The page was out of date: it is turn %(now)s now, not %(shown)s. Look again and tap once more.")
            % {"now": row.turn.number, "shown": turn}
        )
    return board, row


def award_take(*, event: Event, turn: int, prize_id: int, user: User | None = None) -> PrizeAward:
    """The team whose turn it is (`turn`, as the page showed it) takes the lot `prize_id` of its pool."""
    with transaction.atomic():
        _locked(event)
        board, row = _current_turn(event, turn)
        lots = board.remaining_for(row)
        prize = next((p for p in lots if p.pk == prize_id), None)
        if prize is None:
            raise PrizeError(
                _("This lot is not left for no. %(number)s: choose one of the %(count)s lots shown.")
                % {"number": row.standing.entry.number, "count": len(lots)},
                field="prize",
            )
        award = PrizeAward.objects.create(
            event=event, step=len(board.awards) + 1, entry=row.standing.entry, prize=prize, created_by=_user(user)
        )
        event_log_add(event=event, action="prize_taken", user=_user(user), entry=award.entry, **_details(award))
        return award


def award_absent(*, event: Event, turn: int, user: User | None = None) -> PrizeAward:
    """The team whose turn it is was not there: it gets nothing and the next team chooses."""
    with transaction.atomic():
        _locked(event)
        board, row = _current_turn(event, turn)
        award = PrizeAward.objects.create(
            event=event, step=len(board.awards) + 1, entry=row.standing.entry, prize=None, created_by=_user(user)
        )
        event_log_add(event=event, action="prize_absent", user=_user(user), entry=award.entry, **_details(award))
        return award


def award_undo(*, event: Event, step: int, user: User | None = None) -> None:
    """Undo the last step (`step` is its number as the page showed it): its lot is back in its pool."""
    with transaction.atomic():
        _locked(event)
        last = PrizeAward.objects.filter(event=event).select_related("entry", "prize").order_by("-step").first()
        if last is None:
            raise PrizeError(_("Nothing to undo: no prize has been taken yet."))
        if last.step != step:
            raise PrizeError(
                _("Only the last step can be undone: step %(last)s, not %(shown)s.")
                % {"last": last.step, "shown": step}
            )
        details = _details(last)
        entry = last.entry
        last.delete()
        event_log_add(event=event, action="prize_undone", user=_user(user), entry=entry, **details)
