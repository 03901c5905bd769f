"""The accounts' forms: the invitation of a co-organiser, the first account of a new installation."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class InviteForm(forms.Form):
    email = forms.EmailField(
        label=_("Email of the new co-organiser"),
        help_text=_("They get a mail with a link to set their password; the link works once, for 3 days."),
    )


class FirstAccountForm(UserCreationForm):
    email = forms.EmailField(label=_("Email"), help_text=_("For a forgotten password."))

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
