"""The organiser's forms on the desk pages of a round: closing it, swapping a game's sides. (A whole sheet is typed or
the paper-sheet grid, scoring/sheets/grid.py; scripts correct through the API's JSON.)"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.labels import SWAP_LABELS
from scoring.models import MAX_REASON


class RoundCloseForm(forms.Form):
    confirm_all = forms.BooleanField(label=_("Confirm the remaining sheets as organiser"), required=False)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=MAX_REASON)
    # The close page's stamp of the sheets it showed (empty: closed from elsewhere, no game ruled unseen).
    seen = forms.CharField(required=False, max_length=20_000, widget=forms.HiddenInput)


class SidesSwapForm(forms.Form):
    """The organiser's fix for wrong seats (scoring.sheets.services.sides): what was swapped, and why."""

    how = forms.ChoiceField(
        label=_("What was swapped?"),
        widget=forms.RadioSelect,
        choices=list(SWAP_LABELS.items()),
    )
    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
