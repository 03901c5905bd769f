"""The director's penalties: a catalogue (built-in penalties after the French belote federation's arbitration
code, plus the club's own `PenaltyKind`s), given to an entry in one step, withdrawn (never deleted).

How a penalty is stored (each row an `Adjustment` of kind penalty, naming the penalty and `penalised_entry`,
the entry that committed it):
- "game points to the opponents" (a misdeal, a revoke): +amount game points on the entry (or, in mêlée, the
  two entries) the offender played against in that round, one row each, sharing `penalty_group`;
- "minus game points" / "minus match points": −amount on the offender's own row;
- "warning only": a row on the offender with nothing to count; it is on the record.
The built-ins' amounts come from the event's rule set (`scoring.rules.deal.deal_value`: 162 in the French
rule sets, 16 in belot, whose sheets write tens); the director may change the amount before saving.

Every write queues a standings recompute and records the step in the event's history, in one transaction.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import game_rules
from scoring.models import MAX_REASON, Adjustment, PenaltyEffect, PenaltyKind
from scoring.queueing import standings_request_recompute
from scoring.results.adjustments import MAX_ADJUSTMENT_POINTS
from scoring.rules import RuleSetError, build_ruleset
from scoring.rules.deal import deal_value
from scoring.standings import metrics
from tournaments.labels import penalty_description, penalty_name
from tournaments.models import Entry, Event, Game, Round
from tournaments.services.base import signed_in
from tournaments.services.history import event_log_add

DEAL = "deal"  # a built-in's amount: one deal's points under the event's rule set
CLUB_PREFIX = "club-"
MAX_MATCH_POINTS = Decimal(10**6)


class PenaltyError(ValueError):
    """Input a person can fix; `field` is the form field it concerns (None: the whole form)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Builtin:
    code: str
    effect: str
    amount: str | Decimal  # DEAL, or a fixed amount


BUILTINS = (
    Builtin("misdeal", PenaltyEffect.TO_OPPONENTS, DEAL),
    Builtin("revoke", PenaltyEffect.TO_OPPONENTS, DEAL),
    Builtin("card_exposed", PenaltyEffect.WARNING, Decimal(0)),
    Builtin("late_arrival", PenaltyEffect.MINUS_POINTS, DEAL),
    Builtin("slow_play_warning", PenaltyEffect.WARNING, Decimal(0)),
    Builtin("slow_play", PenaltyEffect.MINUS_POINTS, DEAL),
)
BUILTIN_CODES = {b.code: b for b in BUILTINS}


@dataclass(frozen=True)
class CatalogueItem:
    """One penalty the director can pick: `key` is the code of a built-in or "club-<id>"."""

    key: str
    name: str
    description: str
    effect: str
    amount: Decimal
    kind: PenaltyKind | None = None

    @property
    def effect_label(self) -> str:
        return str(PenaltyEffect(self.effect).label)

    @property
    def amount_text(self) -> str:
        return "" if self.effect == PenaltyEffect.WARNING else str(metrics.json_value(self.amount))


def event_deal_value(event: Event) -> int:
    """One deal's game points under the event's rule set (162 when the rule set cannot be read)."""
    rules = game_rules(event)
    try:
        return deal_value(build_ruleset(rules["rules"], rules["options"]))
    except (RuleSetError, KeyError, TypeError):
        return 162


def catalogue(*, event: Event) -> list[CatalogueItem]:
    """The built-ins (their amounts under the event's rule set, names in the active language), then the
    club's own penalties not retired, by name. One query."""
    deal = Decimal(event_deal_value(event))
    items = [
        CatalogueItem(
            key=b.code,
            name=penalty_name(b.code),
            description=penalty_description(b.code),
            effect=b.effect,
            amount=deal if b.amount == DEAL else Decimal(b.amount),
        )
        for b in BUILTINS
    ]
    for kind in PenaltyKind.objects.filter(club_id=event.club_id, retired_at__isnull=True).order_by("name"):
        items.append(club_item(kind))
    return items


def club_item(kind: PenaltyKind) -> CatalogueItem:
    return CatalogueItem(
        key=f"{CLUB_PREFIX}{kind.pk}",
        name=kind.name,
        description=kind.description,
        effect=kind.effect,
        amount=kind.amount,
        kind=kind,
    )


def catalogue_item(*, event: Event, key: str) -> CatalogueItem:
    """The catalogue item of `key` for the event's club; a retired or another club's kind is refused."""
    for item in catalogue(event=event):
        if item.key == key:
            return item
    raise PenaltyError(_("Penalty: choose one of the catalogue; “%(key)s” is not in it.") % {"key": key}, "penalty")


