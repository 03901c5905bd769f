"""What the views and the API take from a request to hand to the services."""

from __future__ import annotations

from scoring.access import Actor
from scoring.models import TableLink


def actor_from_request(request, *, link: TableLink | None = None, organiser: bool = False) -> Actor:
    """The actor of `request`: its table link (then no user), or its signed-in user, an organiser when the
    caller checked it. The address and user agent go into the sheet's history."""
    user = request.user if getattr(request, "user", None) is not None and request.user.is_authenticated else None
    return Actor(
        user=user if link is None else None,
        link=link,
        organiser=organiser and link is None,
        ip_address=request.META.get("REMOTE_ADDR") or None,
        user_agent=(request.META.get("HTTP_USER_AGENT") or "")[:300],
    )
