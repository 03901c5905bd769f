"""What the debug error page (and error e-mails) may show of the settings and the environment.

Django hides settings whose name contains KEY, SECRET, PASS, TOKEN, ...; our secrets also travel inside
URLs (`DATABASE_URL=postgres://atout:PASSWORD@db/atout`, `CELERY_BROKER_URL`, `CACHE_URL`, the result
backend), which Django's filter shows in full. This filter hides those settings by name, and masks the
password of any URL that carries one, whatever its setting or environment variable is called.
"""

import re

from django.views.debug import SafeExceptionReporterFilter

# scheme://user:password@host → the password part; also scheme://:password@host (Redis).
_URL_PASSWORD = re.compile(r"(?P<head>[a-z][a-z0-9+.-]*://[^/@:\s]*:)(?P<password>[^@\s]+)(?=@)", re.IGNORECASE)


class SafeSettingsFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile(
        "API|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE"  # Django's own list
        "|DATABASE_URL|BROKER|RESULT_BACKEND|CACHE_URL|REDIS_URL|EMAIL_URL|LOCATION|DSN",  # URL-style secrets
        flags=re.IGNORECASE,
    )

    def cleanse_setting(self, key, value):
        value = super().cleanse_setting(key, value)
        if isinstance(value, str):  # also lazy strings; leave them alone unless a password is in them
            masked = _URL_PASSWORD.sub(lambda m: m["head"] + self.cleansed_substitute, str(value))
            return masked if masked != str(value) else value
        return value
