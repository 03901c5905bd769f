"""The public "find your table" on a phone: the words typed are folded as the server folds the names
(Atout.fold, static/fold.js), so an umlaut typed, spelled out or left off finds the same table."""

import pytest

from tests.scoring.public.public_helpers import build, url

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_find_your_table_folds_umlauts_and_accents(live_server, phone_page):
    event = build(teams=5, rounds=1)
    player = event.entries.get(number=3).player_1
    player.first_name, player.last_name = "Hélène", "Grünwald"
    player.save()
    page = phone_page
    page.goto(live_server.url + url(event, "draw"))
    shown = page.locator("[data-find-list] [data-search]:visible")
    assert shown.count() == 3
    for query in ("gruenwald", "Grunwald helene", "GRÜN", "hélène"):
        page.fill("[data-find-table]", query)
        assert shown.count() == 1, query
    page.fill("[data-find-table]", "Grunewald")
    assert shown.count() == 0
    page.fill("[data-find-table]", "")
    assert shown.count() == 3
