"""The API's throttles: anonymous callers, each table token and each signed-in user get their own budget.

Counts live in the default cache (Redis in production, shared by every web process). A cache that is down
counts nothing, so the API answers as if unthrottled rather than failing (config/cache.py): an outage of the
cache must not stop a referee's deal. Rates come from settings.ATOUT_THROTTLE_RATES, read at each request so
that a test or an installation can set them without re-importing DRF.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from config.security import client_address


class _SettingsRateThrottle(SimpleRateThrottle):
    def get_rate(self) -> str | None:
        return settings.ATOUT_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request) -> str:
        # The address axes and the password-reset limit use: behind proxies, what the first proxy saw.
        return client_address(request) or "unknown"


class AnonThrottle(_SettingsRateThrottle):
    """Every anonymous caller without a table token, by address (the public pages' JSON, the calculator)."""

    scope = "anon"

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return None
        if getattr(view, "kwargs", {}).get("token"):
            return None  # a phone at a table counts against its token (TableTokenThrottle), not the room's address
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class UserThrottle(_SettingsRateThrottle):
    """Each signed-in account (organisers' scripts and pages)."""

    scope = "user"

    def get_cache_key(self, request, view):
        if not (request.user and request.user.is_authenticated):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class TableTokenThrottle(_SettingsRateThrottle):
    """Each table token (a game link or a table card): a phone's queue sends a few deals at once, never
    hundreds a minute; a leaked token cannot flood the sheet's history. The token is hashed in the key, so the
    cache holds no secret."""

    scope = "table_token"

    def get_cache_key(self, request, view):
        token = getattr(view, "kwargs", {}).get("token")
        if not token:
            return None
        ident = hashlib.sha256(str(token).encode()).hexdigest()[:32]
        return self.cache_format % {"scope": self.scope, "ident": ident}


class RulesScoreThrottle(_SettingsRateThrottle):
    """The anonymous, CPU-bound rules scorer (/api/v1/rules/score/): its own, smaller budget per address, so a
    loop on it cannot slow the public pages."""

    scope = "rules_score"

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
