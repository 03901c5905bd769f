"""What the three axe test files run, one language each (a file is one worker's under `--dist loadfile`, so the
three spread over the workers): axe-core finds no serious or critical violation on any page of the evening,
at 360 and 1280 px, in each of the site's languages (issue 19). The evening is the seeded demo (the
snapshots' `build_evening`: round 1 part-played, every public page on, a venue screen); the pages are those
the evening test (test_evening_browser.py) passes through, for the organiser logged in and for the tables,
teams, room and public without an account. The language is chosen as a visitor chooses it (the language
cookie)."""

from __future__ import annotations

from scoring.models import TableLink
from tests.browser.helpers import axe_serious, session_login
from tests.snapshots.snapshot_helpers import PAGES, TYPING_TABLE, build_evening

# The evening test's pages beyond the snapshots' (the forms it fills, the prints it opens).
ORGANISER_EXTRA = [
    "/o/",
    "/o/{club}/members/",
    "/o/{club}/members/import/",
    "/o/{club}/seasons/new/",
    "/o/{club}/events/new/",
    "/o/{club}/events/{event}/history/",
    "/o/{club}/events/{event}/rounds/1/print/names/",
    "/o/{club}/archive/import/",
]
VISITOR_EXTRA = ["/accounts/login/", "/c/", "/t/{game_link}/"]
WIDTHS = {360: 740, 1280: 900}


def _pages(values: dict) -> tuple[list[str], list[str]]:
    """(the organiser's addresses, the visitors' addresses) of the evening."""
    organiser = [p.url for p in PAGES if p.organiser] + ORGANISER_EXTRA
    visitor = [p.url for p in PAGES if not p.organiser] + VISITOR_EXTRA
    return [u.format(**values) for u in organiser], [u.format(**values) for u in visitor]


def _check(_chromium, live_server, language: str, urls: list[str], user=None) -> list[str]:
    """axe-core's serious violations on each of `urls` at both widths, as `user` (or no one) in `language`."""
    violations: list[str] = []
    for width, height in WIDTHS.items():
        context = _chromium.new_context(
            viewport={"width": width, "height": height},
            is_mobile=width < 600,
            has_touch=width < 600,
            locale={"de": "de-DE", "en": "en-GB", "fr": "fr-FR"}[language],
            bypass_csp=True,  # axe-core is injected by the test runner
            reduced_motion="reduce",  # the venue screen's slides measured as the room reads them, not mid-fade
        )
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        if user is not None:
            session_login(context, live_server, user)
        page = context.new_page()
        page.set_default_timeout(20_000)
        try:
            for url in urls:
                response = page.goto(live_server.url + url)
                assert response.status == 200, f"{url} answered {response.status}"
                assert page.get_attribute("html", "lang") == language, url
                violations += [f"{width}px {v}" for v in axe_serious(page)]
        finally:
            context.close()
    return violations


def evening_violations(live_server, _chromium, language: str) -> list[str]:
    """Every serious violation on the evening's pages in `language`, as axe-core words it."""
    from django.contrib.auth import get_user_model

    # The evening test starts on an empty installation: the first account's page, open only then.
    violations = _check(_chromium, live_server, language, ["/accounts/setup/"])
    evening = build_evening()
    link = TableLink.objects.active().get(game__round__number=1, game__table_number=TYPING_TABLE, side="A")
    organiser_urls, visitor_urls = _pages({**evening.values, "game_link": link.token})
    user = get_user_model().objects.get(pk=evening.organiser_id)
    violations += _check(_chromium, live_server, language, organiser_urls, user)
    violations += _check(_chromium, live_server, language, visitor_urls)
    return violations
