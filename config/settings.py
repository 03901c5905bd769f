"""Atout settings: one module, driven by the environment.

With nothing set, Atout runs embedded: SQLite in the project folder, Celery tasks run eagerly in the web
process, DEBUG on and a secret key generated once into `.secret_key`. Set DATABASE_URL, CELERY_BROKER_URL,
SECRET_KEY and ALLOWED_HOSTS for production: PostgreSQL, a Redis broker, DEBUG off and secure cookies.
Every variable is listed in README.md.
"""

import datetime
import os
import secrets
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config import backing

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
if (BASE_DIR / ".env").is_file():
    env.read_env(BASE_DIR / ".env")

# Embedded mode: no DATABASE_URL means "a laptop with nothing running", so development defaults apply.
DATABASE_URL = env.str("DATABASE_URL", default="")
EMBEDDED = not DATABASE_URL
DEBUG = env.bool("DEBUG", default=EMBEDDED)


def _secret_key() -> str:
    key = env.str("SECRET_KEY", default="")
    if key:
        return key
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Development: generate once, keep it out of git (.gitignore), readable by the owner only.
    path = BASE_DIR / ".secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# The site's public address (scheme, host, port), e.g. http://192.168.1.20:8000 on a club LAN: every absolute
# link and QR code (table cards, the by-name print, the venue screen, emails) starts with it, so a phone at the
# table reaches the server. Unset: the address the request came in on (fine on one machine, not on a LAN).
SITE_URL = env.str("SITE_URL", default="").rstrip("/")
if SITE_URL:
    # The public address is served by definition: its host is allowed, and forms posted from it are trusted.
    from urllib.parse import urlsplit

    _site = urlsplit(SITE_URL)
    if _site.hostname and _site.hostname not in ALLOWED_HOSTS and "*" not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(_site.hostname)
    if f"{_site.scheme}://{_site.netloc}" not in CSRF_TRUSTED_ORIGINS:
        CSRF_TRUSTED_ORIGINS.append(f"{_site.scheme}://{_site.netloc}")

