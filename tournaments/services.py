"""Services of the tournaments app: every write goes through one of these functions.

Names are `<entity>_<action>`, arguments keyword-only. Each validates (model `full_clean()` plus the domain
rules), writes in one transaction, and raises either a Django `ValidationError` (field errors) or a
`tournaments.exceptions.TournamentError` (a translated message, maybe naming a field). Nothing is half stored.

Round status machine: draft → confirmed → released → closed. Other apps hook into it through
`ROUND_HOOKS` (see `register_round_hook`), e.g. `scoring` refuses to close a round while sheets are open.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Field, Max, Model, Q
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring.rules import RuleSetError, build_ruleset
from tournaments.draws import DrawManager
from tournaments.exceptions import (
    EntriesClosed,
    IllegalTransition,
    InvalidInput,
    RoundCloseRefused,
    RulesFrozen,
    TournamentError,
)
from tournaments.labels import join_words
from tournaments.models import CheckIn, Club, Entry, Event, Game, Membership, Player, Round, Season, Table
from tournaments.selectors import round_checkin_mismatch

# --- hooks ----------------------------------------------------------------------------------------------

#: Extension points of the round status machine (a dict registry, no signals). Each callable takes the Round.
#: - "before_close": runs inside the closing transaction with the round locked; raise a TournamentError
#:   (e.g. RoundCloseRefused) to refuse. scoring registers "every sheet of the round is confirmed" here.
#: - "after_release", "after_close": run inside the same transaction after the status changed (create
#:   table links, queue a standings recompute with `delay_on_commit`, ...).
ROUND_HOOKS: dict[str, list[Callable[[Round], None]]] = {"before_close": [], "after_release": [], "after_close": []}


def register_round_hook(name: str, hook: Callable[[Round], None]) -> Callable[[Round], None]:
    """Register `hook` under `name` (a key of ROUND_HOOKS) once; returns it (usable as a decorator factory
    target). Call from an AppConfig.ready()."""
    if name not in ROUND_HOOKS:
        raise KeyError(f"unknown round hook {name!r}; one of {sorted(ROUND_HOOKS)}")
    if hook not in ROUND_HOOKS[name]:
        ROUND_HOOKS[name].append(hook)
    return hook


def _run_hooks(name: str, round: Round) -> None:
    for hook in list(ROUND_HOOKS[name]):
        hook(round)


# --- helpers --------------------------------------------------------------------------------------------


_M = TypeVar("_M", bound=Model)


def _save(instance: _M, *, exclude: Iterable[str] | None = None) -> _M:
    """full_clean() then save(); a database constraint that still fails becomes a ValidationError."""
    instance.full_clean(exclude=list(exclude or ()))
    try:
        with transaction.atomic():
            instance.save()
    except IntegrityError as exc:
        raise ValidationError(_("This conflicts with existing data: %(error)s") % {"error": exc}) from exc
    return instance


def _apply(instance: Model, data: dict[str, Any], allowed: Iterable[str]) -> list[str]:
    """Set the allowed fields present in `data`; returns the names that changed."""
    changed = []
    for name in allowed:
        if name in data and getattr(instance, name) != data[name]:
            setattr(instance, name, data[name])
            changed.append(name)
    return changed


# --- clubs and members ----------------------------------------------------------------------------------

# Route names under o/<club>/ and o/<club>/events/ that a short name must not shadow.
RESERVED_CLUB_SLUGS = frozenset({"new"})
RESERVED_EVENT_SLUGS = frozenset({"new"})


def club_create(*, user: User, slug: str, name: str, city: str = "") -> Club:
    """Create a club; `user` becomes its organiser."""
    if slug in RESERVED_CLUB_SLUGS:
        raise ValidationError({"slug": _("The short name %(slug)s is reserved; choose another.") % {"slug": slug}})
    with transaction.atomic():
        club = _save(Club(slug=slug, name=name, city=city))
        Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANISER)
    if hasattr(user, "_organiser_club_ids"):
        del user._organiser_club_ids
    return club


def club_update(*, club: Club, data: dict[str, Any]) -> Club:
    """Change a club's name and city (the short name stays: it is in every link)."""
    _apply(club, data, ("name", "city"))
    return _save(club)


PLAYER_FIELDS = ("first_name", "last_name", "email", "is_guest", "home_club", "is_active")


def player_create(*, club: Club, data: dict[str, Any]) -> Player:
    """Add a member or guest to `club`. Likely duplicates are the caller's to warn of (player_duplicates)."""
    player = Player(club=club)
    _apply(player, data, PLAYER_FIELDS)
    return _save(player)


def player_update(*, player: Player, data: dict[str, Any]) -> Player:
    _apply(player, data, PLAYER_FIELDS)
    return _save(player)


SEASON_FIELDS = ("name", "start_date", "end_date", "ranking_rule", "best_n")


