"""The live pages' versions, kept where a poll can read them without the database, and the push signal.

Every live page (a table's phones, the team's sheet, the public standings, the venue screen) asks a small
`version.json` every few seconds. The answers are kept in the "live" cache (`config/settings.py`: Redis,
shared by every web process; with no Redis, as in the demo, this process's memory), each stamped with its
event's generation: a random word that every change to the event replaces, after commit (`changed`). A poll
reads its answer and its event's generation (two cache reads, no database, no session) and answers 304 while
both still match; otherwise it reads the database as before and keeps the new answer (`answer`).

Correct through outages: while Redis does not answer, a read is a miss (`config/cache.ForgivingRedisCache`)
and the poll reads the database; an answer is kept at most ANSWER_SECONDS, so one kept across a lost
change (Redis unreachable at that moment but not restarted) is gone by then.

The same change is published on Redis (channel `atout:live:<event id>`, the new generation as message), which
the event streams (`config/stream.py`) pass on to the open pages: they then poll at once.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from functools import partial
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.cache import caches
from django.core.handlers.asgi import ASGIRequest
from django.db import transaction

logger = logging.getLogger(__name__)

ANSWER_SECONDS = 60
GENERATION_SECONDS = 24 * 60 * 60
CHANNEL = "atout:live:"
_SALT = "atout.live.stream"


def _cache():
    return caches["live"]


def _gen_key(event_id: int) -> str:
    return f"gen:{event_id}"


def changed(event: int | Callable[[], int | None] | None) -> None:
    """Inside the transaction that changed what an event's live pages show (or outside any): after it
    commits, the event gets a new generation and its open streams hear of it. `event`: its id, or a function
    that finds it (called after commit, so a lookup costs the writing transaction nothing). Never raises for
    an outage. Nothing to do when no answers are kept and no streams offered (LIVE_ANSWERS and LIVE_PUSH off)."""
    if event and (settings.LIVE_ANSWERS or settings.LIVE_PUSH != "off"):
        transaction.on_commit(partial(_bump, event), robust=True)


def _bump(event: int | Callable[[], int | None]) -> None:
    event_id = event() if callable(event) else event
    if not event_id:
        return
    generation = secrets.token_hex(6)
    _cache().set(_gen_key(event_id), generation, GENERATION_SECONDS)
    publish(event_id, generation)


def publish(event_id: int, generation: str) -> None:
    """Tell the event's open streams (nothing to tell without Redis: the pages poll)."""
    client = redis_client()
    if client is None:
        return
    try:
        client.publish(f"{CHANNEL}{event_id}", generation)
    except Exception as exc:  # an outage: the pages' polls find the change (from the database meanwhile)
        logger.warning("Live signal not published (%s); the pages poll", exc.__class__.__name__)


_client: Any = None


def redis_client() -> Any:
    """The synchronous Redis client of LIVE_REDIS_URL (one per process), or None without Redis."""
    global _client
    if not settings.LIVE_REDIS_URL:
        return None
    if _client is None:
        import redis

        _client = redis.Redis.from_url(settings.LIVE_REDIS_URL, socket_connect_timeout=0.5, socket_timeout=1.0)
    return _client


def _generation(event_id: int) -> str:
    """The event's generation; one is made when there is none (a new key, or Redis lost it)."""
    cache = _cache()
    generation = cache.get(_gen_key(event_id))
    if generation is None:
        cache.add(_gen_key(event_id), secrets.token_hex(6), GENERATION_SECONDS)
        generation = cache.get(_gen_key(event_id))
    return generation or ""


def answer(key: str, compute: Callable[[], tuple[int, dict[str, Any]]]) -> tuple[int, dict[str, Any]]:
    """The live answer kept under `key` while its event has not changed since, else `compute()`'s (which
    reads the database and returns (event id, state), or raises Http404), kept for the next poll.

    Returns (event id, state). The generation is
    read before the database: a change committed after that read replaces it, so an answer is never kept
    under a generation newer than what it shows."""
    if not settings.LIVE_ANSWERS:
        return compute()
    cache = _cache()
    kept = cache.get(key)
    if kept is not None:
        event_id, generation, state = kept
        if generation and cache.get(_gen_key(event_id)) == generation:
            return event_id, state
    # Not kept, or the event changed: the database, as before, and the answer kept for the next poll.
    event_id, state = compute()
    generation = _generation(event_id)
    if generation:
        cache.set(key, (event_id, generation, state), ANSWER_SECONDS)
    return event_id, state


def forget_all() -> None:
    """Drop every kept answer and generation (tests, benches); only the live cache's own keys."""
    cache = _cache()
    if not settings.LIVE_REDIS_URL:
        cache.clear()
        return
    client = cache._cache.get_client(write=True)
    keys = list(client.scan_iter(match=f"{cache.key_prefix}:*", count=1000))
    if keys:
        client.delete(*keys)


def stream_key(event_id: int, request: Any) -> str | None:
    """The signed key of the event's stream (`live/<key>/`), given to the pages that may see the event; None
    when no stream is offered: no Redis, LIVE_PUSH "off", or with "auto" a `request` not served by an ASGI
    server (a stream would hold a WSGI worker for its whole life; "proxy": a proxy sends `live/` to one)."""
    push = settings.LIVE_PUSH
    if not settings.LIVE_REDIS_URL or push == "off" or (push == "auto" and not isinstance(request, ASGIRequest)):
        return None
    return signing.Signer(salt=_SALT).sign(str(event_id))


def stream_event(key: str) -> int | None:
    """The event a stream key names, or None for a key that was not made here."""
    try:
        return int(signing.Signer(salt=_SALT).unsign(key))
    except (signing.BadSignature, ValueError):
        return None
