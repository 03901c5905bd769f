"""Team links on printed pages: `{% team_link_urls event as links %}`, then `{{ links|link_for:entry_id }}`
and `{{ url|qr_svg }}`. Used by the by-name print (a tournaments template), which thus needs no import of
scoring's code."""

from __future__ import annotations

import segno
from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from config.site import absolute_url
from scoring.models import TeamLink

register = template.Library()


@register.simple_tag(takes_context=True)
def team_link_urls(context, event) -> dict[int, str]:
    """{entry id: absolute address of its active team link} for every entry of `event` (one query)."""
    request = context.get("request")
    links = TeamLink.objects.active().filter(entry__event=event).values_list("entry_id", "token")
    urls = {}
    for entry_id, token in links:
        path = reverse("scoring:team", args=[token])
        urls[entry_id] = absolute_url(path, request)
    return urls


@register.filter
def link_for(urls: dict[int, str], entry_id) -> str:
    return (urls or {}).get(entry_id, "")


@register.filter
def qr_svg(url: str) -> str:
    """The QR code of `url` as inline SVG (no script, no data: address), or nothing for an empty url."""
    if not url:
        return ""
    svg = segno.make(url, error="m", micro=False).svg_inline(scale=2, border=2, omitsize=False)
    return format_html('<span class="qr" role="img" aria-label="{}">{}</span>', url, mark_safe(svg))
