"""A member or guest of the club, with the warning about a likely duplicate."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments.labels import join_words
from tournaments.models import Club, Player
from tournaments.selectors import player_duplicates


class PlayerForm(forms.ModelForm):
    """A member or guest. A likely duplicate (same or very similar name in the club) is a warning: the form
    is shown again with the similar names until `confirm_new` is ticked."""

    confirm_new = forms.BooleanField(
        label=_("Yes, this is a different person"), required=False, widget=forms.CheckboxInput
    )

    class Meta:
        model = Player
        fields = ["first_name", "last_name", "email", "is_guest", "home_club", "is_active"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.duplicates: list[Player] = []

    def clean(self):
        data = super().clean()
        first, last = data.get("first_name", ""), data.get("last_name", "")
        if first.strip() == "" and last.strip() == "":
            return data
        self.duplicates = player_duplicates(
            club=self.club, first_name=first, last_name=last, exclude_id=self.instance.pk
        )
        if self.duplicates and not data.get("confirm_new"):
            names = join_words(self.duplicates)
            raise ValidationError(
                ngettext(
                    "A member with a very similar name exists: %(names)s. Tick the box to add anyway.",
                    "Members with very similar names exist: %(names)s. Tick the box to add anyway.",
                    len(self.duplicates),
                )
                % {"names": names},
                code="duplicate_name",
            )
        return data
