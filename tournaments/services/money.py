"""The writes of the desk's money: the event's entry fee (with reductions and payout), and the ledger's rows
(a payment, a refund, a correction). Each refusal is a sentence naming the field, the rule and the numbers;
each step goes into the event's history in the same transaction; a ledger row is never edited.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.formats import get_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.exceptions import InvalidInput
from tournaments.fees import Fee, FeeError, entry_owed, fee_problems, payout_parse
from tournaments.models import Entry, Event, EventFee, Payment
from tournaments.models.money import MAX_AMOUNT
from tournaments.money_labels import money_text
from tournaments.services.base import signed_in
from tournaments.services.history import event_log_add
from tournaments.treasurer import fee_core, people_of

MAX_COMMENT = 500


def _field_label(name: str) -> str:
    """The form field's name as the fee form shows it ("Reduction for members")."""
    field = EventFee._meta.get_field(name)
    return capfirst(str(getattr(field, "verbose_name", name)))


def _separators(text: str) -> str:
    """`text` with a point as its decimal separator and no thousands separators: of a comma and a point the
    last one is the decimal; a lone one is the decimal unless three digits follow it and the language's
    decimal separator is the other ("1.234" in German is 1234, "1,234" in English too; "12,50" is 12.50)."""
    text = text.removesuffix("€").removeprefix("€")
    decimal = str(get_format("DECIMAL_SEPARATOR"))
    if "," in text and "." in text:
        mark = "," if text.rfind(",") > text.rfind(".") else "."
        other = "." if mark == "," else ","
        return text.replace(other, "").replace(mark, ".")
    for mark in (",", "."):
        if mark in text:
            head, _sep, tail = text.rpartition(mark)
            if text.count(mark) > 1 or (len(tail) == 3 and decimal != mark):
                return text.replace(mark, "")
            return head + "." + tail
    return text


def money_parse(value: object, *, field: str, label: str, currency: str = "EUR", signed: bool = False) -> Decimal:
    """`value` as typed ("12,50" in German, "12.50" in English) as a Decimal of at most two decimals and at
    most MAX_AMOUNT; InvalidInput naming `label` otherwise. Negative amounts only when `signed`."""
    text = str(value if value is not None else "").strip().replace("\u00a0", "").replace(" ", "")
    try:
        amount = Decimal(_separators(text))
    except (InvalidOperation, ValueError):
        amount = None
    if amount is None or not amount.is_finite():
        raise InvalidInput(
            _("%(field)s: “%(got)s” is not an amount of money; write it like %(example)s.")
            % {"field": label, "got": text[:40], "example": money_text(Decimal("12.50"), currency)},
            field=field,
        )
    if amount != amount.quantize(Decimal("0.01")):
        raise InvalidInput(
            _("%(field)s: at most two decimals (cents); got %(got)s.") % {"field": label, "got": text[:40]},
            field=field,
        )
    if not signed and amount < 0:
        raise InvalidInput(
            _("%(field)s: at least %(min)s; got %(got)s.")
            % {"field": label, "min": money_text(0, currency), "got": money_text(amount, currency)},
            field=field,
        )
    if abs(amount) > MAX_AMOUNT:
        raise InvalidInput(
            _("%(field)s: at most %(max)s; got %(got)s.")
            % {"field": label, "max": money_text(MAX_AMOUNT, currency), "got": money_text(amount, currency)},
            field=field,
        )
    return amount.quantize(Decimal("0.01"))