def amount_checked(effect: str, amount: Decimal | int | str | None, field: str = "amount") -> Decimal:
    """The amount of a penalty of `effect`: a whole number of game points from 1 to MAX_ADJUSTMENT_POINTS, a
    number of match points above 0 with at most two decimals and below a million, or 0 for a warning."""
    if effect not in PenaltyEffect.values:
        raise PenaltyError(_("Effect: choose one of the list, not “%(effect)s”.") % {"effect": effect}, "effect")
    if effect == PenaltyEffect.WARNING:
        return Decimal(0)
    try:
        value = Decimal(str(amount).strip().replace(",", "."))
    except (InvalidOperation, ValueError):
        value = None
    if value is None or not value.is_finite():
        raise PenaltyError(_("Amount: “%(value)s” is not a number.") % {"value": amount}, field)
    if effect == PenaltyEffect.MINUS_MATCH_POINTS:
        exponent = value.as_tuple().exponent
        if not 0 < value < MAX_MATCH_POINTS or (isinstance(exponent, int) and exponent < -2):
            raise PenaltyError(
                _("Amount: match points above 0, at most two decimals, below a million; got %(value)s.")
                % {"value": value},
                field,
            )
        return value
    if value != value.to_integral_value() or not 1 <= value <= MAX_ADJUSTMENT_POINTS:
        raise PenaltyError(
            _("Amount: game points are a whole number from 1 to %(max)s; got %(value)s.")
            % {"max": MAX_ADJUSTMENT_POINTS, "value": value},
            field,
        )
    return value.to_integral_value()


def current_round(event: Event) -> int | None:
    """The round a penalty goes to by default: the last released or closed one."""
    return (
        Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )


def _opponents(event: Event, entry: Entry, round_number: int) -> tuple[Game, list[Entry]]:
    rnd = Round.objects.filter(event=event, number=round_number).first()
    if rnd is None or rnd.status not in Round.PUBLIC_STATUSES:
        raise PenaltyError(
            _("Round: round %(round)s is not released yet; the opponents are known once it is.")
            % {"round": round_number},
            "round_number",
        )
    game = (
        Game.objects.filter(round=rnd)
        .filter(Q(entry_a=entry) | Q(entry_a_partner=entry) | Q(entry_b=entry) | Q(entry_b_partner=entry))
        .select_related("entry_a", "entry_a_partner", "entry_b", "entry_b_partner")
        .first()
    )
    if game is None or game.is_bye:
        raise PenaltyError(
            _("Round: start number %(number)s has no opponents in round %(round)s (a bye, or not drawn).")
            % {"number": entry.number, "round": round_number},
            "round_number",
        )
    on_a = entry.pk in (game.entry_a_id, game.entry_a_partner_id)
    side = (game.entry_b, game.entry_b_partner) if on_a else (game.entry_a, game.entry_a_partner)
    return game, [e for e in side if e is not None]


