"""Every organiser page runs a fixed number of queries, however many entries."""

import pytest

from tests.factories import EntryFactory, EventFactory
from tests.tournaments.views.view_helpers import url
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("size", [8, 80])
def test_page_query_counts_do_not_grow_with_entries(organiser_client, organiser, size, django_assert_max_num_queries):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, size + 1)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    services.round_draw(event=event, number=1, seed=1)
    for name, kwargs in [
        ("event", {}),
        ("entries", {}),
        ("checkin", {"number": 1}),
        ("tables", {}),
        ("round", {"number": 1}),
        ("round_print_tables", {"number": 1}),
        ("round_print_names", {"number": 1}),
    ]:
        with django_assert_max_num_queries(14):
            assert organiser_client.get(url(name, event, **kwargs)).status_code == 200
    with django_assert_max_num_queries(14):
        assert organiser_client.get(url("club", club_slug=organiser.club.slug)).status_code == 200
    with django_assert_max_num_queries(14):
        assert organiser_client.get(url("members", club_slug=organiser.club.slug)).status_code == 200
