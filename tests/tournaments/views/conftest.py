"""Organiser pages: they render, forms save through services, bad input is shown by field, nothing half
stored. The event of eight entries, checked in for round 1, that most of these tests start from."""

import pytest

from tests.factories import EntryFactory, EventFactory
from tournaments import services


@pytest.fixture
def event(organiser):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, 9)]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    return event
