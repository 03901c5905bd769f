"""Rate limits on the doors a password guesser knocks at: the login (django-axes) and the password reset.

`login_locked_out` is django-axes' lockout answer (settings.AXES_LOCKOUT_CALLABLE): a translated page that
says how many wrong passwords locked what, and for how long, with status 429. `rate_limited_password_reset`
wraps a password reset view: more than PASSWORD_RESET_RATE_LIMIT requests (POST) from one address in an
hour get the same kind of page, and no mail is sent.
"""

from __future__ import annotations

from functools import wraps

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render
from django.utils.translation import gettext as _

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


def _client_address(request) -> str:
    return request.META.get("REMOTE_ADDR") or "unknown"


def rate_limited_password_reset(view):
    """Count password reset requests per address; past the limit, answer 429 with a translated page."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method == "POST":
            key = f"atout:password-reset:{_client_address(request)}"
            # add() starts the window only once; incr() counts inside it. A cache outage must not open the door
            # wider than the login: without a cache the reset still works, the login lockout lives in the database.
            try:
                cache.add(key, 0, timeout=RESET_WINDOW_SECONDS)
                count = cache.incr(key)
            except Exception:  # cache down: let the request through rather than fail it
                count = 0
            if count > settings.PASSWORD_RESET_RATE_LIMIT:
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
