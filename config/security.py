"""Rate limits on the doors a password guesser knocks at: the login (django-axes) and the password reset.

`login_locked_out` is django-axes' lockout answer (settings.AXES_LOCKOUT_CALLABLE): a translated page that
says how many wrong passwords locked what, and for how long, with status 429. `rate_limited_password_reset`
wraps a password reset view: more than PASSWORD_RESET_RATE_LIMIT requests (POST) from one address in an
hour get the same kind of page, and no mail is sent. The address is the one axes counts (`client_address`,
axes' AXES_CLIENT_IP_CALLABLE, which follows AXES_PROXY_COUNT behind a proxy), and the count is in the
database (`tournaments.services.accounts.password_reset_allow`), shared by every web process.
"""

from __future__ import annotations

import ipaddress
from datetime import timedelta
from functools import wraps

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_ip_address
from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.services.accounts import password_reset_allow

RESET_WINDOW_SECONDS = 3600


class LoginRateLimitBackend(AxesStandaloneBackend):
    """django-axes' check, for every login that comes with a request (the login and admin forms, the API).

    A call of `authenticate()` without a request (the test client's `login()`, a shell) has no address to
    count and is not a door from outside: it goes on to the next backend instead of failing."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def login_locked_out(request, original_response=None, credentials=None):
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    return render(
        request,
        "registration/locked_out.html",
        {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes},
        status=429,
    )


def client_address(request) -> str | None:
    """The client's address, for axes (settings.AXES_CLIENT_IP_CALLABLE) and the password reset limit alike.

    Behind AXES_PROXY_COUNT proxies, each of which appends the address it was reached from to
    X-Forwarded-For, the client is the entry that many places from the right: what the first proxy saw.
    Entries further left are the client's own say, and never trusted. Without proxies, or when the header
    is short or not an address, it is the connecting address."""
    count = settings.AXES_IPWARE_PROXY_COUNT
    if count > 0:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        if len(hops) >= count:
            try:
                return str(ipaddress.ip_address(hops[-count]))
            except ValueError:
                pass
    return request.META.get("REMOTE_ADDR")


def counted_address(request) -> str:
    """The address a limit counts a request under (axes' own reading of `client_address`)."""
    return get_client_ip_address(request) or "unknown"


def rate_limited_password_reset(view):
    """Count password reset requests per address; past the limit, answer 429 with a translated page."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method == "POST":
            allowed = password_reset_allow(
                address=counted_address(request),
                limit=settings.PASSWORD_RESET_RATE_LIMIT,
                window=timedelta(seconds=RESET_WINDOW_SECONDS),
            )
            if not allowed:
                return render(
                    request,
                    "registration/rate_limited.html",
                    {
                        "message": _(
                            "Too many password reset requests from this address: at most %(limit)s an hour. "
                            "Try again later."
                        )
                        % {"limit": settings.PASSWORD_RESET_RATE_LIMIT},
                    },
                    status=429,
                )
        return view(request, *args, **kwargs)

    return wrapper