def _check_season(season: Season) -> None:
    if season.ranking_rule == Season.Ranking.BEST_N and not season.best_n:
        raise ValidationError({"best_n": _("Give N for a ranking over the best N evenings.")})
    if season.start_date and season.end_date and season.end_date < season.start_date:
        raise ValidationError(
            {
                "end_date": _("The season ends (%(end)s) before it starts (%(start)s).")
                % {"end": season.end_date, "start": season.start_date}
            }
        )


def season_create(*, club: Club, data: dict[str, Any]) -> Season:
    season = Season(club=club)
    _apply(season, data, SEASON_FIELDS)
    _check_season(season)
    return _save(season)


def season_update(*, season: Season, data: dict[str, Any]) -> Season:
    _apply(season, data, SEASON_FIELDS)
    _check_season(season)
    return _save(season)


# --- events ---------------------------------------------------------------------------------------------

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
)
#: Settings that shape the draw or the scores: fixed once the event has started.
FROZEN_FIELDS = frozenset(
    {"team_mode", "rules_preset", "rules_options", "points_win", "points_draw", "points_loss", "bye_points"}
)


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
    _apply(event, data, EVENT_FIELDS)
    _check_season_club(event)
    return _save(event)


def event_update(*, event: Event, data: dict[str, Any]) -> Event:
    """Change an event's settings. Once it has started, the rule set, team mode and points are frozen
    (RulesFrozen); the number of rounds cannot go below the rounds already drawn."""
    if data.get("slug") in RESERVED_EVENT_SLUGS:
        raise ValidationError({"slug": _("The short name %(slug)s is reserved; choose another.") % data})
    with transaction.atomic():
        locked = Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        changed = _apply(locked, data, EVENT_FIELDS)
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
        _save(locked)
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
        _freeze_rules(locked)
        locked.save(update_fields=["status", "rules_frozen", "started_at"])
    return locked


def _freeze_rules(event: Event) -> None:
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
        locked.save(update_fields=["status"])
    return locked


def event_entries_set_open(*, event: Event, is_open: bool) -> Event:
    """Open or close entries (late entries are taken while open, also during the event)."""
    Event.objects.filter(pk=event.pk).update(entries_open=is_open)
    event.entries_open = is_open
    return event


# --- entries and check-in -------------------------------------------------------------------------------


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
        _save(entry)
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
        _apply(entry, data, ENTRY_FIELDS)
        players_changed = _apply(entry, data, ("player_1", "player_2"))
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
        return _save(entry)


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
        entry.delete()


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
        return _checkin_write(locked, entry_ids, round_number, status)


def _require_checkin_open(event: Event, round_number: int) -> None:
    round_status = Round.objects.filter(event=event, number=round_number).values_list("status", flat=True).first()
    if round_status in Round.PUBLIC_STATUSES:
        raise IllegalTransition(
            _("Round %(number)s is already %(status)s: its check-in is over.")
            % {"number": round_number, "status": Round.Status(round_status).label},
            field="round_number",
        )


# --- tables ---------------------------------------------------------------------------------------------

TABLE_FIELDS = ("number", "label", "step_free")


def table_create(*, event: Event, number: int, label: str = "", step_free: bool = False) -> Table:
    if Table.objects.filter(event=event, number=number).exists():
        raise ValidationError({"number": _("Table %(number)s already exists.") % {"number": number}})
    return _save(Table(event=event, number=number, label=label, step_free=step_free))


def tables_create_range(*, event: Event, first: int, last: int) -> int:
    """Create tables `first`..`last` that do not exist yet, in one bulk insert. Returns how many were made."""
    if not 1 <= first <= last:
        raise ValidationError({"last": _("Give a range of table numbers from 1 up, first ≤ last.")})
    if last - first >= 1000:
        raise ValidationError({"last": _("At most 1000 tables at once.")})
    with transaction.atomic():
        Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        existing = set(Table.objects.filter(event=event).values_list("number", flat=True))
        new = [Table(event=event, number=n) for n in range(first, last + 1) if n not in existing]
        Table.objects.bulk_create(new)
    return len(new)


def table_update(*, table: Table, data: dict[str, Any]) -> Table:
    _apply(table, data, TABLE_FIELDS)
    if Table.objects.filter(event_id=table.event_id, number=table.number).exclude(pk=table.pk).exists():
        raise ValidationError({"number": _("Table %(number)s already exists.") % {"number": table.number}})
    return _save(table)


def table_delete(*, table: Table) -> None:
    table.delete()


# --- rounds ---------------------------------------------------------------------------------------------


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
            _freeze_rules(event)
            if event.status in (Event.Status.DRAFT, Event.Status.OPEN):
                event.status = Event.Status.RUNNING
            event.save(update_fields=["status", "rules_frozen", "started_at"])
        locked.status = Round.Status.RELEASED
        locked.released_at = timezone.now()
        locked.save(update_fields=["status", "released_at"])
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
