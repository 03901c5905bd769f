"""About twenty representative pages of one demo evening render the same HTML as their committed snapshots
(tests/snapshots/pages/), in German, for the organiser, the tables, the teams, the room and the public.

The evening is built once for the module (load_demo and load_demo_scores, both seeded) inside a transaction
that is rolled back at the end; each page is its own test. What differs from run to run (tokens, CSRF tokens,
nonces, dates, times) is normalised first: see snapshot_helpers.NORMALISERS. `UPDATE_SNAPSHOTS=1` rewrites
the snapshots.
"""

import pytest
from django.db import transaction

from tests.snapshots.snapshot_helpers import PAGES, PAGES_DIR, build_evening, compare, normalise

pytestmark = [pytest.mark.needs_postgres]


@pytest.fixture(scope="module")
def evening(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_evening()
        transaction.set_rollback(True)


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_page_renders_as_its_snapshot(page, evening, client, db, settings):
    settings.SITE_URL = ""  # absolute addresses (QR codes, links to copy) say http://testserver/, whatever the run's
    url = page.url.format(**evening.values)
    if page.organiser:
        from django.contrib.auth import get_user_model

        client.force_login(get_user_model().objects.get(pk=evening.organiser_id))
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200, f"{page.name}: GET {url} answered {response.status_code}"
    html = normalise(response.content.decode(), evening.tokens)
    compare(page.name, html, PAGES_DIR / f"{page.name}.html.snap", how_to_see=f" (GET {page.url})")
