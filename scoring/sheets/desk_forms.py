"""The organiser's forms on the desk pages of a round: closing it, and correcting a whole sheet (the deals as
JSON typed by a person, refused with a message, never a 500)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import MAX_REASON


class RoundCloseForm(forms.Form):
    confirm_all = forms.BooleanField(label=_("Confirm the remaining sheets as organiser"), required=False)
    reason = forms.CharField(label=_("Reason"), required=False, max_length=MAX_REASON)
    # The close page's stamp of the sheets it showed (empty: closed from elsewhere, no game ruled unseen).
    seen = forms.CharField(required=False, max_length=20_000, widget=forms.HiddenInput)


MAX_DEALS_JSON = 200_000  # characters: a sheet of 100 deals with every announcement is under 30 000


class DealsJSONField(forms.JSONField):
    """JSON typed by a person: refused with a message, never a 500, when it is too long, nested deeper than
    Python follows, or holds what no deal and no database text can (NaN, Infinity, NUL, lone surrogates)."""

    def to_python(self, value):
        if isinstance(value, str) and len(value) > MAX_DEALS_JSON:
            raise forms.ValidationError(
                _("At most %(max)s characters; got %(got)s."),
                params={"max": MAX_DEALS_JSON, "got": len(value)},
                code="too_long",
            )
        try:
            data = super().to_python(value)
        except RecursionError:
            raise forms.ValidationError(_("Lists and objects are nested too deeply."), code="too_deep") from None
        try:
            text = json.dumps(data, ensure_ascii=False, allow_nan=False)
            text.encode("utf-8")
        except ValueError:
            raise forms.ValidationError(
                _("Numbers must be finite: NaN and Infinity are not numbers."), code="not_finite"
            ) from None
        except UnicodeEncodeError:
            raise forms.ValidationError(
                _("Text must be valid Unicode (a lone surrogate is not a character)."), code="surrogate"
            ) from None
        if _has_null_character(data):
            raise forms.ValidationError(_("Null characters are not allowed."), code="null_characters")
        return data


def _has_null_character(data: Any) -> bool:
    """Whether any key or string in JSON data holds a NUL, which PostgreSQL text and jsonb refuse."""
    if isinstance(data, str):
        return "\x00" in data
    if isinstance(data, list):
        return any(_has_null_character(item) for item in data)
    if isinstance(data, dict):
        return any(_has_null_character(k) or _has_null_character(v) for k, v in data.items())
    return False


class CorrectionForm(forms.Form):
    """An organiser's correction of a whole sheet: the deals as JSON, with a reason."""

    deals = DealsJSONField(label=_("Deals (JSON)"), widget=forms.Textarea(attrs={"rows": 12}))
    reason = forms.CharField(label=_("Reason for the correction"), max_length=MAX_REASON)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def clean_deals(self):
        deals = self.cleaned_data["deals"]
        if not isinstance(deals, list):
            raise forms.ValidationError(_("The deals must be a JSON list of deals."))
        return deals