def fee_error_text(error: FeeError, currency: str) -> str:
    """The sentence of a refusal of the pure core (`tournaments.fees`)."""
    v = error.values
    label = _field_label(str(v.get("field", "amount")))
    m = {k: money_text(x, currency) if isinstance(x, Decimal) else x for k, x in v.items()}
    m["field"] = label
    texts = {
        "fee_negative": _("%(field)s: at least %(zero)s; got %(got)s."),
        "reduction_negative": _("%(field)s: at least %(zero)s; got %(got)s."),
        "reduction_over_fee": _("%(field)s: at most the fee, %(fee)s; got %(got)s."),
        "reduction_over_half": _(
            "%(field)s: at most %(share)s, half the pair's fee of %(fee)s (a reduction is per person); got %(got)s."
        ),
        "payout_too_long": _("%(field)s: at most %(max)s places; got %(got)s."),
        "payout_not_number": _("%(field)s: place %(place)s, “%(got)s” is not a number; write e.g. 50 30 20."),
        "payout_not_positive": _("%(field)s: place %(place)s needs more than 0; got %(got)s."),
        "payout_over_100": _("%(field)s: the percentages add up to at most 100; got %(got)s."),
    }
    if error.code == "payout_over_100":
        m["got"] = v["got"]
    return texts[error.code] % {**m, "zero": money_text(0, currency)}


def event_fee_set(
    *,
    event: Event,
    user: User | None,
    amount: object,
    per: str,
    member_reduction: object = "0",
    junior_reduction: object = "0",
    payout_mode: str = EventFee.Payout.NONE,
    payout_table: str = "",
) -> EventFee:
    """Set the event's fee (amounts as typed), validated as a whole; InvalidInput names the first field at
    fault. The change goes into the history."""
    currency = event.club.currency
    values = {
        name: money_parse(raw, field=name, label=_field_label(name), currency=currency)
        for name, raw in (
            ("amount", amount),
            ("member_reduction", member_reduction),
            ("junior_reduction", junior_reduction),
        )
    }
    if per not in EventFee.Per.values:
        raise InvalidInput(_("Choose per player or per pair."), field="per")
    if payout_mode not in EventFee.Payout.values:
        raise InvalidInput(_("Choose how the payout is given."), field="payout_mode")
    core = Fee(
        amount=values["amount"],
        per_pair=per == EventFee.Per.PAIR,
        member_reduction=values["member_reduction"],
        junior_reduction=values["junior_reduction"],
    )
    problems = fee_problems(core)
    if problems:
        raise InvalidInput(fee_error_text(problems[0], currency), field=str(problems[0].values["field"]))
    table = " ".join((payout_table or "").replace(";", " ").split())
    if payout_mode != EventFee.Payout.NONE:
        try:
            places = payout_parse(table, percent=payout_mode == EventFee.Payout.PERCENT)
        except FeeError as exc:
            raise InvalidInput(fee_error_text(exc, currency), field="payout_table") from None
        if not places:
            raise InvalidInput(
                _("%(field)s: give the amount of each place, from first down, e.g. 50 30 20.")
                % {"field": _field_label("payout_table")},
                field="payout_table",
            )
    else:
        table = ""
    with transaction.atomic():
        Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        fee, _created = EventFee.objects.get_or_create(event=event)
        fee.amount, fee.per = values["amount"], per
        fee.member_reduction, fee.junior_reduction = values["member_reduction"], values["junior_reduction"]
        fee.payout_mode, fee.payout_table = payout_mode, table
        fee.save()
        payout = str(fee.get_payout_mode_display()) + (f" {table}" if table else "")
        event_log_add(
            event=event,
            action="fee_set",
            user=user,
            currency=currency,
            amount=str(fee.amount),
            per=per,
            member_reduction=str(fee.member_reduction),
            junior_reduction=str(fee.junior_reduction),
            payout=payout,
        )
    return fee


