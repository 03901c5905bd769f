"""The prize list's forms: a lot (its name, an optional value, its pool) and a category (its name, who may
win it). Shape only, with sentences; `scoring.prizes.services` checks the rest and names the field."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.prizes.services import MAX_LABEL, MAX_VALUE
from tournaments.models import PrizeCategory, PrizeSettings


class PrizeForm(forms.Form):
    label = forms.CharField(
        label=_("Prize"),
        max_length=MAX_LABEL,
        help_text=_("As it is read out, e.g. “1st prize: a ham”."),
        error_messages={
            "required": _("Name the prize, e.g. “1st prize: a ham”."),
            "max_length": _("The prize's name is too long: at most %(limit_value)d characters, got %(show_value)d."),
        },
    )
    value = forms.CharField(
        label=_("Value (optional)"),
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    category = forms.TypedChoiceField(label=_("For"), coerce=int, required=False, empty_value=None)

    def __init__(self, *args, categories=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [("", _("the overall ranking")), *((c.pk, c.name) for c in categories)]

    def clean_value(self) -> Decimal | None:
        raw = (self.cleaned_data.get("value") or "").strip()
        if not raw:
            return None
        try:
            value = Decimal(raw.replace(",", "."))
        except InvalidOperation:
            value = None
        if value is None or not value.is_finite():
            raise forms.ValidationError(
                _("The value must be an amount such as 12.50; got “%(value)s”."), params={"value": raw}, code="invalid"
            )
        if not Decimal(0) <= value <= MAX_VALUE:
            raise forms.ValidationError(
                _("The value of a prize is between 0 and %(max)s; got %(got)s."),
                params={"max": MAX_VALUE, "got": raw},
                code="range",
            )
        return value.quantize(Decimal("0.01"))


class CategoryForm(forms.Form):
    name = forms.CharField(
        label=_("Category"),
        max_length=100,
        help_text=_("E.g. Ladies, Juniors, Best newcomers."),
        error_messages={
            "required": _("Name the category, e.g. “Ladies” or “Best newcomers”."),
            "max_length": _("The category's name is too long: at most %(limit_value)d characters, got %(show_value)d."),
        },
    )
    rule = forms.ChoiceField(label=_("Who may win it"), choices=PrizeCategory.Rule.choices)


class OrderForm(forms.Form):
    order = forms.ChoiceField(
        label=_("Who is served first"), choices=PrizeSettings.Order.choices, widget=forms.RadioSelect
    )
