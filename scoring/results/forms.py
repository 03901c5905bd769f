"""The results page's forms: an organiser's penalty or adjustment, with its reason."""

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import MAX_REASON, Adjustment
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
