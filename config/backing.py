"""Settings for the backing services that several web processes share, read from the environment:
where files are kept (a disk, or an S3 bucket for more than one host) and where the live pages' versions and
push signal live (Redis, or this process's memory). config/settings.py calls these; each returns plain values.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured

LIVE_PUSH_CHOICES = ("auto", "proxy", "off")


def default_storage(env) -> dict[str, Any]:
    """Exports and restore uploads go through Django's storage API: the local disk (MEDIA_ROOT) for one host,
    or an S3 bucket (ATOUT_S3_BUCKET) when the web processes run on more than one host (a file written by one
    is downloaded through another). The bucket stays private: only the checked download view reads it, never
    a bucket URL. The keys come from boto3's own environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) or the
    host's role."""
    bucket = env.str("ATOUT_S3_BUCKET", default="")
    if not bucket:
        return {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    return {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": bucket,
            "endpoint_url": env.str("ATOUT_S3_ENDPOINT_URL", default="") or None,
            "region_name": env.str("ATOUT_S3_REGION", default="") or None,
            "location": env.str("ATOUT_S3_PREFIX", default=""),
            "default_acl": "private",
            "file_overwrite": False,
            "querystring_auth": True,
        },
    }


def live_redis_url(env) -> str:
    """Where the live pages' version answers and push signal live (config/live.py, config/stream.py):
    LIVE_REDIS_URL, by default the cache's Redis, else the broker's; "" (no Redis: the demo's one process keeps
    them in memory, and the pages poll)."""
    cache_url = env.str("CACHE_URL", default="")
    broker_url = env.str("CELERY_BROKER_URL", default="")
    if cache_url.startswith("rediscache://"):
        default = cache_url.replace("rediscache://", "redis://", 1)
    elif broker_url.startswith(("redis://", "rediss://")):
        default = broker_url
    else:
        default = ""
    return env.str("LIVE_REDIS_URL", default=default)


def live_push(env) -> str:
    """LIVE_PUSH: "auto" offers the event stream to pages served by an ASGI server (uvicorn config.asgi),
    "proxy" to every page (a proxy sends `/live/` to uvicorn and the rest to gunicorn), "off" to none."""
    push = env.str("LIVE_PUSH", default="auto")
    if push not in LIVE_PUSH_CHOICES:
        raise ImproperlyConfigured(f'LIVE_PUSH must be "auto", "proxy" or "off", not "{push}"')
    return push


def live_cache(url: str) -> dict[str, Any]:
    """The "live" cache: the shared Redis when there is one (a miss, never a 500, when it is down), else memory."""
    if not url:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "atout-live"}
    return {
        "BACKEND": "config.cache.ForgivingRedisCache",
        "LOCATION": url,
        "KEY_PREFIX": "live",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
    }
