"""Events: create and change their settings, and their status (draft → open → running → finished).

Starting an event freezes its rule set (`freeze_rules`, which the first round's release calls too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Field, Max, Model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring.rules import RuleSetError, build_ruleset
from tournaments.exceptions import IllegalTransition, InvalidInput, RulesFrozen
from tournaments.labels import join_words
from tournaments.models import Club, Event, Round
from tournaments.services.base import apply_fields, save_validated
from tournaments.services.history import event_log_add, history_reason

# Route names under o/<club>/events/ that an event's short name must not shadow.
RESERVED_EVENT_SLUGS = frozenset({"new"})

EVENT_FIELDS = (
    "name",
    "slug",
    "season",
    "date",
    "venue",
    "team_mode",
    "rounds",
    "pairing_methods",
    "ranking_precedence",
    "points_win",
    "points_draw",
    "points_loss",
    "bye_points",
    "public_draw",
    "public_standings",
    "public_sheets",
    "rules_preset",
    "rules_options",
    "round_minutes",
    "warning_minutes",
    "unfinished_rule",
    "seed_by_rating",
)
#: Settings that shape the draw or the scores: fixed once the event has started.
FROZEN_FIELDS = frozenset(
    {"team_mode", "rules_preset", "rules_options", "points_win", "points_draw", "points_loss", "bye_points"}
)
#: Settings the standings are computed from: changing one marks the standings dirty in the same transaction
#: (the sweep recomputes a dirty event even when no hook queued it). The publication flags are not among them:
#: the public pages read them on each request, and their cache keys follow them.
STANDINGS_FIELDS = frozenset(
    {
        "ranking_precedence",
        "points_win",
        "points_draw",
        "points_loss",
        "bye_points",
        "team_mode",
        "rules_preset",
        "rules_options",
    }
)

# Other apps join in when an event's standings must be computed again (scoring queues the recompute after
# commit); each hook gets the locked event, inside the transaction that changed it.
EVENT_HOOKS: dict[str, list[Callable[[Event], None]]] = {"standings_changed": []}


def register_event_hook(name: str, hook: Callable[[Event], None]) -> Callable[[Event], None]:
    """Register `hook` under `name` (a key of EVENT_HOOKS) once; returns it. Call from an AppConfig.ready()."""
    if name not in EVENT_HOOKS:
        raise KeyError(f"unknown event hook {name!r}; one of {sorted(EVENT_HOOKS)}")
    if hook not in EVENT_HOOKS[name]:
        EVENT_HOOKS[name].append(hook)
    return hook


def _check_season_club(event: Event) -> None:
    if event.season is not None and event.season.club_id != event.club_id:
        raise ValidationError({"season": _("The season belongs to another club.")})


def _verbose_name(model: type[Model], name: str) -> str:
    field = model._meta.get_field(name)
    assert isinstance(field, Field)  # a field of the model's own, never a reverse relation
    return str(field.verbose_name)


def event_create(*, club: Club, data: dict[str, Any]) -> Event:
    """Create an event (status draft) with its format and rule set, validated by the rules engine."""
    if data.get("slug") in RESERVED_EVENT_SLUGS:
        raise ValidationError({"slug": _("The short name %(slug)s is reserved; choose another.") % data})
    event = Event(club=club)
    apply_fields(event, data, EVENT_FIELDS)
    _check_season_club(event)
    return save_validated(event)


def event_update(*, event: Event, data: dict[str, Any], user: Any = None) -> Event:
    """Change an event's settings. Once it has started, the rule set, team mode and points are frozen
    (RulesFrozen); the number of rounds cannot go below the rounds already drawn. A change of a setting the
    standings depend on (STANDINGS_FIELDS) marks them dirty and runs the `standings_changed` hooks."""
    if data.get("slug") in RESERVED_EVENT_SLUGS:
        raise ValidationError({"slug": _("The short name %(slug)s is reserved; choose another.") % data})
    with transaction.atomic():
        locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        changed = apply_fields(locked, data, EVENT_FIELDS)
        frozen = sorted(FROZEN_FIELDS.intersection(changed))
        if locked.started_at is not None and frozen:
            labels = join_words(_verbose_name(Event, name) for name in frozen)
            raise RulesFrozen(
                _("The event has started: %(fields)s can no longer change.") % {"fields": labels}, field=frozen[0]
            )
        drawn = Round.objects.filter(event=locked).aggregate(n=Max("number"))["n"] or 0
        if locked.rounds < drawn:
            raise ValidationError(
                {
                    "rounds": _("Round %(drawn)s is already drawn; the event needs at least %(drawn)s rounds.")
                    % {"drawn": drawn}
                }
            )
        _check_season_club(locked)
        restand = bool(STANDINGS_FIELDS.intersection(changed))
        if restand:
            locked.standings_dirty = True
        save_validated(locked)
        if changed and locked.started_at is not None:
            # Settings changed during the evening are on the record (before it starts, setting up is no step).
            event_log_add(event=locked, action="settings_changed", user=user, fields=sorted(changed))
        if restand:
            for hook in list(EVENT_HOOKS["standings_changed"]):
                hook(locked)
    return locked


_EVENT_TRANSITIONS = {
    "open": ({Event.Status.DRAFT}, Event.Status.OPEN),
    "start": ({Event.Status.DRAFT, Event.Status.OPEN}, Event.Status.RUNNING),
    "finish": ({Event.Status.RUNNING}, Event.Status.FINISHED),
}


def _event_transition(event: Event, action: str) -> Event:
    sources, target = _EVENT_TRANSITIONS[action]
    locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
    if locked.status not in sources:
        raise IllegalTransition(
            _("The event is %(status)s; it cannot become %(target)s.")
            % {"status": locked.get_status_display(), "target": Event.Status(target).label}
        )
    locked.status = target
    return locked


def event_open(*, event: Event) -> Event:
    """draft → open: entries are taken (the event is listed as upcoming)."""
    with transaction.atomic():
        locked = _event_transition(event, "open")
        locked.save(update_fields=["status"])
    return locked


def event_start(*, event: Event) -> Event:
    """draft/open → running: freezes the rule set (`rules_frozen`, the rules engine's full resolution) so a
    recomputation later gives the same standings. Called by the first round's release if not done before."""
    with transaction.atomic():
        locked = _event_transition(event, "start")
        freeze_rules(locked)
        locked.save(update_fields=["status", "rules_frozen", "started_at"])
    return locked


def freeze_rules(event: Event) -> None:
    try:
        ruleset = build_ruleset(event.rules_preset, event.rules_options or {})
    except RuleSetError as exc:
        raise InvalidInput(
            _("The rule set is invalid and cannot be frozen: %(errors)s") % {"errors": exc}, field="rules_options"
        ) from exc
    event.rules_frozen = {"rules": event.rules_preset, "options": ruleset.as_dict()}
    event.started_at = timezone.now()


def event_finish(*, event: Event) -> Event:
    """running → finished: refused while a round is not closed."""
    with transaction.atomic():
        locked = _event_transition(event, "finish")
        open_rounds = list(
            Round.objects.filter(event=locked).exclude(status=Round.Status.CLOSED).values_list("number", flat=True)
        )
        if open_rounds:
            raise IllegalTransition(
                ngettext(
                    "Close round %(numbers)s before finishing the event.",
                    "Close rounds %(numbers)s before finishing the event.",
                    len(open_rounds),
                )
                % {"numbers": join_words(sorted(open_rounds))}
            )
        # A finished event takes no more entries: its entries close with it.
        locked.entries_open = False
        locked.save(update_fields=["status", "entries_open"])
    return locked


def event_reopen(*, event: Event, reason: str, user: Any = None) -> Event:
    """finished → running, with a reason kept in the event's history (`event_reopened`): its standings are no
    longer final anywhere (pages read the status), and they are recomputed (a new version, so every cached
    public fragment and the venue screen follow). Entries stay closed (the organiser reopens them if need
    be); the last round stays closed (reopen it on its page to correct a sheet).

    Raises InvalidInput (reason) or IllegalTransition (the event is not finished)."""
    with transaction.atomic():
        locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        if locked.status != Event.Status.FINISHED:
            raise IllegalTransition(
                _("The event is %(status)s; only a finished event can be reopened.")
                % {"status": locked.get_status_display().lower()}
            )
        reason = history_reason(reason)
        locked.status = Event.Status.RUNNING
        locked.standings_dirty = True
        locked.save(update_fields=["status", "standings_dirty"])
        for hook in list(EVENT_HOOKS["standings_changed"]):
            hook(locked)
        event_log_add(event=locked, action="event_reopened", user=user, reason=reason)
    return locked


def event_entries_set_open(*, event: Event, is_open: bool) -> Event:
    """Open or close entries (late entries are taken while open, also during the event)."""
    if is_open and event.is_finished:
        raise IllegalTransition(_("The event is finished: no more entries."))
    Event.objects.filter(pk=event.pk).update(entries_open=is_open)
    event.entries_open = is_open
    return event