INSTALLED_APPS = [
    "config.admin.SuperuserAdminConfig",  # django.contrib.admin, for superusers only (config/admin.py)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",  # Django's widget templates, for the site's form renderer (FORM_RENDERER below)
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and ReDoc as our own static files, no CDN
    "axes",
    "csp",
    "tournaments",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Forms render through the site's templates: components/form.html and components/field.html (config/forms.py).
FORM_RENDERER = "config.forms.SiteFormRenderer"

DATABASES = {"default": env.db_url_config(DATABASE_URL or f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0 if EMBEDDED else 60)
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# A kept connection is checked before a request reuses it: after a database restart the first request on each
# stale connection reconnects instead of failing (with CONN_MAX_AGE, one 500 per web thread otherwise).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Prepared statements (PostgreSQL): server-side binding, and psycopg prepares a statement once it ran this many
# times on a connection, so PostgreSQL parses and plans it once. Off by default: behind PgBouncer in
# transaction mode a connection's prepared statements may be gone (or another client's) at the next
# transaction. See the README's configuration table.
DATABASE_PREPARE_THRESHOLD = env.int("DATABASE_PREPARE_THRESHOLD", default=None)
if DATABASE_PREPARE_THRESHOLD is not None and not EMBEDDED:
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": DATABASE_PREPARE_THRESHOLD}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a login (and counts the failure) before any password is checked.
AUTHENTICATION_BACKENDS = [
    "config.security.LoginRateLimitBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Invitations and password resets: the console backend prints mails in the demo; production sets EMAIL_URL
# (e.g. smtp+tls://user:password@mail.example:587). Tests use Django's locmem backend.
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="atout@localhost")
LOGIN_URL = "login"
# After logging in an organiser lands on "My clubs", their work, not on the public landing page.
LOGIN_REDIRECT_URL = "tournaments:clubs"
LOGOUT_REDIRECT_URL = "landing"

# German first (the Hoheluft evenings), English and French.
LANGUAGE_CODE = env.str("LANGUAGE_CODE", default="de")
LANGUAGES = [("de", _("German")), ("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))
# Files on a disk, or on S3 for more than one host (config/backing.py).
STORAGES = {
    "default": backing.default_storage(env),
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env.bool("STATIC_MANIFEST", default=not DEBUG)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # A cache that is down must cost a page little: a miss, not a 500 (config/cache.py), and fast: the
    # pages render from the database instead of waiting on a dead socket.
    CACHES["default"]["BACKEND"] = "config.cache.ForgivingRedisCache"
    CACHES["default"]["OPTIONS"] = {
        "socket_connect_timeout": 0.5,
        "socket_timeout": 1.0,
        **CACHES["default"].get("OPTIONS", {}),
    }

# Celery: no broker configured means tasks run eagerly inside the request (demo, quick unit runs).
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
if CELERY_TASK_ALWAYS_EAGER:
    CELERY_BROKER_URL = "memory://"
CELERY_RESULT_BACKEND = (
    env.str("CELERY_RESULT_BACKEND", default="" if CELERY_TASK_ALWAYS_EAGER else CELERY_BROKER_URL) or None
)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TRACK_STARTED = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# acks_late tasks of a worker that died come back after this many seconds (Redis' default is an hour,
# too long for standings people are waiting for). Longer than any task runs.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=300),
    # A request that queues work after its commit must not wait for a broker that is down (scoring.tasks
    # sends without retries and logs a failure; the sweep below queues the work again).
    "socket_connect_timeout": 1,
    "socket_timeout": 2,
    # A publisher (web, beat) gives up at the first refused connection instead of sleeping between retries;
    # the worker reconnects by its own settings (broker_connection_retry, broker_connection_max_retries).
    "max_retries": 0,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_TIMEZONE = TIME_ZONE
# The catch-up sweep (scoring.tasks.sweep_owed): what a broker outage or a dead worker lost is queued
# again within one period, so standings are right within a minute of an outage ending.
# How often the venue screen asks whether anything changed: a table's call to the director shows within 2 s.
VENUE_POLL_MS = env.int("VENUE_POLL_MS", default=1000)
ATOUT_SWEEP_SECONDS = env.int("ATOUT_SWEEP_SECONDS", default=30)
ATOUT_EXPORT_PENDING_SECONDS = env.int("ATOUT_EXPORT_PENDING_SECONDS", default=60)
ATOUT_EXPORT_RUNNING_SECONDS = env.int("ATOUT_EXPORT_RUNNING_SECONDS", default=600)
# A worker writing an export touches its row this often; three missed beats and the sweep restarts it.
ATOUT_EXPORT_HEARTBEAT_SECONDS = env.float("ATOUT_EXPORT_HEARTBEAT_SECONDS", default=10.0)
# Live updates (config/live.py, config/stream.py): the versions and the push signal in Redis, shared by every
# web process, or in memory without Redis (config/backing.py says how each is chosen).
LIVE_REDIS_URL = backing.live_redis_url(env)
LIVE_PUSH = backing.live_push(env)
# Keep the version answers in the live cache (off: every poll reads the database, as the tests that never
# commit do: tests/conftest.py).
LIVE_ANSWERS = env.bool("LIVE_ANSWERS", default=True)
# How long a page's stream stays open before the browser opens a new one (a proxy's idle limit is longer
# than the heartbeat; the reconnection re-reads the page's state through its poll). An open stream costs a
# heartbeat; each reopening costs a request on each server and an ask: at 300 s they were a third of the
# web's requests on a room of 4,000 pages, so half an hour (a dead one is told by its missed heartbeats).
LIVE_STREAM_SECONDS = env.int("LIVE_STREAM_SECONDS", default=1800)
CACHES["live"] = backing.live_cache(LIVE_REDIS_URL)

CELERY_BEAT_SCHEDULE = {
    "scoring-sweep": {
        "task": "scoring.sweep",
        "schedule": float(ATOUT_SWEEP_SECONDS),
        "options": {"expires": float(ATOUT_SWEEP_SECONDS)},
    },
}

REST_FRAMEWORK = {
    # Deny by default: every API view states its own permission explicitly.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # DRF's three parsers; JSON refuses too-deep nesting and lone surrogates with a 400 (config/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "config.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    # One error shape for every 4xx: {code, detail, errors: [{field, code, message}]} (config/exceptions.py).
    "EXCEPTION_HANDLER": "config.exceptions.api_exception_handler",
    # Budgets per anonymous address, per signed-in user (and per table token on the sheet endpoints, per
    # address on the rules scorer): config/throttles.py, rates below. A 429 carries Retry-After.
    "DEFAULT_THROTTLE_CLASSES": ["config.throttles.AnonThrottle", "config.throttles.UserThrottle"],
}
# Who may start a new club: "allowed" (the first account, superusers and the accounts they allow on a club's
# organisers page) or "anyone" (every signed-in account). tournaments.permissions.may_create_club.
ATOUT_CLUB_CREATION = env.str("ATOUT_CLUB_CREATION", default="allowed")
if ATOUT_CLUB_CREATION not in ("allowed", "anyone"):
    raise ImproperlyConfigured(f'ATOUT_CLUB_CREATION must be "allowed" or "anyone", not "{ATOUT_CLUB_CREATION}"')
# Requests per period ("120/min"); an empty value turns that throttle off. A phone's queue sends one request
# per deal (a full sheet, 12 to 20, at once after an outage); an organiser's desk a few per minute.
ATOUT_THROTTLE_RATES = {
    "anon": env.str("ATOUT_THROTTLE_ANON", default="120/min") or None,
    "user": env.str("ATOUT_THROTTLE_USER", default="600/min") or None,
    "table_token": env.str("ATOUT_THROTTLE_TABLE_TOKEN", default="240/min") or None,
    "rules_score": env.str("ATOUT_THROTTLE_RULES_SCORE", default="60/min") or None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Atout API",
    "DESCRIPTION": "Belote club tournaments: rules engine, events, draws, score sheets and standings.\n\n"
    "Every 4xx answer has one shape: `{code, detail, errors: [{field, code, message}]}`. `code` is stable, "
    "`detail` and `message` are in the request's language, `field` is a dotted path into the request body "
    "(`deal.tricks.A`, `deals.2.contract`) or null.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc from drf-spectacular-sidecar's static files: no CDN, no "@latest".
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    # Several models have a `status`: name each enum after its model instead of a hashed "Status…Enum".
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.Event.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        # Choice sets that several serializers share: one name each.
        "TeamEnum": "scoring.rules.words.TEAMS",
        "RankEnum": "scoring.rules.words.RANKS",
    },
}

# Login rate limit (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username from one address,
# that pair is locked out for AXES_COOLOFF_MINUTES, even with the right password.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=10)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.security.login_locked_out"  # a translated page with the numbers, status 429
AXES_IPWARE_PROXY_COUNT = env.int("AXES_PROXY_COUNT", default=0)  # proxies in front that set X-Forwarded-For
# The client's address behind those proxies, for axes and the password reset limit alike.
AXES_CLIENT_IP_CALLABLE = "config.security.client_address"
AXES_VERBOSE = False
# The password reset form answers the same way: at most this many requests per address and hour.
PASSWORD_RESET_RATE_LIMIT = env.int("PASSWORD_RESET_RATE_LIMIT", default=5)
# A table card's short code typed at /c/: at most this many wrong codes per address in the window, then the
# page refuses every code until the oldest miss leaves it (scoring.sheets.card_codes).
CARD_CODE_RATE_LIMIT = env.int("CARD_CODE_RATE_LIMIT", default=10)
CARD_CODE_WINDOW = datetime.timedelta(minutes=env.int("CARD_CODE_WINDOW_MINUTES", default=10))

# The member import's confirmation posts one box per line, up to 1,000 lines (tournaments.member_import
# MAX_LINES), beside the list itself: Django's default of 1,000 fields refused it from about 998 lines.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1200

# The largest JSON event archive the importer reads (bytes): a 300-pair evening with its history is a few MB.
ARCHIVE_MAX_BYTES = env.int("ARCHIVE_MAX_BYTES", default=16 * 1024 * 1024)

# Content-Security-Policy on every response: scripts and styles from our own static files only, never
# inline (templates carry data in data-* attributes or json_script), nothing framed, forms post here.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Permissions-Policy on every response (django-permissions-policy): no page of ours uses the camera, the
# microphone, the position, payments or USB, so none may, not even a script that got in.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    "camera": [],
    "geolocation": [],
    "microphone": [],
    "payment": [],
    "usb": [],
}

# The debug page and error mails hide URL-style secrets too (DATABASE_URL's password, broker, cache).
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.errors.SafeSettingsFilter"

# Production safety: secure by default whenever DEBUG is off; each can be relaxed by its variable
# (e.g. a club LAN without TLS sets SECURE_SSL_REDIRECT=false).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SILENCED_SYSTEM_CHECKS = env.list("SILENCED_SYSTEM_CHECKS", default=[])

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Table tokens masked ("/t/…/") in whatever is logged: on the console handler for every record that
    # reaches the root logger, and on Django's request and runserver loggers themselves (config/logs.py).
    "filters": {"mask_tokens": {"()": "config.logs.TokenMaskFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["mask_tokens"]}},
    "loggers": {
        "django.request": {"filters": ["mask_tokens"]},
        "django.server": {"filters": ["mask_tokens"]},
        # uvicorn's access lines (compose's web server): masked, and through the console handler above.
        "uvicorn.access": {"filters": ["mask_tokens"], "handlers": ["console"], "propagate": False},
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}
