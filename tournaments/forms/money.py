"""The desk's money forms: the event's entry fee, and one ledger row (a payment, a refund, a correction).

Amounts are typed as text and read by the service (`tournaments.services.money.money_parse`), so a refusal
names the field, the rule and the numbers in the reader's language ("12,50" in German, "12.50" in English).
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import EventFee, Payment


def _amount_field(label, *, required: bool = True, help_text: str = "") -> forms.CharField:
    return forms.CharField(
        label=label,
        required=required,
        max_length=40,
        help_text=help_text,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "class": "amount"}),
    )


def amount_initial(value: Decimal | None) -> str:
    return "" if value is None else number_format(value, decimal_pos=2, use_l10n=True)


class EventFeeForm(forms.Form):
    amount = _amount_field(_("Entry fee"))
    per = forms.ChoiceField(label=_("The fee is"), choices=EventFee.Per.choices, widget=forms.RadioSelect)
    member_reduction = _amount_field(
        _("Reduction for members"), help_text=_("Per person; members are the club's players who are not guests.")
    )
    junior_reduction = _amount_field(
        _("Reduction for juniors"), help_text=_("Per person; a junior who is a member gets the larger reduction.")
    )
    payout_mode = forms.ChoiceField(label=_("Payout"), choices=EventFee.Payout.choices, widget=forms.RadioSelect)
    payout_table = forms.CharField(
        label=_("Payout by place"),
        required=False,
        max_length=200,
        help_text=_("From first place down: percentages of the takings (50 30 20) or amounts (30 20 10)."),
    )

    @classmethod
    def for_fee(cls, data, fee: EventFee | None) -> EventFeeForm:
        fee = fee or EventFee()
        initial = {
            "amount": amount_initial(fee.amount),
            "per": fee.per,
            "member_reduction": amount_initial(fee.member_reduction),
            "junior_reduction": amount_initial(fee.junior_reduction),
            "payout_mode": fee.payout_mode,
            "payout_table": fee.payout_table,
        }
        return cls(data, initial=initial)


class PaymentForm(forms.Form):
    """One ledger row; `back` is where the page goes afterwards (a check-in round, or the treasurer's sheet)."""

    entry = forms.IntegerField(label=_("Start number"), min_value=1)
    kind = forms.ChoiceField(label=_("Kind"), choices=Payment.Kind.choices, initial=Payment.Kind.PAYMENT)
    way = forms.ChoiceField(label=_("Way of payment"), choices=Payment.Way.choices, initial=Payment.Way.CASH)
    amount = _amount_field(pgettext_lazy("money", "Amount"), required=False)
    comment = forms.CharField(label=_("Comment"), required=False, max_length=500)
    back = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
