"""PURE: the arithmetic of the desk's money, in Decimal (no Django, not even gettext).

What an entry owes from the event's fee and its people, the payout to the first places from the takings,
and the payout table as typed ("50 30 20"). Refusals are `FeeError`s with a code and the numbers; the
services put them into words (`tournaments.services.money`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal, InvalidOperation

CENT = Decimal("0.01")
#: The most places a payout table names.
MAX_PAYOUT_PLACES = 20


class FeeError(ValueError):
    """A refusal: `code` says which rule, `values` the numbers the sentence names."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


@dataclass(frozen=True)
class Person:
    """One player of an entry, as the fee sees them."""

    member: bool
    junior: bool


@dataclass(frozen=True)
class Fee:
    """An event's fee: `amount` per player (`per_pair` False) or per pair, less a reduction per person."""

    amount: Decimal
    per_pair: bool = False
    member_reduction: Decimal = Decimal(0)
    junior_reduction: Decimal = Decimal(0)
    payout_percent: bool = True
    payout: Sequence[Decimal] = field(default_factory=tuple)


def reduction(fee: Fee, person: Person) -> Decimal:
    """The person's reduction: the larger of the member's and the junior's that applies (never both)."""
    found = [Decimal(0)]
    if person.member:
        found.append(fee.member_reduction)
    if person.junior:
        found.append(fee.junior_reduction)
    return max(found)


def entry_owed(fee: Fee, people: Sequence[Person]) -> Decimal:
    """What an entry of `people` (one or two) owes: per player, each pays the fee less their reduction; per
    pair, the pair pays the fee less each person's reduction. Never below zero."""
    if fee.per_pair:
        owed = fee.amount - sum((reduction(fee, p) for p in people), Decimal(0))
    else:
        owed = sum((fee.amount - reduction(fee, p) for p in people), Decimal(0))
    return max(owed, Decimal(0)).quantize(CENT)


def fee_problems(fee: Fee) -> list[FeeError]:
    """The fee's refusals: a negative amount or reduction, or a reduction larger than one person's share
    of the fee (the whole fee per player, half of it per pair)."""
    problems = []
    if fee.amount < 0:
        problems.append(FeeError("fee_negative", field="amount", got=fee.amount))
    share = fee.amount / 2 if fee.per_pair else fee.amount
    for name, value in (("member_reduction", fee.member_reduction), ("junior_reduction", fee.junior_reduction)):
        if value < 0:
            problems.append(FeeError("reduction_negative", field=name, got=value))
        elif fee.amount >= 0 and value > share:
            code = "reduction_over_half" if fee.per_pair else "reduction_over_fee"
            problems.append(FeeError(code, field=name, got=value, fee=fee.amount, share=share.quantize(CENT)))
    return problems


def payout_parse(text: str, *, percent: bool) -> list[Decimal]:
    """The payout table typed as numbers from first place down ("50 30 20", commas or semicolons between
    them; a decimal comma is read as a point when it sits between digits of one number: "12,50")."""
    words = text.replace(";", " ").split()
    if len(words) > MAX_PAYOUT_PLACES:
        raise FeeError("payout_too_long", field="payout_table", max=MAX_PAYOUT_PLACES, got=len(words))
    values = []
    for place, word in enumerate(words, start=1):
        try:
            value = Decimal(word.replace(",", "."))
        except InvalidOperation:
            raise FeeError("payout_not_number", field="payout_table", place=place, got=word) from None
        if not value.is_finite() or value <= 0:
            raise FeeError("payout_not_positive", field="payout_table", place=place, got=word)
        values.append(value)
    if percent and sum(values, Decimal(0)) > 100:
        raise FeeError("payout_over_100", field="payout_table", got=sum(values, Decimal(0)))
    return values


def payout_shares(fee: Fee, takings: Decimal) -> list[Decimal]:
    """The amount of each place: its percentage of `takings` (rounded down to the cent, so the shares never
    add up to more than the takings), or its fixed amount."""
    if fee.payout_percent:
        base = max(takings, Decimal(0))
        return [(base * pct / 100).quantize(CENT, rounding=ROUND_DOWN) for pct in fee.payout]
    return [Decimal(v).quantize(CENT) for v in fee.payout]
