"""A round's draw, and its edits: swap two entries, move a game to another table."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.labels import pairing_method_label
from tournaments.models import Event


class DrawForm(forms.Form):
    method = forms.ChoiceField(label=_("pairing method"), choices=())
    seed = forms.IntegerField(
        label=_("seed"), required=False, min_value=0, max_value=2**53 - 1, help_text=_("Empty: a random seed.")
    )
    regenerate = forms.BooleanField(required=False, widget=forms.HiddenInput)
    confirm = forms.BooleanField(label=_("Yes, replace the current draft"), required=False)

    def __init__(self, *args, event: Event, replacing: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["method"].choices = [(m, pairing_method_label(m)) for m in event.allowed_pairing_methods()]
        if not replacing:
            # A first draw replaces nothing: no confirmation to ask for.
            del self.fields["confirm"]
            del self.fields["regenerate"]


class SwapForm(forms.Form):
    entry_a = forms.ModelChoiceField(label=_("entry"), queryset=None)
    entry_b = forms.ModelChoiceField(label=_("swap with"), queryset=None)

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry_a"].queryset = entries
        self.fields["entry_b"].queryset = entries
        for name in ("entry_a", "entry_b"):
            self.fields[name].label_from_instance = lambda e: f"{e.number}. {e.display_name}"


class MoveForm(forms.Form):
    from_table = forms.IntegerField(label=_("game at table"), min_value=1)
    to_table = forms.IntegerField(label=_("moves to table"), min_value=1)


class ReopenForm(forms.Form):
    """A step back (reopen a round, reopen the event): a reason for the event's history and a tick, since it
    undoes what the room was told."""

    reason = forms.CharField(
        label=_("reason"),
        max_length=2000,
        help_text=_("Kept in the event's history, e.g. “table 3's sheet had the wrong trick points”."),
    )
    confirm = forms.BooleanField(label=_("Yes, reopen it"))

    def error_text(self) -> str:
        """The form's errors as one sentence per field, naming the field."""
        return " ".join(
            f"{self.fields[name].label if name in self.fields else ''}: {' '.join(errors)}".lstrip(": ")
            for name, errors in self.errors.items()
        )
