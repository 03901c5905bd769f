"""The site's public address: every absolute link and QR code is built here.

`SITE_URL` (settings, from the environment) wins, so QR codes on a club LAN point at the address phones can
reach (http://192.168.1.20:8000), not at 127.0.0.1. Without it, the address the request came in on.
"""

from __future__ import annotations

from django.conf import settings


def site_base(request=None) -> str:
    """Scheme and host without a trailing slash: SITE_URL, else the request's own, else ''."""
    if settings.SITE_URL:
        return settings.SITE_URL
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return ""


def absolute_url(path: str, request=None) -> str:
    """`path` (as from reverse(), starting with /) as an absolute address under the site's public address."""
    return site_base(request) + path
