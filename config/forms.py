"""The site's form rendering (settings.FORM_RENDERER): Django's templates, looked up like every page's.

`{{ form }}` renders `templates/components/form.html` (the form's errors, its hidden fields, then each visible
field's group) and `{{ form.x.as_field_group }}` renders `templates/components/field.html` (label, widget, help
text, errors), so every organiser and account page lays out its fields the same way. Widgets keep Django's
own templates (the `django.forms` app in INSTALLED_APPS lets TemplatesSetting find them).
"""

from __future__ import annotations

from django.forms.renderers import TemplatesSetting


class SiteFormRenderer(TemplatesSetting):
    form_template_name = "components/form.html"
    field_template_name = "components/field.html"
