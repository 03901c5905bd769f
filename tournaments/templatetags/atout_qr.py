"""QR codes in pages: `{% standings_qr event %}` draws the public standings address of an event as inline SVG,
with the address written under it for anyone who cannot scan. Addresses start with the site's public address
(SITE_URL), so a phone in the room can open them."""

from __future__ import annotations

import segno
from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from config.site import absolute_url

register = template.Library()


def qr_svg(data: str, *, scale: int = 4, label: str = "") -> str:
    """An inline SVG QR code of `data` (no external file: works in print and on a projector)."""
    qr = segno.make(data, error="m", micro=False)
    # omitsize: a viewBox and no fixed size, so CSS scales the code (a wall print, a projector).
    return qr.svg_inline(scale=scale, border=2, title=label or None, omitsize=True)


@register.simple_tag(takes_context=True)
def standings_qr(context, event, scale: int = 4):
    """The event's public standings address as a QR code and in words; empty if the public pages are absent."""
    try:
        path = reverse("public:standings", kwargs={"club_slug": event.club.slug, "event_slug": event.slug})
    except NoReverseMatch:
        return ""
    url = absolute_url(path, context.get("request"))
    label = _("Final standings") if event.is_finished else _("Live standings")
    return format_html(
        '<figure class="standings-qr"><div class="qr" role="img" aria-label="{}">{}</div>'
        '<figcaption>{}<br><span class="qr-url">{}</span></figcaption></figure>',
        _("QR code: %(address)s") % {"address": url},
        mark_safe(qr_svg(url, scale=scale, label=label)),
        label,
        url,
    )
