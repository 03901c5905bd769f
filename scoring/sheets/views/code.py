"""`/c/`: a phone that cannot scan the table card's QR code types the card's short code ("T5-N 4821") and
lands on the card's page, as if it had scanned.

Permissions: anyone (the code is the key, as the token is); it only leads to the card's own address. Every
wrong code counts against the client's address (scoring.sheets.card_codes.card_by_code); past the limit the
page answers 429 and says when to try again. Text that is not a code's shape is refused without a lookup and
not counted: it guesses nothing. Works without JavaScript: one form, posted, answered with a redirect to the
card or with the page again and a sentence.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from config.security import counted_address
from scoring.sheets.card_codes import MAX_TYPED, card_by_code, parse_code

EXAMPLE = "T5-N 4821"


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def code_page(request):
    """GET: the form. POST `code`: a redirect (303) to the card's page, or the form with why not."""
    if request.method != "POST":
        return _page(request)
    typed = request.POST.get("code", "")
    if not typed.strip():
        return _page(
            request,
            _("Code: type the code printed on the table card, for example %(example)s.") % {"example": EXAMPLE},
            status=400,
        )
    parsed = parse_code(typed)
    if parsed is None:
        message = _(
            "Code: the table number, the side's letter and four digits, as printed on the table card "
            "(for example %(example)s). “%(value)s” is not such a code."
        ) % {"example": EXAMPLE, "value": typed[:MAX_TYPED]}
        return _page(request, message, typed=typed, status=400)
    limit, window = settings.CARD_CODE_RATE_LIMIT, settings.CARD_CODE_WINDOW
    answer = card_by_code(typed=parsed, address=counted_address(request), limit=limit, window=window)
    if answer.retry_minutes is not None:
        window_minutes = int(window.total_seconds() // 60)
        message = ngettext(
            "Too many wrong codes from this address: at most %(limit)s in %(window)s minutes. "
            "Try again in %(minutes)s minute.",
            "Too many wrong codes from this address: at most %(limit)s in %(window)s minutes. "
            "Try again in %(minutes)s minutes.",
            answer.retry_minutes,
        ) % {"limit": limit, "window": window_minutes, "minutes": answer.retry_minutes}
        return _page(request, message, typed=typed, status=429)
    if answer.card is None:
        return _page(request, _("No table has this code. Check the digits on the card."), typed=typed, status=404)
    response = HttpResponseRedirect(reverse("scoring:referee", args=[answer.card.token]))
    response.status_code = 303  # a POST answered: the phone GETs the card's page
    return response


def _page(request, error: str | None = None, *, typed: str = "", status: int = 200):
    context = {"error": error, "typed": typed[:MAX_TYPED], "max_typed": MAX_TYPED, "example": EXAMPLE}
    return render(request, "referee/code.html", context, status=status)
