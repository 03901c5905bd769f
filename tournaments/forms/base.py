"""What the organiser forms share: a service's refusal shown on the form, the browser's date picker."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from tournaments.exceptions import TournamentError


def apply_errors(form: forms.Form, exc: Exception) -> None:
    """Show a service's ValidationError or TournamentError on `form`, on the named field when it has one."""
    if isinstance(exc, TournamentError):
        form.add_error(exc.field if exc.field in form.fields else None, str(exc.message))
        return
    if isinstance(exc, ValidationError) and hasattr(exc, "error_dict"):
        for name, errors in exc.error_dict.items():
            target = name if name in form.fields else None
            for error in errors:
                form.add_error(target, error)
        return
    if isinstance(exc, ValidationError):
        form.add_error(None, exc)
        return
    raise exc


class DateInput(forms.DateInput):
    """The browser's date picker: its value is always ISO `YYYY-MM-DD`, whatever the page's language
    (a localised "30.11.2026" leaves it empty, and the form then fails as if no date were given)."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")
