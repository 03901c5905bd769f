"""`{% first_account_open as open %}`: whether the installation still waits for its first account."""

from django import template

from tournaments.services.accounts import first_account_open as _open

register = template.Library()


@register.simple_tag
def first_account_open() -> bool:
    return _open()
