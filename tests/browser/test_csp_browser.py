"""The Content-Security-Policy in a real Chromium, enforced (the other browser tests bypass it for
Playwright's own polling): the shared script, the live standings and the API docs all run, and the browser
reports no violation."""

import pytest
from django.urls import reverse

from scoring.standings.store import standings_recompute_now
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.models import Event, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def strict_page(_chromium):
    context = _chromium.new_context(viewport={"width": 360, "height": 740}, locale="de-DE", bypass_csp=False)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.violations = []
    page.on("console", lambda m: page.violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: page.violations.append(str(e)))
    yield page
    context.close()


def test_pages_work_under_the_enforced_policy(live_server, strict_page):
    page = strict_page
    # The language switch is wired by static/site.js, not by an on*= attribute.
    page.goto(live_server.url + "/")
    with page.expect_navigation():
        page.select_option("#lang-select", "en")
    assert page.locator("h1").inner_text() == "Belote tournaments for clubs"

    # The live standings poll their version address from static/public/live.js.
    event = make_event(status=Event.Status.RUNNING)
    t1, t2 = make_entries(event, 2)
    play(make_round(event, 1, status=Round.Status.RELEASED), t1, t2, won(900, 700))
    standings_recompute_now(event_id=event.pk)
    version_url = reverse("public:standings_version", args=[event.club.slug, event.slug])
    with page.expect_request(lambda request: version_url in request.url, timeout=20_000):
        page.goto(live_server.url + reverse("public:standings", args=[event.club.slug, event.slug]))

    # Swagger UI and ReDoc come from our own static files and draw their pages.
    page.goto(live_server.url + "/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title")
    assert page.violations == []
    page.goto(live_server.url + "/api/redoc/")
    page.wait_for_selector("redoc h1")
    # ReDoc's footer asks for its maker's logo from a CDN: the policy blocks it, nothing else.
    assert all("cdn.redoc.ly" in v and "img-src" in v for v in page.violations), page.violations
