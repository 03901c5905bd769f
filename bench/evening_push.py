"""The push half of the evening bench (bench/evening_bench.py --push): every open page follows its event's
stream as static/poll.js does, instead of polling every 1.5 s.

As in production's "scale" profile (docker/compose.yaml): gunicorn serves the pages and the writes with
LIVE_PUSH=proxy, so each version answer names the event's stream and the page's scope in it; uvicorn
(config.asgi, one process) serves `live/<key>/`. The bench's client talks to each directly (no nginx in
front: its CPU is not counted). A page:
- asks its version once, which names its stream and scope, and opens the stream (one socket per page, as
  one EventSource per page);
- on each message that concerns it (the event's unscoped ones, or its own scope's: "<generation> game:<id>",
  "<generation> standings"), asks its version at once, and fetches its live part when the version moved;
  the others (another table's deal, the standings for a phone) are counted and dropped;
- asks every `--slow` s anyway (poll.js's safety net, 120 s), and reads the stream's heartbeats ("beat"
  events, every 20 s), by which poll.js tells a live stream from one dropped without a word;
- when its stream ends (LIVE_STREAM_SECONDS) opens it again and asks once, as poll.js on `onopen`.
"""

from __future__ import annotations

import queue
import selectors
import socket
import threading
import time


class Room:
    """Every page's stream socket, read by one thread (a selector); pages to ask go to `asks`."""

    def __init__(self, port: int, results) -> None:
        self.port = port
        self.results = results
        self.asks: queue.Queue = queue.Queue()
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.stopped = False
        self.wake_r, self.wake_w = socket.socketpair()
        self.selector.register(self.wake_r, selectors.EVENT_READ, None)

    def open(self, job: dict) -> None:
        """Opens the page's stream (job["stream"]), answered "retry: …" before it is read as a stream."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        sock.sendall(f"GET {job['stream']} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        sock.setblocking(False)
        with self.lock:
            if self.stopped:
                sock.close()
                return
            self.selector.register(sock, selectors.EVENT_READ, {"job": job, "buffer": b"", "open": False})
            self.results.streams += 1
        self.wake_w.send(b"x")

    def run(self, end: float) -> None:
        while time.monotonic() < end and not self.stopped:
            for key, _mask in self.selector.select(timeout=0.5):
                if key.data is None:
                    self.wake_r.recv(4096)
                    continue
                self._read(key)
        self.stopped = True  # a stream that ends from now on is not opened again
        with self.lock:
            for key in list(self.selector.get_map().values()):
                if key.data is not None:
                    self.selector.unregister(key.fileobj)
                    key.fileobj.close()

    def _read(self, key) -> None:
        state = key.data
        try:
            chunk = key.fileobj.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:  # the stream ended (its lifetime, or the server): open it again, and ask once
            with self.lock:
                self.selector.unregister(key.fileobj)
            key.fileobj.close()
            with self.results.lock:
                self.results.reopened += 1
            if not self.stopped:
                threading.Thread(target=self._reopen, args=(state["job"],), daemon=True).start()
            return
        state["buffer"] += chunk
        *lines, state["buffer"] = state["buffer"].split(b"\n")
        for raw in lines:
            line = raw.strip(b"\r").decode(errors="replace")
            if not state["open"]:
                if line.startswith("HTTP/1.1 ") and not line.startswith("HTTP/1.1 200"):
                    self.results.problem(("stream", line))
                if line.startswith("retry:"):
                    state["open"] = True
                continue
            if line.startswith("event: "):  # a named event: the heartbeat ("beat"), no change to ask about
                state["event"] = line[7:]
            elif line.startswith("data: ") and not state.pop("event", None):
                self._message(state["job"], line[6:])
            elif not line:
                state.pop("event", None)  # an event ends at its blank line

    def _message(self, job: dict, message: str) -> None:
        parts = message.split(" ")
        part = parts[1] if len(parts) > 1 else None
        scope = job.get("scope")
        concerned = part is None or scope is None or scope == part
        with self.results.lock:
            self.results.messages += 1
            self.results.ignored += not concerned
        if concerned:
            self.ask(job)

    def ask(self, job: dict) -> None:
        """Queue the page's ask, once: a page already waiting for an asker asks then anyway (poll.js asks
        once more after an answer in flight, never twice for the messages that came meanwhile)."""
        with self.lock:
            if job.get("queued"):
                with self.results.lock:
                    self.results.merged += 1
                return
            job["queued"] = True
        self.asks.put(job)

    def take(self, timeout: float) -> dict:
        job = self.asks.get(timeout=timeout)
        with self.lock:
            job["queued"] = False
        return job

    def _reopen(self, job: dict) -> None:
        time.sleep(2.0)  # the stream's "retry:" (config/stream.py RETRY_MS): the browser waits as long
        if self.stopped:  # the run is over (its sockets closed, their numbers free for new ones)
            return
        try:
            self.open(job)
        except OSError as exc:
            self.results.problem(("stream reopen", repr(exc)[:120]))
            return
        self.ask(job)

    def stop(self) -> None:
        self.stopped = True
        self.wake_w.send(b"x")


def asker(base: str, room: Room, end: float, poll) -> None:
    """Asks each page the stream told (`poll(session, job)`, the bench's own poll step), until `end`."""
    import requests

    session = requests.Session()
    while time.monotonic() < end:
        try:
            job = room.take(timeout=0.5)
        except queue.Empty:
            continue
        try:
            poll(session, job)
        except requests.RequestException as exc:
            room.results.problem(repr(exc)[:200])
