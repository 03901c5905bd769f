"""The desk's new pages in German at 360 and 1280 px: nothing wider than the screen, and axe-core finds no
serious or critical violation (member import with its preview, organisers, pairs copy, archive import,
venue screen links, password change and reset, the first account)."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

PAGES = [
    "/o/{club}/members/import/",
    "/o/{club}/organisers/",
    "/o/{club}/archive/import/",
    "/o/{club}/events/heute/entries/copy/",
    "/o/{club}/events/heute/screen/",
    "/accounts/password/",
]


def serious(page) -> list[str]:
    results = Axe().run(page, options={"resultTypes": ["violations"]})
    return [
        f"{page.url}: {v['id']} {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("width", [360, 1280])
def test_desk_pages_fit_and_pass_axe(live_server, _chromium, width):
    membership = MembershipFactory(user=UserFactory(username="leitung"))
    club = membership.club
    last = EventFactory(club=club, slug="letzte")
    EventFactory(club=club, slug="heute")
    EntryFactory(event=last, name="Die Elbsegler")
    EntryFactory(event=last, player_2=PlayerFactory(club=club, is_guest=True, home_club="Eimsbüttel"))
    context = _chromium.new_context(viewport={"width": width, "height": 800}, locale="de-DE", bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    found = []
    try:
        page.goto(live_server.url + "/accounts/login/")
        page.fill("#id_username", "leitung")
        page.fill("#id_password", "correct horse battery staple")
        with page.expect_navigation():
            page.click("button[type=submit]")
        for path in PAGES:
            page.goto(live_server.url + path.format(club=club.slug))
            if "members/import" in path:
                page.fill("#id_text", "Anke\tHansen\nMadonna\nAnke Hansen\n")
                with page.expect_navigation():
                    page.click("form[enctype] button[type=submit]")
                assert page.locator("table.preview tbody tr").count() == 3
            assert page.evaluate("document.documentElement.scrollWidth") <= width, path
            found += serious(page)
        page.context.clear_cookies()
        for path in ("/accounts/password/reset/", "/accounts/login/"):
            page.goto(live_server.url + path)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, path
            found += serious(page)
    finally:
        context.close()
    assert found == []
