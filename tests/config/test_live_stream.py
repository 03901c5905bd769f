"""The push path (config/stream.py): a page's poll names its event's stream when uvicorn serves it with
Redis; a committed deal reaches the open stream within a second; forged keys, WSGI and no Redis get none."""

from __future__ import annotations

import queue
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.core import signing

from config.stream import HEARTBEAT_SECONDS
from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, released_round, table_of

pytestmark = [pytest.mark.needs_redis, pytest.mark.needs_postgres]


def _read_lines(response, lines: queue.Queue) -> None:
    try:
        for line in response.iter_lines(decode_unicode=True):
            lines.put(line)
    except requests.RequestException:
        pass
    lines.put(None)


def _next_data(lines: queue.Queue, timeout: float) -> str:
    """The next message's `data:` line within `timeout` seconds (comments, blank lines and named events, the
    heartbeats, skipped)."""
    named = False
    while True:
        line = lines.get(timeout=timeout)
        assert line is not None, "the stream ended"
        if line.startswith("event: "):
            named = True
        elif line.startswith("data: ") and not named:
            return line
        elif not line:
            named = False


def test_an_open_stream_hears_a_committed_deal_within_a_second(asgi_server):
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    poll = requests.get(f"{asgi_server.url}/t/{link_b.token}/version.json", timeout=10)
    assert poll.status_code == 200 and poll.json()["stream"].startswith("/live/")
    stream = requests.get(asgi_server.url + poll.json()["stream"], stream=True, timeout=10)
    assert stream.status_code == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_read_lines, args=(stream, lines), daemon=True).start()
    assert lines.get(timeout=10).startswith("retry: ")  # the stream is open
    # At once a heartbeat that the page's script sees, saying when the next comes (static/poll.js tells a
    # stream dropped without a word by the beats it misses).
    assert [lines.get(timeout=10) for _ in range(3)] == ["event: beat", f"data: {HEARTBEAT_SECONDS:g}", ""]

    fill(sheet, link_a, HOHELUFT_GAME[:1])  # committed: this test's database is transactional
    message = _next_data(lines, timeout=1.0)  # the new generation, and the game: a deal is that sheet's alone
    assert message.startswith("data: ") and message.endswith(f" game:{sheet.game_id}")
    assert poll.json()["scope"] == f"game:{sheet.game_id}"  # so this page follows it (static/poll.js)
    # The page then polls: its old answer gives way at once.
    moved = requests.get(
        f"{asgi_server.url}/t/{link_b.token}/version.json", headers={"If-None-Match": poll.headers["ETag"]}, timeout=10
    )
    assert moved.status_code == 200 and moved.json()["version"] == 1
    stream.close()


def test_a_forged_or_other_events_key_opens_nothing(asgi_server):
    _round, games = released_round(tables=1)
    _sheet, link_a, _link_b = table_of(games[0])
    key = requests.get(f"{asgi_server.url}/t/{link_a.token}/version.json", timeout=10).json()["stream"]
    event_id = int(key.split("/")[2].split(":")[0])
    forged = key.replace(f"/live/{event_id}:", f"/live/{event_id + 1}:")
    assert requests.get(asgi_server.url + forged, timeout=10).status_code == 404
    assert requests.get(f"{asgi_server.url}/live/{event_id}/", timeout=10).status_code == 404


@pytest.mark.django_db
@pytest.mark.live_answers  # LIVE_PUSH as configured: the WSGI request is what withholds the stream
def test_no_stream_is_offered_under_wsgi_or_without_redis(client):
    _round, games = released_round(tables=1)
    _sheet, link_a, _link_b = table_of(games[0])
    assert "stream" not in client.get(f"/t/{link_a.token}/version.json").json()  # the test client is WSGI
    key = signing.Signer(salt="atout.live.stream").sign(str(_round.event_id))  # a right key, on WSGI
    # The stream view is async: the test client runs it through async_to_sync, which refuses a thread with a
    # running event loop (Playwright's, when a browser test ran before in this worker). A thread of its own.
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(lambda: client.get(f"/live/{key}/").status_code).result() == 404