def penalty_give(
    *,
    event: Event,
    key: str,
    entry: Entry,
    reason: str,
    round_number: int | None,
    effect: str | None = None,
    amount: Decimal | int | str | None = None,
    user: User | None = None,
) -> list[Adjustment]:
    """Give the catalogue penalty `key` to `entry` (the offender) in `round_number`, with `effect` and
    `amount` as given or else the catalogue's. Returns the rows stored (see the module's docstring).

    Raises PenaltyError naming the field: an entry of another event, an unknown or retired penalty, an
    empty or too long reason, a round outside the event, a bad amount, or "to the opponents" without a
    round, in a round not released or where the offender had a bye."""
    if entry.event_id != event.pk:
        raise PenaltyError(
            _("Entry: start number %(number)s is not in this event.") % {"number": entry.number}, "entry"
        )
    item = catalogue_item(event=event, key=key)
    reason = (reason or "").strip()
    if not reason:
        raise PenaltyError(_("Reason: a penalty needs a reason."), "reason")
    if len(reason) > MAX_REASON:
        raise PenaltyError(
            _("Reason: at most %(max)s characters; got %(length)s.") % {"max": MAX_REASON, "length": len(reason)},
            "reason",
        )
    effect = effect or item.effect
    value = amount_checked(effect, item.amount if amount in (None, "") else amount)
    if round_number is not None and (type(round_number) is not int or not 1 <= round_number <= event.rounds):
        raise PenaltyError(
            _("Round: must be between 1 and %(rounds)s; got %(round)s.")
            % {"rounds": event.rounds, "round": round_number},
            "round_number",
        )
    common = {
        "event": event,
        "kind": Adjustment.Kind.PENALTY,
        "penalised_entry": entry,
        "penalty_code": key if item.kind is None else "",
        "penalty_kind": item.kind,
        "penalty_name": "" if item.kind is None else item.name,
        "round_number": round_number,
        "reason": reason,
        "created_by": signed_in(user),
    }
    table_number = None
    with transaction.atomic():
        if effect == PenaltyEffect.TO_OPPONENTS:
            if round_number is None:
                raise PenaltyError(
                    _("Round: points to the opponents need the round the penalty was given in."), "round_number"
                )
            game, opponents = _opponents(event, entry, round_number)
            table_number = game.table_number
            group = uuid.uuid4() if len(opponents) > 1 else None
            rows = [
                Adjustment(entry=opponent, points=int(value), penalty_group=group, **common) for opponent in opponents
            ]
        elif effect == PenaltyEffect.MINUS_POINTS:
            rows = [Adjustment(entry=entry, points=-int(value), **common)]
        elif effect == PenaltyEffect.MINUS_MATCH_POINTS:
            rows = [Adjustment(entry=entry, match_points=-value, **common)]
        else:
            rows = [Adjustment(entry=entry, **common)]
        rows = Adjustment.objects.bulk_create(rows)
        event_log_add(
            event=event,
            action="penalty_given",
            user=user,
            reason=reason,
            round_number=round_number,
            entry=entry,
            table_number=table_number,
            number=entry.number,
            penalty=item.name,
            penalty_code=common["penalty_code"],
        )
        standings_request_recompute(event_id=event.pk)
    return rows


def adjustment_withdraw(*, adjustment: Adjustment, reason: str, user: User | None = None) -> int:
    """Withdraw a penalty (every row given with it) or an adjustment: kept, marked with who, when and why,
    and left out of the standings from the recompute this queues. Returns the rows withdrawn.

    Raises PenaltyError: an empty or too long reason, or a row already withdrawn."""
    reason = (reason or "").strip()
    if not reason:
        raise PenaltyError(_("Reason: say why the penalty or adjustment is withdrawn."), "withdraw_reason")
    if len(reason) > MAX_REASON:
        raise PenaltyError(
            _("Reason: at most %(max)s characters; got %(length)s.") % {"max": MAX_REASON, "length": len(reason)},
            "withdraw_reason",
        )
    with transaction.atomic():
        rows = Adjustment.objects.select_for_update(of=("self",)).filter(
            Q(pk=adjustment.pk)
            | (
                Q(penalty_group=adjustment.penalty_group)
                & Q(penalty_group__isnull=False)
                & Q(event=adjustment.event_id)
            )
        )
        locked = list(rows.select_related("entry", "penalised_entry"))
        if not locked or any(row.withdrawn_at is not None for row in locked):
            raise PenaltyError(_("This penalty or adjustment is already withdrawn."))
        now = timezone.now()
        by = signed_in(user)
        count = Adjustment.objects.filter(pk__in=[row.pk for row in locked]).update(
            withdrawn_at=now, withdrawn_by=by, withdraw_reason=reason
        )
        first = locked[0]
        offender = first.penalised_entry or first.entry
        details = {"number": offender.number}
        if first.kind == Adjustment.Kind.PENALTY and (first.penalty_code or first.penalty_name):
            action = "penalty_withdrawn"
            details.update(penalty=first.penalty_label, penalty_code=first.penalty_code)
        else:
            action = "adjustment_withdrawn"
            details.update(match_points=metrics.json_value(first.match_points), points=first.points)
        event_log_add(
            event=first.event,
            action=action,
            user=user,
            reason=reason,
            round_number=first.round_number,
            entry=offender,
            **details,
        )
        standings_request_recompute(event_id=first.event_id)
    return count


def event_adjustments(event: Event) -> list[Adjustment]:
    """Every penalty and adjustment of the event, newest first, withdrawn ones too (one query)."""
    rows = list(
        Adjustment.objects.filter(event=event)
        .select_related(
            "entry__player_1",
            "entry__player_2",
            "penalised_entry__player_1",
            "penalised_entry__player_2",
            "created_by",
            "withdrawn_by",
        )
        .order_by("-created_at", "-pk")
    )
    for row in rows:
        row.mp = metrics.json_value(row.match_points)
    return rows
