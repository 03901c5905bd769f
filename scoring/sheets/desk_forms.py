"""The organiser's forms on the desk pages of a round: closing it. (A whole sheet is typed or corrected in
the paper-sheet grid, scoring/sheets/grid.py; scripts correct through the API's JSON.)"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import MAX_REASON


class RoundCloseForm(forms.Form):
    confirm_all = forms.BooleanField(label=_("Confirm the remaining sheets as organiser"), required=False)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=MAX_REASON)
