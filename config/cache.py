"""A Redis cache that a Redis outage cannot turn into a 500.

Everything Atout caches can be rebuilt from the database (public pages render their fragments again), so
while Redis is down or restarting a read is a miss and a write is dropped, with a warning in the log, as
django-redis does with IGNORE_EXCEPTIONS. `config/settings.py` picks this backend for a `rediscache://`
CACHE_URL and gives it short socket timeouts, so a miss costs little.
"""

from __future__ import annotations

import logging

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


def _down(operation: str, exc: Exception) -> None:
    logger.warning("Cache unavailable (%s: %s); serving without it", operation, exc)


class _OneClientPerPool(RedisCacheClient):
    """Django's client makes a new `redis.Redis` for every command, which builds its table of response
    callbacks anew: a sixth of a live poll's time (docs/performance.md). One per connection pool instead;
    a `redis.Redis` over a pool is safe to share between threads."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ForgivingRedisCache(RedisCache):
    """django's RedisCache; when Redis cannot answer, reads miss and writes are skipped."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _OneClientPerPool

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except RedisError as exc:
            _down("get", exc)
            return default

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except RedisError as exc:
            _down("get_many", exc)
            return {}

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except RedisError as exc:
            _down("has_key", exc)
            return False

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except RedisError as exc:
            _down("add", exc)
            return False

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set(key, value, timeout, version)
        except RedisError as exc:
            _down("set", exc)
            return None

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except RedisError as exc:
            _down("set_many", exc)
            return list(data)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version)
        except RedisError as exc:
            _down("touch", exc)
            return False

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except RedisError as exc:
            _down("delete", exc)
            return False

    def delete_many(self, keys, version=None):
        try:
            return super().delete_many(keys, version)
        except RedisError as exc:
            _down("delete_many", exc)
            return None
