"""A new club, and a club's settings."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["slug", "name", "city"]
        help_texts = {"slug": _("Letters, digits and hyphens; it appears in every link, e.g. bc-hoheluft.")}


class ClubEditForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city", "currency", "embed_origins", "rating_enabled"]
        widgets = {"embed_origins": forms.Textarea(attrs={"rows": 3, "autocomplete": "url", "spellcheck": "false"})}
