"""`live/<key>/`: an event's changes pushed to its open pages as server-sent events.

A page learns its stream's address from its own poll's answer ("stream", `config/live.py`) and opens it with
EventSource (`static/poll.js`). Each message is the event's new generation; the page then polls at once
(one request, answered from the live cache) and fetches what changed as it always did. The stream says
nothing but "something changed": the key is signed, and given only to pages that may see the event.

One subscriber per process (`Hub`: one Redis connection, pattern `atout:live:*`) hands each message to the
streams of its event: an open page costs a queue and a heartbeat every HEARTBEAT_SECONDS, no database, no
session. The heartbeat is an event the page's script sees ("beat", its data the seconds until the next), not
a comment: a stream that stays silent for longer is dead (a proxy or a phone's network dropped it without a
word), and the page then polls and opens it again (`static/poll.js`). A stream ends after half to all of
LIVE_STREAM_SECONDS (the browser opens it again), or when Redis goes away: the page then polls as before
(`Atout.poll` falls back by itself when the stream fails).

Served by an ASGI server only (uvicorn config.asgi, see README): under WSGI a stream would hold a worker
for its whole life, so the address answers 404 there, and without Redis.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from config import live

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 20.0
RETRY_MS = 2000  # the browser's wait before it opens a dropped stream again
_GONE = object()  # tells a stream that its subscriber lost Redis


class Hub:
    """This process's one Redis subscriber, and the queues of the streams listening to each event."""

    def __init__(self) -> None:
        self.listeners: dict[int, set[asyncio.Queue[Any]]] = {}
        self.reader: asyncio.Task[None] | None = None
        self.ready: asyncio.Event | None = None

    async def listen(self, event_id: int) -> asyncio.Queue[Any]:
        """A queue that gets the event's generations; raises OSError when Redis cannot be subscribed to."""
        if self.reader is None or self.reader.done():
            self.ready = asyncio.Event()
            self.reader = asyncio.create_task(self._read(self.ready))
        assert self.ready is not None
        try:
            await asyncio.wait_for(self.ready.wait(), timeout=2)
        except TimeoutError as exc:
            raise OSError("live subscriber not ready") from exc
        if self.reader.done():
            raise OSError("live subscriber stopped")
        queue: asyncio.Queue[Any] = asyncio.Queue(maxsize=8)
        self.listeners.setdefault(event_id, set()).add(queue)
        return queue

    def forget(self, event_id: int, queue: asyncio.Queue[Any]) -> None:
        queues = self.listeners.get(event_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.listeners[event_id]

    async def _read(self, ready: asyncio.Event) -> None:
        import redis.asyncio as redis

        client = redis.Redis.from_url(settings.LIVE_REDIS_URL, socket_connect_timeout=1)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.psubscribe(f"{live.CHANNEL}*")
            ready.set()
            async for message in pubsub.listen():
                if message.get("type") != "pmessage":
                    continue
                event_id = int(message["channel"].decode().rsplit(":", 1)[1])
                for queue in list(self.listeners.get(event_id, ())):
                    if not queue.full():  # a slow page needs one message, not every one
                        queue.put_nowait(message["data"].decode())
        except Exception as exc:  # an outage: every stream ends, and its page polls
            logger.warning("Live subscriber lost Redis (%s); the pages poll", exc.__class__.__name__)
        finally:
            ready.set()
            for queues in list(self.listeners.values()):
                for queue in list(queues):
                    if queue.full():
                        queue.get_nowait()
                    queue.put_nowait(_GONE)
            self.listeners.clear()
            await pubsub.aclose()
            await client.aclose()


_hubs: dict[int, Hub] = {}


def hub() -> Hub:
    """The hub of the running event loop (one per process; a test's loop gets its own)."""
    loop = asyncio.get_running_loop()
    if id(loop) not in _hubs:
        _hubs.clear()
        _hubs[id(loop)] = Hub()
    return _hubs[id(loop)]


@require_GET
async def stream(request, key: str):
    """The event's changes as `text/event-stream` ("data: <generation>"), with a comment as heartbeat.
    Permission: the signed key, which only a page that may see the event is given (404 otherwise)."""
    event_id = live.stream_event(key)
    if event_id is None or not isinstance(request, ASGIRequest) or live.stream_key(event_id, request) is None:
        raise Http404
    try:
        queue = await hub().listen(event_id)
    except OSError:
        return HttpResponse(status=503, headers={"Retry-After": "10"})
    response = StreamingHttpResponse(_events(event_id, queue), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx passes each message on at once
    return response


async def _events(event_id: int, queue: asyncio.Queue[Any]) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    # Each stream lives between half and the whole of LIVE_STREAM_SECONDS: a room's pages open within the
    # same minute, and equal lives would end (and open again, each asking once) all in that minute.
    end = loop.time() + settings.LIVE_STREAM_SECONDS * random.uniform(0.5, 1.0)
    beat = f"event: beat\ndata: {HEARTBEAT_SECONDS:g}\n\n"
    try:
        yield f"retry: {RETRY_MS}\n{beat}"
        while (left := end - loop.time()) > 0:
            try:
                message = await asyncio.wait_for(queue.get(), timeout=min(HEARTBEAT_SECONDS, left))
            except TimeoutError:
                yield beat
                continue
            if message is _GONE:
                return
            yield f"data: {message}\n\n"
    finally:
        hub().forget(event_id, queue)
