"""The push path in the browser: side B's sheet page on uvicorn follows its stream and shows side A's deal
without waiting for a poll; with the stream's address blocked (a proxy that drops it), it polls as before.

Served by the `asgi_server` fixture (uvicorn in a thread, tests/conftest.py); the stream needs Redis."""

import pytest

from tests.scoring.entry_helpers import HOHELUFT_GAME, fill, released_round, table_of

pytestmark = [pytest.mark.browser, pytest.mark.needs_redis, pytest.mark.needs_postgres]

ROWS = "#sheet-live tbody tr[data-position]"


def _is_stream(request) -> bool:
    return "/live/" in request.url


def test_the_other_sides_page_hears_the_deal_through_its_stream(asgi_server, phone_page):
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    # The first poll names the stream; the page opens it, and then polls only every 120 s.
    with phone_page.expect_response(lambda response: _is_stream(response.request)) as opened:
        phone_page.goto(f"{asgi_server.url}/t/{link_b.token}/")
    assert opened.value.status == 200 and phone_page.locator(ROWS).count() == 0
    fill(sheet, link_a, HOHELUFT_GAME[:1])
    # Well within the 120 s safety poll: only the stream can have told it.
    phone_page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1", timeout=5_000)
    phone_page.screenshot(path="/tmp/push-sheet-pushed-360.png", full_page=True)


def test_with_the_stream_blocked_the_page_polls_as_before(asgi_server, phone_page):
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    phone_page.route("**/live/**", lambda route: route.abort())  # a proxy that drops the stream
    with phone_page.expect_request(_is_stream):
        phone_page.goto(f"{asgi_server.url}/t/{link_b.token}/")
    fill(sheet, link_a, HOHELUFT_GAME[:1])
    phone_page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1", timeout=15_000)
    fill(sheet.__class__.objects.get(pk=sheet.pk), link_a, HOHELUFT_GAME[1:2])
    phone_page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 2", timeout=15_000)


# Counts the page's asks of its own version address (static/poll.js asks with fetch).
_COUNT_ASKS = """
(() => {
  window.__asks = 0;
  const fetch = window.fetch.bind(window);
  window.fetch = (url, options) => {
    if (String(url).endsWith("/version.json")) window.__asks += 1;
    return fetch(url, options);
  };
})();
"""


def test_a_deal_at_another_table_costs_this_page_no_ask(asgi_server, phone_page):
    """The stream's message names the game (config/live.py): table 2's page hears table 1's deal and does
    not ask; its own table's deal, one ask."""
    _round, games = released_round(tables=2)
    sheet_1, link_1a, _ = table_of(games[0])
    sheet_2, link_2a, link_2b = table_of(games[1])
    phone_page.add_init_script(_COUNT_ASKS)
    phone_page.goto(f"{asgi_server.url}/t/{link_2b.token}/")
    # The first ask names the stream; once it is open, the page asks once more (what changed meanwhile).
    phone_page.wait_for_function("window.__asks >= 2", timeout=10_000)
    asked = phone_page.evaluate("window.__asks")
    fill(sheet_1, link_1a, HOHELUFT_GAME[:1])
    fill(sheet_2, link_2a, HOHELUFT_GAME[:1])  # published after table 1's, on the same stream
    phone_page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1", timeout=5_000)
    assert phone_page.evaluate("window.__asks") == asked + 1


# The first stream the page opens dies without a word after its first heartbeat (a proxy or the phone's
# network dropping it): its heartbeat says the next comes in 0.4 s, then nothing more reaches the page.
_FIRST_STREAM_GOES_SILENT = """
(() => {
  const Real = window.EventSource;
  window.__streams = 0;
  window.__silent = false;
  function Silenced(url, init) {
    const real = new Real(url, init);
    const first = window.__streams++ === 0;
    let dead = false;
    const pass = (name) => (event) => { if (!dead && this[name]) this[name](event); };
    real.onopen = pass("onopen");
    real.onmessage = pass("onmessage");
    real.onerror = pass("onerror");
    this.close = () => real.close();
    Object.defineProperty(this, "readyState", { get: () => real.readyState });
    this.addEventListener = (type, listener) => real.addEventListener(type, (event) => {
      if (dead) return;
      if (first && type === "beat") {
        dead = window.__silent = true;
        listener({ type: "beat", data: "0.4" });
        return;
      }
      listener(event);
    });
  }
  Silenced.CONNECTING = Real.CONNECTING;
  Silenced.OPEN = Real.OPEN;
  Silenced.CLOSED = Real.CLOSED;
  window.EventSource = Silenced;
})();
"""


def test_a_stream_that_goes_silent_is_opened_again_and_the_page_polls_meanwhile(asgi_server, phone_page):
    """Without its heartbeats the page knows the stream is dead, though no error came: it polls and opens
    the stream again, and shows the deal well before its two-minute safety ask."""
    _round, games = released_round(tables=1)
    sheet, link_a, link_b = table_of(games[0])
    phone_page.add_init_script(_FIRST_STREAM_GOES_SILENT)
    phone_page.goto(f"{asgi_server.url}/t/{link_b.token}/")
    phone_page.wait_for_function("window.__silent === true", timeout=10_000)
    fill(sheet, link_a, HOHELUFT_GAME[:1])  # published on the stream, which no longer reaches the page
    phone_page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1", timeout=15_000)
    assert phone_page.evaluate("window.__streams") >= 2  # opened again
