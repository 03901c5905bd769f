"""The live pages' versions, kept where a poll can read them without the database, and the push signal.

Every live page (a table's phones, the team's sheet, the public standings, the venue screen) asks a small
`version.json` every few seconds. The answers are kept in the "live" cache (`config/settings.py`: Redis,
shared by every web process; with no Redis, as in the demo, this process's memory), each stamped with its
event's generation: a random word that every change to the event replaces, after commit (`changed`). A poll
reads its answer and its event's generation (two cache reads, no database, no session) and answers 304 while
both still match; otherwise it reads the database as before and keeps the new answer (`answer`).

A change can concern a part of the event only, its scope: one game's sheet (a deal, a submit, a
confirmation: `changed(event, scope=game_scope(id))`) or the standings (their dirty mark, a recompute:
`STANDINGS`). It replaces that scope's own generation, which only the answers of the pages showing that part
are stamped with too (a sheet's two phones and its team's sheet; the public standings and the venue screen),
so the event's other pages (80 others on a club evening) keep theirs; its stream message names the scope,
so those pages do not even ask (`static/poll.js`, "scope"). A change with no scope moves every page.

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
from typing import Any, NamedTuple

from django.conf import settings
from django.core import signing
from django.core.cache import caches
from django.core.handlers.asgi import ASGIRequest
from django.db import transaction
from django.urls import reverse

logger = logging.getLogger(__name__)

ANSWER_SECONDS = 60
FIRST_ANSWER_SECONDS = 2  # an answer whose generations were read after the database (see `answer`)
GENERATION_SECONDS = 24 * 60 * 60
CHANNEL = "atout:live:"
STANDINGS = "standings"  # the scope of the standings' changes (the public standings, the venue screen)
_SALT = "atout.live.stream"


def _cache():
    return caches["live"]


def game_scope(game_id: int) -> str:
    """The scope of one game's sheet."""
    return f"game:{game_id}"


def _gen_key(event_id: int, scope: str | None = None) -> str:
    return f"gen:{event_id}" if scope is None else f"gen:{event_id}:{scope}"


def changed(event: int | Callable[[], int | None] | None, *, scope: str | None = None, tell: bool = True) -> None:
    """Inside the transaction that changed what an event's live pages show (or outside any): after it
    commits, the event gets a new generation and its open streams hear of it. `event`: its id, or a function
    that finds it (called after commit, so a lookup costs the writing transaction nothing). `scope`: the change
    is that part of the event only, and only that scope's generation is replaced. `tell=False`: the kept
    answers give way but the streams are not told, for a change in an answer that no page following a stream
    shows (its next ask reads it). Never raises for an outage. Nothing to do when no answers are kept and no
    streams offered (LIVE_ANSWERS and LIVE_PUSH off)."""
    if event and (settings.LIVE_ANSWERS or settings.LIVE_PUSH != "off"):
        transaction.on_commit(partial(_bump, event, scope, tell), robust=True)


def _bump(event: int | Callable[[], int | None], scope: str | None = None, tell: bool = True) -> None:
    event_id = event() if callable(event) else event
    if not event_id:
        return
    generation = secrets.token_hex(6)
    _cache().set(_gen_key(event_id, scope), generation, GENERATION_SECONDS)
    if tell:
        publish(event_id, generation if scope is None else f"{generation} {scope}")


def publish(event_id: int, message: str) -> None:
    """Tell the event's open streams: the new generation, and the scope when the change has one (nothing to
    tell without Redis: the pages poll)."""
    client = redis_client()
    if client is None:
        return
    try:
        client.publish(f"{CHANNEL}{event_id}", message)
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


class Answer(NamedTuple):
    """A live page's state, and what it depends on: its event, and the scope of the part of it the page
    shows (None: only the event's unscoped changes move it)."""

    event_id: int
    state: dict[str, Any]
    scope: str | None = None


def _generations(event_id: int, scope: str | None) -> tuple[str | None, ...]:
    """The generations an answer depends on, in one cache round trip."""
    keys = [_gen_key(event_id)] + ([] if scope is None else [_gen_key(event_id, scope)])
    found = _cache().get_many(keys)
    return tuple(found.get(key) for key in keys)


def _generations_made(event_id: int, scope: str | None) -> tuple[str | None, ...]:
    """The same, each one made when there is none (a new key, or Redis lost it)."""
    cache = _cache()
    generations = _generations(event_id, scope)
    for generation, part in zip(generations, (None, scope), strict=False):
        if generation is None:
            cache.add(_gen_key(event_id, part), secrets.token_hex(6), GENERATION_SECONDS)
    return _generations(event_id, scope)


def answer(key: str, compute: Callable[[], Answer]) -> Answer:
    """The live answer kept under `key` while its generations are unchanged, else `compute()`'s (which reads
    the database, or raises Http404), kept for the next poll.

    A kept answer names its event and scope, so the generations are read before the database: a change
    committed after that read replaces them, and an answer is never kept under generations newer than what
    it shows. With nothing kept, they can only be read after the database: that answer is kept only
    FIRST_ANSWER_SECONDS, so a change that committed in between is seen within that."""
    if not settings.LIVE_ANSWERS:
        return compute()
    cache = _cache()
    kept = cache.get(key)
    read_before = None  # (event id, scope, their generations) read before the database
    if kept is not None:
        event_id, scope, generations, state = kept
        now = _generations(event_id, scope)
        if all(generations) and now == generations:
            return Answer(event_id, state, scope)
        read_before = (event_id, scope, now)
    fresh = compute()
    if read_before is not None and read_before[:2] == (fresh.event_id, fresh.scope) and all(read_before[2]):
        generations, seconds = read_before[2], ANSWER_SECONDS
    else:
        generations, seconds = _generations_made(fresh.event_id, fresh.scope), FIRST_ANSWER_SECONDS
    if all(generations):
        cache.set(key, (fresh.event_id, fresh.scope, generations, fresh.state), seconds)
    return fresh


def push_fields(answer: Answer, request: Any) -> dict[str, str]:
    """What a poll's answer adds for the push path: the event's stream ("stream", its address) and which of
    its messages concern the page ("scope": the answer's, or "event" when only the unscoped ones do); nothing
    when no stream is offered. Not part of the ETag."""
    key = stream_key(answer.event_id, request)
    if key is None:
        return {}
    return {"stream": reverse("live-stream", args=[key]), "scope": answer.scope or "event"}


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
