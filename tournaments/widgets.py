"""Form widgets of the organiser pages that Django does not ship."""

from __future__ import annotations

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext


class OrderedPickWidget(forms.Widget):
    """An ordered pick from named options: one labelled select per place, all with the same name, so the
    browser posts the picks in order (`getlist`). A blank place is skipped; a stored list longer than the
    places shown gets as many places as it needs."""

    def __init__(self, *, choices=(), places: int = 4, place_label=None, attrs=None):
        super().__init__(attrs)
        self.choices = list(choices)
        self.places = places
        self.place_label = place_label  # callable(position: int) -> str

    def id_for_label(self, id_):
        return f"{id_}_1" if id_ else id_

    def value_from_datadict(self, data, files, name):
        return data.getlist(name) if hasattr(data, "getlist") else data.get(name)

    def value_omitted_from_data(self, data, files, name):
        return name not in data

    def render(self, name, value, attrs=None, renderer=None):
        attrs = self.build_attrs(self.attrs, attrs)
        picks = [v for v in (value or []) if v] if not isinstance(value, str) else [value]
        places = max(self.places, len(picks))
        rows = []
        for position in range(1, places + 1):
            current = picks[position - 1] if position <= len(picks) else ""
            choices = [("", "—"), *self.choices]
            if current and current not in {code for code, _label in self.choices}:
                # A stored value the registry does not know stays visible, so saving refuses it with a message
                # instead of dropping it unseen.
                choices.append((current, gettext("unknown: %(value)s") % {"value": current}))
            options = format_html_join(
                "",
                '<option value="{}"{}>{}</option>',
                ((code, " selected" if code == current else "", label) for code, label in choices),
            )
            select_id = f"{attrs.get('id', name)}_{position}"
            disabled = " disabled" if attrs.get("disabled") else ""
            rows.append(
                format_html(
                    '<span class="pick-place"><label for="{}">{}</label><select name="{}" id="{}"{}>{}</select></span>',
                    select_id,
                    self.place_label(position) if self.place_label else position,
                    name,
                    select_id,
                    disabled,
                    options,
                )
            )
        return format_html('<div class="ordered-pick">{}</div>', format_html_join("", "{}", ((r,) for r in rows)))


class OrderedPickField(forms.Field):
    """The picks in order, blanks dropped; the form checks them against their registry."""

    widget = OrderedPickWidget

    def to_python(self, value):
        if value in (None, ""):
            return []
        if isinstance(value, str):
            value = [value]
        return [str(v).strip() for v in value if str(v).strip()]
