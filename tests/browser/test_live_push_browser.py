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
    # The first poll names the stream; the page opens it, and then polls only every 30 s.
    with phone_page.expect_response(lambda response: _is_stream(response.request)) as opened:
        phone_page.goto(f"{asgi_server.url}/t/{link_b.token}/")
    assert opened.value.status == 200 and phone_page.locator(ROWS).count() == 0
    fill(sheet, link_a, HOHELUFT_GAME[:1])
    # Well within the 30 s safety poll: only the stream can have told it.
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
