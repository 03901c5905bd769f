"""Labels for codes the organiser pages show: a pairing method reads "Swiss", not "swiss"."""

from django import template
from django.utils.translation import get_language

from tournaments.labels import PAIRING_METHOD_LABELS, PRESET_LABELS, SEAT_LABELS

register = template.Library()


@register.filter
def pairing_method(code: str) -> str:
    """The pairing method's name in the page's language (an unknown code is shown as it is)."""
    return PAIRING_METHOD_LABELS.get(code, code)


@register.filter
def rules_preset(code: str) -> str:
    """The rule set's name in the page's language ("Hoheluft tournament rules", not "hoheluft")."""
    return PRESET_LABELS.get(code, code)


@register.filter
def seat(code):
    """A seat's letter in the page's language (N O S W in German); anything else as it is."""
    return SEAT_LABELS.get(code, code)


@register.simple_tag
def colon() -> str:
    """A colon after a label as the page's language writes it: French puts a non-breaking space before it."""
    return "\u00a0:" if (get_language() or "").startswith("fr") else ":"
