"""The results page's forms: an organiser's adjustment, a catalogue penalty, a withdrawal (each with its
reason), and a club's own penalty."""

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import MAX_REASON, Adjustment, PenaltyEffect
from scoring.results.adjustments import MAX_ADJUSTMENT_POINTS
from scoring.sheets.forms import SMALL_NUMBER


class AdjustmentForm(forms.Form):
    """A penalty or adjustment from the results page: the shape of each field (numbers in range, a finite
    number of match points, text with a length cap and no NUL byte). `adjustment_create` checks the rest."""

    entry = forms.IntegerField(label=_("Entry"), min_value=1, max_value=SMALL_NUMBER)
    kind = forms.ChoiceField(label=_("Kind"), choices=Adjustment.Kind.choices)
    match_points = forms.CharField(label=_("Match points"), required=False, max_length=20)
    points = forms.IntegerField(
        label=_("Game points"), required=False, min_value=-MAX_ADJUSTMENT_POINTS, max_value=MAX_ADJUSTMENT_POINTS
    )
    round_number = forms.IntegerField(label=_("Round"), required=False, min_value=1, max_value=SMALL_NUMBER)
    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON)

    def clean_match_points(self) -> Decimal:
        raw = (self.cleaned_data.get("match_points") or "").strip() or "0"
        try:
            value = Decimal(raw.replace(",", "."))
        except InvalidOperation:
            value = None
        if value is None or not value.is_finite():  # NaN and Infinity parse, but are no amount of points
            raise forms.ValidationError(_("“%(value)s” is not a number."), params={"value": raw}, code="invalid")
        return value


class PenaltyForm(forms.Form):
    """A catalogue penalty given to an entry: the penalty, the offender, the round, its effect and amount
    (empty: the catalogue's), and the reason. `penalty_give` checks the rest and names the field."""

    penalty = forms.ChoiceField(label=_("Penalty"))
    entry = forms.TypedChoiceField(label=_("Penalised entry"), coerce=int)
    round_number = forms.IntegerField(label=_("Round"), required=False, min_value=1, max_value=SMALL_NUMBER)
    effect = forms.ChoiceField(
        label=_("Effect"), required=False, choices=[("", _("as in the catalogue")), *PenaltyEffect.choices]
    )
    amount = forms.CharField(
        label=_("Amount"),
        required=False,
        max_length=20,
        help_text=_("Game or match points; empty: the catalogue's amount."),
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON)

    def __init__(self, *args, catalogue=(), entries=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["penalty"].choices = [(item.key, item.name) for item in catalogue]
        self.fields["entry"].choices = [(e.number, f"{e.number} · {e.display_name}") for e in entries]


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Why withdrawn"), max_length=MAX_REASON)


class PenaltyKindForm(forms.Form):
    """A club's own penalty: name, what it does (effect and amount) and a description."""

    name = forms.CharField(label=_("Name"), max_length=100)
    effect = forms.ChoiceField(label=_("Effect"), choices=PenaltyEffect.choices)
    amount = forms.CharField(
        label=_("Amount"),
        required=False,
        max_length=20,
        help_text=_("Game points, or match points; nothing for a warning."),
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    description = forms.CharField(label=_("Description"), required=False, max_length=MAX_REASON, widget=forms.Textarea)