def payment_record(
    *,
    event: Event,
    entry: Entry,
    kind: str,
    way: str,
    user: User | None,
    amount: object = None,
    comment: str = "",
) -> Payment:
    """Add one ledger row for `entry`: a payment (no amount: what it still owes), a refund (at most what it
    has paid), or a correction (either sign; its payments never fall below zero; a comment is needed).
    The event is locked while the entry's paid total is read, so two taps never pay twice."""
    currency = event.club.currency
    if kind not in Payment.Kind.values:
        raise InvalidInput(_("Choose a payment, a refund or a correction."), field="kind")
    if way not in Payment.Way.values:
        raise InvalidInput(
            _("Way of payment: choose one of %(ways)s.") % {"ways": ", ".join(str(x) for x in Payment.Way.labels)},
            field="way",
        )
    comment = (comment or "").strip()
    if len(comment) > MAX_COMMENT:
        raise InvalidInput(
            _("Comment: at most %(max)s characters; got %(got)s.") % {"max": MAX_COMMENT, "got": len(comment)},
            field="comment",
        )
    if kind == Payment.Kind.CORRECTION and not comment:
        raise InvalidInput(_("Comment: a correction needs one; it is kept in the event's history."), field="comment")
    given = None
    if amount not in (None, ""):
        given = money_parse(
            amount,
            field="amount",
            label=pgettext("money", "Amount"),
            currency=currency,
            signed=kind == Payment.Kind.CORRECTION,
        )
    d: dict[str, object] = {"number": entry.number}
    with transaction.atomic():
        Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        entry = Entry.objects.select_related("player_1", "player_2").get(pk=entry.pk, event=event)
        core = fee_core(EventFee.objects.filter(event=event).first())
        owed = entry_owed(core, people_of(entry)) if core is not None else Decimal("0.00")
        paid = sum(Payment.objects.filter(event=event, entry=entry).values_list("amount", flat=True), Decimal("0.00"))
        d.update(owed=money_text(owed, currency), paid=money_text(paid, currency))
        if kind == Payment.Kind.PAYMENT:
            due = owed - paid
            if due <= 0 and given is None:
                raise InvalidInput(_("No. %(number)s owes nothing: %(paid)s of %(owed)s paid.") % d, field="amount")
            value = due if given is None else given
            if value <= 0:
                raise InvalidInput(
                    _("Amount: more than 0 for a payment; got %(got)s.") % {"got": money_text(value, currency)},
                    field="amount",
                )
            if value > max(due, Decimal(0)):
                raise InvalidInput(
                    _(
                        "Amount: at most what no. %(number)s still owes, %(due)s (%(paid)s of %(owed)s paid); "
                        "got %(got)s."
                    )
                    % {**d, "due": money_text(max(due, Decimal(0)), currency), "got": money_text(value, currency)},
                    field="amount",
                )
        elif kind == Payment.Kind.REFUND:
            if given is None or given <= 0:
                raise InvalidInput(_("Amount: give the amount refunded, more than 0."), field="amount")
            if given > paid:
                raise InvalidInput(
                    _("Refund: at most what no. %(number)s has paid, %(paid)s; got %(got)s.")
                    % {**d, "got": money_text(given, currency)},
                    field="amount",
                )
            value = -given
        else:
            if given is None or given == 0:
                raise InvalidInput(_("Amount: give the correction, e.g. -2.00 or 2.00; not 0."), field="amount")
            if paid + given < 0:
                raise InvalidInput(
                    _(
                        "Correction: no. %(number)s's payments would fall below zero (%(paid)s paid, "
                        "correction %(got)s)."
                    )
                    % {**d, "got": money_text(given, currency)},
                    field="amount",
                )
            value = given
        payment = Payment.objects.create(
            event=event,
            entry=entry,
            entry_number=entry.number,
            entry_name=entry.display_name[:400],
            kind=kind,
            amount=value,
            way=way,
            comment=comment,
            user=signed_in(user),
        )
        action = {"payment": "payment", "refund": "refund", "correction": "payment_correction"}[kind]
        event_log_add(
            event=event,
            action=action,
            user=user,
            entry=entry,
            number=entry.number,
            name=entry.display_name,
            currency=currency,
            amount=str(abs(value) if kind != Payment.Kind.CORRECTION else value),
            way=way,
            comment=comment,
        )
    return payment
