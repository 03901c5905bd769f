"""`{% form_error_summary %}`: at the top of an organiser page (organiser/base.html), what did not save and
where. Every bound form of the page's context that has errors is listed: its errors not tied to a field, and
for each field in error its label and message, linked to the field (`#id_<field>`, or the first control of a
field of several, as its label's `for` points), in a `role="alert"` box so a screen reader says it at once."""

from __future__ import annotations

from django import forms, template
from django.template.loader import render_to_string
from django.utils.text import capfirst

register = template.Library()


def _failed_forms(context) -> list[forms.BaseForm]:
    found: list[forms.BaseForm] = []
    for value in context.flatten().values():
        if isinstance(value, forms.BaseForm) and value.is_bound and value.errors and value not in found:
            found.append(value)
    return found


@register.simple_tag(takes_context=True)
def form_error_summary(context) -> str:
    general: list[str] = []
    fields: list[dict] = []
    for form in _failed_forms(context):
        general += [str(error) for error in form.non_field_errors()]
        for name, errors in form.errors.items():
            if name not in form.fields:
                continue
            bound = form[name]
            target = bound.id_for_label or bound.auto_id
            for error in errors:
                fields.append({"href": f"#{target}" if target else "", "label": capfirst(bound.label), "error": error})
    if not general and not fields:
        return ""
    return render_to_string("components/error_summary.html", {"general": general, "fields": fields})
