"""A season of the club, with its ranking rule."""

from __future__ import annotations

from django import forms

from tournaments.forms.base import DateInput
from tournaments.models import Season


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start_date", "end_date", "ranking_rule", "best_n"]
        widgets = {
            "start_date": DateInput(),
            "end_date": DateInput(),
        }
