"""A member or guest of the club, with the warning about a likely duplicate."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from tournaments.labels import join_words
from tournaments.member_import import MAX_BYTES, MemberListError, member_file_decode, member_file_size_check
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
        fields = [
            "first_name",
            "last_name",
            "email",
            "is_guest",
            "is_junior",
            "home_club",
            "is_active",
            "results_mail",
            "publication",
        ]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.duplicates: list[Player] = []
        # Left out (an older form, a script): the member keeps their choice, a new one starts at initials.
        self.fields["publication"].required = False

    def clean_publication(self):
        return self.cleaned_data.get("publication") or self.instance.publication

    def clean(self):
        data = super().clean()
        if data.get("results_mail") and not (data.get("email") or "").strip() and "email" not in self.errors:
            self.add_error(
                "results_mail", gettext("The results mail needs an email address: fill in the email, or untick it.")
            )
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


class MemberImportForm(forms.Form):
    text = forms.CharField(
        label=_("Paste the list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        help_text=_(
            "One member per line: first name, last name and optionally the email, “yes” for a junior and the name "
            "on public pages (in full, initials or not published), separated by tabs (copied from a spreadsheet), "
            "semicolons or commas; or simply “First Last”."
        ),
    )
    file = forms.FileField(
        label=_("or upload a CSV file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,text/csv,text/plain"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.file_encoding = ""  # the encoding a file was read in, when not UTF-8

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            try:
                member_file_size_check(upload.size)
                data["text"], self.file_encoding = member_file_decode(upload.read(MAX_BYTES + 1))
            except MemberListError as exc:
                self.add_error("file", str(exc))
        if not (data.get("text") or "").strip() and not self.errors:
            self.add_error("text", gettext("Paste the list or choose a CSV file."))
        return data
