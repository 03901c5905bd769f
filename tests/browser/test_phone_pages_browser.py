"""The demo evening at 360 px, as a referee, a player and an organiser see it: a trick-points error reads
across both inputs, a round's results show East/West without scrolling, the header's links run in rows."""

import io

import pytest
from django.core.management import call_command

from scoring.models import TableLink
from tests.factories import MembershipFactory, UserFactory
from tournaments.models import Club

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo_scores", stdout=io.StringIO())


def box(locator):
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; }")


def test_a_trick_points_error_spans_both_inputs(live_server, phone_page, demo):
    link = TableLink.objects.active().get(game__round__number=1, game__table_number=5, side="A")
    page = phone_page
    page.goto(f"{live_server.url}/t/{link.token}/")
    page.locator("label.choice", has=page.locator("#id_taker_0")).click()
    page.locator("label.choice", has=page.locator("#id_trump_0")).click()
    page.fill("#id_tricks_a", "100")
    page.fill("#id_tricks_b", "100")
    page.click("#deal-form button[type=submit]")
    error = page.locator('[data-errors-for="tricks_a"] li')
    error.wait_for()
    assert "162" in error.inner_text()
    left, right, top, _bottom = box(error)
    a_left, _a_right, _a_top, a_bottom = box(page.locator("#id_tricks_a"))
    _b_left, b_right, _b_top, _b_bottom = box(page.locator("#id_tricks_b"))
    # Under N/S only, the message was a column half the width, five lines tall.
    assert left <= a_left + 1 and right > (a_left + b_right) / 2 + 10, (left, right, a_left, b_right)
    assert top >= a_bottom
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_rounds_results_show_east_west_without_scrolling(live_server, phone_page, demo):
    phone_page.goto(f"{live_server.url}/e/hoheluft/clubabend/rounds/1/")
    width, room = phone_page.locator(".table-scroll").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert width <= room, (width, room)


def test_the_header_links_run_in_rows_below_the_brand(live_server, phone_page, demo):
    MembershipFactory(user=UserFactory(username="leitung"), club=Club.objects.get(slug="hoheluft"))
    page = phone_page
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "correct horse battery staple")
    with page.expect_navigation():
        page.click("button[type=submit]")
    page.goto(f"{live_server.url}/o/hoheluft/events/clubabend/")
    links = page.locator(".site-nav > a, .site-nav .link")
    tops = {round(box(links.nth(i))[2]) for i in range(links.count())}
    # Squeezed between the brand and the language menu, the five links stood one a line.
    assert len(tops) < links.count(), tops
    assert box(page.locator(".site-nav"))[2] >= box(page.locator(".brand"))[3]
