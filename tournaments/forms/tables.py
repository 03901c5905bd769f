"""One table, or a range of tables at once."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import Table


class TableForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = ["number", "label", "step_free"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].min_value = 1
        self.fields["number"].widget.attrs["min"] = 1


class TableRangeForm(forms.Form):
    first = forms.IntegerField(label=_("from table"), min_value=1, initial=1)
    last = forms.IntegerField(label=_("to table"), min_value=1, max_value=2000)

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("last") and data["last"] < data["first"]:
            self.add_error("last", gettext("The last table must not be below the first."))
        return data
