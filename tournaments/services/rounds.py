"""Rounds: the draw and its edits (through DrawManager), and the status machine draft → confirmed → released
→ closed with its hooks (ROUND_HOOKS), where other apps join in. One step goes back: the last closed round
is reopened (closed → released) with a reason, while no later round is drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.draws import DrawManager
from tournaments.exceptions import IllegalTransition, InvalidInput, RoundCloseRefused, TournamentError
from tournaments.models import Entry, Event, Round
from tournaments.selectors import round_checkin_mismatch
from tournaments.services.events import freeze_rules
from tournaments.services.history import event_log_add, history_reason

#: Extension points of the round status machine (a dict registry, no signals). Each callable takes the Round.
#: - "before_close": runs inside the closing transaction with the round locked; raise a TournamentError
#:   (e.g. RoundCloseRefused) to refuse. scoring registers "every sheet of the round is confirmed" here.
#: - "after_release", "after_close": run inside the same transaction after the status changed (create
#:   table links, queue a standings recompute with `delay_on_commit`, ...).
#: - "after_reopen": runs inside the reopening transaction (event and round locked, the round released again),
#:   with the keywords `reason` and `user` too: scoring gives the locked sheets back to the organiser here.
ROUND_HOOKS: dict[str, list[Callable[..., None]]] = {
    "before_close": [],
    "after_release": [],
    "after_close": [],
    "after_reopen": [],
}


def register_round_hook(name: str, hook: Callable[..., None]) -> Callable[..., None]:
    """Register `hook` under `name` (a key of ROUND_HOOKS) once; returns it (usable as a decorator factory
    target). Call from an AppConfig.ready()."""
    if name not in ROUND_HOOKS:
        raise KeyError(f"unknown round hook {name!r}; one of {sorted(ROUND_HOOKS)}")
    if hook not in ROUND_HOOKS[name]:
        ROUND_HOOKS[name].append(hook)
    return hook


def _run_hooks(name: str, round: Round, **context: Any) -> None:
    for hook in list(ROUND_HOOKS[name]):
        hook(round, **context)


def round_draw(
    *,
    event: Event,
    number: int,
    seed: int | None = None,
    method: str | None = None,
    regenerate: bool = False,
) -> Round:
    """Draw round `number` of `event` as a draft (see DrawManager.draw for the refusals).

    An existing draft is replaced only with `regenerate=True`; otherwise ConfirmationRequired.
    """
    return DrawManager(event, number).draw(seed=seed, method=method, regenerate=regenerate)


def round_swap_entries(*, round: Round, entry_a: Entry, entry_b: Entry) -> Round:
    """Swap two entries in a draft (their places at tables, or a place and a bye)."""
    for field, entry in (("entry_a", entry_a), ("entry_b", entry_b)):
        if entry.event_id != round.event_id:
            raise InvalidInput(_("The entry is not in this event."), field=field)
    if entry_a.pk == entry_b.pk:
        raise InvalidInput(_("Choose two different entries to swap."), field="entry_b")
    return DrawManager(round.event, round.number).edit(round, swap=(entry_a.pk, entry_b.pk))


def round_move_game(*, round: Round, from_table: int, to_table: int) -> Round:
    """Move the game at `from_table` to `to_table` in a draft; a game already there takes `from_table`."""
    if from_table == to_table:
        raise InvalidInput(_("Choose another table to move the game to."), field="to_table")
    return DrawManager(round.event, round.number).edit(round, move=(from_table, to_table))


def _lock_round(round: Round) -> tuple[Event, Round]:
    # The one lock order of every path that touches these rows: event, then round, then (in scoring's
    # hooks) sheets by id. Scoring's writes that update the event lock it before their sheet, too.
    event = Event.objects.select_for_update(of=("self",)).get(pk=round.event_id)
    locked = Round.objects.select_for_update(of=("self",)).get(pk=round.pk)
    locked.event = event
    return event, locked


def _require_status(round: Round, allowed: Round.Status, action: str | Promise) -> None:
    if round.status != allowed:
        raise IllegalTransition(
            _("Round %(number)s is %(status)s; only a round that is %(required)s can be %(action)s.")
            % {
                "number": round.number,
                "status": round.get_status_display(),
                "required": allowed.label,
                "action": action,
            }
        )


def round_confirm(*, round: Round) -> Round:
    """draft → confirmed. Refused when the check-in changed since the draw (someone drawn is no longer
    present, or someone present is not drawn): draw again or fix the check-in first."""
    with transaction.atomic():
        _event, locked = _lock_round(round)
        _require_status(locked, Round.Status.DRAFT, _("confirmed"))
        mismatch = round_checkin_mismatch(round=locked)
        if mismatch["missing"] or mismatch["extra"]:
            raise IllegalTransition(
                _(
                    "The check-in changed since the draw: %(missing)s drawn but not present, %(extra)s present but "
                    "not drawn. Draw the round again or correct the check-in."
                )
                % {"missing": len(mismatch["missing"]), "extra": len(mismatch["extra"])}
            )
        locked.status = Round.Status.CONFIRMED
        locked.confirmed_at = timezone.now()
        locked.save(update_fields=["status", "confirmed_at"])
    return locked


def round_release(*, round: Round) -> Round:
    """confirmed → released: the draw becomes public and score entry opens. Starts the event (freezing its
    rule set) if it has not started. Runs the "after_release" hooks in the same transaction."""
    with transaction.atomic():
        event, locked = _lock_round(round)
        _require_status(locked, Round.Status.CONFIRMED, _("released"))
        if event.started_at is None:
            # The first release starts the event: from now on its rule set is frozen.
            freeze_rules(event)
            if event.status in (Event.Status.DRAFT, Event.Status.OPEN):
                event.status = Event.Status.RUNNING
            event.save(update_fields=["status", "rules_frozen", "started_at"])
        locked.status = Round.Status.RELEASED
        locked.released_at = timezone.now()
        # An event that keeps time starts the round's clock as play starts.
        if event.round_minutes and locked.clock_started_at is None:
            locked.clock_started_at = locked.released_at
        locked.save(update_fields=["status", "released_at", "clock_started_at"])
        _run_hooks("after_release", locked)
    return locked


def round_close(*, round: Round, pre_check: Callable[[Round], None] | None = None) -> Round:
    """released → closed: its sheets are locked and the next round can be drawn.

    Before closing, with the round locked, runs `pre_check(round)` if given and every "before_close" hook
    (scoring registers "all sheets confirmed"): any of them raises a TournamentError to refuse. Then runs the
    "after_close" hooks in the same transaction.
    """
    with transaction.atomic():
        _event, locked = _lock_round(round)
        _require_status(locked, Round.Status.RELEASED, _("closed"))
        checks = ([pre_check] if pre_check else []) + list(ROUND_HOOKS["before_close"])
        for check in checks:
            try:
                check(locked)
            except TournamentError:
                raise
            except ValidationError as exc:
                raise RoundCloseRefused("; ".join(exc.messages)) from exc
        locked.status = Round.Status.CLOSED
        locked.closed_at = timezone.now()
        locked.save(update_fields=["status", "closed_at"])
        _run_hooks("after_close", locked)
    return locked


def round_delete(*, round: Round) -> None:
    """Discard a draft or confirmed round that was never released (its games go with it)."""
    with transaction.atomic():
        _event, locked = _lock_round(round)
        if locked.status not in (Round.Status.DRAFT, Round.Status.CONFIRMED):
            raise IllegalTransition(
                _("Round %(number)s is %(status)s; only an unreleased draw can be discarded.")
                % {"number": locked.number, "status": locked.get_status_display()}
            )
        locked.delete()


def round_reopen_refusal(*, round: Round) -> str | None:
    """Why `round` cannot be reopened now, as the sentence a person reads (None when it can): for the round page,
    which shows the form only where it can succeed. One or two queries."""
    return _reopen_refusal(round.event, round)


def _reopen_refusal(event: Event, round: Round) -> str | None:
    if round.status != Round.Status.CLOSED:
        return str(
            _("Round %(number)s is %(status)s; only a closed round can be reopened.")
            % {"number": round.number, "status": round.get_status_display().lower()}
        )
    if event.is_finished:
        return str(
            _("The event is finished: reopen the event first, then round %(number)s.") % {"number": round.number}
        )
    later = Round.objects.filter(event_id=event.pk, number__gt=round.number).order_by("number").first()
    if later is None:
        return None
    if later.status in (Round.Status.DRAFT, Round.Status.CONFIRMED):
        return str(
            _(
                "Round %(next)s is already drawn, from the standings after round %(number)s: discard the draw "
                "of round %(next)s first, then reopen round %(number)s."
            )
            % {"next": later.number, "number": round.number}
        )
    return str(
        _(
            "Round %(next)s is %(status)s: only the last round played can be reopened, and only while the "
            "next round is not released."
        )
        % {"next": later.number, "status": later.get_status_display().lower()}
    )


def round_reopen(*, round: Round, reason: str, user: Any = None) -> Round:
    """closed → released, with a reason kept in the event's history (`round_reopened`): a wrong sheet found
    after closing. Only the last closed round, while no later round is drawn (a drawn next round was paired
    from the standings this round gives: discard its draw first) and the event is not finished (reopen the
    event first). The "after_reopen" hooks run in the same transaction (scoring: locked sheets become
    confirmed again, so they still count and the organiser corrects them; the standings are recomputed).

    Raises InvalidInput (reason) or IllegalTransition, each a sentence naming the round."""
    with transaction.atomic():
        event, locked = _lock_round(round)
        refusal = _reopen_refusal(event, locked)
        if refusal is not None:
            raise IllegalTransition(refusal)
        reason = history_reason(reason)
        locked.status = Round.Status.RELEASED
        locked.closed_at = None
        locked.save(update_fields=["status", "closed_at"])
        _run_hooks("after_reopen", locked, reason=reason, user=user)
        event_log_add(
            event=event,
            action="round_reopened",
            user=user,
            reason=reason,
            round_number=locked.number,
            round=locked.number,
        )
    return locked
