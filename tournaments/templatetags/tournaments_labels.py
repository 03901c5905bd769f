"""Labels for codes the organiser pages show: a pairing method reads "Swiss", not "swiss"."""

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

PAIRING_METHOD_LABELS = {
    "random": _("Random"),
    "swiss": _("Swiss system"),
    "round_robin": _("Round robin"),
    "melee": _("Mêlée"),
}


@register.filter
def pairing_method(code: str) -> str:
    """The pairing method's name in the page's language (an unknown code is shown as it is)."""
    return PAIRING_METHOD_LABELS.get(code, code)
