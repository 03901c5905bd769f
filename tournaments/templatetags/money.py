"""`{{ amount|money:currency }}`: an amount as a person reads it ("10,00 €"), and `{{ code|way }}`: a way of
payment in the reader's language (tournaments.money_labels)."""

from django import template

from tournaments.money_labels import money_text, way_label

register = template.Library()


@register.filter
def money(amount, currency: str = "EUR") -> str:
    return money_text(amount, currency or "EUR")


@register.filter
def way(code: str) -> str:
    return way_label(code)
